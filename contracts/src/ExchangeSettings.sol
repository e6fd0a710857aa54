// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {Ownable} from "solady/auth/Ownable.sol";
import {IExchangeErrors, IExchangeEvents} from "./interfaces/IExchange.sol";
import {LibOrder} from "./lib/LibOrder.sol";

/// @title ExchangeSettings: what the owner of the Exchange sets
/// @notice The platform fee and its recipient, the settlement key that attests auction winners
/// and its epoch, their admin functions and the fee arithmetic. Part of `Exchange`
/// (contracts/src/Exchange.sol), split out to keep each file short; it declares the first
/// storage slots of `Exchange` (slot 0: signer, fee, epoch; slot 1: fee recipient), so their
/// layout is unchanged by the split.
abstract contract ExchangeSettings is Ownable, IExchangeEvents, IExchangeErrors {
    /*//////////////////////////////////////////////////////////////
                           CONSTANTS, STORAGE
    //////////////////////////////////////////////////////////////*/

    /// @notice The platform fee can never exceed 10% (basis points).
    uint256 public constant MAX_FEE_BPS = 1_000;

    /// @notice The key that attests auction winners (see Exchange's notes, AUCTIONS).
    address public settlementSigner;
    /// @notice Platform fee in basis points (0 today: no fee is charged). Packed with `settlementSigner`
    /// and `settlementEpoch`: `claim` reads all three with one storage load.
    uint16 public feeBps;
    /// @notice Attestations signed for another epoch are void; `revokeSettlements` bumps it.
    uint64 public settlementEpoch;
    /// @notice Who receives the platform fee (read only when the fee is not zero).
    address public feeRecipient;

    /*//////////////////////////////////////////////////////////////
                                 ADMIN
    //////////////////////////////////////////////////////////////*/

    /// @notice Sets the platform fee (at most MAX_FEE_BPS) and its recipient. Owner only.
    function setFee(uint16 newFeeBps, address recipient) external onlyOwner {
        if (newFeeBps > MAX_FEE_BPS || (newFeeBps != 0 && recipient == address(0))) revert InvalidFee();
        feeBps = newFeeBps;
        feeRecipient = recipient;
        emit FeeUpdated(newFeeBps, recipient);
    }

    /// @notice Sets the key that attests auction winners (outstanding attestations of the old key
    /// die with it). Owner only.
    function setSettlementSigner(address signer) external onlyOwner {
        settlementSigner = signer;
        emit SettlementSignerUpdated(signer);
    }

    /// @notice Voids every outstanding attestation without changing the key. Owner only.
    function revokeSettlements() external onlyOwner {
        uint64 epoch = settlementEpoch + 1;
        settlementEpoch = epoch;
        emit SettlementsRevoked(epoch);
    }

    /*//////////////////////////////////////////////////////////////
                               INTERNALS
    //////////////////////////////////////////////////////////////*/

    /// @dev The storage slot of `settlementSigner`, `feeBps` and `settlementEpoch`, read once:
    /// signer in bits 0..159, fee in 160..175, epoch in 176..239.
    function _keySlot() internal view returns (uint256 packed) {
        /// @solidity memory-safe-assembly
        assembly {
            packed := sload(settlementSigner.slot)
        }
    }

    /// @dev The fee: the lower of the current fee and the order's signed bound.
    function _fee(uint256 amount, uint256 maxFeeBps) internal view returns (uint256) {
        return _feeAt(_keySlot(), amount, maxFeeBps);
    }

    /// @dev The fee with the current fee taken from `keySlot` (see `_keySlot`).
    function _feeAt(uint256 keySlot, uint256 amount, uint256 maxFeeBps) internal pure returns (uint256) {
        uint256 bps = uint16(keySlot >> 160);
        if (bps > maxFeeBps) bps = maxFeeBps;
        return bps == 0 ? 0 : amount * bps / LibOrder.BPS;
    }
}
