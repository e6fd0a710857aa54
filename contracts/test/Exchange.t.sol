// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {Fixture} from "./utils/Fixture.sol";
import {Vm} from "./utils/Test.sol";
import {Exchange} from "../src/Exchange.sol";
import {IExchangeErrors, IExchangeEvents} from "../src/interfaces/IExchange.sol";
import {IMarketplaceCollection} from "../src/interfaces/IMarketplaceCollection.sol";
import {MarketplaceCollection} from "../src/MarketplaceCollection.sol";
import {Order, FIXED_PRICE, AUCTION, SINGLE, SET, BUNDLE} from "../src/lib/OrderTypes.sol";

/// @notice Anything that quacks like IMarketplaceCollection but moves nothing.
contract FakeCollection {
    function tokenNonce(uint256) external pure returns (uint256) {
        return 1;
    }

    function transferFromAtNonce(address, address, uint256, uint256) external {}

    function invalidateNonce(address, uint256, uint256) external pure returns (bool) {
        return true;
    }
}

/// @notice Every external function of the Exchange and every revert path.
contract ExchangeTest is Fixture, IExchangeEvents {
    bytes4 internal constant NOT_OWNER_NOR_APPROVED = 0x4b6e7f18; // Solady ERC721
    bytes4 internal constant UNAUTHORIZED = 0x82b42900; // Solady Ownable
    bytes4 internal constant INSUFFICIENT_ALLOWANCE = 0x13be252b; // Solady ERC20
    bytes4 internal constant INSUFFICIENT_BALANCE = 0xf4d678b8; // Solady ERC20
    bytes4 internal constant TRANSFER_FROM_FAILED = 0x7939f424; // Solady SafeTransferLib

    function _unavailable(uint256 id) internal pure returns (bytes memory) {
        return abi.encodeWithSelector(IExchangeErrors.ItemNoLongerAvailable.selector, id);
    }

    function _buy(address who, Order memory o, uint256 mask, uint256 value) internal {
        bytes memory sig = _signOrder(SELLER_KEY, o);
        vm.prank(who);
        exchange.buy{value: value}(o, sig, mask);
    }

    /*//////////////////////////////////////////////////////////////
                                  BUY
    //////////////////////////////////////////////////////////////*/

    function test_buy_single_movesTheNftAndPaysTheSeller() public {
        Order memory o = _single(1, 3 ether);
        bytes memory sig = _signOrder(SELLER_KEY, o);
        uint256 sellerBefore = seller.balance;
        vm.expectEmit(true, true, true, true, address(exchange));
        emit OrderFilled(_structHash(o), seller, buyer, address(collection), 1, 3 ether, 0);
        vm.prank(buyer);
        exchange.buy{value: 3 ether}(o, sig, 1);
        assertEq(collection.ownerOf(1), buyer);
        assertEq(seller.balance - sellerBefore, 3 ether);
        assertEq(buyer.balance, 997 ether);
        assertEq(collection.tokenNonce(1), 2, "mint = 1, sale = 2");
        assertEq(address(exchange).balance, 0);
    }

    function test_buy_acceptsCompactSignatures() public {
        Order memory o = _single(1, 1 ether);
        bytes memory sig = _signCompact(SELLER_KEY, _digest(_structHash(o)));
        assertEq(sig.length, 64);
        vm.prank(buyer);
        exchange.buy{value: 1 ether}(o, sig, 1);
        assertEq(collection.ownerOf(1), buyer);
    }

    function test_buy_set_movesEveryItemForTheTotalPrice() public {
        Order memory o = _order(_ids(1, 3), FIXED_PRICE, SET, 5 ether);
        _buy(buyer, o, 7, 5 ether);
        for (uint256 id = 1; id <= 3; ++id) {
            assertEq(collection.ownerOf(id), buyer);
        }
        assertEq(collection.ownerOf(4), seller);
    }

    function test_buy_set_partialBuyIsRefused() public {
        Order memory o = _order(_ids(1, 3), FIXED_PRICE, SET, 5 ether);
        bytes memory sig = _signOrder(SELLER_KEY, o);
        vm.prank(buyer);
        vm.expectRevert(IExchangeErrors.SetMustBeBoughtWhole.selector);
        exchange.buy{value: 5 ether}(o, sig, 3);
    }

    function test_buy_bundle_belowTheMinimumGetsNoDiscount() public {
        Order memory o = _bundle(1, 5, 1 ether, 2_000, 3);
        // 2 items < minimum 3: full price.
        (uint256 count, uint256 total) = exchange.quote(o, 0x5);
        assertEq(count, 2);
        assertEq(total, 2 ether);
        bytes memory sig = _signOrder(SELLER_KEY, o);
        vm.prank(buyer);
        vm.expectRevert(abi.encodeWithSelector(IExchangeErrors.WrongPayment.selector, 2 ether, 1.6 ether));
        exchange.buy{value: 1.6 ether}(o, sig, 0x5);
        _buy(buyer, o, 0x5, 2 ether);
        assertEq(collection.ownerOf(1), buyer);
        assertEq(collection.ownerOf(3), buyer);
        assertEq(collection.ownerOf(2), seller);
    }

    function test_buy_bundle_atTheMinimumGetsTheDiscount() public {
        Order memory o = _bundle(1, 5, 1 ether, 2_000, 3);
        (, uint256 total) = exchange.quote(o, 0x7);
        assertEq(total, 2.4 ether, "3 x 1 - 20%");
        uint256 sellerBefore = seller.balance;
        _buy(buyer, o, 0x7, 2.4 ether);
        assertEq(seller.balance - sellerBefore, 2.4 ether);
    }

    function test_buy_bundle_partsGoToSeveralBuyersEachItemOnce() public {
        Order memory o = _bundle(1, 4, 1 ether, 0, 0);
        _buy(buyer, o, 0x3, 2 ether);
        _buy(stranger, o, 0xC, 2 ether);
        assertEq(collection.ownerOf(2), buyer);
        assertEq(collection.ownerOf(4), stranger);
        // Item 1 was sold: a second fill of it is refused.
        bytes memory sig = _signOrder(SELLER_KEY, o);
        vm.prank(stranger);
        vm.expectRevert(_unavailable(1));
        exchange.buy{value: 1 ether}(o, sig, 0x1);
    }

    function test_buy_revertsOnAWrongSigner() public {
        Order memory o = _single(1, 1 ether);
        bytes memory sig = _signOrder(STRANGER_KEY, o);
        vm.prank(buyer);
        vm.expectRevert(IExchangeErrors.InvalidMakerSignature.selector);
        exchange.buy{value: 1 ether}(o, sig, 1);
    }

    function test_buy_revertsOnATamperedOrder() public {
        Order memory o = _single(1, 1 ether);
        bytes memory sig = _signOrder(SELLER_KEY, o);
        o.price = 0.1 ether;
        vm.prank(buyer);
        vm.expectRevert(IExchangeErrors.InvalidMakerSignature.selector);
        exchange.buy{value: 0.1 ether}(o, sig, 1);
    }

    function test_buy_revertsOnAMalformedSignature() public {
        Order memory o = _single(1, 1 ether);
        vm.prank(buyer);
        vm.expectRevert(IExchangeErrors.InvalidMakerSignature.selector);
        exchange.buy{value: 1 ether}(o, hex"1234", 1);
    }

    function test_buy_revertsWhenExpired() public {
        Order memory o = _single(1, 1 ether);
        bytes memory sig = _signOrder(SELLER_KEY, o);
        vm.warp(END);
        vm.prank(buyer);
        vm.expectRevert(IExchangeErrors.OrderExpired.selector);
        exchange.buy{value: 1 ether}(o, sig, 1);
    }

    function test_buy_revertsBeforeTheStart() public {
        Order memory o = _single(1, 1 ether);
        o.startTime = START + 1 hours;
        bytes memory sig = _signOrder(SELLER_KEY, o);
        vm.prank(buyer);
        vm.expectRevert(IExchangeErrors.OrderNotStarted.selector);
        exchange.buy{value: 1 ether}(o, sig, 1);
        vm.warp(START + 1 hours);
        vm.prank(buyer);
        exchange.buy{value: 1 ether}(o, sig, 1);
        assertEq(collection.ownerOf(1), buyer);
    }

    function test_buy_revertsWhenFilledTwice() public {
        Order memory o = _single(1, 1 ether);
        _buy(buyer, o, 1, 1 ether);
        bytes memory sig = _signOrder(SELLER_KEY, o);
        vm.prank(stranger);
        vm.expectRevert(_unavailable(1));
        exchange.buy{value: 1 ether}(o, sig, 1);
    }

    function test_buy_revertsWhenCancelled() public {
        Order memory o = _single(1, 1 ether);
        vm.prank(seller);
        exchange.cancel(o);
        bytes memory sig = _signOrder(SELLER_KEY, o);
        vm.prank(buyer);
        vm.expectRevert(_unavailable(1));
        exchange.buy{value: 1 ether}(o, sig, 1);
    }

    function test_buy_revertsWhenTheCounterWasBumped() public {
        Order memory o = _single(1, 1 ether);
        vm.prank(seller);
        exchange.incrementCounter();
        bytes memory sig = _signOrder(SELLER_KEY, o);
        vm.prank(buyer);
        vm.expectRevert(IExchangeErrors.OrderCounterIsOutdated.selector);
        exchange.buy{value: 1 ether}(o, sig, 1);
    }

    function test_buy_revertsOnAWrongPayment() public {
        Order memory o = _single(1, 1 ether);
        bytes memory sig = _signOrder(SELLER_KEY, o);
        vm.startPrank(buyer);
        vm.expectRevert(abi.encodeWithSelector(IExchangeErrors.WrongPayment.selector, 1 ether, 0.99 ether));
        exchange.buy{value: 0.99 ether}(o, sig, 1);
        vm.expectRevert(abi.encodeWithSelector(IExchangeErrors.WrongPayment.selector, 1 ether, 1.01 ether));
        exchange.buy{value: 1.01 ether}(o, sig, 1);
        vm.stopPrank();
    }

    function test_buy_revertsWhenTheItemIsNoLongerOwned_evenAfterItComesBack() public {
        Order memory o = _single(1, 1 ether);
        bytes memory sig = _signOrder(SELLER_KEY, o);
        vm.prank(seller);
        collection.transferFrom(seller, stranger, 1);
        vm.prank(buyer);
        vm.expectRevert(_unavailable(1));
        exchange.buy{value: 1 ether}(o, sig, 1);
        // The token comes back: the stale listing stays dead.
        vm.prank(stranger);
        collection.transferFrom(stranger, seller, 1);
        vm.prank(buyer);
        vm.expectRevert(_unavailable(1));
        exchange.buy{value: 1 ether}(o, sig, 1);
    }

    function test_buy_revertsWhenTheExchangeIsNoLongerApproved() public {
        Order memory o = _single(1, 1 ether);
        bytes memory sig = _signOrder(SELLER_KEY, o);
        vm.prank(seller);
        collection.setApprovalForAll(address(exchange), false); // revoking voids the order
        vm.prank(buyer);
        vm.expectRevert(_unavailable(1));
        exchange.buy{value: 1 ether}(o, sig, 1);
    }

    function test_buy_worksWithATokenApprovalInsteadOfAnOperator() public {
        vm.startPrank(seller);
        collection.setApprovalForAll(address(exchange), false);
        collection.approve(address(exchange), 1);
        vm.stopPrank();
        Order memory o = _single(1, 1 ether); // signed after the revocation, which voided older ones
        _buy(buyer, o, 1, 1 ether);
        assertEq(collection.ownerOf(1), buyer);
        assertEq(collection.getApproved(1), address(0), "approval cleared by the transfer");
    }

    function test_buy_revertsOnAnAuctionOrder() public {
        Order memory o = _auction(1, 1 ether);
        bytes memory sig = _signOrder(SELLER_KEY, o);
        vm.prank(buyer);
        vm.expectRevert(IExchangeErrors.OrderIsNotFixedPrice.selector);
        exchange.buy{value: 1 ether}(o, sig, 1);
    }

    function test_buy_revertsForTheSeller() public {
        Order memory o = _single(1, 1 ether);
        bytes memory sig = _signOrder(SELLER_KEY, o);
        vm.deal(seller, 10 ether);
        vm.prank(seller);
        vm.expectRevert(IExchangeErrors.SellerCannotBuy.selector);
        exchange.buy{value: 1 ether}(o, sig, 1);
    }

    function test_buy_revertsOnABadItemSelection() public {
        Order memory b = _bundle(1, 3, 1 ether, 0, 0);
        bytes memory sig = _signOrder(SELLER_KEY, b);
        vm.startPrank(buyer);
        vm.expectRevert(IExchangeErrors.InvalidItemSelection.selector);
        exchange.buy{value: 0}(b, sig, 0); // nothing chosen
        vm.expectRevert(IExchangeErrors.InvalidItemSelection.selector);
        exchange.buy{value: 1 ether}(b, sig, 0x8); // item 3 does not exist
        Order memory s = _single(5, 1 ether);
        sig = _signOrder(SELLER_KEY, s);
        vm.expectRevert(IExchangeErrors.InvalidItemSelection.selector);
        exchange.buy{value: 1 ether}(s, sig, 0x2);
        vm.stopPrank();
    }

    function test_buy_revertsOnMalformedOrders() public {
        // More nonces than ids.
        Order memory o = _single(1, 1 ether);
        o.tokenNonces = new uint256[](2);
        _expectInvalidOrder(o, 1, 1 ether);
        // No item.
        o = _single(1, 1 ether);
        o.tokenIds = new uint256[](0);
        o.tokenNonces = new uint256[](0);
        _expectInvalidOrder(o, 1, 1 ether);
        // SINGLE with two items.
        o = _order(_ids(1, 2), FIXED_PRICE, SINGLE, 1 ether);
        _expectInvalidOrder(o, 1, 1 ether);
        // Bundle discount above 100%.
        o = _bundle(1, 2, 1 ether, 10_001, 1);
        _expectInvalidOrder(o, 1, 0);
        // Unknown items kind.
        o = _order(_ids(1, 1), FIXED_PRICE, 7, 1 ether);
        _expectInvalidOrder(o, 1, 1 ether);
        // More than 256 items.
        o = _order(_ids(1, 1), FIXED_PRICE, BUNDLE, 1 ether);
        o.tokenIds = new uint256[](257);
        o.tokenNonces = new uint256[](257);
        _expectInvalidOrder(o, 1, 1 ether);
    }

    function _expectInvalidOrder(Order memory o, uint256 mask, uint256 value) internal {
        bytes memory sig = _signOrder(SELLER_KEY, o);
        vm.prank(buyer);
        vm.expectRevert(IExchangeErrors.InvalidOrder.selector);
        exchange.buy{value: value}(o, sig, mask);
    }

    function test_buy_payTheFeeWhenSet() public {
        address treasury = address(0x7EA5);
        vm.prank(owner);
        exchange.setFee(250, treasury);
        Order memory o = _single(1, 2 ether);
        uint256 sellerBefore = seller.balance;
        _buy(buyer, o, 1, 2 ether);
        assertEq(treasury.balance, 0.05 ether);
        assertEq(seller.balance - sellerBefore, 1.95 ether);
        assertEq(address(exchange).balance, 0);
    }

    function test_buy_revertsWhenTheSellerRefusesPayment() public {
        RefusingWallet wallet = new RefusingWallet();
        address w = address(wallet);
        bytes32 partnerRole = factory.PARTNER_ROLE();
        vm.prank(owner);
        factory.grantRole(partnerRole, w);
        vm.startPrank(w);
        MarketplaceCollection c = MarketplaceCollection(factory.createCollection("W", "W", ""));
        c.mint(w, "ipfs://w");
        c.setApprovalForAll(address(exchange), true);
        vm.stopPrank();
        Order memory o = _single(1, 1 ether);
        o.maker = w;
        o.collection = address(c);
        o.tokenNonces = _noncesOf(c, o.tokenIds);
        vm.prank(buyer);
        vm.expectRevert(IExchangeErrors.PaymentFailed.selector);
        exchange.buy{value: 1 ether}(o, "", 1); // ERC-1271: the wallet accepts any signature
    }

    function test_buy_contractMakerSignsWithErc1271() public {
        RefusingWallet wallet = new RefusingWallet();
        wallet.setAcceptsPayments(true);
        address w = address(wallet);
        bytes32 partnerRole = factory.PARTNER_ROLE();
        vm.prank(owner);
        factory.grantRole(partnerRole, w);
        vm.startPrank(w);
        MarketplaceCollection c = MarketplaceCollection(factory.createCollection("W", "W", ""));
        c.mint(w, "ipfs://w");
        c.setApprovalForAll(address(exchange), true);
        vm.stopPrank();
        Order memory o = _single(1, 1 ether);
        o.maker = w;
        o.collection = address(c);
        o.tokenNonces = _noncesOf(c, o.tokenIds);
        vm.prank(buyer);
        exchange.buy{value: 1 ether}(o, "", 1);
        assertEq(c.ownerOf(1), buyer);
        assertEq(w.balance, 1 ether);
        // A wallet that rejects the signature cannot be impersonated.
        wallet.setAcceptsSignatures(false);
        vm.prank(w);
        c.mint(w, "ipfs://w2");
        Order memory o2 = _single(2, 1 ether);
        o2.maker = w;
        o2.collection = address(c);
        o2.tokenNonces = _noncesOf(c, o2.tokenIds);
        vm.prank(buyer);
        vm.expectRevert(IExchangeErrors.InvalidMakerSignature.selector);
        exchange.buy{value: 1 ether}(o2, "", 1);
    }

    /*//////////////////////////////////////////////////////////////
                                 CLAIM
    //////////////////////////////////////////////////////////////*/

    function _claimSetup(uint256 reserve, uint256 amount) internal returns (Order memory o, bytes memory orderSig) {
        o = _auction(1, reserve);
        orderSig = _signOrder(SELLER_KEY, o);
        _fundBidder(bidder, amount);
        vm.warp(CLAIM_OPEN);
    }

    function test_claim_byTheWinner() public {
        (Order memory o, bytes memory orderSig) = _claimSetup(1 ether, 2 ether);
        bytes memory att = _signSettlement(o, bidder, 2 ether);
        vm.expectEmit(true, true, true, true, address(exchange));
        emit OrderFilled(_structHash(o), seller, bidder, address(collection), 1, 2 ether, 0);
        vm.prank(bidder);
        exchange.claim(o, orderSig, bidder, 2 ether, "", DEADLINE, att);
        assertEq(collection.ownerOf(1), bidder);
        assertEq(wvbc.balanceOf(seller), 2 ether);
        assertEq(wvbc.balanceOf(bidder), 0);
        assertEq(wvbc.balanceOf(address(exchange)), 0);
    }

    function test_claim_byTheSeller() public {
        (Order memory o,) = _claimSetup(1 ether, 2 ether);
        bytes memory bidSig = _signBid(BIDDER_KEY, o, 2 ether);
        bytes memory att = _signSettlement(o, bidder, 2 ether);
        vm.prank(seller);
        exchange.claim(o, "", bidder, 2 ether, bidSig, DEADLINE, att);
        assertEq(collection.ownerOf(1), bidder);
        assertEq(wvbc.balanceOf(seller), 2 ether);
    }

    function test_claim_aSetAuctionMovesEveryItem() public {
        Order memory o = _order(_ids(1, 3), AUCTION, SET, 1 ether);
        bytes memory orderSig = _signOrder(SELLER_KEY, o);
        _fundBidder(bidder, 1 ether);
        vm.warp(CLAIM_OPEN + 1);
        bytes memory att = _signSettlement(o, bidder, 1 ether);
        vm.prank(bidder);
        exchange.claim(o, orderSig, bidder, 1 ether, "", DEADLINE, att);
        for (uint256 id = 1; id <= 3; ++id) {
            assertEq(collection.ownerOf(id), bidder);
        }
    }

    function test_claim_revertsBeforeTheEnd() public {
        (Order memory o, bytes memory orderSig) = _claimSetup(1 ether, 2 ether);
        vm.warp(CLAIM_OPEN - 1);
        bytes memory att = _signSettlement(o, bidder, 2 ether);
        vm.prank(bidder);
        vm.expectRevert(IExchangeErrors.AuctionNotEnded.selector);
        exchange.claim(o, orderSig, bidder, 2 ether, "", DEADLINE, att);
    }

    function test_claim_revertsForAStranger() public {
        (Order memory o, bytes memory orderSig) = _claimSetup(1 ether, 2 ether);
        bytes memory bidSig = _signBid(BIDDER_KEY, o, 2 ether);
        bytes memory att = _signSettlement(o, bidder, 2 ether);
        vm.prank(stranger);
        vm.expectRevert(IExchangeErrors.CallerIsNotWinnerOrSeller.selector);
        exchange.claim(o, orderSig, bidder, 2 ether, bidSig, DEADLINE, att);
    }

    function test_claim_aLowerBidderCannotClaim() public {
        (Order memory o, bytes memory orderSig) = _claimSetup(1 ether, 2 ether);
        _fundBidder(otherBidder, 1.5 ether);
        // The settlement key attested `bidder` (2 ETH) as the winner.
        bytes memory att = _signSettlement(o, bidder, 2 ether);
        vm.startPrank(otherBidder);
        vm.expectRevert(IExchangeErrors.InvalidSettlementSignature.selector);
        exchange.claim(o, orderSig, otherBidder, 1.5 ether, "", DEADLINE, att);
        // Claiming the winner's bid is refused too: the caller is not the winner.
        vm.expectRevert(IExchangeErrors.CallerIsNotWinnerOrSeller.selector);
        exchange.claim(o, orderSig, bidder, 2 ether, "", DEADLINE, att);
        vm.stopPrank();
    }

    function test_claim_revertsOnABidBelowTheReserve() public {
        (Order memory o, bytes memory orderSig) = _claimSetup(1 ether, 2 ether);
        bytes memory att = _signSettlement(o, bidder, 0.5 ether);
        vm.prank(bidder);
        vm.expectRevert(IExchangeErrors.BidBelowReserve.selector);
        exchange.claim(o, orderSig, bidder, 0.5 ether, "", DEADLINE, att);
    }

    function test_claim_revertsOnAFixedPriceOrder() public {
        Order memory o = _single(1, 1 ether);
        bytes memory orderSig = _signOrder(SELLER_KEY, o);
        _fundBidder(bidder, 1 ether);
        vm.warp(CLAIM_OPEN);
        bytes memory att = _signSettlement(o, bidder, 1 ether);
        vm.prank(bidder);
        vm.expectRevert(IExchangeErrors.OrderIsNotAnAuction.selector);
        exchange.claim(o, orderSig, bidder, 1 ether, "", DEADLINE, att);
    }

    function test_claim_revertsWithoutAValidAttestation() public {
        (Order memory o, bytes memory orderSig) = _claimSetup(1 ether, 2 ether);
        vm.startPrank(bidder);
        vm.expectRevert(IExchangeErrors.InvalidSettlementSignature.selector);
        exchange.claim(o, orderSig, bidder, 2 ether, "", DEADLINE, "");
        // Signed by another key.
        bytes memory forged =
            _sign(STRANGER_KEY, _digest(_settlementHash(_structHash(o), bidder, 2 ether, DEADLINE, 0)));
        vm.expectRevert(IExchangeErrors.InvalidSettlementSignature.selector);
        exchange.claim(o, orderSig, bidder, 2 ether, "", DEADLINE, forged);
        // Attests another amount.
        bytes memory other = _signSettlement(o, bidder, 3 ether);
        vm.expectRevert(IExchangeErrors.InvalidSettlementSignature.selector);
        exchange.claim(o, orderSig, bidder, 2 ether, "", DEADLINE, other);
        // A bid signature is not a settlement (distinct type hash).
        bytes memory bidSig = _signBid(BIDDER_KEY, o, 2 ether);
        vm.expectRevert(IExchangeErrors.InvalidSettlementSignature.selector);
        exchange.claim(o, orderSig, bidder, 2 ether, "", DEADLINE, bidSig);
        vm.stopPrank();
    }

    function test_claim_revertsWhenNoSettlementSignerIsSet() public {
        (Order memory o, bytes memory orderSig) = _claimSetup(1 ether, 2 ether);
        vm.prank(owner);
        exchange.setSettlementSigner(address(0));
        vm.prank(bidder);
        vm.expectRevert(IExchangeErrors.InvalidSettlementSignature.selector);
        exchange.claim(o, orderSig, bidder, 2 ether, "", DEADLINE, hex"00");
    }

    function test_claim_theSellerNeedsTheBiddersSignature() public {
        (Order memory o,) = _claimSetup(1 ether, 2 ether);
        bytes memory att = _signSettlement(o, bidder, 2 ether);
        vm.startPrank(seller);
        vm.expectRevert(IExchangeErrors.InvalidBidderSignature.selector);
        exchange.claim(o, "", bidder, 2 ether, "", DEADLINE, att);
        bytes memory wrongBid = _signBid(BIDDER_KEY, o, 1.5 ether);
        vm.expectRevert(IExchangeErrors.InvalidBidderSignature.selector);
        exchange.claim(o, "", bidder, 2 ether, wrongBid, DEADLINE, att);
        vm.stopPrank();
    }

    function test_claim_theWinnerNeedsTheMakersSignature() public {
        (Order memory o,) = _claimSetup(1 ether, 2 ether);
        bytes memory att = _signSettlement(o, bidder, 2 ether);
        vm.prank(bidder);
        vm.expectRevert(IExchangeErrors.InvalidMakerSignature.selector);
        exchange.claim(o, "", bidder, 2 ether, "", DEADLINE, att);
    }

    function test_claim_revertsWhenClaimedTwice() public {
        (Order memory o, bytes memory orderSig) = _claimSetup(1 ether, 4 ether);
        bytes memory att = _signSettlement(o, bidder, 2 ether);
        vm.startPrank(bidder);
        exchange.claim(o, orderSig, bidder, 2 ether, "", DEADLINE, att);
        vm.expectRevert(_unavailable(1));
        exchange.claim(o, orderSig, bidder, 2 ether, "", DEADLINE, att);
        vm.stopPrank();
        assertEq(wvbc.balanceOf(bidder), 2 ether, "paid once");
    }

    function test_claim_revertsWhenRevokedOrCounterBumped() public {
        (Order memory o, bytes memory orderSig) = _claimSetup(1 ether, 2 ether);
        bytes memory att = _signSettlement(o, bidder, 2 ether);
        vm.prank(seller);
        exchange.incrementCounter();
        vm.prank(bidder);
        vm.expectRevert(IExchangeErrors.OrderCounterIsOutdated.selector);
        exchange.claim(o, orderSig, bidder, 2 ether, "", DEADLINE, att);

        Order memory o2 = _auction(2, 1 ether);
        bytes memory sig2 = _signOrder(SELLER_KEY, o2);
        vm.warp(END - 1); // before its end the seller can still take it off sale
        vm.prank(seller);
        exchange.cancel(o2);
        vm.warp(CLAIM_OPEN);
        bytes memory att2 = _signSettlement(o2, bidder, 2 ether);
        vm.prank(bidder);
        vm.expectRevert(_unavailable(2));
        exchange.claim(o2, sig2, bidder, 2 ether, "", DEADLINE, att2);
    }

    function test_claim_revertsOnABundleAuction() public {
        Order memory o = _order(_ids(1, 2), AUCTION, BUNDLE, 1 ether);
        bytes memory orderSig = _signOrder(SELLER_KEY, o);
        _fundBidder(bidder, 1 ether);
        vm.warp(CLAIM_OPEN);
        bytes memory att = _signSettlement(o, bidder, 1 ether);
        vm.prank(bidder);
        vm.expectRevert(IExchangeErrors.InvalidOrder.selector);
        exchange.claim(o, orderSig, bidder, 1 ether, "", DEADLINE, att);
    }

    function test_claim_revertsWhenTheSellerIsTheBidder() public {
        Order memory o = _auction(1, 1 ether);
        vm.warp(CLAIM_OPEN);
        bytes memory att = _signSettlement(o, seller, 1 ether);
        vm.prank(seller);
        vm.expectRevert(IExchangeErrors.SellerCannotBuy.selector);
        exchange.claim(o, "", seller, 1 ether, "", DEADLINE, att);
    }

    function test_claim_revertsWhenTheBidderCannotPay() public {
        (Order memory o, bytes memory orderSig) = _claimSetup(1 ether, 2 ether);
        bytes memory att = _signSettlement(o, bidder, 2 ether);
        // The bidder unwrapped part of the WVBC behind the bid.
        vm.prank(bidder);
        wvbc.withdraw(1 ether);
        vm.prank(bidder);
        vm.expectRevert(TRANSFER_FROM_FAILED);
        exchange.claim(o, orderSig, bidder, 2 ether, "", DEADLINE, att);
        // Or removed the allowance.
        vm.startPrank(bidder);
        wvbc.deposit{value: 1 ether}();
        wvbc.approve(address(exchange), 0);
        vm.expectRevert(TRANSFER_FROM_FAILED);
        exchange.claim(o, orderSig, bidder, 2 ether, "", DEADLINE, att);
        vm.stopPrank();
        assertEq(collection.ownerOf(1), seller, "nothing moved");
    }

    function test_claim_paysTheFeeWhenSet() public {
        address treasury = address(0x7EA5);
        vm.prank(owner);
        exchange.setFee(1_000, treasury);
        (Order memory o, bytes memory orderSig) = _claimSetup(1 ether, 2 ether);
        bytes memory att = _signSettlement(o, bidder, 2 ether);
        vm.prank(bidder);
        exchange.claim(o, orderSig, bidder, 2 ether, "", DEADLINE, att);
        assertEq(wvbc.balanceOf(treasury), 0.2 ether);
        assertEq(wvbc.balanceOf(seller), 1.8 ether);
    }

    /*//////////////////////////////////////////////////////////////
                           CANCEL AND COUNTER
    //////////////////////////////////////////////////////////////*/

    function test_cancel_revokesTheOrderAndEveryOtherOrderOnItsItems() public {
        Order memory o = _single(1, 1 ether);
        Order memory b = _bundle(1, 3, 1 ether, 0, 0);
        vm.expectEmit(true, true, true, true, address(collection));
        emit MarketplaceCollection.TokenNonceBumped(1, 2);
        vm.expectEmit(true, true, true, true, address(exchange));
        emit OrderCancelled(_structHash(o), seller);
        vm.prank(seller);
        exchange.cancel(o);
        assertEq(collection.tokenNonce(1), 2);
        assertEq(collection.ownerOf(1), seller, "the token does not move");
        // The bundle's item 1 is void, its other items are still for sale.
        bytes memory sig = _signOrder(SELLER_KEY, b);
        vm.startPrank(buyer);
        vm.expectRevert(_unavailable(1));
        exchange.buy{value: 1 ether}(b, sig, 0x1);
        exchange.buy{value: 2 ether}(b, sig, 0x6);
        vm.stopPrank();
        assertEq(collection.ownerOf(3), buyer);
    }

    function test_cancel_onlyByTheMaker() public {
        Order memory o = _single(1, 1 ether);
        vm.prank(stranger);
        vm.expectRevert(IExchangeErrors.CallerIsNotMaker.selector);
        exchange.cancel(o);
    }

    function test_cancel_skipsItemsThatAlreadyMoved() public {
        Order memory b = _bundle(1, 3, 1 ether, 0, 0);
        _buy(buyer, b, 0x1, 1 ether);
        vm.prank(seller);
        exchange.cancel(b);
        assertEq(collection.tokenNonce(1), 2, "sold item: one transfer, no bump");
        assertEq(collection.tokenNonce(2), 2);
        assertEq(collection.tokenNonce(3), 2);
    }

    function test_cancel_worksWhenTheExchangeIsNotApproved() public {
        Order memory o = _single(1, 1 ether);
        vm.startPrank(seller);
        collection.setApprovalForAll(address(exchange), false); // already voided the order
        exchange.cancel(o); // does not revert; nothing left to revoke
        vm.stopPrank();
        assertEq(collection.tokenNonce(1), 2);
    }

    function test_cancel_revertsOnMismatchedNonces() public {
        Order memory o = _single(1, 1 ether);
        o.tokenNonces = new uint256[](0);
        vm.prank(seller);
        vm.expectRevert(IExchangeErrors.InvalidOrder.selector);
        exchange.cancel(o);
    }

    function test_incrementCounter_voidsOlderOrdersOnly() public {
        Order memory old = _single(1, 1 ether);
        bytes memory oldSig = _signOrder(SELLER_KEY, old);
        vm.recordLogs();
        vm.prank(seller);
        uint256 newCounter = exchange.incrementCounter();
        Vm.Log[] memory logs = vm.getRecordedLogs();
        assertEq(logs.length, 1);
        assertEq(logs[0].topics[0], CounterIncremented.selector);
        assertEq(logs[0].topics[1], bytes32(uint256(uint160(seller))));
        assertEq(abi.decode(logs[0].data, (uint256)), newCounter);
        assertEq(exchange.counters(seller), newCounter);
        vm.prank(buyer);
        vm.expectRevert(IExchangeErrors.OrderCounterIsOutdated.selector);
        exchange.buy{value: 1 ether}(old, oldSig, 1);
        Order memory fresh = _single(1, 1 ether); // signed with the new counter
        _buy(buyer, fresh, 1, 1 ether);
        assertEq(collection.ownerOf(1), buyer);
    }

    /// An order pre-signed for "the next counter" stays void when the maker presses "cancel all":
    /// the counter jumps by a quasi-random amount in [1, 2^128], different at each bump.
    function test_incrementCounter_jumpsUnpredictablySoAFutureCounterOrderNeverActivates() public {
        Order memory phish = _single(1, 0.01 ether);
        phish.counter = exchange.counters(seller) + 1; // "not valid anyway"
        bytes memory sig = _signOrder(SELLER_KEY, phish);
        uint256 previous = exchange.counters(seller);
        for (uint256 i; i < 3; ++i) {
            vm.roll(block.number + 1);
            vm.prank(seller);
            uint256 next = exchange.incrementCounter();
            assertTrue(next > previous + 1, "jumps past the next value");
            assertTrue(next - previous <= 2 ** 128, "bounded");
            previous = next;
            vm.prank(stranger);
            vm.expectRevert(IExchangeErrors.OrderCounterIsOutdated.selector);
            exchange.buy{value: 0.01 ether}(phish, sig, 1);
        }
        assertEq(collection.ownerOf(1), seller);
    }

    /// A contract that only looks like a collection cannot be an order's collection: the buyer
    /// would pay and receive nothing. The same call with a real collection fills.
    function test_buy_claim_cancel_revertForACollectionThatIsNotOurs() public {
        FakeCollection fake = new FakeCollection();
        Order memory o = _single(1, 5 ether);
        o.maker = stranger;
        o.collection = address(fake);
        o.tokenNonces[0] = 1;
        bytes memory sig = _signOrder(STRANGER_KEY, o);
        bytes memory notOurs =
            abi.encodeWithSelector(IExchangeErrors.CollectionIsNotAMarketplaceCollection.selector, address(fake));
        uint256 before = buyer.balance;
        vm.prank(buyer);
        vm.expectRevert(notOurs);
        exchange.buy{value: 5 ether}(o, sig, 1);
        assertEq(buyer.balance, before, "nothing paid");
        assertFalse(factory.isCollection(address(fake)));

        Order memory a = _auction(1, 1 ether);
        a.maker = stranger;
        a.collection = address(fake);
        a.tokenNonces[0] = 1;
        _fundBidder(bidder, 1 ether);
        vm.warp(CLAIM_OPEN);
        bytes memory att = _signSettlement(a, bidder, 1 ether);
        bytes memory aSig = _signOrder(STRANGER_KEY, a);
        vm.prank(bidder);
        vm.expectRevert(notOurs);
        exchange.claim(a, aSig, bidder, 1 ether, "", DEADLINE, att);
        assertEq(wvbc.balanceOf(bidder), 1 ether, "no WVBC pulled");

        vm.prank(stranger);
        vm.expectRevert(notOurs);
        exchange.cancel(o);
    }

    /// `cancel` by a maker who holds none of the order's items (here a stranger naming the
    /// seller's token) revokes nothing, so it emits nothing: the indexer records no REVOKE.
    function test_cancel_emitsNothingWhenNothingWasRevoked() public {
        Order memory o = _single(1, 1 ether);
        o.maker = stranger;
        vm.recordLogs();
        vm.prank(stranger);
        exchange.cancel(o);
        assertEq(vm.getRecordedLogs().length, 0, "no OrderCancelled");
        assertEq(collection.tokenNonce(1), 1, "nothing revoked");
        // Cancelling a sold-out order again: also silent.
        Order memory mine = _single(2, 1 ether);
        vm.prank(seller);
        exchange.cancel(mine);
        vm.recordLogs();
        vm.prank(seller);
        exchange.cancel(mine);
        assertEq(vm.getRecordedLogs().length, 0, "second cancel is silent");
    }

    /*//////////////////////////////////////////////////////////////
                              ADMIN AND VIEWS
    //////////////////////////////////////////////////////////////*/

    function test_setFee_ownerOnlyAndCapped() public {
        vm.prank(stranger);
        vm.expectRevert(UNAUTHORIZED);
        exchange.setFee(100, stranger);
        vm.startPrank(owner);
        vm.expectRevert(IExchangeErrors.InvalidFee.selector);
        exchange.setFee(1_001, owner);
        vm.expectRevert(IExchangeErrors.InvalidFee.selector);
        exchange.setFee(100, address(0));
        vm.expectEmit(true, true, true, true, address(exchange));
        emit FeeUpdated(1_000, owner);
        exchange.setFee(1_000, owner);
        assertEq(exchange.feeBps(), 1_000);
        assertEq(exchange.feeRecipient(), owner);
        exchange.setFee(0, address(0));
        assertEq(exchange.feeBps(), 0);
        vm.stopPrank();
        assertEq(exchange.MAX_FEE_BPS(), 1_000);
    }

    function test_ownership_canBeTransferred() public {
        vm.prank(stranger);
        vm.expectRevert(UNAUTHORIZED);
        exchange.transferOwnership(stranger);
        vm.prank(owner);
        exchange.transferOwnership(buyer);
        assertEq(exchange.owner(), buyer);
        vm.prank(owner);
        vm.expectRevert(UNAUTHORIZED);
        exchange.setFee(1, owner);
        vm.prank(buyer);
        exchange.setFee(1, buyer);
        assertEq(exchange.feeBps(), 1);
    }

    function test_setSettlementSigner_ownerOnly() public {
        vm.prank(stranger);
        vm.expectRevert(UNAUTHORIZED);
        exchange.setSettlementSigner(stranger);
        vm.expectEmit(true, true, true, true, address(exchange));
        emit SettlementSignerUpdated(stranger);
        vm.prank(owner);
        exchange.setSettlementSigner(stranger);
        assertEq(exchange.settlementSigner(), stranger);
    }

    function test_views_matchAnIndependentEip712Encoding() public view {
        Order memory o = _bundle(3, 4, 0.25 ether, 500, 2);
        assertEq(exchange.hashOrder(o), _structHash(o));
        assertEq(exchange.orderDigest(o), _digest(_structHash(o)));
        assertEq(exchange.domainSeparator(), _domainSeparator());
        assertEq(
            exchange.ORDER_TYPEHASH(),
            keccak256(
                "Order(address maker,address collection,uint256[] tokenIds,uint256[] tokenNonces,uint8 saleKind,uint8 itemsKind,uint256 price,uint256 discountBps,uint256 minCountForDiscount,uint256 startTime,uint256 endTime,uint256 salt,uint256 counter,uint256 maxFeeBps)"
            )
        );
        assertEq(
            exchange.BID_TYPEHASH(),
            keccak256(
                "Bid(Order order,address bidder,uint256 amount)Order(address maker,address collection,uint256[] tokenIds,uint256[] tokenNonces,uint8 saleKind,uint8 itemsKind,uint256 price,uint256 discountBps,uint256 minCountForDiscount,uint256 startTime,uint256 endTime,uint256 salt,uint256 counter,uint256 maxFeeBps)"
            )
        );
        assertEq(
            exchange.SETTLEMENT_TYPEHASH(),
            keccak256("Settlement(bytes32 orderHash,address bidder,uint256 amount,uint256 deadline,uint256 epoch)")
        );
        (, string memory name, string memory version, uint256 chainId, address verifying,,) = exchange.eip712Domain();
        assertEq(name, "VBChain Marketplace");
        assertEq(version, "1");
        assertEq(chainId, block.chainid);
        assertEq(verifying, address(exchange));
        assertEq(exchange.wvbc(), address(wvbc));
        assertEq(exchange.owner(), owner);
    }

    function test_quote_singleAndSetIgnoreDiscounts() public view {
        Order memory s = _order(_ids(1, 3), FIXED_PRICE, SET, 3 ether);
        s.discountBps = 5_000;
        s.minCountForDiscount = 1;
        (uint256 count, uint256 total) = exchange.quote(s, 7);
        assertEq(count, 3);
        assertEq(total, 3 ether);
    }

    function test_exchangeRejectsPlainValue() public {
        vm.prank(buyer);
        (bool ok,) = address(exchange).call{value: 1 ether}("");
        assertFalse(ok);
    }
}

/// @notice A contract wallet (ERC-1271) that can refuse incoming VBC.
contract RefusingWallet {
    bool public acceptsPayments;
    bool public acceptsSignatures = true;

    function setAcceptsPayments(bool v) external {
        acceptsPayments = v;
    }

    function setAcceptsSignatures(bool v) external {
        acceptsSignatures = v;
    }

    function isValidSignature(bytes32, bytes calldata) external view returns (bytes4) {
        return acceptsSignatures ? bytes4(0x1626ba7e) : bytes4(0xffffffff);
    }

    receive() external payable {
        require(acceptsPayments, "no payments");
    }
}
