// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {ReentrancyGuardTransient} from "solady/utils/ReentrancyGuardTransient.sol";
import {SafeTransferLib} from "solady/utils/SafeTransferLib.sol";
import {IMarketplaceCollection} from "./interfaces/IMarketplaceCollection.sol";
import {MarketplaceCollection} from "./MarketplaceCollection.sol";
import {ExchangeSettings} from "./ExchangeSettings.sol";
import {ExchangeSignatures} from "./ExchangeSignatures.sol";
import {LibOrder} from "./lib/LibOrder.sol";
import {AUCTION, BUNDLE, FIXED_PRICE, Order} from "./lib/OrderTypes.sol";

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
/// AUCTIONS. Bids are signed off chain and kept by the server. Claims open CLAIM_DELAY after the
/// order's end (the longest extension, then at least an hour) and close CLAIM_WINDOW later.
/// `claim` executes the bid the settlement key attests (with a deadline, void when the owner bumps
/// `settlementEpoch`). A bidder who wants no trust in that key puts their bid on chain with
/// `recordBid` before claims open: the amount is held here (escrow, so it cannot be withdrawn to
/// dissolve the floor), no lower bid can be claimed any more, and the escrow pays the claim if
/// that bid wins, goes back to its bidder when a higher bid wins, or after claims close. So the
/// key cannot hand an auction to a bid below a recorded one. The exchange refuses to cancel an
/// auction while it settles. (docs/decisions/002, 018, 019)
///
/// FEES. The fee is the lower of the owner's current fee and the order's signed `maxFeeBps`.
///
/// FILES. The owner's settings (fee, settlement key, epoch) and their storage slots are in
/// `ExchangeSettings.sol`; the EIP-712 messages and signature checks in `ExchangeSignatures.sol`.
contract Exchange is ExchangeSettings, ExchangeSignatures, ReentrancyGuardTransient {
    /*//////////////////////////////////////////////////////////////
                               CONSTANTS
    //////////////////////////////////////////////////////////////*/

    /// @notice A bid in an auction's last 10 minutes moves its end to 10 minutes after the bid
    /// (the server applies it), never more than MAX_EXTENSION past the signed `endTime`.
    uint256 public constant MAX_EXTENSION = 1 hours;
    /// @notice Claims open this long after `endTime`: past the longest extension, plus at least an
    /// hour in which a higher bid can still be recorded against a wrong attestation.
    uint256 public constant CLAIM_DELAY = 2 hours;
    /// @notice Claims close this long after they open; after that the auction is void.
    uint256 public constant CLAIM_WINDOW = 7 days;
    /// @notice An order lists at most 256 items (one bit each in the buyer's item mask).
    uint256 public constant MAX_ITEMS = LibOrder.MAX_ITEMS;
    /// @dev The top bit of `_counters`: counters stay far below it (2^127 jumps of at most 2^128).
    uint256 private constant _RECORDED_FLAG = 1 << 255;

    /// @notice The wrapped native coin auctions are paid in.
    address public immutable wvbc;
    /// @notice The runtime code hash of `MarketplaceCollection`: an order's collection must have it.
    bytes32 public immutable collectionCodeHash;

    /*//////////////////////////////////////////////////////////////
                                STORAGE
    //////////////////////////////////////////////////////////////*/

    /// @dev Each maker's counter (see `counters`), with RECORDED_FLAG set once a bid on one of
    /// the maker's auctions was recorded on chain: only then does `claim` read `_recordedBids`
    /// (a cold load that the claim budget cannot afford on every claim).
    mapping(address maker => uint256) private _counters;
    /// @notice The highest bid put on chain for each auction (bidder in the low 160 bits, amount
    /// in the high 96), its WVBC held here: a floor for claims (see `recordBid`).
    mapping(bytes32 orderHash => uint256) private _recordedBids;

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
    function buy(Order calldata order, bytes calldata signature, uint256 itemMask) external payable nonReentrant {
        if (order.saleKind != FIXED_PRICE) revert OrderIsNotFixedPrice();
        address maker = order.maker;
        if (msg.sender == maker) revert SellerCannotBuy();
        if (block.timestamp < order.startTime) revert OrderNotStarted();
        if (block.timestamp >= order.endTime) revert OrderExpired();
        bytes32 orderHash = LibOrder.hash(order);
        _checkCounter(maker, order.counter);
        if (!_isValidSignature(maker, _hashTypedData(orderHash), signature)) revert InvalidMakerSignature();

        (, uint256 total) = LibOrder.quote(order, itemMask);
        if (msg.value != total) revert WrongPayment(total, msg.value);

        // Items first (their nonces move: the order cannot fill them again), then the value.
        _transferItems(order, itemMask, maker, msg.sender);
        uint256 fee = _fee(total, order.maxFeeBps);
        if (fee != 0) _sendNative(feeRecipient, fee);
        _sendNative(maker, total - fee);
        emit OrderFilled(orderHash, maker, msg.sender, order.collection, itemMask, total, fee);
    }

    /// @notice Settles an ended auction for the bid the settlement key attests: the bid's WVBC
    /// goes from the bidder to the seller and every item from the seller to the bidder, atomically.
    /// @dev Callable by the attested bidder or by the seller, while claims are open. The bidder's
    /// `Bid` signature may be empty when the bidder calls, and when the attested bid is exactly the
    /// bid recorded on chain (the record is the bidder's on-chain authorization, its WVBC already
    /// held here), so the seller can settle a recorded bid. Refused below a recorded bid, and at
    /// its amount for another bidder (`HigherBidRecorded`).
    /// @param order The maker's auction order (SINGLE or SET).
    /// @param orderSignature The maker's signature of the order (may be empty when the maker calls).
    /// @param bidder The winning bidder (Bid.bidder).
    /// @param amount The winning bid in WVBC wei (Bid.amount).
    /// @param bidSignature The bidder's `Bid` signature (may be empty: see above).
    /// @param deadline The attestation's deadline (Settlement.deadline).
    /// @param settlementSignature The settlement signer's `Settlement` signature, made for the
    /// current `settlementEpoch`.
    function claim(
        Order calldata order,
        bytes calldata orderSignature,
        address bidder,
        uint256 amount,
        bytes calldata bidSignature,
        uint256 deadline,
        bytes calldata settlementSignature
    ) external {
        (bytes32 orderHash, bool anyRecorded) = _checkClaim(order, orderSignature, bidder);
        uint256 fee = _checkSettlement(order.maxFeeBps, orderHash, bidder, amount, deadline, settlementSignature);
        uint256 escrowed = anyRecorded ? _takeRecord(orderHash, bidder, amount) : 0;
        if (
            msg.sender != bidder && escrowed != amount
                && !_isValidSignature(bidder, _bidDigest(orderHash, bidder, amount), bidSignature)
        ) revert InvalidBidderSignature();
        _settle(order, orderHash, bidder, amount, escrowed, fee);
    }

    /// @notice The caller puts their bid on an auction on chain, before its claims open, with the
    /// receipt the settlement key signed when the marketplace accepted that bid
    /// (`BidAccepted(orderHash, bidder, amount, epoch)`, current epoch): so a record is always a
    /// bid the auction accepted before its end (minimum raise and extension included), never a
    /// later one. `amount` WVBC is held by the exchange (escrow) and the bid recorded before, if
    /// another bidder's, is paid back (raising one's own record pulls only the difference). From
    /// then on no lower bid of this auction can be claimed, nor an equal one of another bidder; the
    /// record binds its bidder: the seller can settle it without a `Bid` signature. The escrow pays
    /// this bid's claim, goes back when a higher bid is claimed, and can be taken back with
    /// `withdrawRecordedBid` once the auction can no longer settle. Refused for orders that cannot
    /// settle now (not started, bundle, outdated counter); the items' nonces were checked by the
    /// marketplace when it accepted the bid, and an item that moved since frees the escrow at once.
    /// @param order The auction order bid on.
    /// @param receipt The settlement key's `BidAccepted` signature of (order, caller, amount).
    /// @param amount The bid in WVBC wei: at least the reserve, above the recorded bid, below 2^96.
    function recordBid(Order calldata order, bytes calldata receipt, uint256 amount) external {
        if (order.saleKind != AUCTION) revert OrderIsNotAnAuction();
        if (order.itemsKind == BUNDLE) revert InvalidOrder();
        if (block.timestamp < order.startTime) revert OrderNotStarted();
        if (block.timestamp >= order.endTime + CLAIM_DELAY) revert BiddingClosed();
        if (amount < order.price) revert BidBelowReserve();
        if (amount >> 96 != 0) revert InvalidOrder();
        address maker = order.maker;
        if (msg.sender == maker) revert SellerCannotBuy();
        uint256 packed = _counters[maker];
        if (packed & ~_RECORDED_FLAG != order.counter) revert OrderCounterIsOutdated();
        bytes32 orderHash = LibOrder.hash(order);
        uint256 keySlot = _keySlot();
        _checkKeySigned(keySlot, _receiptHash(keySlot, orderHash, msg.sender, amount), receipt);
        uint256 recorded = _recordedBids[orderHash];
        uint256 previous = recorded >> 160;
        if (amount <= previous) revert HigherBidRecorded(previous);
        address recorder = address(uint160(recorded));
        _recordedBids[orderHash] = amount << 160 | uint256(uint160(msg.sender));
        if (packed & _RECORDED_FLAG == 0) _counters[maker] = packed | _RECORDED_FLAG;
        if (recorder == msg.sender) {
            SafeTransferLib.safeTransferFrom(wvbc, msg.sender, address(this), amount - previous);
        } else {
            SafeTransferLib.safeTransferFrom(wvbc, msg.sender, address(this), amount);
            if (previous != 0) SafeTransferLib.safeTransfer(wvbc, recorder, previous);
        }
        emit BidRecorded(orderHash, msg.sender, amount);
    }

    /// @notice Pays a recorded bid's escrow back to its bidder as soon as the auction can no
    /// longer settle: its maker's counter moved, one of its items changed hands or nonce (sold,
    /// moved, cancelled, approval revoked), its collection is not a marketplace collection, or
    /// its claims have closed. Each of those is permanent, so the floor a record sets cannot be
    /// dissolved while the auction can still settle. Anyone may call it; the WVBC goes to the bidder.
    /// @param order The auction order the bid was recorded on.
    function withdrawRecordedBid(Order calldata order) external {
        bytes32 orderHash = LibOrder.hash(order);
        uint256 recorded = _recordedBids[orderHash];
        if (recorded == 0) revert NoRecordedBid();
        if (block.timestamp < order.endTime + CLAIM_DELAY + CLAIM_WINDOW && _canSettle(order)) {
            revert AuctionIsSettling();
        }
        delete _recordedBids[orderHash];
        address bidder = address(uint160(recorded));
        SafeTransferLib.safeTransfer(wvbc, bidder, recorded >> 160);
        emit RecordedBidReturned(orderHash, bidder, recorded >> 160);
    }

    /// @notice Revokes an order (REVOKE): bumps the nonce of each of its items that the
    /// maker still holds unchanged, so this order and every other open order on those items is
    /// void. Maker only; the exchange acts as the maker's approved operator. Emits
    /// `OrderCancelled` only when at least one nonce was bumped (else there was nothing to revoke).
    /// @param order The order to revoke.
    /// The auction order itself cannot be cancelled here while it settles (from its end until
    /// claims close), so the app's "take off sale" cannot void an ended auction by mistake. This
    /// is NOT a binding on the seller: cancelling any other order over the same items (it need not
    /// be signed), moving an item or bumping the counter still voids the auction; a recorded bid's
    /// escrow then comes back at once (`withdrawRecordedBid`).
    function cancel(Order calldata order) external {
        address maker = order.maker;
        if (msg.sender != maker) revert CallerIsNotMaker();
        // Reading both kinds rejects dirty bits, so the event names the order's real hash.
        if (order.itemsKind > BUNDLE) revert InvalidOrder();
        if (order.saleKind == AUCTION) {
            uint256 end = order.endTime;
            if (block.timestamp >= end && block.timestamp < end + CLAIM_DELAY + CLAIM_WINDOW) {
                revert AuctionIsSettling();
            }
        }
        IMarketplaceCollection collection = IMarketplaceCollection(order.collection);
        _checkCollection(address(collection));
        uint256[] calldata ids = order.tokenIds;
        uint256[] calldata nonces = order.tokenNonces;
        if (nonces.length != ids.length) revert InvalidOrder();
        bool revoked;
        for (uint256 i; i < ids.length; ++i) {
            if (collection.invalidateNonce(maker, ids[i], nonces[i])) revoked = true;
        }
        if (revoked) emit OrderCancelled(LibOrder.hash(order), maker);
    }

    /// @notice Voids every open order of the caller (they were signed with the old counter).
    /// @dev The counter jumps by a quasi-random amount in [1, 2^128] (from the previous block's
    /// hash, the caller and the old value), so nobody can have the maker pre-sign an order for
    /// the counter that "cancel all" would produce. 2^128 jumps would be needed to overflow.
    /// @return newCounter The counter to sign new orders with.
    function incrementCounter() external returns (uint256 newCounter) {
        uint256 packed = _counters[msg.sender];
        uint256 old = packed & ~_RECORDED_FLAG;
        bytes32 seed;
        unchecked {
            seed = keccak256(abi.encode(blockhash(block.number - 1), msg.sender, old));
        }
        newCounter = old + 1 + uint128(uint256(seed));
        _counters[msg.sender] = newCounter | (packed & _RECORDED_FLAG);
        emit CounterIncremented(msg.sender, newCounter);
    }

    /*//////////////////////////////////////////////////////////////
                                 VIEWS
    //////////////////////////////////////////////////////////////*/

    /// @notice Each maker's counter; orders signed with another value are void.
    function counters(address maker) external view returns (uint256) {
        return _counters[maker] & ~_RECORDED_FLAG;
    }

    /// @notice The highest bid recorded on chain for an auction (zero address and amount: none).
    function recordedBid(bytes32 orderHash) external view returns (address bidder, uint256 amount) {
        uint256 recorded = _recordedBids[orderHash];
        return (address(uint160(recorded)), recorded >> 160);
    }

    /// @notice What `buy` would charge for the chosen items, discount applied, fee included.
    /// @return count The number of chosen items.
    /// @return total The exact VBC value `buy` expects.
    function quote(Order calldata order, uint256 itemMask) external pure returns (uint256 count, uint256 total) {
        return LibOrder.quote(order, itemMask);
    }

    /*//////////////////////////////////////////////////////////////
                               INTERNALS
    //////////////////////////////////////////////////////////////*/

    /// @dev Cancun everywhere we deploy: always the transient-storage guard.
    function _useTransientReentrancyGuardOnlyOnMainnet() internal pure override returns (bool) {
        return false;
    }

    /// @dev The checks both claims share (auction, window, caller, reserve is checked by the
    /// callers' amounts, counter, maker's signature); returns the order hash.
    function _checkClaim(Order calldata order, bytes calldata orderSignature, address bidder)
        private
        view
        returns (bytes32 orderHash, bool anyRecorded)
    {
        if (order.saleKind != AUCTION) revert OrderIsNotAnAuction();
        address maker = order.maker;
        if (msg.sender != bidder && msg.sender != maker) revert CallerIsNotWinnerOrSeller();
        if (bidder == maker) revert SellerCannotBuy();
        uint256 opens = order.endTime + CLAIM_DELAY;
        if (block.timestamp < opens) revert AuctionNotEnded();
        if (block.timestamp >= opens + CLAIM_WINDOW) revert ClaimWindowClosed();
        orderHash = LibOrder.hash(order);
        anyRecorded = _checkCounter(maker, order.counter);
        if (msg.sender != maker && !_isValidSignature(maker, _hashTypedData(orderHash), orderSignature)) {
            revert InvalidMakerSignature();
        }
    }

    /// @dev The attestation is the settlement signer's for the current epoch and before its
    /// deadline; answers the fee (one storage load for signer, fee and epoch).
    function _checkSettlement(
        uint256 maxFeeBps,
        bytes32 orderHash,
        address bidder,
        uint256 amount,
        uint256 deadline,
        bytes calldata signature
    ) private view returns (uint256) {
        if (block.timestamp > deadline) revert SettlementExpired();
        uint256 keySlot = _keySlot();
        _checkKeySigned(keySlot, _settlementHash(keySlot, orderHash, bidder, amount, deadline), signature);
        return _feeAt(keySlot, amount, maxFeeBps);
    }

    /// @dev Whether the auction could still be claimed as far as its maker and items go: the
    /// counter is the order's, the collection is ours, and every item is the maker's at the
    /// order's nonce. A nonce only grows while one holder keeps a token, and a token that left
    /// comes back at a higher one, so a false answer stays false.
    function _canSettle(Order calldata order) private view returns (bool) {
        address maker = order.maker;
        if (_counters[maker] & ~_RECORDED_FLAG != order.counter) return false;
        MarketplaceCollection collection = MarketplaceCollection(order.collection);
        if (address(collection).codehash != collectionCodeHash) return false;
        uint256[] calldata ids = order.tokenIds;
        uint256[] calldata nonces = order.tokenNonces;
        if (nonces.length != ids.length) return false;
        for (uint256 i; i < ids.length; ++i) {
            if (collection.ownerOf(ids[i]) != maker || collection.tokenNonce(ids[i]) != nonces[i]) return false;
        }
        return true;
    }

    /// @dev A claim of an auction with a recorded bid: refused below it, and at its amount unless
    /// it is the recorded bidder's (a tie goes to the bid on chain); otherwise the record is
    /// cleared and its escrow either pays this claim (same bidder) or goes back to its bidder.
    /// Answers the escrowed amount that pays this claim.
    function _takeRecord(bytes32 orderHash, address bidder, uint256 amount) private returns (uint256 escrowed) {
        uint256 recorded = _recordedBids[orderHash];
        if (recorded == 0) return 0;
        uint256 floor = recorded >> 160;
        address recorder = address(uint160(recorded));
        if (amount < floor || (amount == floor && recorder != bidder)) revert HigherBidRecorded(floor);
        delete _recordedBids[orderHash];
        if (recorder == bidder) return floor;
        SafeTransferLib.safeTransfer(wvbc, recorder, floor);
        return 0;
    }

    /// @dev Moves every item of an auction order to the winner and the bid's WVBC to the seller.
    /// `escrowed` of the amount is already held here (a recorded bid); the rest comes from the
    /// bidder. `fee` is the platform's part of `amount`.
    function _settle(
        Order calldata order,
        bytes32 orderHash,
        address bidder,
        uint256 amount,
        uint256 escrowed,
        uint256 fee
    ) private {
        if (amount < order.price) revert BidBelowReserve();
        if (order.itemsKind == BUNDLE) revert InvalidOrder(); // a bundle cannot be auctioned
        uint256 allItems = LibOrder.allItems(order.tokenIds.length);
        LibOrder.quote(order, allItems); // validates the order's shape
        address maker = order.maker;
        _transferItems(order, allItems, maker, bidder);
        if (escrowed == 0) {
            if (fee != 0) SafeTransferLib.safeTransferFrom(wvbc, bidder, feeRecipient, fee);
            SafeTransferLib.safeTransferFrom(wvbc, bidder, maker, amount - fee);
        } else {
            if (amount > escrowed) SafeTransferLib.safeTransferFrom(wvbc, bidder, address(this), amount - escrowed);
            if (fee != 0) SafeTransferLib.safeTransfer(wvbc, feeRecipient, fee);
            SafeTransferLib.safeTransfer(wvbc, maker, amount - fee);
        }
        emit OrderFilled(orderHash, maker, bidder, order.collection, allItems, amount, fee);
    }

    /// @dev Reverts unless `counter` is the maker's; answers whether the maker has recorded bids.
    function _checkCounter(address maker, uint256 counter) private view returns (bool anyRecorded) {
        uint256 packed = _counters[maker];
        if (packed & ~_RECORDED_FLAG != counter) revert OrderCounterIsOutdated();
        return packed & _RECORDED_FLAG != 0;
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

    function _sendNative(address to, uint256 amount) private {
        /// @solidity memory-safe-assembly
        assembly {
            if iszero(call(gas(), to, amount, codesize(), 0x00, codesize(), 0x00)) {
                mstore(0x00, 0xf499da20) // `PaymentFailed()`.
                revert(0x1c, 0x04)
            }
        }
    }
}
