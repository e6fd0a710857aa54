// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {SignatureCheckerLib} from "solady/utils/SignatureCheckerLib.sol";
import {ShareOrder} from "../interfaces/IFractional.sol";
import {IFeeSource, VaultCore} from "./VaultCore.sol";

/// @title VaultShareOrders: gasless share listings of one vault, taken whole or in parts
/// @notice A holder signs a `ShareOrder` (EIP-712, this vault's domain: chain id and address
/// bound, so a listing never fills on another network or vault). A buyer takes any number of its
/// shares, paying exactly shares x price in the native coin, as `Exchange.buy` is paid; the fee is
/// the lower of the factory's current fee and the order's signed `maxFeeBps`. `filled` counts the
/// shares taken so far: a listing never sells more than it lists. Shares move by the vault's own
/// transfer (the signature is the maker's consent): no approval to give, nothing to reenter.
abstract contract VaultShareOrders is VaultCore {
    /// @notice EIP-712 type hash of `ShareOrder`.
    bytes32 public constant SHARE_ORDER_TYPEHASH = keccak256(
        "ShareOrder(address maker,uint256 shares,uint256 pricePerShare,uint256 startTime,uint256 endTime,uint256 salt,uint256 maxFeeBps)"
    );
    /// @dev A price per share at or above this is refused (keeps shares x price far from overflow).
    uint256 private constant _MAX_PRICE = 1 << 128;

    /// @notice Shares taken from each listing (type(uint256).max: cancelled).
    mapping(bytes32 orderHash => uint256) public filled;

    /// @notice Takes `shares` of a share listing, paying exactly shares x its price per share.
    /// @param order The maker's listing.
    /// @param signature The maker's EIP-712 signature (64 or 65 bytes, or ERC-1271).
    /// @param shares How many of its shares to buy (at most what is left).
    function take(ShareOrder calldata order, bytes calldata signature, uint256 shares) external payable nonReentrant {
        address maker = order.maker;
        if (shares == 0) revert ZeroShares();
        if (msg.sender == maker) revert CannotTakeOwnListing();
        if (block.timestamp < order.startTime) revert ShareListingNotStarted();
        if (block.timestamp >= order.endTime) revert ShareListingExpired();
        uint256 price = order.pricePerShare;
        if (price == 0 || price >= _MAX_PRICE) revert InvalidShareListing();
        bytes32 orderHash = hashShareOrder(order);
        uint256 done = filled[orderHash];
        // A cancelled listing has nothing left (done is the maximum).
        uint256 left = done >= order.shares ? 0 : order.shares - done;
        if (shares > left) revert ShareListingNotEnough(left);
        if (!SignatureCheckerLib.isValidSignatureNowCalldata(maker, _hashTypedData(orderHash), signature)) {
            revert InvalidMakerSignature();
        }
        uint256 total = shares * price; // shares <= supply < 2^40, price < 2^128
        if (msg.value != total) revert SharePaymentMismatch(total, msg.value);
        if (balanceOf(maker) < shares) revert ShareListingSharesMoved();

        unchecked {
            filled[orderHash] = done + shares; // at most order.shares
        }
        _transfer(maker, msg.sender, shares);
        (uint256 fee, address recipient) = order.maxFeeBps == 0 ? (0, address(0)) : _fee(total, order.maxFeeBps);
        if (fee != 0) _sendNative(recipient, fee);
        _sendNative(maker, total - fee);
        emit ShareOrderFilled(orderHash, maker, msg.sender, shares, total, fee);
    }

    /// @notice The maker cancels a listing: none of its shares can be taken any more.
    function cancelShareOrder(ShareOrder calldata order) external {
        if (msg.sender != order.maker) revert CallerIsNotMaker();
        bytes32 orderHash = hashShareOrder(order);
        filled[orderHash] = type(uint256).max;
        emit ShareOrderCancelled(orderHash, msg.sender);
    }

    /// @notice The EIP-712 struct hash of a listing (its id in events and in `filled`).
    function hashShareOrder(ShareOrder calldata order) public pure returns (bytes32 structHash) {
        bytes32 typeHash = SHARE_ORDER_TYPEHASH;
        /// @solidity memory-safe-assembly
        assembly {
            let m := mload(0x40)
            mstore(m, typeHash)
            calldatacopy(add(m, 0x20), order, 0xe0) // the seven static fields, in order
            mstore(add(m, 0x20), shr(96, shl(96, mload(add(m, 0x20))))) // maker: clean upper bits
            structHash := keccak256(m, 0x100)
        }
    }

    /// @notice The EIP-712 digest the maker signs for a listing.
    function shareOrderDigest(ShareOrder calldata order) external view returns (bytes32) {
        return _hashTypedData(hashShareOrder(order));
    }

    /// @notice Shares still available in a listing (0 once filled or cancelled).
    function sharesLeft(ShareOrder calldata order) external view returns (uint256) {
        uint256 done = filled[hashShareOrder(order)];
        return done >= order.shares ? 0 : order.shares - done;
    }

    /// @dev The fee and its recipient: the lower of the factory's fee (at most 10%, the factory
    /// caps it) and the order's signed bound. Not read at all when the order signs no fee.
    function _fee(uint256 total, uint256 maxFeeBps) private view returns (uint256 fee, address recipient) {
        uint256 bps;
        (bps, recipient) = IFeeSource(factory).feeInfo();
        if (bps > maxFeeBps) bps = maxFeeBps;
        fee = total * bps / 10_000;
    }
}
