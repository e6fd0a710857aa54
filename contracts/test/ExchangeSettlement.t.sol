// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {SettlementFixture} from "./utils/SettlementFixture.sol";
import {Vm} from "./utils/Test.sol";
import {KeyWallet} from "./ExchangeEdges.t.sol";
import {IExchangeErrors, IExchangeEvents} from "../src/interfaces/IExchange.sol";
import {Order, FIXED_PRICE, AUCTION, SINGLE, SET, BUNDLE} from "../src/lib/OrderTypes.sol";

/// @notice How auctions settle: bids recorded on chain (`recordBid`, escrowed) as a floor for
/// claims and paid back when outbid or unclaimed (`withdrawRecordedBid`), attestations bounded by a
/// deadline and an epoch, the claim window, the fee bounded by the order, what `OrderFilled`
/// carries, and when an auction can be cancelled.
contract ExchangeSettlementTest is SettlementFixture, IExchangeEvents {
    bytes4 internal constant TRANSFER_FROM_FAILED = 0x7939f424; // Solady SafeTransferLib
    bytes4 internal constant UNAUTHORIZED = 0x82b42900; // Solady Ownable
    uint256 internal constant WINDOW_END = CLAIM_OPEN + 7 days;
    uint256 internal constant NEW_SIGNER_KEY = 0x5E771F;
    uint256 internal constant WALLET_KEY = 0x3A11E8;

    function _recorded(Order memory o) internal view returns (address who, uint256 amount) {
        return exchange.recordedBid(_structHash(o));
    }

    /// @dev An attestation by any key for any epoch.
    function _attestBy(uint256 key, Order memory o, address who, uint256 amount, uint256 deadline, uint256 epoch)
        internal
        view
        returns (bytes memory)
    {
        return _sign(key, _digest(_settlementHash(_structHash(o), who, amount, deadline, epoch)));
    }

    /*//////////////////////////////////////////////////////////////
                               RECORD BID
    //////////////////////////////////////////////////////////////*/

    function _escrow() internal view returns (uint256) {
        return wvbc.balanceOf(address(exchange));
    }

    function test_recordBid_escrowsTheBidAndEmits() public {
        Order memory o = _auction(1, 1 ether);
        _fundBidder(bidder, 2 ether);
        (address none, uint256 zero) = _recorded(o);
        assertEq(none, address(0));
        assertEq(zero, 0);
        vm.expectEmit(true, true, true, true, address(exchange));
        emit BidRecorded(_structHash(o), bidder, 2 ether);
        _record(o, BIDDER_KEY, 2 ether);
        (address who, uint256 amount) = _recorded(o);
        assertEq(who, bidder);
        assertEq(amount, 2 ether);
        assertEq(wvbc.balanceOf(bidder), 0, "held by the exchange");
        assertEq(_escrow(), 2 ether);
    }

    function test_recordBid_refusesFixedPriceOrdersTheSellerAndBelowTheReserve() public {
        Order memory fixedPrice = _single(1, 1 ether);
        Order memory o = _auction(1, 1 ether);
        _fundBidder(bidder, 2 ether);
        _fundBidder(seller, 2 ether);
        vm.prank(bidder);
        vm.expectRevert(IExchangeErrors.OrderIsNotAnAuction.selector);
        exchange.recordBid(fixedPrice, _receipt(fixedPrice, bidder, 2 ether), 2 ether);
        vm.prank(seller);
        vm.expectRevert(IExchangeErrors.SellerCannotBuy.selector);
        exchange.recordBid(o, _receipt(o, seller, 2 ether), 2 ether);
        vm.prank(bidder);
        vm.expectRevert(IExchangeErrors.BidBelowReserve.selector);
        exchange.recordBid(o, _receipt(o, bidder, 1 ether - 1), 1 ether - 1);
        _record(o, BIDDER_KEY, 1 ether); // exactly the reserve
        assertEq(_escrow(), 1 ether);
    }

    /// The escrow needs both the WVBC and the allowance; short of either, nothing is recorded.
    function test_recordBid_needsBalanceAndAllowance() public {
        Order memory o = _auction(1, 1 ether);
        vm.startPrank(bidder);
        wvbc.deposit{value: 2 ether - 1}();
        wvbc.approve(address(exchange), 2 ether);
        vm.expectRevert(TRANSFER_FROM_FAILED);
        exchange.recordBid(o, _receipt(o, bidder, 2 ether), 2 ether); // balance short by 1 wei
        wvbc.deposit{value: 1}();
        wvbc.approve(address(exchange), 2 ether - 1);
        vm.expectRevert(TRANSFER_FROM_FAILED);
        exchange.recordBid(o, _receipt(o, bidder, 2 ether), 2 ether); // allowance short by 1 wei
        wvbc.approve(address(exchange), 2 ether);
        exchange.recordBid(o, _receipt(o, bidder, 2 ether), 2 ether);
        vm.stopPrank();
        (address who,) = _recorded(o);
        assertEq(who, bidder);
    }

    /// A record is replaced only by a strictly higher one, and the replaced bid is paid back
    /// (also when a bidder raises its own record: it needs the whole new amount besides the
    /// escrow, which comes back after).
    function test_recordBid_mustBeHigherAndPaysTheOutbidRecordBack() public {
        Order memory o = _auction(1, 1 ether);
        _fundBidder(bidder, 3 ether);
        _fundBidder(otherBidder, 5 ether + 3 ether + 1);
        _record(o, BIDDER_KEY, 3 ether);
        uint256[2] memory notHigher = [uint256(3 ether), 2 ether];
        for (uint256 i; i < 2; ++i) {
            vm.prank(otherBidder);
            vm.expectRevert(_higher(3 ether));
            exchange.recordBid(o, _receipt(o, otherBidder, notHigher[i]), notHigher[i]);
        }
        _record(o, OTHER_BIDDER_KEY, 3 ether + 1);
        assertEq(wvbc.balanceOf(bidder), 3 ether, "paid back");
        (address who, uint256 amount) = _recorded(o);
        assertEq(who, otherBidder);
        assertEq(amount, 3 ether + 1);
        _record(o, OTHER_BIDDER_KEY, 5 ether);
        assertEq(wvbc.balanceOf(otherBidder), 3 ether + 1, "its own 3 + 1 wei back, 5 held");
        assertEq(_escrow(), 5 ether);
    }

    /// An empty record counts as zero: a zero bid (no reserve) cannot be recorded.
    function test_recordBid_aZeroBidIsNotRecorded() public {
        Order memory o = _auction(1, 0);
        _fundBidder(bidder, 0);
        vm.prank(bidder);
        vm.expectRevert(_higher(0));
        exchange.recordBid(o, _receipt(o, bidder, 0), 0);
    }

    /// Recording is open from before the auction ends until claims open, then closed.
    function test_recordBid_closesWhenClaimsOpen() public {
        Order memory o = _auction(1, 1 ether);
        _fundBidder(bidder, 6 ether);
        _record(o, BIDDER_KEY, 1 ether); // during the auction
        vm.warp(CLAIM_OPEN - 1);
        _record(o, BIDDER_KEY, 2 ether);
        vm.warp(CLAIM_OPEN);
        vm.prank(bidder);
        vm.expectRevert(IExchangeErrors.BiddingClosed.selector);
        exchange.recordBid(o, _receipt(o, bidder, 3 ether), 3 ether);
        (, uint256 amount) = _recorded(o);
        assertEq(amount, 2 ether);
    }

    /// As built: the exchange cannot tell when a bid was made, so until claims open it takes any
    /// higher bid, also one made after the (extended) end the page counted down to. The bidder
    /// who won off chain can only answer by recording a higher bid before claims open.
    function test_recordBid_aBidAfterTheEndCountsUntilClaimsOpen() public {
        Order memory o = _auction(1, 1 ether);
        bytes memory orderSig = _signOrder(SELLER_KEY, o);
        _fundBidder(bidder, 5 ether);
        _fundBidder(otherBidder, 6 ether);
        vm.warp(END + 10 minutes); // the winner's bid extended the end to here; it is recorded
        _record(o, BIDDER_KEY, 5 ether);
        vm.warp(CLAIM_OPEN - 1); // long after that end, a new bid
        _record(o, OTHER_BIDDER_KEY, 6 ether);
        vm.warp(CLAIM_OPEN);
        bytes memory att = _signSettlement(o, bidder, 5 ether);
        vm.prank(bidder);
        vm.expectRevert(_higher(6 ether));
        exchange.claim(o, orderSig, bidder, 5 ether, "", DEADLINE, att);
        assertEq(wvbc.balanceOf(bidder), 5 ether, "its record was paid back");
    }

    /// The amount shares a slot with the bidder: 96 bits. 2^96 wei (about 79 billion VBC) is
    /// refused, 2^96 - 1 is stored whole.
    function test_recordBid_refusesAmountsOf2Pow96AndMore() public {
        Order memory o = _auction(1, 1 ether);
        uint256 max = 2 ** 96 - 1;
        _fundBidder(bidder, 2 ** 96);
        vm.prank(bidder);
        vm.expectRevert(IExchangeErrors.InvalidOrder.selector);
        exchange.recordBid(o, _receipt(o, bidder, 2 ** 96), 2 ** 96);
        _record(o, BIDDER_KEY, max);
        (address who, uint256 amount) = _recorded(o);
        assertEq(who, bidder);
        assertEq(amount, max);
    }

    /// A contract wallet records its bid by a call. The seller settles the record itself without
    /// any Bid signature (the record is the wallet's authorization), but a higher bid of the same
    /// wallet needs its ERC-1271 signature (another key's is refused); the escrow pays its part.
    function test_recordBid_erc1271BidderSettledFromEscrow() public {
        KeyWallet w = new KeyWallet(vm.addr(WALLET_KEY));
        vm.deal(address(w), 4 ether);
        Order memory o = _auction(1, 1 ether);
        vm.startPrank(vm.addr(WALLET_KEY));
        w.execute(address(wvbc), 4 ether, abi.encodeWithSignature("deposit()"));
        w.execute(address(wvbc), 0, abi.encodeWithSignature("approve(address,uint256)", address(exchange), 4 ether));
        w.execute(address(exchange), 0, abi.encodeCall(exchange.recordBid, (o, _receipt(o, address(w), 3 ether), 3 ether)));
        vm.stopPrank();
        assertEq(_escrow(), 3 ether);
        bytes32 digest = _digest(_bidHash(_structHash(o), address(w), 4 ether));
        vm.warp(CLAIM_OPEN);
        bytes memory att = _signSettlement(o, address(w), 4 ether);
        vm.prank(seller);
        vm.expectRevert(IExchangeErrors.InvalidBidderSignature.selector);
        exchange.claim(o, "", address(w), 4 ether, "", DEADLINE, att); // above the record: unsigned
        bytes memory wrongKey = _sign(STRANGER_KEY, digest);
        vm.prank(seller);
        vm.expectRevert(IExchangeErrors.InvalidBidderSignature.selector);
        exchange.claim(o, "", address(w), 4 ether, wrongKey, DEADLINE, att);
        vm.prank(seller);
        exchange.claim(o, "", address(w), 4 ether, _sign(WALLET_KEY, digest), DEADLINE, att);
        assertEq(collection.ownerOf(1), address(w));
        assertEq(wvbc.balanceOf(seller), 4 ether);
        assertEq(wvbc.balanceOf(address(w)), 0);
        assertEq(_escrow(), 0);
    }

    /// The seller settles a recorded bid with no Bid signature at all: the record binds its bidder.
    function test_claim_sellerSettlesARecordedBidWithoutItsSignature() public {
        Order memory o = _auction(1, 1 ether);
        _fundBidder(bidder, 3 ether);
        _record(o, BIDDER_KEY, 3 ether);
        vm.warp(CLAIM_OPEN);
        bytes memory att = _signSettlement(o, bidder, 3 ether);
        vm.prank(seller);
        exchange.claim(o, "", bidder, 3 ether, "", DEADLINE, att);
        assertEq(collection.ownerOf(1), bidder);
        assertEq(wvbc.balanceOf(seller), 3 ether);
        assertEq(_escrow(), 0);
    }

    /*//////////////////////////////////////////////////////////////
                      CLAIMS OF AN AUCTION WITH A RECORD
    //////////////////////////////////////////////////////////////*/

    function _recordedAuction(uint256 amount) internal returns (Order memory o, bytes memory orderSig) {
        o = _auction(1, 1 ether);
        orderSig = _signOrder(SELLER_KEY, o);
        _fundBidder(bidder, amount);
        _record(o, BIDDER_KEY, amount);
    }

    /// The recorded bid attested: the escrow pays the seller and the fee; the record is cleared.
    function test_claim_theRecordedBidIsPaidFromEscrow() public {
        (Order memory o, bytes memory orderSig) = _recordedAuction(2 ether);
        vm.prank(owner);
        exchange.setFee(500, owner);
        vm.warp(CLAIM_OPEN);
        bytes memory att = _signSettlement(o, bidder, 2 ether);
        vm.expectEmit(true, true, true, true, address(exchange));
        emit OrderFilled(_structHash(o), seller, bidder, address(collection), 1, 2 ether, 0.1 ether);
        vm.prank(bidder);
        exchange.claim(o, orderSig, bidder, 2 ether, "", DEADLINE, att);
        assertEq(wvbc.balanceOf(seller), 1.9 ether);
        assertEq(wvbc.balanceOf(owner), 0.1 ether);
        assertEq(_escrow(), 0);
        (address who, uint256 amount) = _recorded(o);
        assertEq(who, address(0));
        assertEq(amount, 0);
    }

    /// The recorder's own higher bid attested: the escrow pays part, the rest is pulled.
    function test_claim_aHigherBidOfTheRecorderTopsUpTheEscrow() public {
        (Order memory o, bytes memory orderSig) = _recordedAuction(2 ether);
        _fundBidder(bidder, 1 ether);
        vm.warp(CLAIM_OPEN);
        bytes memory att = _signSettlement(o, bidder, 3 ether);
        vm.prank(bidder);
        exchange.claim(o, orderSig, bidder, 3 ether, "", DEADLINE, att);
        assertEq(wvbc.balanceOf(seller), 3 ether);
        assertEq(wvbc.balanceOf(bidder), 0);
        assertEq(_escrow(), 0);
    }

    /// The record is a floor, not a choice: lower bids (the recorder's own included) are refused;
    /// a higher or equal bid of another bidder wins and the record is paid back.
    function test_claim_theRecordIsAFloorNotAChoice() public {
        (Order memory o, bytes memory orderSig) = _recordedAuction(3 ether);
        _fundBidder(bidder, 2 ether);
        _fundBidder(otherBidder, 4 ether);
        vm.warp(CLAIM_OPEN);
        bytes memory lower = _signSettlement(o, otherBidder, 3 ether - 1);
        vm.prank(otherBidder);
        vm.expectRevert(_higher(3 ether));
        exchange.claim(o, orderSig, otherBidder, 3 ether - 1, "", DEADLINE, lower);
        bytes memory ownLower = _signSettlement(o, bidder, 2 ether);
        vm.prank(bidder);
        vm.expectRevert(_higher(3 ether));
        exchange.claim(o, orderSig, bidder, 2 ether, "", DEADLINE, ownLower);
        bytes memory higher = _signSettlement(o, otherBidder, 4 ether);
        vm.prank(otherBidder);
        exchange.claim(o, orderSig, otherBidder, 4 ether, "", DEADLINE, higher);
        assertEq(collection.ownerOf(1), otherBidder);
        assertEq(wvbc.balanceOf(seller), 4 ether);
        assertEq(wvbc.balanceOf(bidder), 5 ether, "record paid back");
        assertEq(_escrow(), 0);
    }

    /// A tie goes to the bid on chain: an attested bid of another account at exactly the recorded
    /// amount is refused (else a stolen key could hand the item to an account that never bid),
    /// and the recorded bidder's own claim at that amount goes through.
    function test_claim_equalToTheRecordByAnotherBidderIsRefused() public {
        (Order memory o, bytes memory orderSig) = _recordedAuction(3 ether);
        _fundBidder(otherBidder, 3 ether);
        vm.warp(CLAIM_OPEN);
        bytes memory att = _signSettlement(o, otherBidder, 3 ether);
        vm.prank(otherBidder);
        vm.expectRevert(abi.encodeWithSelector(IExchangeErrors.HigherBidRecorded.selector, 3 ether));
        exchange.claim(o, orderSig, otherBidder, 3 ether, "", DEADLINE, att);
        bytes memory own = _signSettlement(o, bidder, 3 ether);
        vm.prank(bidder);
        exchange.claim(o, orderSig, bidder, 3 ether, "", DEADLINE, own);
        assertEq(collection.ownerOf(1), bidder);
        assertEq(wvbc.balanceOf(seller), 3 ether);
        assertEq(_escrow(), 0);
    }

    /// Only a bid the marketplace accepted can be recorded: the receipt must be the settlement
    /// key's, for this order, this caller, this amount and the current epoch. Raising one's own
    /// record pulls only the difference.
    function test_recordBid_needsTheKeysReceiptAndRaisesPullOnlyTheDifference() public {
        Order memory o = _auction(1, 1 ether);
        _fundBidder(bidder, 3 ether);
        bytes32 h = keccak256(
            abi.encode(exchange.BID_ACCEPTED_TYPEHASH(), _structHash(o), bidder, uint256(2 ether), uint256(0))
        );
        bytes[4] memory wrong = [
            _sign(STRANGER_KEY, _digest(h)), // not the key's
            _receipt(o, otherBidder, 2 ether), // another bidder's receipt
            _receipt(o, bidder, 1.5 ether), // another amount
            _signOrder(SELLER_KEY, o) // the maker's signature is no receipt
        ];
        for (uint256 i; i < wrong.length; ++i) {
            vm.prank(bidder);
            vm.expectRevert(IExchangeErrors.InvalidSettlementSignature.selector);
            exchange.recordBid(o, wrong[i], 2 ether);
        }
        bytes memory old = _receipt(o, bidder, 2 ether);
        vm.prank(owner);
        exchange.revokeSettlements(); // receipts of the old epoch are void
        vm.prank(bidder);
        vm.expectRevert(IExchangeErrors.InvalidSettlementSignature.selector);
        exchange.recordBid(o, old, 2 ether);
        vm.prank(bidder);
        exchange.recordBid(o, _receipt(o, bidder, 2 ether), 2 ether);
        vm.prank(bidder);
        wvbc.approve(address(exchange), 1 ether); // enough for the raise only
        vm.prank(bidder);
        exchange.recordBid(o, _receipt(o, bidder, 3 ether), 3 ether);
        assertEq(_escrow(), 3 ether);
        assertEq(wvbc.balanceOf(bidder), 0);
    }

    /// Orders that cannot settle now are refused: not started, a bundle, an outdated counter.
    function test_recordBid_refusesOrdersThatCannotSettleNow() public {
        Order memory o = _auction(1, 1 ether);
        Order memory b = _bundle(2, 2, 1 ether, 0, 0);
        b.saleKind = AUCTION;
        _fundBidder(bidder, 3 ether);
        vm.warp(START - 1);
        vm.prank(bidder);
        vm.expectRevert(IExchangeErrors.OrderNotStarted.selector);
        exchange.recordBid(o, _receipt(o, bidder, 2 ether), 2 ether);
        vm.warp(START);
        vm.prank(bidder);
        vm.expectRevert(IExchangeErrors.InvalidOrder.selector);
        exchange.recordBid(b, _receipt(b, bidder, 2 ether), 2 ether);
        vm.prank(seller);
        exchange.incrementCounter();
        vm.prank(bidder);
        vm.expectRevert(IExchangeErrors.OrderCounterIsOutdated.selector);
        exchange.recordBid(o, _receipt(o, bidder, 2 ether), 2 ether);
        assertEq(_escrow(), 0);
    }

    /// The escrow goes back after claims close (to the bidder, whoever calls), not before, once.
    function test_withdrawRecordedBid_onlyAfterTheWindowAndOnce() public {
        (Order memory o,) = _recordedAuction(2 ether);
        Order memory none = _auction(2, 1 ether);
        vm.warp(WINDOW_END - 1);
        vm.expectRevert(IExchangeErrors.AuctionIsSettling.selector);
        exchange.withdrawRecordedBid(o);
        vm.warp(WINDOW_END);
        vm.expectRevert(IExchangeErrors.NoRecordedBid.selector);
        exchange.withdrawRecordedBid(none);
        vm.prank(stranger);
        exchange.withdrawRecordedBid(o);
        assertEq(wvbc.balanceOf(bidder), 2 ether);
        assertEq(wvbc.balanceOf(stranger), 0);
        vm.expectRevert(IExchangeErrors.NoRecordedBid.selector);
        exchange.withdrawRecordedBid(o);
    }

    /// A claimed auction has no record left to withdraw.
    function test_withdrawRecordedBid_nothingAfterAClaim() public {
        (Order memory o, bytes memory orderSig) = _recordedAuction(2 ether);
        vm.warp(CLAIM_OPEN);
        bytes memory att = _signSettlement(o, bidder, 2 ether);
        vm.prank(bidder);
        exchange.claim(o, orderSig, bidder, 2 ether, "", DEADLINE, att);
        vm.warp(WINDOW_END);
        vm.expectRevert(IExchangeErrors.NoRecordedBid.selector);
        exchange.withdrawRecordedBid(o);
    }

    /// An auction the seller voids ("cancel all", here) cannot be claimed, and its recorded bid
    /// goes back at once, long before claims would close; emits `RecordedBidReturned`.
    function test_withdrawRecordedBid_atOnceAfterTheSellerVoidedTheAuction() public {
        (Order memory o, bytes memory orderSig) = _recordedAuction(2 ether);
        vm.expectRevert(IExchangeErrors.AuctionIsSettling.selector);
        exchange.withdrawRecordedBid(o);
        vm.prank(seller);
        exchange.incrementCounter();
        vm.expectEmit(true, true, true, true, address(exchange));
        emit IExchangeEvents.RecordedBidReturned(_structHash(o), bidder, 2 ether);
        exchange.withdrawRecordedBid(o);
        assertEq(wvbc.balanceOf(bidder), 2 ether);
        assertEq(_escrow(), 0);
        vm.warp(CLAIM_OPEN);
        bytes memory att = _signSettlement(o, bidder, 2 ether);
        vm.prank(bidder);
        vm.expectRevert(IExchangeErrors.OrderCounterIsOutdated.selector);
        exchange.claim(o, orderSig, bidder, 2 ether, "", DEADLINE, att);
    }

    /// Orders that could never settle free a record at once too: another contract as the
    /// collection, or item and nonce lists of different lengths (a receipt the marketplace would
    /// never sign, as a stolen key could).
    function test_withdrawRecordedBid_atOnceForOrdersThatCanNeverSettle() public {
        Order memory foreign = _auction(1, 1 ether);
        foreign.collection = address(wvbc);
        Order memory uneven = _auction(2, 1 ether);
        uneven.tokenNonces = new uint256[](0);
        _fundBidder(bidder, 3 ether);
        _record(foreign, BIDDER_KEY, 1 ether);
        _record(uneven, BIDDER_KEY, 2 ether);
        exchange.withdrawRecordedBid(foreign);
        exchange.withdrawRecordedBid(uneven);
        assertEq(wvbc.balanceOf(bidder), 3 ether);
        assertEq(_escrow(), 0);
    }

    /// Recording flags the maker (in its counter's slot) so that claims read the floor; the flag
    /// never shows in `counters`, never voids the maker's orders, survives "cancel all", and a
    /// record on one auction is no floor for another auction of the same maker.
    function test_recordedFlag_isInvisibleToOrdersAndPerAuctionForFloors() public {
        uint256 counter = exchange.counters(seller);
        Order memory a = _auction(1, 1 ether);
        Order memory b = _auction(2, 1 ether);
        bytes memory bSig = _signOrder(SELLER_KEY, b);
        _fundBidder(bidder, 5 ether);
        _fundBidder(otherBidder, 2 ether);
        _record(a, BIDDER_KEY, 5 ether);
        assertEq(exchange.counters(seller), counter, "flag hidden");
        Order memory sale = _single(3, 1 ether);
        bytes memory saleSig = _signOrder(SELLER_KEY, sale);
        vm.prank(buyer);
        exchange.buy{value: 1 ether}(sale, saleSig, 1);
        vm.warp(CLAIM_OPEN);
        bytes memory att = _signSettlement(b, otherBidder, 2 ether);
        vm.prank(otherBidder);
        exchange.claim(b, bSig, otherBidder, 2 ether, "", DEADLINE, att); // a's record is not b's floor
        assertEq(collection.ownerOf(2), otherBidder);
        vm.prank(seller);
        uint256 next = exchange.incrementCounter();
        assertEq(exchange.counters(seller), next, "flag hidden after cancel all");
        assertTrue(next < 2 ** 255);
    }

    /*//////////////////////////////////////////////////////////////
                     SETTLEMENT DEADLINE, EPOCH, SIGNER
    //////////////////////////////////////////////////////////////*/

    function _attestedAuction(uint256 amount) internal returns (Order memory o, bytes memory orderSig) {
        o = _auction(1, 1 ether);
        orderSig = _signOrder(SELLER_KEY, o);
        _fundBidder(bidder, amount);
        vm.warp(CLAIM_OPEN);
    }

    /// Valid up to and including its deadline; the deadline is signed (another one is refused).
    function test_settlement_deadline() public {
        (Order memory o, bytes memory orderSig) = _attestedAuction(2 ether);
        bytes memory att = _signSettlement(o, bidder, 2 ether);
        vm.warp(DEADLINE + 1);
        vm.prank(bidder);
        vm.expectRevert(IExchangeErrors.SettlementExpired.selector);
        exchange.claim(o, orderSig, bidder, 2 ether, "", DEADLINE, att);
        vm.prank(bidder);
        vm.expectRevert(IExchangeErrors.InvalidSettlementSignature.selector);
        exchange.claim(o, orderSig, bidder, 2 ether, "", DEADLINE + 1 days, att); // extended by hand
        vm.warp(DEADLINE);
        vm.prank(bidder);
        exchange.claim(o, orderSig, bidder, 2 ether, "", DEADLINE, att);
        assertEq(collection.ownerOf(1), bidder);
    }

    /// Revoking voids the current epoch's attestations; one signed for the next epoch was void
    /// before the bump and is valid after it; re-signing after a revoke works. Against a stolen
    /// key the owner rotates the key (it could sign any epoch).
    function test_settlement_epoch() public {
        (Order memory o, bytes memory orderSig) = _attestedAuction(2 ether);
        bytes memory now0 = _signSettlement(o, bidder, 2 ether);
        bytes memory next = _attestBy(SETTLEMENT_KEY, o, bidder, 2 ether, DEADLINE, 1);
        vm.prank(bidder);
        vm.expectRevert(IExchangeErrors.InvalidSettlementSignature.selector);
        exchange.claim(o, orderSig, bidder, 2 ether, "", DEADLINE, next);

        vm.prank(stranger);
        vm.expectRevert(UNAUTHORIZED);
        exchange.revokeSettlements();
        vm.prank(owner);
        exchange.revokeSettlements();
        assertEq(exchange.settlementEpoch(), 1);
        vm.prank(bidder);
        vm.expectRevert(IExchangeErrors.InvalidSettlementSignature.selector);
        exchange.claim(o, orderSig, bidder, 2 ether, "", DEADLINE, now0);
        vm.prank(bidder);
        exchange.claim(o, orderSig, bidder, 2 ether, "", DEADLINE, next);
        assertEq(collection.ownerOf(1), bidder);
    }

    function test_settlement_reSignedAfterRevokeWorks() public {
        (Order memory o, bytes memory orderSig) = _attestedAuction(2 ether);
        vm.startPrank(owner);
        exchange.revokeSettlements();
        exchange.revokeSettlements();
        vm.stopPrank();
        assertEq(exchange.settlementEpoch(), 2);
        bytes memory att = _signSettlement(o, bidder, 2 ether);
        vm.prank(bidder);
        exchange.claim(o, orderSig, bidder, 2 ether, "", DEADLINE, att);
        assertEq(collection.ownerOf(1), bidder);
    }

    /// Rotating the signer voids the old key's attestations; the new key's settle. The epoch and
    /// the fee, packed in the same slot, survive both admin writes.
    function test_settlement_signerRotation() public {
        (Order memory o, bytes memory orderSig) = _attestedAuction(2 ether);
        vm.startPrank(owner);
        exchange.setFee(250, owner);
        exchange.revokeSettlements();
        exchange.setSettlementSigner(vm.addr(NEW_SIGNER_KEY));
        vm.stopPrank();
        assertEq(exchange.settlementEpoch(), 1);
        assertEq(exchange.feeBps(), 250);
        bytes memory oldKey = _signSettlement(o, bidder, 2 ether);
        vm.prank(bidder);
        vm.expectRevert(IExchangeErrors.InvalidSettlementSignature.selector);
        exchange.claim(o, orderSig, bidder, 2 ether, "", DEADLINE, oldKey);
        bytes memory newKey = _attestBy(NEW_SIGNER_KEY, o, bidder, 2 ether, DEADLINE, 1);
        vm.prank(bidder);
        exchange.claim(o, orderSig, bidder, 2 ether, "", DEADLINE, newKey);
        assertEq(wvbc.balanceOf(seller), 1.95 ether);
        assertEq(wvbc.balanceOf(owner), 0.05 ether);
    }

    /*//////////////////////////////////////////////////////////////
                              FEE BOUND
    //////////////////////////////////////////////////////////////*/

    function _sell(Order memory o) internal returns (uint256 toSeller, uint256 fee) {
        bytes memory sig = _signOrder(SELLER_KEY, o);
        uint256 s0 = seller.balance;
        uint256 f0 = owner.balance;
        vm.prank(buyer);
        exchange.buy{value: o.price}(o, sig, 1);
        return (seller.balance - s0, owner.balance - f0);
    }

    function test_fee_boundZeroMeansNoFeeWhateverTheRate() public {
        vm.prank(owner);
        exchange.setFee(1_000, owner);
        Order memory o = _single(1, 4 ether);
        o.maxFeeBps = 0;
        vm.expectEmit(true, true, true, true, address(exchange));
        emit OrderFilled(_structHash(o), seller, buyer, address(collection), 1, 4 ether, 0);
        (uint256 toSeller, uint256 fee) = _sell(o);
        assertEq(toSeller, 4 ether);
        assertEq(fee, 0);
    }

    function test_fee_boundBelowTheRateCaps() public {
        vm.prank(owner);
        exchange.setFee(800, owner);
        Order memory o = _single(1, 4 ether);
        o.maxFeeBps = 100;
        (uint256 toSeller, uint256 fee) = _sell(o);
        assertEq(fee, 0.04 ether);
        assertEq(toSeller, 3.96 ether);
    }

    function test_fee_rateBelowTheBoundApplies() public {
        vm.prank(owner);
        exchange.setFee(100, owner);
        Order memory o = _single(1, 4 ether);
        o.maxFeeBps = 500;
        (uint256 toSeller, uint256 fee) = _sell(o);
        assertEq(fee, 0.04 ether);
        assertEq(toSeller, 3.96 ether);
        // A bound above the cap changes nothing: the rate itself is capped at 10%.
        Order memory o2 = _single(2, 4 ether);
        o2.maxFeeBps = type(uint256).max;
        (toSeller, fee) = _sell(o2);
        assertEq(fee, 0.04 ether);
    }

    /// The seller always receives at least price * (10000 - maxFeeBps) / 10000, and the fee is
    /// the lower of the two rates.
    function testFuzz_fee_isTheLowerOfRateAndBound(uint256 price, uint16 rate, uint256 bound_) public {
        price = bound(price, 0, 100 ether);
        rate = uint16(bound(rate, 0, 1_000));
        bound_ = bound(bound_, 0, 2_000);
        vm.prank(owner);
        exchange.setFee(rate, owner);
        Order memory o = _single(1, price);
        o.maxFeeBps = bound_;
        (uint256 toSeller, uint256 fee) = _sell(o);
        uint256 bps = rate < bound_ ? rate : bound_;
        assertEq(fee, price * bps / 10_000);
        assertEq(toSeller + fee, price);
        if (bound_ <= 10_000) assertTrue(toSeller >= price * (10_000 - bound_) / 10_000, "signed floor");
    }

    /// Auctions: the bound applies to a claim paid from escrow and its event the same way.
    function test_fee_boundAppliesToAClaimPaidFromEscrow() public {
        vm.prank(owner);
        exchange.setFee(1_000, owner);
        Order memory o = _auction(1, 1 ether);
        o.maxFeeBps = 300;
        _fundBidder(bidder, 10 ether);
        _record(o, BIDDER_KEY, 10 ether);
        vm.warp(CLAIM_OPEN);
        bytes memory bidSig = _signBid(BIDDER_KEY, o, 10 ether);
        bytes memory att = _signSettlement(o, bidder, 10 ether);
        vm.expectEmit(true, true, true, true, address(exchange));
        emit OrderFilled(_structHash(o), seller, bidder, address(collection), 1, 10 ether, 0.3 ether);
        vm.prank(seller);
        exchange.claim(o, "", bidder, 10 ether, bidSig, DEADLINE, att);
        assertEq(wvbc.balanceOf(seller), 9.7 ether);
        assertEq(wvbc.balanceOf(owner), 0.3 ether);
        assertEq(wvbc.balanceOf(bidder), 0);
        assertEq(_escrow(), 0);
    }

    /*//////////////////////////////////////////////////////////////
                              EVENT FIELDS
    //////////////////////////////////////////////////////////////*/

    /// A partial bundle purchase: the mask, the discounted total and the fee on it.
    function test_orderFilled_bundleMaskDiscountAndFee() public {
        vm.prank(owner);
        exchange.setFee(200, owner);
        Order memory b = _bundle(1, 4, 1 ether, 1_000, 3);
        bytes memory sig = _signOrder(SELLER_KEY, b);
        uint256 mask = 0xb; // items 0, 1, 3: three items, discount applies
        vm.expectEmit(true, true, true, true, address(exchange));
        emit OrderFilled(_structHash(b), seller, buyer, address(collection), mask, 2.7 ether, 0.054 ether);
        vm.prank(buyer);
        exchange.buy{value: 2.7 ether}(b, sig, mask);
    }

    /// A set auction settled by an attested claim: every item's bit, the bid and the fee.
    function test_orderFilled_attestedSetAuction() public {
        vm.prank(owner);
        exchange.setFee(500, owner);
        Order memory o = _order(_ids(1, 3), AUCTION, SET, 1 ether);
        bytes memory orderSig = _signOrder(SELLER_KEY, o);
        _fundBidder(bidder, 2 ether);
        vm.warp(CLAIM_OPEN);
        bytes memory att = _signSettlement(o, bidder, 2 ether);
        vm.expectEmit(true, true, true, true, address(exchange));
        emit OrderFilled(_structHash(o), seller, bidder, address(collection), 7, 2 ether, 0.1 ether);
        vm.prank(bidder);
        exchange.claim(o, orderSig, bidder, 2 ether, "", DEADLINE, att);
    }

    /*//////////////////////////////////////////////////////////////
                             CANCEL TIMING
    //////////////////////////////////////////////////////////////*/

    function test_cancel_anAuctionBeforeItsEnd() public {
        Order memory o = _auction(1, 1 ether);
        vm.warp(END - 1);
        vm.expectEmit(true, true, true, true, address(exchange));
        emit OrderCancelled(_structHash(o), seller);
        vm.prank(seller);
        exchange.cancel(o);
        assertEq(collection.tokenNonce(1), 2);
    }

    /// From the end until claims close the auction cannot be cancelled (a stranger is still told
    /// it is not the maker first); once the window closes it can.
    function test_cancel_refusedWhileSettlingThenAllowed() public {
        Order memory o = _auction(1, 1 ether);
        vm.warp(END);
        vm.prank(stranger);
        vm.expectRevert(IExchangeErrors.CallerIsNotMaker.selector);
        exchange.cancel(o);
        vm.warp(WINDOW_END - 1);
        vm.prank(seller);
        vm.expectRevert(IExchangeErrors.AuctionIsSettling.selector);
        exchange.cancel(o);
        vm.warp(WINDOW_END);
        vm.prank(seller);
        exchange.cancel(o);
        assertEq(collection.tokenNonce(1), 2);
    }

    /// An items kind that does not exist is refused before any nonce moves.
    function test_cancel_refusesAnUnknownItemsKind() public {
        Order memory o = _single(1, 1 ether);
        o.itemsKind = BUNDLE + 1;
        vm.prank(seller);
        vm.expectRevert(IExchangeErrors.InvalidOrder.selector);
        exchange.cancel(o);
        assertEq(collection.tokenNonce(1), 1);
    }

    /// The guard is for auctions only: an expired fixed-price order can be cancelled any time.
    function test_cancel_fixedPriceAfterItsEnd() public {
        Order memory o = _single(1, 1 ether);
        vm.warp(END + 1 hours);
        vm.prank(seller);
        exchange.cancel(o);
        assertEq(collection.tokenNonce(1), 2);
    }
}
