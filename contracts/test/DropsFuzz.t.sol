// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {DropsFixture} from "./utils/DropsFixture.sol";
import {Drops} from "../src/Drops.sol";
import {DropParams, IDropsErrors} from "../src/interfaces/IDrops.sol";

/// @notice Properties over random settings: limits hold, refunds return exactly what was not
/// delivered, and a reveal gives every bag a different pool item whatever the block hash.
contract DropsFuzzTest is DropsFixture {
    function testFuzz_limitsHoldForAnyQuantities(uint32 total, uint32 limit, uint8[6] calldata qs) public {
        DropParams memory p = params(1);
        p.total = uint32(bound(total, 1, 30));
        p.limitPerWallet = uint32(bound(limit, 1, 10));
        uint256 id = create(p);
        vm.warp(T0 + 100);
        for (uint256 i; i < qs.length; ++i) {
            address who = i % 2 == 0 ? alice : bob;
            uint256 q = bound(qs[i], 1, 12);
            (uint256 bought,,) = drops.purchases(id, who);
            uint256 sold = drops.getDrop(id).sold;
            bool ok = sold + q <= p.total && bought + q <= p.limitPerWallet;
            vm.prank(who);
            if (!ok) vm.expectRevert();
            drops.buy{value: q * PRICE}(id, q);
        }
        Drops.Drop memory d = drops.getDrop(id);
        vm.assertLe(d.sold, d.total, "sold <= total");
        (uint256 a,,) = drops.purchases(id, alice);
        (uint256 b,,) = drops.purchases(id, bob);
        vm.assertLe(a, p.limitPerWallet, "alice within the limit");
        vm.assertLe(b, p.limitPerWallet, "bob within the limit");
        assertEq(a + b, d.sold);
        assertEq(drops.balanceOf(alice) + drops.balanceOf(bob), d.sold, "one token per item sold");
        assertEq(address(drops).balance, uint256(d.sold) * PRICE);
    }

    function testFuzz_refundIsExactlyWhatWasNotDelivered(uint96 price, uint8 bought, uint8 delivered) public {
        DropParams memory p = params(3);
        p.price = uint96(bound(price, 0, 1e24));
        p.limitPerWallet = 20;
        uint256 id = create(p);
        vm.warp(T0 + 100);
        uint256 n = bound(bought, 1, 20);
        uint256 k = bound(delivered, 0, n);
        vm.deal(alice, n * uint256(p.price));
        vm.prank(alice);
        drops.buy{value: n * uint256(p.price)}(id, n);
        if (k > 0) {
            vm.prank(partner);
            drops.deliver(id, alice, new string[](k));
        }
        vm.warp(T0 + 5000);
        if (k == n) {
            vm.prank(alice);
            vm.expectRevert(IDropsErrors.NothingToRefund.selector);
            drops.refund(id);
            return;
        }
        vm.prank(alice);
        drops.refund(id);
        assertEq(alice.balance, (n - k) * uint256(p.price), "paid back in wei what was not delivered");
        vm.prank(partner);
        vm.expectRevert(IDropsErrors.DeliveryDeadlinePassed.selector);
        drops.deliver(id, alice, new string[](1));
        if (k > 0 && p.price > 0) drops.withdraw(id); // a free drop has nothing to withdraw
        assertEq(address(drops).balance, 0);
        assertEq(partner.balance, k * uint256(p.price));
    }

    function testFuzz_revealIsAPermutation(bytes32 blockHash, bytes32 root, uint256 dropId, uint8 size) public view {
        uint256 total = bound(size, 1, 64);
        uint256 offset = drops.revealOffset(blockHash, root, dropId, total);
        assertTrue(offset < total, "offset within the pool");
        uint256 seen;
        for (uint256 s = 1; s <= total; ++s) {
            uint256 index = (s - 1 + offset) % total;
            assertEq((seen >> index) & 1, 0, "two bags hold the same item");
            seen |= 1 << index;
        }
    }
}
