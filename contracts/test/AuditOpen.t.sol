// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {SettlementFixture} from "./utils/SettlementFixture.sol";
import {Order} from "../src/lib/OrderTypes.sol";

/// @notice Open problem found while writing the regression tests: these tests state the fair
/// outcome and FAIL until the exchange is fixed.
///
/// The recorded floor counts only while its bidder stays backed, and a record is replaced by any
/// higher one. So whoever holds the settlement key (the threat of the review's M-01) and some WVBC
/// for a moment can dissolve the real top bid's floor: it records a higher bid of its own
/// (replacing the top bid, which cannot be recorded again once claims open), then lowers its
/// allowance so that record no longer counts, and claims its own attested bid at the reserve.
contract AuditOpenTest is SettlementFixture {
    uint256 internal constant ATTACKER_KEY = 0xBAD;

    function _attackSetup() internal returns (Order memory o, address attacker) {
        o = _auction(1, 1 ether);
        _fundBidder(bidder, 5 ether);
        vm.warp(END);
        _record(o, BIDDER_KEY, 5 ether); // the real top bid, recorded as the contract asks
        attacker = vm.addr(ATTACKER_KEY);
        _fundBidder(attacker, 6 ether);
        vm.warp(END + 1 hours);
        _record(o, ATTACKER_KEY, 6 ether); // replaces the top bid's record
    }

    /// After claims open: the attacker's record goes unbacked and its own attested reserve bid
    /// passes the floor check. Fair outcome: refused (the top bid, 5, was recorded).
    function test_open_keyHolderCannotDissolveTheFloorAfterClaimsOpen() public {
        (Order memory o, address attacker) = _attackSetup();
        vm.warp(CLAIM_OPEN);
        bytes memory forged = _signSettlement(o, attacker, 1 ether); // stolen settlement key
        bytes memory orderSig = _signOrder(SELLER_KEY, o);
        vm.startPrank(attacker);
        wvbc.approve(address(exchange), 1 ether); // its 6-WVBC record stops counting
        vm.expectRevert(_higher(5 ether));
        exchange.claim(o, orderSig, attacker, 1 ether, "", DEADLINE, forged);
        vm.stopPrank();
    }

    /// Before claims open: the attacker's unbacked record is replaced by the attacker's own
    /// reserve bid in the last block, too late for the top bidder to record again.
    function test_open_keyHolderCannotLowerTheFloorBeforeClaimsOpen() public {
        (Order memory o, address attacker) = _attackSetup();
        vm.warp(CLAIM_OPEN - 1);
        vm.prank(attacker);
        wvbc.approve(address(exchange), 0);
        _fundBidder(stranger, 1 ether);
        bytes memory low = _signBid(STRANGER_KEY, o, 1 ether);
        vm.expectRevert(_higher(6 ether));
        exchange.recordBid(o, stranger, 1 ether, low);
    }
}
