// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @dev The EIP-712 messages of the marketplace. Their TypeScript twin is
/// contracts/typed-data/index.ts (a test proves both give the same type hashes).

/// @dev Sale kinds (`Order.saleKind`).
uint8 constant FIXED_PRICE = 0; // paid in native VBC, exact amount, by `buy`
uint8 constant AUCTION = 1; // English auction paid in WVBC, settled by `claim`

/// @dev Item kinds (`Order.itemsKind`).
uint8 constant SINGLE = 0; // exactly one token
uint8 constant SET = 1; // several tokens, sold only all together
uint8 constant BUNDLE = 2; // several tokens, the buyer picks any non-empty subset

/// @notice A maker's signed offer to sell tokens of one collection.
/// @param maker The seller, who signs the order and owns the tokens.
/// @param collection The ERC-721 collection (a MarketplaceCollection: it keeps token nonces).
/// @param tokenIds The items (1 to 256).
/// @param tokenNonces For each item, the collection's `tokenNonce` when the order was signed.
/// @param saleKind FIXED_PRICE or AUCTION.
/// @param itemsKind SINGLE, SET or BUNDLE (auctions: SINGLE or SET).
/// @param price Total price (SINGLE, SET), price per item (BUNDLE), or reserve price (AUCTION), in wei.
/// @param discountBps BUNDLE only: discount in basis points on the chosen items' total...
/// @param minCountForDiscount ...when at least this many items are chosen (0: no discount).
/// @param startTime Fixed price: first second the order can be filled.
/// @param endTime Fixed price: the order expires at this second. Auction: bidding ends and
/// claiming starts at this second.
/// @param salt Makes otherwise equal orders distinct.
/// @param counter The maker's counter when signing; `incrementCounter` voids older orders.
/// @param maxFeeBps The highest platform fee (basis points) the maker accepts: the exchange
/// charges the lower of its current fee and this, so the seller receives at least
/// `price * (10000 - maxFeeBps) / 10000` whatever the owner does to the fee later.
struct Order {
    address maker;
    address collection;
    uint256[] tokenIds;
    uint256[] tokenNonces;
    uint8 saleKind;
    uint8 itemsKind;
    uint256 price;
    uint256 discountBps;
    uint256 minCountForDiscount;
    uint256 startTime;
    uint256 endTime;
    uint256 salt;
    uint256 counter;
    uint256 maxFeeBps;
}

/// @notice An off-chain bid on an auction order, signed by the bidder, payable in WVBC. The order
/// is nested (EIP-712 `Bid(Order order,address bidder,uint256 amount)Order(...)`), so the wallet
/// shows what is bid on; on chain its struct hash is the order's, computed anyway.
struct Bid {
    Order order;
    address bidder;
    uint256 amount;
}

/// @notice The marketplace settlement key's attestation that `bidder`'s bid of `amount` wins the
/// ended auction `orderHash`. Valid until `deadline` (a timestamp) and only while the exchange's
/// `settlementEpoch` equals `epoch`: the owner voids every outstanding attestation by bumping it.
struct Settlement {
    bytes32 orderHash;
    address bidder;
    uint256 amount;
    uint256 deadline;
    uint256 epoch;
}
