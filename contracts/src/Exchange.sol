// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {Ownable} from "solady/auth/Ownable.sol";
import {EIP712} from "solady/utils/EIP712.sol";
import {ECDSA} from "solady/utils/ECDSA.sol";
import {LibBit} from "solady/utils/LibBit.sol";
import {ReentrancyGuardTransient} from "solady/utils/ReentrancyGuardTransient.sol";
import {SafeTransferLib} from "solady/utils/SafeTransferLib.sol";
import {SignatureCheckerLib} from "solady/utils/SignatureCheckerLib.sol";
import {IMarketplaceCollection} from "./interfaces/IMarketplaceCollection.sol";
import {MarketplaceCollection} from "./MarketplaceCollection.sol";
import {IExchangeErrors, IExchangeEvents} from "./interfaces/IExchange.sol";
import {AUCTION, BUNDLE, FIXED_PRICE, Order, SET, SINGLE} from "./lib/OrderTypes.sol";

/// @title Exchange: the VBChain Marketplace settlement contract
/// @notice Settles EIP-712 signed sell orders (gasless listing): fixed-price sales paid in native
/// VBC (`buy`) and English auctions paid in WVBC whose winning off-chain bid is settled by `claim`.
/// Assets never rest here: NFTs go seller -> buyer by `transferFrom`, VBC is forwarded in the same
/// call, WVBC moves bidder -> seller by `transferFrom`.
///
/// @dev REPLAY PROTECTION. Each order commits to the transfer nonce of each item (kept by the
/// collection in the token's ownership slot, bumped on every transfer and by `cancel`) and to the
/// maker's `counter`. A fill moves the items, so no item fills twice; an item that moved for any
/// reason kills every older order on it; a bundle can be bought part by part. No per-order status
/// slot: the buy and claim budgets cannot afford one. `counter` jumps by a quasi-random amount, so
/// an order signed for a future counter never activates. (docs/decisions/001, 014, 016)
///
/// COLLECTIONS. Only collections running `MarketplaceCollection`'s code trade: checked by
/// EXTCODEHASH against the hash taken at deployment, about 100 gas. (docs/decisions/015)
///
/// AUCTIONS. Bids are signed off chain and kept by the server; `claim` needs the settlement key's
/// attestation of the winner. That key is trusted to pick the highest valid bid; its attestations
/// do not yet expire and claims have no window. (docs/decisions/002)
contract Exchange is Ownable, EIP712, ReentrancyGuardTransient, IExchangeEvents, IExchangeErrors {
    /*//////////////////////////////////////////////////////////////
                               CONSTANTS
    //////////////////////////////////////////////////////////////*/

    /// @notice EIP-712 type hash of `Order`.
    bytes32 public constant ORDER_TYPEHASH = keccak256(
        "Order(address maker,address collection,uint256[] tokenIds,uint256[] tokenNonces,uint8 saleKind,uint8 itemsKind,uint256 price,uint256 discountBps,uint256 minCountForDiscount,uint256 startTime,uint256 endTime,uint256 salt,uint256 counter)"
    );
    /// @notice EIP-712 type hash of `Bid`.
    bytes32 public constant BID_TYPEHASH = keccak256("Bid(bytes32 orderHash,address bidder,uint256 amount)");
    /// @notice EIP-712 type hash of `Settlement`.
    bytes32 public constant SETTLEMENT_TYPEHASH =
        keccak256("Settlement(bytes32 orderHash,address bidder,uint256 amount)");
    /// @notice The platform fee can never exceed 10% (basis points).
    uint256 public constant MAX_FEE_BPS = 1_000;
    /// @notice An order lists at most 256 items (one bit each in the buyer's item mask).
    uint256 public constant MAX_ITEMS = 256;
    uint256 private constant _BPS = 10_000;

    /// @notice The wrapped native coin auctions are paid in.
    address public immutable wvbc;
    /// @notice The runtime code hash of `MarketplaceCollection`: an order's collection must have it.
    bytes32 public immutable collectionCodeHash;

    /*//////////////////////////////////////////////////////////////
                                STORAGE
    //////////////////////////////////////////////////////////////*/

    /// @notice The key that attests auction winners (see the contract's notes).
    address public settlementSigner;
    /// @notice Platform fee in basis points (0 today: no fee is charged). Packed with `settlementSigner`:
    /// `claim` reads both with one storage load.
    uint16 public feeBps;
    /// @notice Who receives the platform fee (read only when the fee is not zero).
    address public feeRecipient;
    /// @notice Each maker's counter; orders signed with another value are void.
    mapping(address maker => uint256) public counters;

    /*//////////////////////////////////////////////////////////////
                              CONSTRUCTOR
    //////////////////////////////////////////////////////////////*/

    /// @param owner_ Sets the fee and the settlement signer.
    /// @param wvbc_ The WVBC token.
    /// @param settlementSigner_ The key that attests auction winners.
    constructor(address owner_, address wvbc_, address settlementSigner_) {
        _initializeOwner(owner_);
        wvbc = wvbc_;
        collectionCodeHash = keccak256(type(MarketplaceCollection).runtimeCode);
        settlementSigner = settlementSigner_;
        emit SettlementSignerUpdated(settlementSigner_);
    }

    /*//////////////////////////////////////////////////////////////
                               TRADING
    //////////////////////////////////////////////////////////////*/

    /// @notice Buys items of a fixed-price order, paying exactly its price in VBC.
    /// @param order The maker's order.
    /// @param signature The maker's EIP-712 signature of the order (65 or 64 bytes, or ERC-1271).
    /// @param itemMask The chosen items: bit i chooses `order.tokenIds[i]`. SINGLE and SET orders
    /// must choose every item; a BUNDLE any non-empty subset.
    function buy(Order calldata order, bytes calldata signature, uint256 itemMask)
        external
        payable
        nonReentrant
    {
        if (order.saleKind != FIXED_PRICE) revert OrderIsNotFixedPrice();
        address maker = order.maker;
        if (msg.sender == maker) revert SellerCannotBuy();
        if (block.timestamp < order.startTime) revert OrderNotStarted();
        if (block.timestamp >= order.endTime) revert OrderExpired();
        bytes32 orderHash = _hashOrder(order);
        _checkCounter(maker, order.counter);
        if (!_isValidSignature(maker, _hashTypedData(orderHash), signature)) revert InvalidMakerSignature();

        (, uint256 total) = _quote(order, itemMask);
        if (msg.value != total) revert WrongPayment(total, msg.value);

        // Items first (their nonces move: the order cannot fill them again), then the value.
        _transferItems(order, itemMask, maker, msg.sender);
        uint256 fee = _fee(total);
        if (fee != 0) _sendNative(feeRecipient, fee);
        _sendNative(maker, total - fee);
        emit OrderFilled(orderHash, maker, msg.sender, itemMask, total);
    }

    /// @notice Settles an ended auction: the winning bid's WVBC goes from the bidder to the seller
    /// and every item goes from the seller to the bidder, atomically.
    /// @dev Callable by the winning bidder or by the seller, from `endTime` on. The signature of
    /// the caller's own side may be empty (the call itself authorizes it). The bid's `orderHash`
    /// is not passed: it is the hash of `order`, which every signature below covers.
    /// @param order The maker's auction order (SINGLE or SET).
    /// @param orderSignature The maker's signature of the order (may be empty when the maker calls).
    /// @param bidder The winning bidder (Bid.bidder).
    /// @param amount The winning bid in WVBC wei (Bid.amount).
    /// @param bidSignature The bidder's `Bid` signature (may be empty when the bidder calls).
    /// @param settlementSignature The settlement signer's `Settlement` signature for this bid.
    function claim(
        Order calldata order,
        bytes calldata orderSignature,
        address bidder,
        uint256 amount,
        bytes calldata bidSignature,
        bytes calldata settlementSignature
    ) external nonReentrant {
        bytes32 orderHash = _checkClaim(order, orderSignature, bidder, amount, bidSignature);
        address signer = settlementSigner;
        if (
            signer == address(0)
                || ECDSA.tryRecoverCalldata(_bidDigest(SETTLEMENT_TYPEHASH, orderHash, bidder, amount), settlementSignature)
                    != signer
        ) revert InvalidSettlementSignature();
        _settle(order, orderHash, bidder, amount);
    }

    /// @notice Revokes an order (REVOKE): bumps the nonce of each of its items that the
    /// maker still holds unchanged, so this order and every other open order on those items is
    /// void. Maker only; the exchange acts as the maker's approved operator. Emits
    /// `OrderCancelled` only when at least one nonce was bumped (else there was nothing to revoke).
    /// @param order The order to revoke.
    function cancel(Order calldata order) external {
        address maker = order.maker;
        if (msg.sender != maker) revert CallerIsNotMaker();
        IMarketplaceCollection collection = IMarketplaceCollection(order.collection);
        _checkCollection(address(collection));
        uint256[] calldata ids = order.tokenIds;
        uint256[] calldata nonces = order.tokenNonces;
        if (nonces.length != ids.length) revert InvalidOrder();
        bool revoked;
        for (uint256 i; i < ids.length; ++i) {
            if (collection.invalidateNonce(maker, ids[i], nonces[i])) revoked = true;
        }
        if (revoked) emit OrderCancelled(_hashOrder(order), maker);
    }

    /// @notice Voids every open order of the caller (they were signed with the old counter).
    /// @dev The counter jumps by a quasi-random amount in [1, 2^128] (from the previous block's
    /// hash, the caller and the old value), so nobody can have the maker pre-sign an order for
    /// the counter that "cancel all" would produce. 2^128 jumps would be needed to overflow.
    /// @return newCounter The counter to sign new orders with.
    function incrementCounter() external returns (uint256 newCounter) {
        uint256 old = counters[msg.sender];
        bytes32 seed;
        unchecked {
            seed = keccak256(abi.encode(blockhash(block.number - 1), msg.sender, old));
        }
        newCounter = old + 1 + uint128(uint256(seed));
        counters[msg.sender] = newCounter;
        emit CounterIncremented(msg.sender, newCounter);
    }

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

    /// @notice Sets the key that attests auction winners. Owner only.
    function setSettlementSigner(address signer) external onlyOwner {
        settlementSigner = signer;
        emit SettlementSignerUpdated(signer);
    }

    /*//////////////////////////////////////////////////////////////
                                 VIEWS
    //////////////////////////////////////////////////////////////*/

    /// @notice The EIP-712 struct hash of an order (its id in bids and events).
    function hashOrder(Order calldata order) external pure returns (bytes32) {
        return _hashOrder(order);
    }

    /// @notice The EIP-712 digest the maker signs for an order.
    function orderDigest(Order calldata order) external view returns (bytes32) {
        return _hashTypedData(_hashOrder(order));
    }

    /// @notice The EIP-712 domain separator.
    function domainSeparator() external view returns (bytes32) {
        return _domainSeparator();
    }

    /// @notice What `buy` would charge for the chosen items, discount applied, fee included.
    /// @return count The number of chosen items.
    /// @return total The exact VBC value `buy` expects.
    function quote(Order calldata order, uint256 itemMask) external pure returns (uint256 count, uint256 total) {
        return _quote(order, itemMask);
    }

    /*//////////////////////////////////////////////////////////////
                               INTERNALS
    //////////////////////////////////////////////////////////////*/

    /// @dev Domain {name: "VBChain Marketplace", version: "1", chainId, verifyingContract}.
    function _domainNameAndVersion() internal pure override returns (string memory, string memory) {
        return ("VBChain Marketplace", "1");
    }

    /// @dev Cancun everywhere we deploy: always the transient-storage guard.
    function _useTransientReentrancyGuardOnlyOnMainnet() internal pure override returns (bool) {
        return false;
    }

    /// @dev Every check of `claim` except the settlement attestation; returns the order hash.
    function _checkClaim(
        Order calldata order,
        bytes calldata orderSignature,
        address bidder,
        uint256 amount,
        bytes calldata bidSignature
    ) private view returns (bytes32 orderHash) {
        if (order.saleKind != AUCTION) revert OrderIsNotAnAuction();
        address maker = order.maker;
        if (msg.sender != bidder && msg.sender != maker) revert CallerIsNotWinnerOrSeller();
        if (bidder == maker) revert SellerCannotBuy();
        if (block.timestamp < order.endTime) revert AuctionNotEnded();
        if (amount < order.price) revert BidBelowReserve();
        orderHash = _hashOrder(order);
        _checkCounter(maker, order.counter);
        if (msg.sender != maker && !_isValidSignature(maker, _hashTypedData(orderHash), orderSignature)) {
            revert InvalidMakerSignature();
        }
        if (
            msg.sender != bidder
                && !_isValidSignature(bidder, _bidDigest(BID_TYPEHASH, orderHash, bidder, amount), bidSignature)
        ) revert InvalidBidderSignature();
    }

    /// @dev Moves every item of an auction order to the winner and the bid's WVBC to the seller.
    function _settle(Order calldata order, bytes32 orderHash, address bidder, uint256 amount) private {
        if (order.itemsKind == BUNDLE) revert InvalidOrder(); // a bundle cannot be auctioned
        uint256 n = order.tokenIds.length;
        // forge-lint: disable-next-line(incorrect-shift)
        uint256 allItems = n >= MAX_ITEMS ? type(uint256).max : (1 << n) - 1;
        _quote(order, allItems); // validates the order's shape
        address maker = order.maker;
        _transferItems(order, allItems, maker, bidder);
        uint256 fee = _fee(amount);
        if (fee != 0) SafeTransferLib.safeTransferFrom(wvbc, bidder, feeRecipient, fee);
        SafeTransferLib.safeTransferFrom(wvbc, bidder, maker, amount - fee);
        emit OrderFilled(orderHash, maker, bidder, allItems, amount);
    }

    function _checkCounter(address maker, uint256 counter) private view {
        if (counters[maker] != counter) revert OrderCounterIsOutdated();
    }

    /// @dev Validates the order's shape and the selection; returns the chosen count and the total.
    function _quote(Order calldata order, uint256 itemMask) private pure returns (uint256 count, uint256 total) {
        uint256 n = order.tokenIds.length;
        if (n == 0 || n > MAX_ITEMS || order.tokenNonces.length != n) revert InvalidOrder();
        // forge-lint: disable-next-line(incorrect-shift)
        uint256 allItems = n == MAX_ITEMS ? type(uint256).max : (1 << n) - 1;
        if (itemMask == 0 || itemMask & ~allItems != 0) revert InvalidItemSelection();
        uint8 itemsKind = order.itemsKind;
        if (itemsKind == SINGLE) {
            if (n != 1) revert InvalidOrder();
            return (1, order.price);
        }
        if (itemsKind == SET) {
            if (itemMask != allItems) revert SetMustBeBoughtWhole();
            return (n, order.price);
        }
        if (itemsKind != BUNDLE || order.discountBps > _BPS) revert InvalidOrder();
        count = LibBit.popCount(itemMask);
        total = order.price * count;
        uint256 minCount = order.minCountForDiscount;
        if (minCount != 0 && count >= minCount) total -= total * order.discountBps / _BPS;
    }

    /// @dev Moves the chosen items maker -> taker, each only if it has not moved since signing
    /// (the collection checks the nonce: `ItemNoLongerAvailable`).
    function _transferItems(Order calldata order, uint256 itemMask, address maker, address taker) private {
        IMarketplaceCollection collection = IMarketplaceCollection(order.collection);
        _checkCollection(address(collection));
        uint256[] calldata ids = order.tokenIds;
        uint256[] calldata nonces = order.tokenNonces;
        for (uint256 i; itemMask != 0; ++i) {
            if (itemMask & 1 != 0) collection.transferFromAtNonce(maker, taker, ids[i], nonces[i]);
            itemMask >>= 1;
        }
    }

    /// @dev Only our collections' code enforces nonces and really moves items (see the notes).
    function _checkCollection(address collection) private view {
        if (collection.codehash != collectionCodeHash) revert CollectionIsNotAMarketplaceCollection(collection);
    }

    function _fee(uint256 amount) private view returns (uint256) {
        uint256 bps = feeBps;
        return bps == 0 ? 0 : amount * bps / _BPS;
    }

    function _sendNative(address to, uint256 amount) private {
        /// @solidity memory-safe-assembly
        assembly {
            if iszero(call(gas(), to, amount, codesize(), 0x00, codesize(), 0x00)) {
                mstore(0x00, 0xf499da20) // `PaymentFailed()`.
                revert(0x1c, 0x04)
            }
        }
    }

    /// @dev EOA signatures by ecrecover (64 or 65 bytes); contract accounts by ERC-1271.
    function _isValidSignature(address signer, bytes32 digest, bytes calldata signature)
        private
        view
        returns (bool)
    {
        if (signer == address(0)) return false;
        if (ECDSA.tryRecoverCalldata(digest, signature) == signer) return true;
        return signer.code.length != 0
            && SignatureCheckerLib.isValidERC1271SignatureNowCalldata(signer, digest, signature);
    }

    /// @dev Digest of a Bid or a Settlement (same fields, different type hash).
    function _bidDigest(bytes32 typeHash, bytes32 orderHash, address bidder, uint256 amount)
        private
        view
        returns (bytes32 structHash)
    {
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

    /// @dev EIP-712 hashStruct(order): the 13 head words of the calldata struct, with the two
    /// array offsets replaced by the hashes of the arrays (EIP-712 encodes arrays that way).
    function _hashOrder(Order calldata order) internal pure returns (bytes32 result) {
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
            calldatacopy(add(m, 0x20), order, 0x1a0)
            mstore(add(m, 0x60), idsHash)
            mstore(add(m, 0x80), noncesHash)
            result := keccak256(m, 0x1c0)
        }
    }
}
