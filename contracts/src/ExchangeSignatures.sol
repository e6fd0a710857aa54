// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {EIP712} from "solady/utils/EIP712.sol";
import {ECDSA} from "solady/utils/ECDSA.sol";
import {SignatureCheckerLib} from "solady/utils/SignatureCheckerLib.sol";
import {IExchangeErrors} from "./interfaces/IExchange.sol";
import {LibOrder} from "./lib/LibOrder.sol";
import {Order} from "./lib/OrderTypes.sol";

/// @title ExchangeSignatures: the EIP-712 messages of the Exchange and their checks
/// @notice The domain, the type hashes and struct hashes of `Order`, `Bid`, `Settlement` and
/// `BidAccepted`, and the signature checks (EOA by ecrecover, contract accounts by ERC-1271, the
/// settlement key by ecrecover only). Part of `Exchange` (contracts/src/Exchange.sol), split out to
/// keep each file short; it has no storage. The struct hashes are built in assembly in scratch
/// memory: `claim` and `recordBid` run under tight gas budgets (scripts/bench-gas.ts).
abstract contract ExchangeSignatures is EIP712, IExchangeErrors {
    /*//////////////////////////////////////////////////////////////
                               CONSTANTS
    //////////////////////////////////////////////////////////////*/

    /// @notice EIP-712 type hash of `Order`.
    bytes32 public constant ORDER_TYPEHASH = LibOrder.ORDER_TYPEHASH;
    /// @notice EIP-712 type hash of `Bid` (the order nested, so wallets show what is bid on).
    bytes32 public constant BID_TYPEHASH = keccak256(
        "Bid(Order order,address bidder,uint256 amount)Order(address maker,address collection,uint256[] tokenIds,uint256[] tokenNonces,uint8 saleKind,uint8 itemsKind,uint256 price,uint256 discountBps,uint256 minCountForDiscount,uint256 startTime,uint256 endTime,uint256 salt,uint256 counter,uint256 maxFeeBps)"
    );
    /// @notice EIP-712 type hash of `Settlement`.
    bytes32 public constant SETTLEMENT_TYPEHASH =
        keccak256("Settlement(bytes32 orderHash,address bidder,uint256 amount,uint256 deadline,uint256 epoch)");
    /// @notice EIP-712 type hash of `BidAccepted`: the settlement key's receipt of a bid the
    /// marketplace accepted (see `recordBid`).
    bytes32 public constant BID_ACCEPTED_TYPEHASH =
        keccak256("BidAccepted(bytes32 orderHash,address bidder,uint256 amount,uint256 epoch)");

    /*//////////////////////////////////////////////////////////////
                                 VIEWS
    //////////////////////////////////////////////////////////////*/

    /// @notice The EIP-712 struct hash of an order (its id in bids and events).
    function hashOrder(Order calldata order) external pure returns (bytes32) {
        return LibOrder.hash(order);
    }

    /// @notice The EIP-712 digest the maker signs for an order.
    function orderDigest(Order calldata order) external view returns (bytes32) {
        return _hashTypedData(LibOrder.hash(order));
    }

    /// @notice The EIP-712 domain separator.
    function domainSeparator() external view returns (bytes32) {
        return _domainSeparator();
    }

    /*//////////////////////////////////////////////////////////////
                               INTERNALS
    //////////////////////////////////////////////////////////////*/

    /// @dev Domain {name: "VBChain Marketplace", version: "1", chainId, verifyingContract}.
    function _domainNameAndVersion() internal pure override returns (string memory, string memory) {
        return ("VBChain Marketplace", "1");
    }

    /// @dev The settlement signer (from `keySlot`) signed this struct hash (an attestation or a
    /// receipt).
    function _checkKeySigned(uint256 keySlot, bytes32 structHash, bytes calldata signature) internal view {
        address signer = address(uint160(keySlot));
        if (signer == address(0) || ECDSA.tryRecoverCalldata(_hashTypedData(structHash), signature) != signer) {
            revert InvalidSettlementSignature();
        }
    }

    /// @dev Struct hash of `Settlement(orderHash, bidder, amount, deadline, epoch)`, current epoch.
    function _settlementHash(uint256 keySlot, bytes32 orderHash, address bidder, uint256 amount, uint256 deadline)
        internal
        pure
        returns (bytes32 structHash)
    {
        bytes32 typeHash = SETTLEMENT_TYPEHASH;
        /// @solidity memory-safe-assembly
        assembly {
            let m := mload(0x40)
            mstore(m, typeHash)
            mstore(add(m, 0x20), orderHash)
            mstore(add(m, 0x40), bidder)
            mstore(add(m, 0x60), amount)
            mstore(add(m, 0x80), deadline)
            mstore(add(m, 0xa0), shr(176, keySlot))
            structHash := keccak256(m, 0xc0)
        }
    }

    /// @dev Struct hash of `BidAccepted(orderHash, bidder, amount, epoch)`, current epoch.
    function _receiptHash(uint256 keySlot, bytes32 orderHash, address bidder, uint256 amount)
        internal
        pure
        returns (bytes32 structHash)
    {
        bytes32 typeHash = BID_ACCEPTED_TYPEHASH;
        /// @solidity memory-safe-assembly
        assembly {
            let m := mload(0x40)
            mstore(m, typeHash)
            mstore(add(m, 0x20), orderHash)
            mstore(add(m, 0x40), bidder)
            mstore(add(m, 0x60), amount)
            mstore(add(m, 0x80), shr(176, keySlot))
            structHash := keccak256(m, 0xa0)
        }
    }

    /// @dev EOA signatures by ecrecover (64 or 65 bytes); contract accounts by ERC-1271.
    function _isValidSignature(address signer, bytes32 digest, bytes calldata signature) internal view returns (bool) {
        if (signer == address(0)) return false;
        if (ECDSA.tryRecoverCalldata(digest, signature) == signer) return true;
        return
            signer.code.length != 0 && SignatureCheckerLib.isValidERC1271SignatureNowCalldata(signer, digest, signature);
    }

    /// @dev Digest of a Bid: its struct hash nests the order's struct hash.
    function _bidDigest(bytes32 orderHash, address bidder, uint256 amount) internal view returns (bytes32 structHash) {
        bytes32 typeHash = BID_TYPEHASH;
        /// @solidity memory-safe-assembly
        assembly {
            let m := mload(0x40)
            mstore(m, typeHash)
            mstore(add(m, 0x20), orderHash)
            mstore(add(m, 0x40), bidder)
            mstore(add(m, 0x60), amount)
            structHash := keccak256(m, 0x80)
        }
        return _hashTypedData(structHash);
    }
}
