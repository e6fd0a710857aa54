// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @notice What the Exchange needs from a collection beyond ERC-721: a per-token transfer nonce.
/// @dev The nonce grows by one on every transfer of the token (minting sets it to 1), every
/// `invalidateNonce`, every time the token's approved address is cleared or replaced, and, for all
/// the holder's tokens at once, every time the holder revokes an operator. While one holder keeps
/// the token it never decreases. An order commits to the nonce of each of its items, so an order
/// can only move an item that has not moved, nor had an approval revoked, since the order was
/// signed (see Exchange: replay protection).
interface IMarketplaceCollection {
    /// @notice The item was sold, transferred, or its orders revoked since the order was signed.
    error ItemNoLongerAvailable(uint256 tokenId);

    /// @notice The token's nonce: its transfers (minting counts as one), revocations and cleared
    /// approvals, plus the number of operators its holder revoked.
    function tokenNonce(uint256 id) external view returns (uint256);

    /// @notice ERC-721 transfer; the caller must be the owner, approved, or an operator.
    function transferFrom(address from, address to, uint256 id) external payable;

    /// @notice `transferFrom`, only if the token's nonce is still `expectedNonce`
    /// (else reverts with `ItemNoLongerAvailable(id)`).
    function transferFromAtNonce(address from, address to, uint256 id, uint256 expectedNonce) external;

    /// @notice Revokes every order signed for token `id` at `expectedNonce` by bumping its nonce
    /// without moving it. Does nothing when `holder` no longer owns the token or its nonce already
    /// moved on (those orders are void already, e.g. after the holder revoked the caller's
    /// approval). Callable by the holder, its operators and the token's approved address.
    /// @return bumped Whether the nonce was bumped (false: nothing to revoke).
    function invalidateNonce(address holder, uint256 id, uint256 expectedNonce) external returns (bool bumped);
}
