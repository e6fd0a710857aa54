// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {LibBit} from "solady/utils/LibBit.sol";
import {IExchangeErrors} from "../interfaces/IExchange.sol";
import {BUNDLE, Order, SET, SINGLE} from "./OrderTypes.sol";

/// @title LibOrder: what an order is worth and how it is hashed, with no state
/// @notice The pure half of the exchange: the EIP-712 struct hash of an `Order` and the price of a
/// selection of its items (bundle discount included). `Exchange` settles with it and answers
/// `quote` and `hashOrder` from it, so a client's quote is the amount a purchase pays.
library LibOrder {
    /// @dev EIP-712 type hash of `Order` (its TypeScript twin: contracts/typed-data/index.ts).
    bytes32 internal constant ORDER_TYPEHASH = keccak256(
        "Order(address maker,address collection,uint256[] tokenIds,uint256[] tokenNonces,uint8 saleKind,uint8 itemsKind,uint256 price,uint256 discountBps,uint256 minCountForDiscount,uint256 startTime,uint256 endTime,uint256 salt,uint256 counter,uint256 maxFeeBps)"
    );
    /// @dev An order lists at most 256 items (one bit each in the buyer's item mask).
    uint256 internal constant MAX_ITEMS = 256;
    /// @dev Basis points in a whole.
    uint256 internal constant BPS = 10_000;

    /// @dev The mask that chooses every one of `n` items.
    function allItems(uint256 n) internal pure returns (uint256) {
        // forge-lint: disable-next-line(incorrect-shift)
        return n >= MAX_ITEMS ? type(uint256).max : (1 << n) - 1;
    }

    /// @dev Validates the order's shape and the selection; returns the chosen count and the total.
    function quote(Order calldata order, uint256 itemMask) internal pure returns (uint256 count, uint256 total) {
        uint256 n = order.tokenIds.length;
        if (n == 0 || n > MAX_ITEMS || order.tokenNonces.length != n) revert IExchangeErrors.InvalidOrder();
        // forge-lint: disable-next-line(incorrect-shift)
        uint256 all = n == MAX_ITEMS ? type(uint256).max : (1 << n) - 1;
        if (itemMask == 0 || itemMask & ~all != 0) revert IExchangeErrors.InvalidItemSelection();
        uint8 itemsKind = order.itemsKind;
        if (itemsKind == SINGLE) {
            if (n != 1) revert IExchangeErrors.InvalidOrder();
            return (1, order.price);
        }
        if (itemsKind == SET) {
            if (itemMask != all) revert IExchangeErrors.SetMustBeBoughtWhole();
            return (n, order.price);
        }
        if (itemsKind != BUNDLE || order.discountBps > BPS) revert IExchangeErrors.InvalidOrder();
        count = LibBit.popCount(itemMask);
        total = order.price * count;
        uint256 minCount = order.minCountForDiscount;
        if (minCount != 0 && count >= minCount) total -= total * order.discountBps / BPS;
    }

    /// @dev EIP-712 hashStruct(order): the 14 head words of the calldata struct, with the two
    /// array offsets replaced by the hashes of the arrays (EIP-712 encodes arrays that way).
    function hash(Order calldata order) internal pure returns (bytes32 result) {
        bytes32 typeHash = ORDER_TYPEHASH;
        /// @solidity memory-safe-assembly
        assembly {
            let m := mload(0x40) // scratch space past the free memory pointer, not kept
            // keccak256 of each array's elements (EIP-712 encodes arrays by their hash).
            let ids := add(order, calldataload(add(order, 0x40)))
            let idsBytes := shl(5, calldataload(ids))
            calldatacopy(m, add(ids, 0x20), idsBytes)
            let idsHash := keccak256(m, idsBytes)
            let nonces := add(order, calldataload(add(order, 0x60)))
            let noncesBytes := shl(5, calldataload(nonces))
            calldatacopy(m, add(nonces, 0x20), noncesBytes)
            let noncesHash := keccak256(m, noncesBytes)
            mstore(m, typeHash)
            calldatacopy(add(m, 0x20), order, 0x1c0)
            mstore(add(m, 0x60), idsHash)
            mstore(add(m, 0x80), noncesHash)
            result := keccak256(m, 0x1e0)
        }
    }
}
