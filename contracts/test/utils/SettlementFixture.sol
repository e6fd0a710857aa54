// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {Fixture} from "./Fixture.sol";
import {IExchangeErrors} from "../../src/interfaces/IExchange.sol";
import {Order} from "../../src/lib/OrderTypes.sol";

/// @notice Fixture plus the auction-settlement helpers: bids recorded (escrowed) on chain and the
/// errors that carry arguments.
abstract contract SettlementFixture is Fixture {
    function _gone(uint256 id) internal pure returns (bytes memory) {
        return abi.encodeWithSelector(IExchangeErrors.ItemNoLongerAvailable.selector, id);
    }

    function _higher(uint256 amount) internal pure returns (bytes memory) {
        return abi.encodeWithSelector(IExchangeErrors.HigherBidRecorded.selector, amount);
    }

    /// @dev The key's account records its own accepted bid (with the settlement key's receipt):
    /// `amount` WVBC goes into escrow.
    function _record(Order memory o, uint256 key, uint256 amount) internal {
        address who = vm.addr(key);
        bytes memory receipt = _receipt(o, who, amount);
        vm.prank(who);
        exchange.recordBid(o, receipt, amount);
    }
}
