// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {ERC20} from "solady/tokens/ERC20.sol";

/// @title WVBC: wrapped VBC
/// @notice WETH9 semantics for the chain's native coin VBC: `deposit` (or a plain transfer) wraps,
/// `withdraw` unwraps, and the balance is a standard ERC-20 used for auction bids.
/// @dev Built on Solady's ERC20 (an allowance of `type(uint256).max` is never decreased, as WETH9).
/// Emits WETH9's `Deposit`/`Withdrawal` events and also the ERC-20 `Transfer` from/to zero so that
/// generic token indexers see the supply change.
contract WVBC is ERC20 {
    /*//////////////////////////////////////////////////////////////
                                 ERRORS
    //////////////////////////////////////////////////////////////*/

    /// @notice Sending the unwrapped VBC to the caller failed.
    error NativeTransferFailed();

    /*//////////////////////////////////////////////////////////////
                                 EVENTS
    //////////////////////////////////////////////////////////////*/

    /// @notice `dst` wrapped `wad` VBC into WVBC.
    event Deposit(address indexed dst, uint256 wad);

    /// @notice `src` unwrapped `wad` WVBC into VBC.
    event Withdrawal(address indexed src, uint256 wad);

    /*//////////////////////////////////////////////////////////////
                                METADATA
    //////////////////////////////////////////////////////////////*/

    /// @inheritdoc ERC20
    function name() public pure override returns (string memory) {
        return "Wrapped VBC";
    }

    /// @inheritdoc ERC20
    function symbol() public pure override returns (string memory) {
        return "WVBC";
    }

    /*//////////////////////////////////////////////////////////////
                               WRAPPING
    //////////////////////////////////////////////////////////////*/

    /// @notice Wraps the VBC sent with the call into the same amount of WVBC for the caller.
    function deposit() public payable {
        _mint(msg.sender, msg.value);
        emit Deposit(msg.sender, msg.value);
    }

    /// @notice Unwraps `wad` WVBC of the caller and sends the same amount of VBC to the caller.
    /// @param wad The amount in wei.
    function withdraw(uint256 wad) external {
        _burn(msg.sender, wad); // reverts with InsufficientBalance() when the balance is short
        emit Withdrawal(msg.sender, wad);
        (bool ok,) = msg.sender.call{value: wad}("");
        if (!ok) revert NativeTransferFailed();
    }

    /// @dev Solady's ERC20 gives the canonical Permit2 contract an infinite allowance by default;
    /// WVBC keeps WETH9's rule: only allowances the holder granted.
    function _givePermit2InfiniteAllowance() internal pure override returns (bool) {
        return false;
    }

    /// @notice A plain VBC transfer wraps, as in WETH9.
    receive() external payable {
        deposit();
    }

    /// @notice Any other call with value wraps, as in WETH9.
    fallback() external payable {
        deposit();
    }
}
