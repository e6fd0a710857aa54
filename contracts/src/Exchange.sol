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
import {IExchangeErrors, IExchangeEvents} from "./interfaces/IExchange.sol";
import {AUCTION, BUNDLE, Bid, FIXED_PRICE, Order, SET, SINGLE} from "./lib/OrderTypes.sol";

/// @title Exchange: the VBChain Marketplace settlement contract
/// @notice Settles EIP-712 signed sell orders (gasless listing): fixed-price sales paid in native
/// VBC (`buy`) and English auctions paid in WVBC whose winning off-chain bid is settled by `claim`.
/// Assets never rest here: NFTs go seller -> buyer by `transferFrom`, VBC is forwarded in the same
/// call, WVBC moves bidder -> seller by `transferFrom`.
///
/// @dev REPLAY PROTECTION. A fill is the costliest path, and a per-order "filled" status slot
/// (Seaport's design) costs 22,100 gas in a fresh slot per fill, which alone would break the buy
/// budget. Instead each order commits to the transfer nonce of each of its items
/// (`MarketplaceCollection.tokenNonce`, kept in the token's ownership slot and bumped on every
/// transfer). A fill moves the items, which bumps their nonces, so the same order can never fill
/// the same item twice; a bundle can be bought partly by several buyers (each item once); and once
/// an item moves for any reason (sale elsewhere, gift, ...) every older order on it is dead for
/// good: a stale listing can never revive when the token comes back. Explicit revocation
/// (`cancel`, keyed by maker and order hash) and the maker's `counter` remain, read with two cold
/// loads per fill.
///
/// AUCTIONS. Bids are EIP-712 `Bid` messages signed by bidders and kept by the marketplace server
/// (gasless, WVBC stays in the bidder's wallet). The chain cannot see which bid is the highest, so
/// `claim` also requires a `Settlement` attestation signed by the marketplace's settlement key,
/// issued only after the end and only for the highest valid bid. This is the pattern of Seaport's
/// signed zones (a zone key co-signs fills) narrowed to what we need: the key can only pick WHICH
/// valid bid wins. It cannot move anyone's funds alone: the bidder's own signature (or the bidder
/// being the caller) is still required to pull the bidder's WVBC, and the maker's signature (or
/// the maker being the caller) to move the NFT. A lower bidder or a stranger cannot claim: the
/// caller must be the attested bidder or the seller. A commit-reveal or on-chain bid escrow would
/// cost gas on every bid, which the product promises to be free.
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

    /*//////////////////////////////////////////////////////////////
                                STORAGE
    //////////////////////////////////////////////////////////////*/

    /// @notice The key that attests auction winners (see the contract's notes).
    address public settlementSigner;
    /// @notice Platform fee in basis points (0 today, spec §1). Packed with `settlementSigner`:
    /// `claim` reads both with one storage load.
    uint16 public feeBps;
    /// @notice Who receives the platform fee (read only when the fee is not zero).
    address public feeRecipient;
    /// @notice Each maker's counter; orders signed with another value are void.
    mapping(address maker => uint256) public counters;
    /// @notice Orders revoked by their maker.
    mapping(address maker => mapping(bytes32 orderHash => bool)) public cancelled;

    /*//////////////////////////////////////////////////////////////
                              CONSTRUCTOR
    //////////////////////////////////////////////////////////////*/

    /// @param owner_ Sets the fee and the settlement signer.
    /// @param wvbc_ The WVBC token.
    /// @param settlementSigner_ The key that attests auction winners.
    constructor(address owner_, address wvbc_, address settlementSigner_) {
        _initializeOwner(owner_);
        wvbc = wvbc_;
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
        _checkOrderStatus(maker, orderHash, order.counter);
        if (!_isValidSignature(maker, _hashTypedData(orderHash), signature)) revert InvalidMakerSignature();

        (uint256 count, uint256 total) = _quote(order, itemMask);
        if (msg.value != total) revert WrongPayment(total, msg.value);

        // Effects on the collection first (nonces move), then the value transfer.
        uint256[] memory bought = _transferItems(order, itemMask, count, maker, msg.sender);
        uint256 fee = _fee(total);
        if (fee != 0) _sendNative(feeRecipient, fee);
        _sendNative(maker, total - fee);
        emit OrderFilled(orderHash, maker, msg.sender, order.collection, bought, total, FIXED_PRICE);
    }

    /// @notice Settles an ended auction: the winning bid's WVBC goes from the bidder to the seller
    /// and every item goes from the seller to the bidder, atomically.
    /// @dev Callable by the winning bidder or by the seller, from `endTime` on. A signature of the
    /// caller's own side may be empty (the call itself authorizes it).
    /// @param order The maker's auction order (SINGLE or SET).
    /// @param orderSignature The maker's signature of the order (may be empty when the maker calls).
    /// @param bid The winning bid.
    /// @param bidSignature The bidder's signature of the bid (may be empty when the bidder calls).
    /// @param settlementSignature The settlement signer's `Settlement` signature for this bid.
    function claim(
        Order calldata order,
        bytes calldata orderSignature,
        Bid calldata bid,
        bytes calldata bidSignature,
        bytes calldata settlementSignature
    ) external nonReentrant {
        bytes32 orderHash = _checkClaim(order, orderSignature, bid, bidSignature);
        address signer = settlementSigner;
        if (
            signer == address(0)
                || ECDSA.tryRecoverCalldata(_bidDigest(SETTLEMENT_TYPEHASH, bid), settlementSignature) != signer
        ) revert InvalidSettlementSignature();
        _settle(order, orderHash, bid.bidder, bid.amount);
    }

    /// @notice Revokes one of the caller's orders (the spec's REVOKE).
    /// @dev Keyed by the caller, so anyone can only cancel their own orders; taking the hash
    /// rather than the whole order keeps the transaction small (cancel budget: 50,000 gas).
    /// @param orderHash The order's EIP-712 struct hash (`hashOrder`).
    function cancel(bytes32 orderHash) external {
        cancelled[msg.sender][orderHash] = true;
        emit OrderCancelled(orderHash, msg.sender);
    }

    /// @notice Voids every open order of the caller (they were signed with the old counter).
    /// @return newCounter The counter to sign new orders with.
    function incrementCounter() external returns (uint256 newCounter) {
        unchecked {
            newCounter = ++counters[msg.sender];
        }
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

    /// @notice The EIP-712 struct hash of an order (its id for `cancel`, bids and events).
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
        Bid calldata bid,
        bytes calldata bidSignature
    ) private view returns (bytes32 orderHash) {
        if (order.saleKind != AUCTION) revert OrderIsNotAnAuction();
        address maker = order.maker;
        address bidder = bid.bidder;
        if (msg.sender != bidder && msg.sender != maker) revert CallerIsNotWinnerOrSeller();
        if (bidder == maker) revert SellerCannotBuy();
        if (block.timestamp < order.endTime) revert AuctionNotEnded();
        if (bid.amount < order.price) revert BidBelowReserve();
        orderHash = _hashOrder(order);
        if (bid.orderHash != orderHash) revert BidIsForAnotherOrder();
        _checkOrderStatus(maker, orderHash, order.counter);
        if (msg.sender != maker && !_isValidSignature(maker, _hashTypedData(orderHash), orderSignature)) {
            revert InvalidMakerSignature();
        }
        if (msg.sender != bidder && !_isValidSignature(bidder, _bidDigest(BID_TYPEHASH, bid), bidSignature)) {
            revert InvalidBidderSignature();
        }
    }

    /// @dev Moves every item of an auction order to the winner and the bid's WVBC to the seller.
    function _settle(Order calldata order, bytes32 orderHash, address bidder, uint256 amount) private {
        if (order.itemsKind == BUNDLE) revert InvalidOrder(); // a bundle cannot be auctioned
        uint256 n = order.tokenIds.length;
        uint256 allItems = n >= MAX_ITEMS ? type(uint256).max : (1 << n) - 1;
        (uint256 count,) = _quote(order, allItems);
        address maker = order.maker;
        uint256[] memory bought = _transferItems(order, allItems, count, maker, bidder);
        uint256 fee = _fee(amount);
        if (fee != 0) SafeTransferLib.safeTransferFrom(wvbc, bidder, feeRecipient, fee);
        SafeTransferLib.safeTransferFrom(wvbc, bidder, maker, amount - fee);
        emit OrderFilled(orderHash, maker, bidder, order.collection, bought, amount, AUCTION);
    }

    function _checkOrderStatus(address maker, bytes32 orderHash, uint256 counter) private view {
        if (cancelled[maker][orderHash]) revert OrderIsCancelled();
        if (counters[maker] != counter) revert OrderCounterIsOutdated();
    }

    /// @dev Validates the order's shape and the selection; returns the chosen count and the total.
    function _quote(Order calldata order, uint256 itemMask) private pure returns (uint256 count, uint256 total) {
        uint256 n = order.tokenIds.length;
        if (n == 0 || n > MAX_ITEMS || order.tokenNonces.length != n) revert InvalidOrder();
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

    /// @dev Moves the chosen items maker -> taker, each only if it has not moved since signing.
    function _transferItems(Order calldata order, uint256 itemMask, uint256 count, address maker, address taker)
        private
        returns (uint256[] memory bought)
    {
        IMarketplaceCollection collection = IMarketplaceCollection(order.collection);
        uint256[] calldata ids = order.tokenIds;
        uint256[] calldata nonces = order.tokenNonces;
        bought = new uint256[](count);
        uint256 j;
        for (uint256 i; itemMask != 0; ++i) {
            if (itemMask & 1 != 0) {
                uint256 id = ids[i];
                if (collection.tokenNonce(id) != nonces[i]) revert ItemAlreadySoldOrMoved(id);
                collection.transferFrom(maker, taker, id);
                bought[j] = id;
                unchecked {
                    ++j;
                }
            }
            itemMask >>= 1;
        }
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
    function _bidDigest(bytes32 typeHash, Bid calldata bid) private view returns (bytes32) {
        return _hashTypedData(keccak256(abi.encode(typeHash, bid.orderHash, bid.bidder, bid.amount)));
    }

    /// @dev EIP-712 hashStruct(order): the 13 head words of the calldata struct, with the two
    /// array offsets replaced by the hashes of the arrays (EIP-712 encodes arrays that way).
    function _hashOrder(Order calldata order) internal pure returns (bytes32 result) {
        bytes32 idsHash = keccak256(abi.encodePacked(order.tokenIds));
        bytes32 noncesHash = keccak256(abi.encodePacked(order.tokenNonces));
        bytes32 typeHash = ORDER_TYPEHASH;
        /// @solidity memory-safe-assembly
        assembly {
            let m := mload(0x40) // scratch space past the free memory pointer, not kept
            mstore(m, typeHash)
            calldatacopy(add(m, 0x20), order, 0x1a0)
            mstore(add(m, 0x60), idsHash)
            mstore(add(m, 0x80), noncesHash)
            result := keccak256(m, 0x1c0)
        }
    }
}
