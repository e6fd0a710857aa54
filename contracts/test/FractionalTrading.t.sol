// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {FractionalFixture} from "./utils/FractionalFixture.sol";
import {IFractionalVaultErrors, ShareOrder} from "../src/interfaces/IFractional.sol";

/// @notice Share listings: signed by a holder, taken whole or in parts, paid in the native coin.
contract FractionalTradingTest is FractionalFixture {
    event ShareOrderFilled(
        bytes32 indexed orderHash,
        address indexed maker,
        address indexed taker,
        uint256 shares,
        uint256 amount,
        uint256 fee
    );
    event ShareOrderCancelled(bytes32 indexed orderHash, address indexed maker);

    ShareOrder internal order;
    bytes internal sig;

    function setUp() public override {
        super.setUp();
        _buy(buyer, 100);
        order = _listing(buyer, 50, 0.2 ether);
        sig = _sign(BUYER_KEY, order);
    }

    function _take(address who, uint256 shares, uint256 value) internal {
        vm.prank(who);
        vault.take{value: value}(order, sig, shares);
    }

    function test_take_partThenTheRest() public {
        uint256 before = buyer.balance;
        bytes32 h = vault.hashShareOrder(order);
        vm.expectEmit(true, true, true, true, address(vault));
        emit ShareOrderFilled(h, buyer, stranger, 20, 4 ether, 0);
        _take(stranger, 20, 4 ether);
        assertEq(vault.balanceOf(stranger), 20);
        assertEq(vault.balanceOf(buyer), 80);
        assertEq(buyer.balance - before, 4 ether);
        assertEq(vault.filled(h), 20);
        assertEq(vault.sharesLeft(order), 30);
        _take(bidder, 30, 6 ether);
        assertEq(vault.sharesLeft(order), 0);
        vm.prank(stranger);
        vm.expectRevert(abi.encodeWithSelector(IFractionalVaultErrors.ShareListingNotEnough.selector, 0));
        vault.take{value: 0.2 ether}(order, sig, 1);
    }

    function test_take_refusesMoreThanIsLeft() public {
        _take(stranger, 20, 4 ether);
        vm.prank(bidder);
        vm.expectRevert(abi.encodeWithSelector(IFractionalVaultErrors.ShareListingNotEnough.selector, 30));
        vault.take{value: 31 * 0.2 ether}(order, sig, 31);
    }

    function test_take_refusesBadRequests() public {
        bytes memory forged = _sign(STRANGER_KEY, order);
        vm.startPrank(stranger);
        vm.expectRevert(IFractionalVaultErrors.ZeroShares.selector);
        vault.take(order, sig, 0);
        vm.expectRevert(abi.encodeWithSelector(IFractionalVaultErrors.SharePaymentMismatch.selector, 2 ether, 1 ether));
        vault.take{value: 1 ether}(order, sig, 10);
        vm.expectRevert(IFractionalVaultErrors.InvalidMakerSignature.selector);
        vault.take{value: 2 ether}(order, forged, 10);
        vm.stopPrank();
        vm.prank(buyer);
        vm.expectRevert(IFractionalVaultErrors.CannotTakeOwnListing.selector);
        vault.take{value: 2 ether}(order, sig, 10);
    }

    function test_take_refusesOutsideTheListingWindow() public {
        ShareOrder memory later = _listing(buyer, 50, 0.2 ether);
        later.startTime = START + 1 days;
        bytes memory s = _sign(BUYER_KEY, later);
        vm.prank(stranger);
        vm.expectRevert(IFractionalVaultErrors.ShareListingNotStarted.selector);
        vault.take{value: 0.2 ether}(later, s, 1);
        vm.warp(order.endTime);
        vm.prank(stranger);
        vm.expectRevert(IFractionalVaultErrors.ShareListingExpired.selector);
        vault.take{value: 0.2 ether}(order, sig, 1);
    }

    function test_take_refusesAZeroOrAbsurdPrice() public {
        ShareOrder memory free = _listing(buyer, 50, 0);
        bytes memory s = _sign(BUYER_KEY, free);
        vm.prank(stranger);
        vm.expectRevert(IFractionalVaultErrors.InvalidShareListing.selector);
        vault.take(free, s, 1);
        ShareOrder memory huge = _listing(buyer, 50, 1 << 128);
        s = _sign(BUYER_KEY, huge);
        vm.prank(stranger);
        vm.expectRevert(IFractionalVaultErrors.InvalidShareListing.selector);
        vault.take(huge, s, 1);
    }

    function test_take_refusesAListingWhoseSharesMoved() public {
        vm.prank(buyer);
        vault.transfer(bidder, 90);
        vm.prank(stranger);
        vm.expectRevert(IFractionalVaultErrors.ShareListingSharesMoved.selector);
        vault.take{value: 4 ether}(order, sig, 20);
        _take(stranger, 10, 2 ether); // what is still held can be sold
    }

    function test_cancel_makerOnly() public {
        vm.prank(stranger);
        vm.expectRevert(IFractionalVaultErrors.CallerIsNotMaker.selector);
        vault.cancelShareOrder(order);
        vm.expectEmit(true, true, true, true, address(vault));
        emit ShareOrderCancelled(vault.hashShareOrder(order), buyer);
        vm.prank(buyer);
        vault.cancelShareOrder(order);
        assertEq(vault.sharesLeft(order), 0);
        vm.prank(stranger);
        vm.expectRevert(abi.encodeWithSelector(IFractionalVaultErrors.ShareListingNotEnough.selector, 0));
        vault.take{value: 0.2 ether}(order, sig, 1);
    }

    function test_take_paysTheLowerOfTheFeeAndTheSignedBound() public {
        vm.prank(owner);
        fractions.setFee(250, owner);
        order.maxFeeBps = 100;
        sig = _sign(BUYER_KEY, order);
        uint256 before = buyer.balance;
        _take(stranger, 50, 10 ether);
        assertEq(owner.balance, 0.1 ether, "1% of 10");
        assertEq(buyer.balance - before, 9.9 ether);
        ShareOrder memory o2 = _listing(buyer, 10, 0.2 ether);
        o2.maxFeeBps = 1_000;
        _takeOther(o2, 10, 2 ether);
        assertEq(owner.balance, 0.15 ether, "then 2.5% of 2");
    }

    function test_take_noFeeWhenTheFactoryChargesNone() public {
        order.maxFeeBps = 1_000;
        sig = _sign(BUYER_KEY, order);
        uint256 before = buyer.balance;
        _take(stranger, 50, 10 ether);
        assertEq(buyer.balance - before, 10 ether);
    }

    function _takeOther(ShareOrder memory o, uint256 shares, uint256 value) internal {
        bytes memory s = _sign(BUYER_KEY, o);
        vm.prank(bidder);
        vault.take{value: value}(o, s, shares);
    }

    function test_hashShareOrder_isTheEip712StructHash() public view {
        bytes32 expected = keccak256(
            abi.encode(
                vault.SHARE_ORDER_TYPEHASH(),
                order.maker,
                order.shares,
                order.pricePerShare,
                order.startTime,
                order.endTime,
                order.salt,
                order.maxFeeBps
            )
        );
        assertEq(vault.hashShareOrder(order), expected);
    }
}
