// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {Fixture} from "./utils/Fixture.sol";
import {Vm} from "./utils/Test.sol";
import {IExchangeErrors, IExchangeEvents} from "../src/interfaces/IExchange.sol";
import {MarketplaceCollection} from "../src/MarketplaceCollection.sol";
import {Order} from "../src/lib/OrderTypes.sol";

/// @notice Revoking the exchange's approval is a real cancellation: the holder's open orders die
/// for good, `cancel` still works without the approval, and approving again revives nothing.
contract ApprovalRevocationTest is Fixture {
    function _gone(uint256 id) internal pure returns (bytes memory) {
        return abi.encodeWithSelector(IExchangeErrors.ItemNoLongerAvailable.selector, id);
    }

    function _cancelledLogs() internal returns (uint256 count) {
        Vm.Log[] memory logs = vm.getRecordedLogs();
        for (uint256 i; i < logs.length; ++i) {
            if (logs[i].topics[0] == IExchangeEvents.OrderCancelled.selector) ++count;
        }
    }

    /// Revoke, cancel, approve again to list something else: the old order stays void.
    function test_reapprovingDoesNotReviveARevokedListing() public {
        Order memory cheap = _single(1, 1 ether);
        bytes memory sig = _signOrder(SELLER_KEY, cheap);
        vm.startPrank(seller);
        collection.setApprovalForAll(address(exchange), false); // "take everything off sale"
        vm.recordLogs();
        exchange.cancel(cheap); // works while unapproved; the revocation already voided the order
        assertEq(_cancelledLogs(), 0, "nothing left to revoke");
        vm.stopPrank();
        vm.warp(START + 3 days);
        vm.prank(seller);
        collection.setApprovalForAll(address(exchange), true);
        vm.prank(buyer);
        vm.expectRevert(_gone(1));
        exchange.buy{value: 1 ether}(cheap, sig, 1);
        assertEq(collection.ownerOf(1), seller);
        // A listing signed after the new approval fills.
        Order memory fresh = _single(1, 2 ether);
        vm.prank(buyer);
        exchange.buy{value: 2 ether}(fresh, _signOrder(SELLER_KEY, fresh), 1);
        assertEq(collection.ownerOf(1), buyer);
    }

    function test_revokingVoidsEveryItemOfABundle() public {
        Order memory b = _bundle(1, 10, 1 ether, 0, 0);
        bytes memory sig = _signOrder(SELLER_KEY, b);
        vm.startPrank(seller);
        collection.setApprovalForAll(address(exchange), false);
        collection.setApprovalForAll(address(exchange), true);
        vm.stopPrank();
        for (uint256 i; i < 10; ++i) {
            assertEq(collection.tokenNonce(i + 1), 2);
        }
        vm.prank(buyer);
        vm.expectRevert(_gone(1));
        exchange.buy{value: 10 ether}(b, sig, (1 << 10) - 1);
    }

    function test_revokingATokenApprovalVoidsItsOrders() public {
        vm.prank(seller);
        collection.setApprovalForAll(address(exchange), false);
        vm.prank(seller);
        collection.approve(address(exchange), 1); // granting bumps nothing
        Order memory o = _single(1, 1 ether);
        bytes memory sig = _signOrder(SELLER_KEY, o);
        vm.startPrank(seller);
        collection.approve(address(0), 1);
        collection.approve(address(exchange), 1);
        vm.stopPrank();
        vm.prank(buyer);
        vm.expectRevert(_gone(1));
        exchange.buy{value: 1 ether}(o, sig, 1);
        // Replacing the approved address revokes too.
        o = _single(1, 1 ether);
        sig = _signOrder(SELLER_KEY, o);
        vm.startPrank(seller);
        collection.approve(stranger, 1);
        collection.approve(address(exchange), 1);
        vm.stopPrank();
        vm.prank(buyer);
        vm.expectRevert(_gone(1));
        exchange.buy{value: 1 ether}(o, sig, 1);
    }

    function test_cancelWorksAfterReapproving() public {
        Order memory o = _single(1, 1 ether);
        vm.startPrank(seller);
        collection.setApprovalForAll(address(exchange), false);
        collection.setApprovalForAll(address(exchange), true);
        vm.recordLogs();
        exchange.cancel(o); // the old order: void already, no event
        assertEq(_cancelledLogs(), 0);
        Order memory fresh = _single(1, 1 ether);
        vm.recordLogs();
        exchange.cancel(fresh);
        assertEq(_cancelledLogs(), 1);
        vm.stopPrank();
        assertEq(collection.tokenNonce(1), 3);
    }

    function test_onlyARealRevocationBumps() public {
        vm.startPrank(seller);
        collection.setApprovalForAll(address(exchange), true); // already approved
        collection.setApprovalForAll(stranger, false); // never approved
        collection.setApprovalForAll(stranger, true); // a grant
        vm.stopPrank();
        assertEq(collection.approvalEpoch(seller), 0);
        assertEq(collection.tokenNonce(1), 1);
        vm.expectEmit(true, true, true, true, address(collection));
        emit MarketplaceCollection.ApprovalEpochBumped(seller, 1);
        vm.prank(seller);
        collection.setApprovalForAll(stranger, false); // revoking any operator voids the orders
        assertEq(collection.approvalEpoch(seller), 1);
        assertEq(collection.tokenNonce(1), 2);
    }

    /// The epoch belongs to the holder: other holders' tokens keep their nonces, and a token that
    /// leaves and comes back never shows a nonce its holder had before.
    function test_epochIsPerHolderAndNoncesNeverRepeatForAHolder() public {
        vm.prank(seller);
        collection.transferFrom(seller, buyer, 2); // token 2: nonce 2, held by buyer
        vm.startPrank(seller);
        collection.setApprovalForAll(address(exchange), false);
        collection.setApprovalForAll(address(exchange), true);
        vm.stopPrank();
        assertEq(collection.tokenNonce(1), 2);
        assertEq(collection.tokenNonce(2), 2, "buyer's token unaffected");
        uint256 seen = collection.tokenNonce(1);
        vm.prank(seller);
        collection.transferFrom(seller, buyer, 1);
        assertEq(collection.tokenNonce(1), 2, "buyer's epoch is 0: transfers 2 + 0");
        vm.prank(buyer);
        collection.transferFrom(buyer, seller, 1);
        assertTrue(collection.tokenNonce(1) > seen, "back with the seller: a nonce it never had");
    }

    /// Fuzz: whatever the seller does to its approvals, a nonce it held never comes back while it holds.
    function testFuzz_sellerNonceOnlyGrows(uint8[8] calldata actions) public {
        uint256 last = collection.tokenNonce(1);
        for (uint256 i; i < actions.length; ++i) {
            uint8 a = actions[i] % 4;
            vm.startPrank(seller);
            if (a == 0) collection.setApprovalForAll(address(exchange), false);
            else if (a == 1) collection.setApprovalForAll(address(exchange), true);
            else if (a == 2) collection.approve(stranger, 1);
            else collection.approve(address(0), 1);
            vm.stopPrank();
            uint256 now_ = collection.tokenNonce(1);
            assertTrue(now_ >= last, "a nonce never goes back");
            last = now_;
        }
    }
}
