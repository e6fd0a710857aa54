// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {SettlementFixture} from "./utils/SettlementFixture.sol";
import {Vm} from "./utils/Test.sol";
import {KeyWallet} from "./ExchangeEdges.t.sol";
import {IExchangeErrors, IExchangeEvents} from "../src/interfaces/IExchange.sol";
import {Order, FIXED_PRICE, AUCTION, SINGLE, SET, BUNDLE} from "../src/lib/OrderTypes.sol";

/// @notice How auctions settle: bids recorded on chain (`recordBid`) as a floor and claimed without
/// the key (`claimRecorded`), attestations bounded by a deadline and an epoch, the claim window,
/// the fee bounded by the order, what `OrderFilled` carries, and when an auction can be cancelled.
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

    function test_recordBid_storesTheBidAndEmits() public {
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
        assertEq(wvbc.balanceOf(bidder), 2 ether, "recording moves nothing");
    }

    function test_recordBid_refusesOtherOrdersWrongSignaturesAndTheSeller() public {
        Order memory fixedPrice = _single(1, 1 ether);
        Order memory o = _auction(1, 1 ether);
        _fundBidder(bidder, 2 ether);
        _fundBidder(seller, 2 ether);
        bytes memory sig = _signBid(BIDDER_KEY, o, 2 ether);
        bytes memory otherKeySig = _signBid(OTHER_BIDDER_KEY, o, 2 ether);
        bytes memory sellerSig = _signBid(SELLER_KEY, o, 2 ether);
        Order memory other = _auction(2, 1 ether);
        vm.startPrank(stranger);
        vm.expectRevert(IExchangeErrors.OrderIsNotAnAuction.selector);
        exchange.recordBid(fixedPrice, bidder, 2 ether, sig);
        vm.expectRevert(IExchangeErrors.InvalidBidderSignature.selector);
        exchange.recordBid(o, bidder, 1.5 ether, sig); // another amount
        vm.expectRevert(IExchangeErrors.InvalidBidderSignature.selector);
        exchange.recordBid(o, bidder, 2 ether, otherKeySig); // another key
        vm.expectRevert(IExchangeErrors.InvalidBidderSignature.selector);
        exchange.recordBid(o, bidder, 2 ether, "");
        vm.expectRevert(IExchangeErrors.InvalidBidderSignature.selector);
        exchange.recordBid(o, address(0), 2 ether, new bytes(65)); // recovers to nobody
        vm.expectRevert(IExchangeErrors.SellerCannotBuy.selector);
        exchange.recordBid(o, seller, 2 ether, sellerSig);
        vm.expectRevert(IExchangeErrors.InvalidBidderSignature.selector);
        exchange.recordBid(other, bidder, 2 ether, sig); // a bid on another auction
        vm.stopPrank();
    }

    function test_recordBid_refusesABidBelowTheReserve() public {
        Order memory o = _auction(1, 1 ether);
        _fundBidder(bidder, 1 ether);
        bytes memory sig = _signBid(BIDDER_KEY, o, 1 ether - 1);
        vm.prank(stranger);
        vm.expectRevert(IExchangeErrors.BidBelowReserve.selector);
        exchange.recordBid(o, bidder, 1 ether - 1, sig);
        _record(o, BIDDER_KEY, 1 ether); // exactly the reserve
    }

    /// Backed means both: WVBC balance and allowance to the exchange, each at least the bid.
    function test_recordBid_needsBalanceAndAllowance() public {
        Order memory o = _auction(1, 1 ether);
        bytes memory sig = _signBid(BIDDER_KEY, o, 2 ether);
        vm.startPrank(bidder);
        wvbc.deposit{value: 2 ether - 1}();
        wvbc.approve(address(exchange), 2 ether);
        vm.stopPrank();
        vm.prank(stranger);
        vm.expectRevert(IExchangeErrors.BidNotBacked.selector);
        exchange.recordBid(o, bidder, 2 ether, sig); // balance short by 1 wei
        vm.startPrank(bidder);
        wvbc.deposit{value: 1}();
        wvbc.approve(address(exchange), 2 ether - 1);
        vm.stopPrank();
        vm.prank(stranger);
        vm.expectRevert(IExchangeErrors.BidNotBacked.selector);
        exchange.recordBid(o, bidder, 2 ether, sig); // allowance short by 1 wei
        vm.prank(bidder);
        wvbc.approve(address(exchange), 2 ether);
        vm.prank(stranger);
        exchange.recordBid(o, bidder, 2 ether, sig);
        (address who,) = _recorded(o);
        assertEq(who, bidder);
    }

    /// A backed record is replaced only by a strictly higher bid.
    function test_recordBid_mustBeHigherThanABackedRecord() public {
        Order memory o = _auction(1, 1 ether);
        _fundBidder(bidder, 3 ether);
        _fundBidder(otherBidder, 5 ether);
        _record(o, BIDDER_KEY, 3 ether);
        uint256[2] memory notHigher = [uint256(3 ether), 2 ether];
        for (uint256 i; i < 2; ++i) {
            bytes memory sig = _signBid(OTHER_BIDDER_KEY, o, notHigher[i]);
            vm.prank(stranger);
            vm.expectRevert(_higher(3 ether));
            exchange.recordBid(o, otherBidder, notHigher[i], sig);
        }
        _record(o, OTHER_BIDDER_KEY, 3 ether + 1);
        (address who, uint256 amount) = _recorded(o);
        assertEq(who, otherBidder);
        assertEq(amount, 3 ether + 1);
        // The same bidder raising its own record.
        _record(o, OTHER_BIDDER_KEY, 5 ether);
        (, amount) = _recorded(o);
        assertEq(amount, 5 ether);
    }

    /// No reserve: a zero bid records (the empty record is not mistaken for a backed zero bid),
    /// a second zero bid does not replace it, and the seller can settle it for nothing.
    function test_recordBid_aZeroBidOnAnAuctionWithoutReserve() public {
        Order memory o = _auction(1, 0);
        _fundBidder(bidder, 0);
        _fundBidder(otherBidder, 0);
        _record(o, BIDDER_KEY, 0);
        (address who,) = _recorded(o);
        assertEq(who, bidder);
        bytes memory sig = _signBid(OTHER_BIDDER_KEY, o, 0);
        vm.prank(stranger);
        vm.expectRevert(_higher(0));
        exchange.recordBid(o, otherBidder, 0, sig);
        vm.warp(CLAIM_OPEN);
        vm.prank(seller);
        exchange.claimRecorded(o, "");
        assertEq(collection.ownerOf(1), bidder);
    }

    /// A record whose bidder is no longer backed (balance or allowance) is replaced by any
    /// backed bid, even a lower one: a hollow record cannot freeze the auction.
    function test_recordBid_replacesAnUnbackedRecord() public {
        Order memory o = _auction(1, 1 ether);
        _fundBidder(bidder, 5 ether);
        _fundBidder(otherBidder, 2 ether);
        _record(o, BIDDER_KEY, 5 ether);
        vm.prank(bidder);
        wvbc.withdraw(1); // balance lapses
        _record(o, OTHER_BIDDER_KEY, 2 ether);
        (address who, uint256 amount) = _recorded(o);
        assertEq(who, otherBidder);
        assertEq(amount, 2 ether);
        // And by allowance: the new record's bidder revokes, the first one records again.
        vm.prank(bidder);
        wvbc.deposit{value: 1}();
        vm.prank(otherBidder);
        wvbc.approve(address(exchange), 0);
        _record(o, BIDDER_KEY, 1.5 ether);
        (who, amount) = _recorded(o);
        assertEq(who, bidder);
        assertEq(amount, 1.5 ether);
    }

    /// Recording is open from before the auction ends until claims open, then closed.
    function test_recordBid_closesWhenClaimsOpen() public {
        Order memory o = _auction(1, 1 ether);
        _fundBidder(bidder, 3 ether);
        _record(o, BIDDER_KEY, 1 ether); // during the auction
        vm.warp(CLAIM_OPEN - 1);
        _record(o, BIDDER_KEY, 2 ether);
        vm.warp(CLAIM_OPEN);
        bytes memory sig = _signBid(BIDDER_KEY, o, 3 ether);
        vm.prank(stranger);
        vm.expectRevert(IExchangeErrors.BiddingClosed.selector);
        exchange.recordBid(o, bidder, 3 ether, sig);
        (, uint256 amount) = _recorded(o);
        assertEq(amount, 2 ether);
    }

    /// As built: the exchange cannot tell when a bid was signed, so until claims open it takes
    /// any higher backed bid, also one signed after the (extended) end the page counted down to.
    /// The bidder who won off chain can only answer by recording a higher bid before claims open.
    function test_recordBid_aBidSignedAfterTheEndCountsUntilClaimsOpen() public {
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
        vm.prank(seller);
        exchange.claimRecorded(o, "");
        assertEq(collection.ownerOf(1), otherBidder);
    }

    /// The amount shares a slot with the bidder: 96 bits. 2^96 wei (about 79 billion VBC) is
    /// refused, 2^96 - 1 is stored whole.
    function test_recordBid_refusesAmountsOf2Pow96AndMore() public {
        Order memory o = _auction(1, 1 ether);
        uint256 max = 2 ** 96 - 1;
        vm.deal(bidder, 2 ** 97);
        _fundBidder(bidder, 2 ** 96);
        bytes memory sig = _signBid(BIDDER_KEY, o, 2 ** 96);
        vm.prank(stranger);
        vm.expectRevert(IExchangeErrors.InvalidOrder.selector);
        exchange.recordBid(o, bidder, 2 ** 96, sig);
        _record(o, BIDDER_KEY, max);
        (address who, uint256 amount) = _recorded(o);
        assertEq(who, bidder);
        assertEq(amount, max);
    }

    /// A contract wallet bidder (ERC-1271): its key's signature records; another key's does not.
    /// The seller then settles the recorded bid.
    function test_recordBid_erc1271Bidder() public {
        KeyWallet w = new KeyWallet(vm.addr(WALLET_KEY));
        vm.deal(address(w), 3 ether);
        vm.startPrank(vm.addr(WALLET_KEY));
        w.execute(address(wvbc), 3 ether, abi.encodeWithSignature("deposit()"));
        w.execute(address(wvbc), 0, abi.encodeWithSignature("approve(address,uint256)", address(exchange), 3 ether));
        vm.stopPrank();
        Order memory o = _auction(1, 1 ether);
        bytes32 digest = _digest(_bidHash(_structHash(o), address(w), 3 ether));
        vm.prank(stranger);
        vm.expectRevert(IExchangeErrors.InvalidBidderSignature.selector);
        exchange.recordBid(o, address(w), 3 ether, _sign(STRANGER_KEY, digest));
        vm.prank(stranger);
        exchange.recordBid(o, address(w), 3 ether, _sign(WALLET_KEY, digest));
        vm.warp(CLAIM_OPEN);
        vm.prank(seller);
        exchange.claimRecorded(o, "");
        assertEq(collection.ownerOf(1), address(w));
        assertEq(wvbc.balanceOf(seller), 3 ether);
    }

    /*//////////////////////////////////////////////////////////////
                             CLAIM RECORDED
    //////////////////////////////////////////////////////////////*/

    function _recordedAuction(uint256 amount) internal returns (Order memory o, bytes memory orderSig) {
        o = _auction(1, 1 ether);
        orderSig = _signOrder(SELLER_KEY, o);
        _fundBidder(bidder, amount);
        _record(o, BIDDER_KEY, amount);
    }

    /// The recorded bidder (with the maker's signature) or the seller (without) may claim;
    /// nobody else; the bidder needs the maker's signature.
    function test_claimRecorded_callerRules() public {
        (Order memory o, bytes memory orderSig) = _recordedAuction(2 ether);
        vm.warp(CLAIM_OPEN);
        vm.prank(stranger);
        vm.expectRevert(IExchangeErrors.CallerIsNotWinnerOrSeller.selector);
        exchange.claimRecorded(o, orderSig);
        vm.prank(otherBidder);
        vm.expectRevert(IExchangeErrors.CallerIsNotWinnerOrSeller.selector);
        exchange.claimRecorded(o, orderSig);
        vm.prank(bidder);
        vm.expectRevert(IExchangeErrors.InvalidMakerSignature.selector);
        exchange.claimRecorded(o, "");
        vm.prank(bidder);
        vm.expectRevert(IExchangeErrors.InvalidMakerSignature.selector);
        exchange.claimRecorded(o, _signOrder(STRANGER_KEY, o));
        vm.expectEmit(true, true, true, true, address(exchange));
        emit OrderFilled(_structHash(o), seller, bidder, address(collection), 1, 2 ether, 0);
        vm.prank(bidder);
        exchange.claimRecorded(o, orderSig);
        assertEq(collection.ownerOf(1), bidder);
        assertEq(wvbc.balanceOf(seller), 2 ether);
        // Once settled, never again (the item moved).
        vm.prank(seller);
        vm.expectRevert(_gone(1));
        exchange.claimRecorded(o, "");
    }

    function test_claimRecorded_bySellerWithoutSignature() public {
        (Order memory o,) = _recordedAuction(2 ether);
        vm.warp(CLAIM_OPEN);
        vm.prank(seller);
        exchange.claimRecorded(o, "");
        assertEq(collection.ownerOf(1), bidder);
    }

    /// Open from CLAIM_OPEN (inclusive) for CLAIM_WINDOW (exclusive).
    function test_claimRecorded_onlyWithinTheWindow() public {
        (Order memory o,) = _recordedAuction(2 ether);
        vm.warp(CLAIM_OPEN - 1);
        vm.prank(seller);
        vm.expectRevert(IExchangeErrors.AuctionNotEnded.selector);
        exchange.claimRecorded(o, "");
        vm.warp(WINDOW_END);
        vm.prank(seller);
        vm.expectRevert(IExchangeErrors.ClaimWindowClosed.selector);
        exchange.claimRecorded(o, "");
        vm.warp(WINDOW_END - 1);
        vm.prank(seller);
        exchange.claimRecorded(o, "");
        assertEq(collection.ownerOf(1), bidder);
    }

    function test_claimRecorded_revertsWithoutARecord() public {
        Order memory o = _auction(1, 1 ether);
        vm.warp(CLAIM_OPEN);
        vm.prank(seller);
        vm.expectRevert(IExchangeErrors.NoRecordedBid.selector);
        exchange.claimRecorded(o, "");
        // A record on another auction of the same item does not count.
        Order memory other = _auction(1, 1 ether);
        other.salt = 7;
        _fundBidder(bidder, 1 ether);
        vm.warp(START);
        _record(other, BIDDER_KEY, 1 ether);
        vm.warp(CLAIM_OPEN);
        vm.prank(seller);
        vm.expectRevert(IExchangeErrors.NoRecordedBid.selector);
        exchange.claimRecorded(o, "");
    }

    /// A recorded bidder that stopped backing its bid cannot be settled (nothing moves), and then
    /// it no longer blocks the attested lower bid.
    function test_claimRecorded_anUnbackedRecordFailsAndStopsBeingAFloor() public {
        (Order memory o,) = _recordedAuction(5 ether);
        _fundBidder(otherBidder, 3 ether);
        vm.warp(CLAIM_OPEN);
        vm.prank(bidder);
        wvbc.approve(address(exchange), 0);
        vm.prank(seller);
        vm.expectRevert(TRANSFER_FROM_FAILED);
        exchange.claimRecorded(o, "");
        assertEq(collection.ownerOf(1), seller);
        bytes memory bidSig = _signBid(OTHER_BIDDER_KEY, o, 3 ether);
        bytes memory att = _signSettlement(o, otherBidder, 3 ether);
        vm.prank(seller);
        exchange.claim(o, "", otherBidder, 3 ether, bidSig, DEADLINE, att);
        assertEq(collection.ownerOf(1), otherBidder);
        assertEq(wvbc.balanceOf(seller), 3 ether);
    }

    /// A maker's "cancel all" voids its settling auctions too (claims check the counter).
    function test_claimRecorded_revertsWhenTheCounterWasBumped() public {
        (Order memory o,) = _recordedAuction(2 ether);
        vm.prank(seller);
        exchange.incrementCounter();
        vm.warp(CLAIM_OPEN);
        vm.prank(seller);
        vm.expectRevert(IExchangeErrors.OrderCounterIsOutdated.selector);
        exchange.claimRecorded(o, "");
    }

    function test_claimRecorded_revertsOnAFixedPriceOrBundleOrder() public {
        Order memory b = _bundle(1, 2, 1 ether, 0, 0);
        b.saleKind = AUCTION;
        _fundBidder(bidder, 1 ether);
        _record(b, BIDDER_KEY, 1 ether);
        vm.warp(CLAIM_OPEN);
        vm.prank(seller);
        vm.expectRevert(IExchangeErrors.InvalidOrder.selector);
        exchange.claimRecorded(b, "");
        b.saleKind = FIXED_PRICE;
        vm.prank(seller);
        vm.expectRevert(IExchangeErrors.NoRecordedBid.selector); // another hash: nothing recorded
        exchange.claimRecorded(b, "");
    }

    /*//////////////////////////////////////////////////////////////
                        ATTESTED CLAIM AND THE FLOOR
    //////////////////////////////////////////////////////////////*/

    /// The key may still pick a bid higher than the record, or one equal to it (the seller gets
    /// the same amount); only a lower one is refused.
    function test_claim_theRecordIsAFloorNotAChoice() public {
        (Order memory o, bytes memory orderSig) = _recordedAuction(3 ether);
        _fundBidder(otherBidder, 4 ether);
        vm.warp(CLAIM_OPEN);
        bytes memory lower = _signSettlement(o, otherBidder, 3 ether - 1);
        vm.prank(otherBidder);
        vm.expectRevert(_higher(3 ether));
        exchange.claim(o, orderSig, otherBidder, 3 ether - 1, "", DEADLINE, lower);
        // The recorded bidder's own lower bid is refused too: its higher bid binds.
        bytes memory ownLower = _signSettlement(o, bidder, 2 ether);
        vm.prank(bidder);
        vm.expectRevert(_higher(3 ether));
        exchange.claim(o, orderSig, bidder, 2 ether, "", DEADLINE, ownLower);
        bytes memory higher = _signSettlement(o, otherBidder, 4 ether);
        vm.prank(otherBidder);
        exchange.claim(o, orderSig, otherBidder, 4 ether, "", DEADLINE, higher);
        assertEq(collection.ownerOf(1), otherBidder);
        assertEq(wvbc.balanceOf(seller), 4 ether);
    }

    function test_claim_equalToTheRecordIsAllowed() public {
        (Order memory o, bytes memory orderSig) = _recordedAuction(3 ether);
        _fundBidder(otherBidder, 3 ether);
        vm.warp(CLAIM_OPEN);
        bytes memory att = _signSettlement(o, otherBidder, 3 ether);
        vm.prank(otherBidder);
        exchange.claim(o, orderSig, otherBidder, 3 ether, "", DEADLINE, att);
        assertEq(wvbc.balanceOf(seller), 3 ether);
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
        vm.prank(seller);
        vm.expectRevert(IExchangeErrors.OrderCounterIsOutdated.selector);
        exchange.claimRecorded(a, "");
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

    /// Auctions: the bound applies to the recorded claim and its event the same way.
    function test_fee_boundAppliesToARecordedClaim() public {
        vm.prank(owner);
        exchange.setFee(1_000, owner);
        Order memory o = _auction(1, 1 ether);
        o.maxFeeBps = 300;
        _fundBidder(bidder, 10 ether);
        _record(o, BIDDER_KEY, 10 ether);
        vm.warp(CLAIM_OPEN);
        vm.expectEmit(true, true, true, true, address(exchange));
        emit OrderFilled(_structHash(o), seller, bidder, address(collection), 1, 10 ether, 0.3 ether);
        vm.prank(seller);
        exchange.claimRecorded(o, "");
        assertEq(wvbc.balanceOf(seller), 9.7 ether);
        assertEq(wvbc.balanceOf(owner), 0.3 ether);
        assertEq(wvbc.balanceOf(bidder), 0);
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

    /// The guard is for auctions only: an expired fixed-price order can be cancelled any time.
    function test_cancel_fixedPriceAfterItsEnd() public {
        Order memory o = _single(1, 1 ether);
        vm.warp(END + 1 hours);
        vm.prank(seller);
        exchange.cancel(o);
        assertEq(collection.tokenNonce(1), 2);
    }
}
