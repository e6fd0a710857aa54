// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {SettlementFixture} from "./utils/SettlementFixture.sol";
import {Vm} from "./utils/Test.sol";
import {Exchange} from "../src/Exchange.sol";
import {MarketplaceCollection} from "../src/MarketplaceCollection.sol";
import {IExchangeErrors, IExchangeEvents} from "../src/interfaces/IExchange.sol";
import {Order, FIXED_PRICE, AUCTION, SINGLE, SET, BUNDLE} from "../src/lib/OrderTypes.sol";

/// @notice Anything that quacks like IMarketplaceCollection and moves nothing: a fake collection
/// the exchange must refuse (it trades only collections whose code hash it knows).
contract QuackingCollection {
    function tokenNonce(uint256) external pure returns (uint256) {
        return 1;
    }

    function transferFromAtNonce(address, address, uint256, uint256) external {}

    function invalidateNonce(address, uint256, uint256) external pure returns (bool) {
        return true;
    }
}

/// @notice Known attacks on the exchange, each a test of the fixed behaviour: the attack reverts,
/// or the outcome is the fair one. The `test_OK_*` tests are properties that must keep holding. Auction timeline: bids until END, a bidder can still record (escrow)
/// its bid on chain until CLAIM_OPEN (END + CLAIM_DELAY), claims until CLAIM_OPEN + CLAIM_WINDOW.
contract AuditRegressionTest is SettlementFixture, IExchangeEvents {
    bytes4 internal constant NOT_OWNER_NOR_APPROVED = 0x4b6e7f18;
    uint256 internal constant ATTACKER_KEY = 0xBAD;

    /*//////////////////////////////////////////////////////////////
      M-01 The settlement key alone no longer decides an ended auction
    //////////////////////////////////////////////////////////////*/

    /// The key attests a fresh account at the reserve; the real top bid (5) was recorded before
    /// claims opened, so the forged claim is refused; the top bid's claim is paid from escrow.
    function test_M01a_nonBidderAtReserveIsRefusedOnceTheTopBidIsRecorded() public {
        Order memory o = _auction(1, 1 ether);
        bytes memory orderSig = _signOrder(SELLER_KEY, o);
        _fundBidder(bidder, 5 ether);
        vm.warp(END);
        _record(o, BIDDER_KEY, 5 ether);

        address attacker = vm.addr(ATTACKER_KEY);
        _fundBidder(attacker, 1 ether);
        bytes memory forged = _signSettlement(o, attacker, 1 ether); // stolen settlement key
        vm.warp(CLAIM_OPEN);
        vm.prank(attacker);
        vm.expectRevert(_higher(5 ether));
        exchange.claim(o, orderSig, attacker, 1 ether, "", DEADLINE, forged);

        bytes memory honest = _signSettlement(o, bidder, 5 ether);
        vm.prank(bidder);
        exchange.claim(o, orderSig, bidder, 5 ether, "", DEADLINE, honest);
        assertEq(collection.ownerOf(1), bidder, "the top bidder wins");
        assertEq(wvbc.balanceOf(seller), 5 ether, "the seller gets the top bid");
        assertEq(wvbc.balanceOf(attacker), 1 ether, "the attacker paid nothing");
        assertEq(wvbc.balanceOf(address(exchange)), 0, "escrow spent");
    }

    /// The key holder replaces the top record with a higher one of its own, then lowers its
    /// allowance and claims its own reserve bid: refused, the record is escrowed and cannot be
    /// dissolved; nor can a lower record replace it in the last block before claims open.
    function test_M01a_aKeyHolderCannotDissolveTheRecordedFloor() public {
        Order memory o = _auction(1, 1 ether);
        bytes memory orderSig = _signOrder(SELLER_KEY, o);
        _fundBidder(bidder, 5 ether);
        vm.warp(END);
        _record(o, BIDDER_KEY, 5 ether);
        address attacker = vm.addr(ATTACKER_KEY);
        _fundBidder(attacker, 6 ether);
        vm.warp(END + 1 hours);
        _record(o, ATTACKER_KEY, 6 ether);
        assertEq(wvbc.balanceOf(bidder), 5 ether, "outbid record paid back");
        vm.warp(CLAIM_OPEN - 1);
        _fundBidder(stranger, 1 ether);
        vm.prank(stranger);
        vm.expectRevert(_higher(6 ether));
        exchange.recordBid(o, _receipt(o, stranger, 1 ether), 1 ether);
        vm.warp(CLAIM_OPEN);
        bytes memory forged = _signSettlement(o, attacker, 1 ether); // stolen settlement key
        vm.startPrank(attacker);
        wvbc.approve(address(exchange), 1 ether);
        vm.expectRevert(_higher(6 ether));
        exchange.claim(o, orderSig, attacker, 1 ether, "", DEADLINE, forged);
        vm.expectRevert(IExchangeErrors.AuctionIsSettling.selector);
        exchange.withdrawRecordedBid(o);
        vm.stopPrank();
        assertEq(collection.ownerOf(1), seller);
        assertEq(wvbc.balanceOf(address(exchange)), 6 ether, "the floor stays held");
    }

    /// The forged claim is impossible from the end until claims open: that delay is when the top
    /// bid gets recorded. And 90 days later (the PoC's timing) the window has closed.
    function test_M01a_noClaimBeforeClaimsOpenNorAfterTheWindow() public {
        Order memory o = _auction(1, 1 ether);
        bytes memory orderSig = _signOrder(SELLER_KEY, o);
        address attacker = vm.addr(ATTACKER_KEY);
        _fundBidder(attacker, 1 ether);
        bytes memory forged = _signSettlementUntil(o, attacker, 1 ether, type(uint256).max);
        uint256[3] memory early = [END, END + 1 hours, CLAIM_OPEN - 1];
        for (uint256 i; i < 3; ++i) {
            vm.warp(early[i]);
            vm.prank(attacker);
            vm.expectRevert(IExchangeErrors.AuctionNotEnded.selector);
            exchange.claim(o, orderSig, attacker, 1 ether, "", type(uint256).max, forged);
        }
        vm.warp(END + 90 days);
        vm.prank(attacker);
        vm.expectRevert(IExchangeErrors.ClaimWindowClosed.selector);
        exchange.claim(o, orderSig, attacker, 1 ether, "", type(uint256).max, forged);
        assertEq(collection.ownerOf(1), seller);
    }

    /// The key and the seller try to execute a losing bid (2) while the winning one (3) is
    /// recorded: refused; the loser keeps its WVBC; the winner's bid settles from escrow.
    function test_M01b_aLosingBidCannotBeExecutedWhenTheHigherBidIsRecorded() public {
        Order memory o = _auction(1, 1 ether);
        _fundBidder(otherBidder, 3 ether);
        _fundBidder(bidder, 2 ether);
        bytes memory losingBid = _signBid(BIDDER_KEY, o, 2 ether);
        vm.warp(END + 30 minutes);
        _record(o, OTHER_BIDDER_KEY, 3 ether);
        vm.warp(CLAIM_OPEN + 1 days);
        bytes memory forged = _signSettlementUntil(o, bidder, 2 ether, CLAIM_OPEN + 2 days);
        vm.prank(seller);
        vm.expectRevert(_higher(3 ether));
        exchange.claim(o, "", bidder, 2 ether, losingBid, CLAIM_OPEN + 2 days, forged);
        assertEq(wvbc.balanceOf(bidder), 2 ether, "the loser's WVBC stays");

        bytes memory winningBid = _signBid(OTHER_BIDDER_KEY, o, 3 ether);
        bytes memory honest = _signSettlementUntil(o, otherBidder, 3 ether, CLAIM_OPEN + 2 days);
        vm.prank(seller);
        exchange.claim(o, "", otherBidder, 3 ether, winningBid, CLAIM_OPEN + 2 days, honest);
        assertEq(collection.ownerOf(1), otherBidder);
        assertEq(wvbc.balanceOf(seller), 3 ether);
    }

    /*//////////////////////////////////////////////////////////////
      L-01 Attestations are bounded: recorded floor, deadline, epoch
    //////////////////////////////////////////////////////////////*/

    /// The PoC's race: the server attested the second bid while the top bid's backing had lapsed.
    /// A recorded top bid is escrowed, so its backing cannot lapse, and the stale lower
    /// attestation loses to it; the top bid's own attestation settles.
    function test_L01_aStaleLowerAttestationLosesToTheRecordedHigherBid() public {
        Order memory o = _auction(1, 1 ether);
        bytes memory orderSig = _signOrder(SELLER_KEY, o);
        _fundBidder(bidder, 10 ether);
        _fundBidder(otherBidder, 8 ether);
        vm.warp(END);
        _record(o, BIDDER_KEY, 10 ether);
        vm.warp(CLAIM_OPEN);
        bytes memory attTop = _signSettlement(o, bidder, 10 ether);
        bytes memory attSecond = _signSettlement(o, otherBidder, 8 ether);

        vm.prank(otherBidder);
        vm.expectRevert(_higher(10 ether));
        exchange.claim(o, orderSig, otherBidder, 8 ether, "", DEADLINE, attSecond);
        vm.prank(bidder);
        exchange.claim(o, orderSig, bidder, 10 ether, "", DEADLINE, attTop);
        assertEq(collection.ownerOf(1), bidder);
        assertEq(wvbc.balanceOf(seller), 10 ether);
        assertEq(wvbc.balanceOf(otherBidder), 8 ether);
    }

    /// Bumping the epoch voids every outstanding attestation (both of the race) without rotating
    /// the key; one signed for the new epoch settles.
    function test_L01_epochRevocationVoidsOutstandingAttestations() public {
        Order memory o = _auction(1, 1 ether);
        bytes memory orderSig = _signOrder(SELLER_KEY, o);
        _fundBidder(bidder, 10 ether);
        _fundBidder(otherBidder, 8 ether);
        vm.warp(CLAIM_OPEN);
        bytes memory attTop = _signSettlement(o, bidder, 10 ether);
        bytes memory attSecond = _signSettlement(o, otherBidder, 8 ether);
        vm.expectEmit(true, true, true, true, address(exchange));
        emit SettlementsRevoked(1);
        vm.prank(owner);
        exchange.revokeSettlements();
        vm.prank(otherBidder);
        vm.expectRevert(IExchangeErrors.InvalidSettlementSignature.selector);
        exchange.claim(o, orderSig, otherBidder, 8 ether, "", DEADLINE, attSecond);
        vm.prank(bidder);
        vm.expectRevert(IExchangeErrors.InvalidSettlementSignature.selector);
        exchange.claim(o, orderSig, bidder, 10 ether, "", DEADLINE, attTop);
        assertEq(exchange.settlementSigner(), settlementSigner, "same key");

        bytes memory fresh = _signSettlement(o, bidder, 10 ether); // epoch 1
        vm.prank(bidder);
        exchange.claim(o, orderSig, bidder, 10 ether, "", DEADLINE, fresh);
        assertEq(collection.ownerOf(1), bidder);
    }

    /// A stale attestation also dies on its own at its deadline.
    function test_L01_aStaleAttestationExpires() public {
        Order memory o = _auction(1, 1 ether);
        bytes memory orderSig = _signOrder(SELLER_KEY, o);
        _fundBidder(otherBidder, 8 ether);
        vm.warp(CLAIM_OPEN);
        uint256 deadline = CLAIM_OPEN + 1 hours;
        bytes memory att = _signSettlementUntil(o, otherBidder, 8 ether, deadline);
        vm.warp(deadline + 1);
        vm.prank(otherBidder);
        vm.expectRevert(IExchangeErrors.SettlementExpired.selector);
        exchange.claim(o, orderSig, otherBidder, 8 ether, "", deadline, att);
    }

    /*//////////////////////////////////////////////////////////////
      M-02 Auctions bind the seller while they settle, and expire
    //////////////////////////////////////////////////////////////*/

    /// The seller can no longer cancel through the exchange from the end until claims close;
    /// the winner's claim goes through.
    function test_M02a_cancelAfterTheEndRevertsAuctionIsSettling() public {
        Order memory o = _auction(1, 1 ether);
        bytes memory orderSig = _signOrder(SELLER_KEY, o);
        _fundBidder(bidder, 2 ether);
        uint256[3] memory times = [END, CLAIM_OPEN, CLAIM_OPEN + 7 days - 1];
        for (uint256 i; i < 3; ++i) {
            vm.warp(times[i]);
            vm.prank(seller);
            vm.expectRevert(IExchangeErrors.AuctionIsSettling.selector);
            exchange.cancel(o);
        }
        vm.warp(CLAIM_OPEN);
        bytes memory att = _signSettlement(o, bidder, 2 ether);
        vm.prank(bidder);
        exchange.claim(o, orderSig, bidder, 2 ether, "", DEADLINE, att);
        assertEq(collection.ownerOf(1), bidder);
    }

    /// No claim after the window, by the bidder or the seller: the bidder's WVBC stays put.
    function test_M02b_aClaimAfterTheWindowRevertsClaimWindowClosed() public {
        Order memory o = _auction(1, 1 ether);
        _fundBidder(bidder, 2 ether);
        bytes memory bidSig = _signBid(BIDDER_KEY, o, 2 ether);
        bytes memory orderSig = _signOrder(SELLER_KEY, o);
        bytes memory att = _signSettlementUntil(o, bidder, 2 ether, type(uint256).max);
        uint256[2] memory late = [CLAIM_OPEN + 7 days, END + 365 days];
        for (uint256 i; i < 2; ++i) {
            vm.warp(late[i]);
            vm.prank(seller);
            vm.expectRevert(IExchangeErrors.ClaimWindowClosed.selector);
            exchange.claim(o, "", bidder, 2 ether, bidSig, type(uint256).max, att);
            vm.prank(bidder);
            vm.expectRevert(IExchangeErrors.ClaimWindowClosed.selector);
            exchange.claim(o, orderSig, bidder, 2 ether, "", type(uint256).max, att);
        }
        assertEq(wvbc.balanceOf(bidder), 2 ether);
        assertEq(wvbc.balanceOf(seller), 0);
    }

    /// A bid recorded (escrowed) on an auction that nobody claimed goes back to its bidder once
    /// the window has closed, not before.
    function test_M02b_aRecordedBidIsPaidBackAfterTheWindow() public {
        Order memory o = _auction(1, 1 ether);
        _fundBidder(bidder, 2 ether);
        vm.warp(END);
        _record(o, BIDDER_KEY, 2 ether);
        vm.warp(CLAIM_OPEN + 7 days - 1);
        vm.expectRevert(IExchangeErrors.AuctionIsSettling.selector);
        exchange.withdrawRecordedBid(o);
        vm.warp(CLAIM_OPEN + 7 days);
        bytes memory att = _signSettlementUntil(o, bidder, 2 ether, type(uint256).max);
        bytes memory bidSig = _signBid(BIDDER_KEY, o, 2 ether);
        vm.prank(seller);
        vm.expectRevert(IExchangeErrors.ClaimWindowClosed.selector);
        exchange.claim(o, "", bidder, 2 ether, bidSig, type(uint256).max, att);
        vm.prank(stranger); // anyone; the WVBC goes to the bidder
        exchange.withdrawRecordedBid(o);
        assertEq(wvbc.balanceOf(bidder), 2 ether);
        assertEq(wvbc.balanceOf(address(exchange)), 0);
    }

    /// The PoC relisted the same token (same nonce) and settled the old auction in the middle of
    /// the new one. Choice: within its claim window the old auction still binds the seller (the
    /// item is committed to it; the server does not relist an item whose auction is settling),
    /// and after the window it is void: the new auction settles, the old one cannot.
    function test_M02c_theOldAuctionIsNotClaimableAfterItsWindow() public {
        Order memory first = _auction(1, 1 ether);
        bytes memory firstSig = _signOrder(SELLER_KEY, first);
        _fundBidder(bidder, 2 ether);
        vm.warp(CLAIM_OPEN);
        bytes memory att = _signSettlementUntil(first, bidder, 2 ether, type(uint256).max);
        Order memory second = _auction(1, 1 ether);
        second.salt = 2;
        second.startTime = CLAIM_OPEN + 7 days;
        second.endTime = second.startTime + 7 days;
        assertEq(second.tokenNonces[0], first.tokenNonces[0]);
        bytes memory secondSig = _signOrder(SELLER_KEY, second);
        _fundBidder(otherBidder, 5 ether);
        vm.warp(second.endTime + 2 hours);
        vm.prank(bidder);
        vm.expectRevert(IExchangeErrors.ClaimWindowClosed.selector);
        exchange.claim(first, firstSig, bidder, 2 ether, "", type(uint256).max, att);
        bytes memory att2 = _signSettlementUntil(second, otherBidder, 5 ether, block.timestamp + 1 hours);
        vm.prank(otherBidder);
        exchange.claim(second, secondSig, otherBidder, 5 ether, "", block.timestamp + 1 hours, att2);
        assertEq(collection.ownerOf(1), otherBidder);
        assertEq(wvbc.balanceOf(seller), 5 ether);
        assertEq(wvbc.balanceOf(bidder), 2 ether);
    }

    /*//////////////////////////////////////////////////////////////
      M-03 The fee is bounded by the signed order
    //////////////////////////////////////////////////////////////*/

    /// Signed with maxFeeBps 0 while the fee was 0: raising the fee to 10% (even by front-running)
    /// takes nothing from the seller.
    function test_M03_theSellerReceivesTheFeeBoundedPrice() public {
        Order memory o = _single(1, 10 ether);
        o.maxFeeBps = 0;
        bytes memory sig = _signOrder(SELLER_KEY, o);
        uint256 before = seller.balance;
        vm.prank(owner);
        exchange.setFee(1_000, owner);
        vm.prank(buyer);
        exchange.buy{value: 10 ether}(o, sig, 1);
        assertEq(seller.balance - before, 10 ether, "seller gets what it signed");
        assertEq(owner.balance, 0);
    }

    /// Signed with a 2.5% bound: a 10% fee is cut to 2.5%, in a sale and in an auction.
    function test_M03_aRaisedFeeIsCutToTheSignedBound() public {
        Order memory o = _single(1, 10 ether);
        o.maxFeeBps = 250;
        bytes memory sig = _signOrder(SELLER_KEY, o);
        Order memory a = _auction(2, 1 ether);
        a.maxFeeBps = 250;
        bytes memory aSig = _signOrder(SELLER_KEY, a);
        vm.prank(owner);
        exchange.setFee(1_000, owner);
        uint256 before = seller.balance;
        vm.prank(buyer);
        exchange.buy{value: 10 ether}(o, sig, 1);
        assertEq(seller.balance - before, 9.75 ether);
        assertEq(owner.balance, 0.25 ether);

        _fundBidder(bidder, 4 ether);
        vm.warp(CLAIM_OPEN);
        bytes memory att = _signSettlement(a, bidder, 4 ether);
        vm.prank(bidder);
        exchange.claim(a, aSig, bidder, 4 ether, "", DEADLINE, att);
        assertEq(wvbc.balanceOf(seller), 3.9 ether);
        assertEq(wvbc.balanceOf(owner), 0.1 ether);
    }

    /*//////////////////////////////////////////////////////////////
      L-02 Revoking the approval cancels for good
    //////////////////////////////////////////////////////////////*/

    /// Revoking the exchange's approval bumps every nonce of the holder: re-approving revives no
    /// listing; `cancel` no longer reverts while unapproved (there is nothing left to revoke).
    function test_L02_reapprovingDoesNotReviveAListing() public {
        Order memory cheap = _single(1, 1 ether);
        bytes memory sig = _signOrder(SELLER_KEY, cheap);
        vm.startPrank(seller);
        collection.setApprovalForAll(address(exchange), false);
        vm.recordLogs();
        exchange.cancel(cheap);
        assertEq(vm.getRecordedLogs().length, 0, "already void: nothing to revoke");
        vm.stopPrank();
        vm.warp(START + 3 days);
        vm.prank(seller);
        collection.setApprovalForAll(address(exchange), true);
        vm.prank(buyer);
        vm.expectRevert(_gone(1));
        exchange.buy{value: 1 ether}(cheap, sig, 1);
        assertEq(collection.ownerOf(1), seller);
    }

    /*//////////////////////////////////////////////////////////////
      L-03 The counter jumps unpredictably
    //////////////////////////////////////////////////////////////*/

    function test_L03_aFutureCounterOrderNeverActivatesOnCancelAll() public {
        Order memory phish = _single(1, 0.01 ether);
        phish.counter = exchange.counters(seller) + 1;
        bytes memory sig = _signOrder(SELLER_KEY, phish);
        vm.prank(seller);
        uint256 next = exchange.incrementCounter();
        assertTrue(next != phish.counter, "not old + 1");
        vm.prank(stranger);
        vm.expectRevert(IExchangeErrors.OrderCounterIsOutdated.selector);
        exchange.buy{value: 0.01 ether}(phish, sig, 1);
        assertEq(collection.ownerOf(1), seller);
    }

    /*//////////////////////////////////////////////////////////////
      L-04 Only marketplace collections trade
    //////////////////////////////////////////////////////////////*/

    function test_L04_aFakeCollectionIsRefusedBeforeAnyPayment() public {
        QuackingCollection fake = new QuackingCollection();
        Order memory o = _single(1, 5 ether);
        o.maker = stranger;
        o.collection = address(fake);
        o.tokenNonces[0] = 1;
        o.counter = 0;
        bytes memory sig = _signOrder(STRANGER_KEY, o);
        uint256 before = buyer.balance;
        vm.prank(buyer);
        vm.expectRevert(
            abi.encodeWithSelector(IExchangeErrors.CollectionIsNotAMarketplaceCollection.selector, address(fake))
        );
        exchange.buy{value: 5 ether}(o, sig, 1);
        assertEq(buyer.balance, before, "nothing paid");
        assertEq(exchange.collectionCodeHash(), address(collection).codehash);
    }

    /*//////////////////////////////////////////////////////////////
      L-05 Revoking PARTNER_ROLE stops minting
    //////////////////////////////////////////////////////////////*/

    function test_L05_aRevokedPartnerNoLongerMintsNorNamesMinters() public {
        vm.prank(seller);
        collection.setMinter(buyer, true); // named while a partner
        bytes32 role = factory.PARTNER_ROLE();
        vm.prank(owner);
        factory.revokeRole(role, seller);
        vm.startPrank(seller);
        vm.expectRevert(MarketplaceCollection.OwnerIsNoLongerAPartner.selector);
        collection.mint(seller, "ipfs://after-revocation");
        vm.expectRevert(MarketplaceCollection.OwnerIsNoLongerAPartner.selector);
        collection.setMinter(stranger, true);
        vm.stopPrank();
        vm.prank(buyer);
        vm.expectRevert(MarketplaceCollection.OwnerIsNoLongerAPartner.selector);
        collection.mint(buyer, "x");
        assertEq(collection.totalMinted(), 12);
    }

    /*//////////////////////////////////////////////////////////////
      I-xx informational
    //////////////////////////////////////////////////////////////*/

    /// I-02: the collection refuses VBC instead of locking it.
    function test_I_valueSentToTheCollectionIsRefused() public {
        vm.deal(seller, 1 ether);
        vm.prank(seller);
        vm.expectRevert(MarketplaceCollection.CollectionDoesNotAcceptValue.selector);
        collection.transferFrom{value: 1 ether}(seller, buyer, 1);
        assertEq(address(collection).balance, 0);
    }

    /// I-03: as in WETH9, a holder moves its own WVBC with transferFrom and no allowance.
    function test_I_wvbcTransferFromSelfNeedsNoAllowance() public {
        vm.startPrank(buyer);
        wvbc.deposit{value: 1 ether}();
        wvbc.transferFrom(buyer, stranger, 1 ether);
        vm.stopPrank();
        assertEq(wvbc.balanceOf(stranger), 1 ether);
    }

    /// I-01: `cancel` that revokes nothing emits nothing (no REVOKE for the indexer to record).
    function test_I_cancelEmitsOnlyWhenItRevoked() public {
        Order memory o = _single(1, 1 ether); // the seller's token
        o.maker = stranger;
        vm.recordLogs();
        vm.prank(stranger);
        exchange.cancel(o);
        assertEq(vm.getRecordedLogs().length, 0, "nothing emitted");
        assertEq(collection.tokenNonce(1), 1, "nothing revoked");
        o.maker = seller;
        vm.expectEmit(true, true, true, true, address(exchange));
        emit OrderCancelled(_structHash(o), seller);
        vm.prank(seller);
        exchange.cancel(o);
    }

    /// I-01: `OrderFilled` carries the collection, the amount paid and the fee.
    function test_I_orderFilledCarriesCollectionAmountAndFee() public {
        vm.prank(owner);
        exchange.setFee(500, owner);
        Order memory o = _single(1, 2 ether);
        bytes memory sig = _signOrder(SELLER_KEY, o);
        vm.expectEmit(true, true, true, true, address(exchange));
        emit OrderFilled(_structHash(o), seller, buyer, address(collection), 1, 2 ether, 0.1 ether);
        vm.prank(buyer);
        exchange.buy{value: 2 ether}(o, sig, 1);
    }

    /// I-04, kept by choice: a bundle purchase is all-or-nothing. `buy` charges exactly the quoted
    /// total for the chosen mask, so skipping an item that was sold meanwhile would need a refund
    /// and would change the discount the buyer agreed to; instead it reverts and the page quotes
    /// the remaining items again. The remaining nine are still for sale (below the ten-item
    /// minimum, so without the discount).
    function test_I_bundleStaysAllOrNothingAndTheRemainingItemsCanBeBought() public {
        Order memory b = _bundle(1, 10, 1 ether, 2_000, 10);
        bytes memory sig = _signOrder(SELLER_KEY, b);
        (, uint256 total) = exchange.quote(b, _allBits(10));
        assertEq(total, 8 ether);
        vm.prank(stranger);
        exchange.buy{value: 1 ether}(b, sig, 1 << 9);
        vm.prank(buyer);
        vm.expectRevert(_gone(10));
        exchange.buy{value: total}(b, sig, _allBits(10));
        assertEq(collection.ownerOf(1), seller, "nothing moved");
        (uint256 count, uint256 rest) = exchange.quote(b, _allBits(9));
        assertEq(count, 9);
        assertEq(rest, 9 ether);
        vm.prank(buyer);
        exchange.buy{value: rest}(b, sig, _allBits(9));
        for (uint256 id = 1; id <= 9; ++id) {
            assertEq(collection.ownerOf(id), buyer);
        }
        assertEq(collection.ownerOf(10), stranger);
    }

    /// I-05: the bid type nests the order (wallets show what is bid on); a signature over the
    /// old opaque `Bid(bytes32 orderHash,...)` type is refused.
    function test_I_bidNestsTheOrderAndAnOpaqueBidIsRefused() public {
        bytes memory orderType =
            "Order(address maker,address collection,uint256[] tokenIds,uint256[] tokenNonces,uint8 saleKind,uint8 itemsKind,uint256 price,uint256 discountBps,uint256 minCountForDiscount,uint256 startTime,uint256 endTime,uint256 salt,uint256 counter,uint256 maxFeeBps)";
        assertEq(
            exchange.BID_TYPEHASH(),
            keccak256(bytes.concat("Bid(Order order,address bidder,uint256 amount)", orderType))
        );
        Order memory o = _auction(1, 1 ether);
        _fundBidder(bidder, 2 ether);
        bytes32 opaque = keccak256(
            abi.encode(keccak256("Bid(bytes32 orderHash,address bidder,uint256 amount)"), _structHash(o), bidder, 2 ether)
        );
        bytes memory opaqueSig = _sign(BIDDER_KEY, _digest(opaque));
        vm.warp(CLAIM_OPEN);
        bytes memory att = _signSettlement(o, bidder, 2 ether);
        vm.prank(seller);
        vm.expectRevert(IExchangeErrors.InvalidBidderSignature.selector);
        exchange.claim(o, "", bidder, 2 ether, opaqueSig, DEADLINE, att);
    }

    /*//////////////////////////////////////////////////////////////
      Properties that must keep holding
    //////////////////////////////////////////////////////////////*/

    function _mintTo(address to, uint256 count) internal {
        string[] memory uris = new string[](count);
        vm.prank(seller);
        collection.mintBatch(to, uris);
    }

    /// MAX_ITEMS: a 256-item bundle bought whole (mask = 2^256-1), and a 256-item set auction,
    /// here with a recorded bid paid from escrow (ExchangeEdges covers the plain claim).
    function test_OK_256ItemBundleAndSetAuction() public {
        _mintTo(seller, 500);
        Order memory b = _bundle(1, 256, 1 gwei, 100, 256);
        bytes memory sig = _signOrder(SELLER_KEY, b);
        (uint256 c, uint256 total) = exchange.quote(b, type(uint256).max);
        assertEq(c, 256);
        assertEq(total, 256 gwei - 256 gwei / 100);
        vm.prank(buyer);
        exchange.buy{value: total}(b, sig, type(uint256).max);
        assertEq(collection.ownerOf(256), buyer);
        assertEq(collection.ownerOf(257), seller);

        Order memory a = _order(_ids(257, 256), AUCTION, SET, 1 ether);
        _fundBidder(bidder, 1 ether);
        _record(a, BIDDER_KEY, 1 ether);
        vm.warp(CLAIM_OPEN);
        bytes memory att = _signSettlement(a, bidder, 1 ether);
        bytes memory bidSig = _signBid(BIDDER_KEY, a, 1 ether);
        vm.prank(seller);
        exchange.claim(a, "", bidder, 1 ether, bidSig, DEADLINE, att);
        assertEq(collection.ownerOf(257), bidder);
        assertEq(collection.ownerOf(512), bidder);
        assertEq(wvbc.balanceOf(seller), 1 ether);
    }

    /// Cross-contract replay: an order for one Exchange is void on a second deployment.
    function test_OK_noReplayOnAnotherExchange() public {
        Exchange other = new Exchange(owner, address(wvbc), settlementSigner);
        vm.prank(seller);
        collection.setApprovalForAll(address(other), true);
        Order memory o = _single(1, 1 ether);
        bytes memory sig = _signOrder(SELLER_KEY, o); // domain: `exchange`
        vm.prank(buyer);
        vm.expectRevert(IExchangeErrors.InvalidMakerSignature.selector);
        other.buy{value: 1 ether}(o, sig, 1);
    }

    /// Dirty high bits in a uint8 field: the ABI decoder reverts on access, so no two encodings
    /// share a hash with different meanings.
    function test_OK_dirtySaleKindReverts() public {
        Order memory o = _single(1, 1 ether);
        bytes memory sig = _signOrder(SELLER_KEY, o);
        bytes memory data = abi.encodeCall(Exchange.buy, (o, sig, 1));
        uint256 orderStart = 4 + 0x60; // selector | offset(order) | offset(sig) | mask
        data[orderStart + 4 * 32] = 0x01; // top byte of saleKind
        vm.prank(buyer);
        (bool ok, bytes memory ret) = address(exchange).call{value: 1 ether}(data);
        assertFalse(ok);
        assertEq(ret.length, 0, "ABI-decoder validation revert (no error data)");
        data[orderStart + 4 * 32] = 0x00;
        vm.prank(buyer);
        (ok,) = address(exchange).call{value: 1 ether}(data);
        assertTrue(ok);
    }

    /// A Settlement signature cannot stand in for a Bid (distinct type hashes), nor an order's.
    function test_OK_noTypeConfusionBetweenBidSettlementAndOrder() public {
        Order memory o = _auction(1, 1 ether);
        _fundBidder(bidder, 1 ether);
        vm.warp(CLAIM_OPEN);
        bytes memory att = _signSettlement(o, bidder, 1 ether);
        vm.prank(seller);
        vm.expectRevert(IExchangeErrors.InvalidBidderSignature.selector);
        exchange.claim(o, "", bidder, 1 ether, att, DEADLINE, att);
        bytes memory orderAsSettlement = _signOrder(SETTLEMENT_KEY, o);
        vm.prank(seller);
        vm.expectRevert(IExchangeErrors.InvalidBidderSignature.selector);
        exchange.claim(o, "", bidder, 1 ether, orderAsSettlement, DEADLINE, att);
        // A bid signature cannot stand in for an attestation either.
        bytes memory bidSig = _signBid(BIDDER_KEY, o, 1 ether);
        vm.prank(bidder);
        vm.expectRevert(IExchangeErrors.InvalidSettlementSignature.selector);
        exchange.claim(o, _signOrder(SELLER_KEY, o), bidder, 1 ether, "", DEADLINE, bidSig);
    }

    /// Nonce/approval-flag packing over a fuzzed sequence of approve, clear, revoke and transfer.
    /// Clearing or replacing an approved address now bumps the nonce too (it revokes orders).
    function testFuzz_OK_nonceAndApprovalFlagStayConsistent(uint8[16] memory ops) public {
        address holder = seller;
        uint256 nonce = collection.tokenNonce(1);
        address approved;
        for (uint256 i; i < ops.length; ++i) {
            uint8 op = ops[i] % 4;
            if (op == 0) {
                vm.prank(holder);
                collection.approve(stranger, 1);
                approved = stranger;
            } else if (op == 1) {
                vm.prank(holder);
                collection.approve(address(0), 1);
                if (approved != address(0)) ++nonce;
                approved = address(0);
            } else if (op == 2) {
                vm.prank(holder);
                collection.invalidateNonce(holder, 1, nonce);
                ++nonce;
            } else {
                address to = holder == seller ? buyer : seller;
                vm.prank(approved == stranger ? stranger : holder);
                collection.transferFromAtNonce(holder, to, 1, nonce);
                holder = to;
                ++nonce;
                approved = address(0);
            }
            assertEq(collection.tokenNonce(1), nonce, "nonce");
            assertEq(collection.getApproved(1), approved, "approved");
            assertEq(collection.ownerOf(1), holder, "owner");
            if (approved != stranger) {
                vm.prank(stranger);
                vm.expectRevert(NOT_OWNER_NOR_APPROVED);
                collection.transferFrom(holder, stranger, 1);
            }
        }
    }
}
