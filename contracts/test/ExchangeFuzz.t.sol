// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {Fixture} from "./utils/Fixture.sol";
import {IExchangeErrors} from "../src/interfaces/IExchange.sol";
import {Order, FIXED_PRICE, AUCTION, SINGLE, SET, BUNDLE} from "../src/lib/OrderTypes.sol";

/// @notice Fuzz tests over prices, discounts, item counts, fees and bids.
contract ExchangeFuzzTest is Fixture {
    function _popCount(uint256 x) internal pure returns (uint256 c) {
        for (; x != 0; x >>= 1) {
            c += x & 1;
        }
    }

    function testFuzz_bundle_chargesPerItemWithTheDiscountFromTheMinimum(
        uint256 n,
        uint256 mask,
        uint256 perItem,
        uint256 discountBps,
        uint256 minCount
    ) public {
        n = bound(n, 1, 12);
        mask = bound(mask, 1, (1 << n) - 1);
        perItem = bound(perItem, 0, 50 ether);
        discountBps = bound(discountBps, 0, 10_000);
        minCount = bound(minCount, 0, n + 1);
        Order memory o = _bundle(1, n, perItem, discountBps, minCount);
        uint256 count = _popCount(mask);
        uint256 expected = perItem * count;
        if (minCount != 0 && count >= minCount) expected -= expected * discountBps / 10_000;
        (uint256 qCount, uint256 qTotal) = exchange.quote(o, mask);
        assertEq(qCount, count);
        assertEq(qTotal, expected);
        _buyAndCheck(o, n, mask, expected);
    }

    /// The buyer pays `expected` for the chosen items: each goes to it, the rest stays.
    function _buyAndCheck(Order memory o, uint256 n, uint256 mask, uint256 expected) internal {
        bytes memory sig = _signOrder(SELLER_KEY, o);
        uint256 sellerBefore = seller.balance;
        vm.prank(buyer);
        exchange.buy{value: expected}(o, sig, mask);
        assertEq(seller.balance - sellerBefore, expected);
        for (uint256 i; i < n; ++i) {
            assertEq(collection.ownerOf(i + 1), (mask >> i) & 1 == 1 ? buyer : seller);
        }
        assertEq(address(exchange).balance, 0);
    }

    function testFuzz_anyOtherPaymentIsRefused(uint256 price, uint256 sent) public {
        price = bound(price, 0, 100 ether);
        sent = bound(sent, 0, 200 ether);
        vm.assume(sent != price);
        Order memory o = _single(1, price);
        bytes memory sig = _signOrder(SELLER_KEY, o);
        vm.prank(buyer);
        vm.expectRevert(abi.encodeWithSelector(IExchangeErrors.WrongPayment.selector, price, sent));
        exchange.buy{value: sent}(o, sig, 1);
    }

    function testFuzz_fee_splitsTheExactPayment(uint256 price, uint256 bps) public {
        price = bound(price, 0, 500 ether);
        bps = bound(bps, 0, 1_000);
        address treasury = address(0x7EA5);
        vm.prank(owner);
        exchange.setFee(uint16(bps), treasury);
        Order memory o = _order(_ids(1, 2), FIXED_PRICE, SET, price);
        bytes memory sig = _signOrder(SELLER_KEY, o);
        uint256 sellerBefore = seller.balance;
        vm.deal(buyer, price);
        vm.prank(buyer);
        exchange.buy{value: price}(o, sig, 3);
        assertEq(treasury.balance, price * bps / 10_000);
        assertEq(seller.balance - sellerBefore + treasury.balance, price);
        assertEq(address(exchange).balance, 0);
    }

    function testFuzz_claim_reserveAndAmount(uint256 reserve, uint256 amount) public {
        reserve = bound(reserve, 0, 100 ether);
        amount = bound(amount, 0, 200 ether);
        Order memory o = _auction(1, reserve);
        bytes memory orderSig = _signOrder(SELLER_KEY, o);
        _fundBidder(bidder, amount);
        vm.warp(CLAIM_OPEN);
        bytes memory att = _signSettlement(o, bidder, amount);
        vm.prank(bidder);
        if (amount < reserve) vm.expectRevert(IExchangeErrors.BidBelowReserve.selector);
        exchange.claim(o, orderSig, bidder, amount, "", DEADLINE, att);
        if (amount >= reserve) {
            assertEq(collection.ownerOf(1), bidder);
            assertEq(wvbc.balanceOf(seller), amount);
        }
        assertEq(wvbc.balanceOf(address(exchange)), 0);
    }

    function testFuzz_claim_onlyTheWinnerOrTheSeller(address caller) public {
        vm.assume(caller != bidder && caller != seller);
        Order memory o = _auction(1, 1 ether);
        bytes memory orderSig = _signOrder(SELLER_KEY, o);
        bytes memory bidSig = _signBid(BIDDER_KEY, o, 1 ether);
        _fundBidder(bidder, 1 ether);
        vm.warp(CLAIM_OPEN);
        bytes memory att = _signSettlement(o, bidder, 1 ether);
        vm.prank(caller);
        vm.expectRevert(IExchangeErrors.CallerIsNotWinnerOrSeller.selector);
        exchange.claim(o, orderSig, bidder, 1 ether, bidSig, DEADLINE, att);
    }

    /// f: price, discountBps, minCountForDiscount, startTime, endTime, salt, counter, maxFeeBps
    /// (one array: nine parameters run out of stack in the unoptimized coverage build).
    function testFuzz_hashOrder_matchesEip712(uint256[8] memory f, uint256 n, bool auction) public view {
        n = bound(n, 0, 20);
        Order memory o = _order(_ids(1, n > 12 ? 12 : n), auction ? AUCTION : FIXED_PRICE, uint8(n % 3), f[0]);
        (o.discountBps, o.minCountForDiscount, o.startTime, o.endTime) = (f[1], f[2], f[3], f[4]);
        (o.salt, o.counter, o.maxFeeBps) = (f[5], f[6], f[7]);
        assertEq(exchange.hashOrder(o), _structHash(o));
        assertEq(exchange.orderDigest(o), _digest(_structHash(o)));
    }
}
