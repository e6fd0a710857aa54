// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @notice What the Exchange needs from a collection beyond ERC-721: a per-token transfer nonce.
/// @dev The nonce grows by one on every transfer of the token, minting included, and never
/// decreases. An order commits to the nonce of each of its items, so an order can only move an
/// item that has not moved since the order was signed (see Exchange: replay protection).
interface IMarketplaceCollection {
    /// @notice The number of times token `id` has been transferred (minting counts as one).
    function tokenNonce(uint256 id) external view returns (uint256);

    /// @notice ERC-721 transfer; the caller must be the owner, approved, or an operator.
    function transferFrom(address from, address to, uint256 id) external payable;
}
