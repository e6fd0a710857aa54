// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @notice Errors and events of the Exchange (errors read as sentences).
interface IExchangeEvents {
    /// @notice An order was filled: the chosen items moved from maker to taker, who paid `amount`.
    /// @dev Lean on purpose (each log word costs gas on every sale): the items are
    /// `order.tokenIds[i]` for each bit i of `itemMask` (every item for SINGLE, SET and auctions),
    /// also visible as the collection's Transfer events of the same transaction; the currency
    /// follows from the order's saleKind (FIXED_PRICE: VBC, AUCTION: WVBC).
    /// @param orderHash The EIP-712 struct hash of the order.
    /// @param maker The seller.
    /// @param taker The buyer (fixed price) or the winning bidder (auction).
    /// @param itemMask Bit i set: `order.tokenIds[i]` was bought.
    /// @param amount The total paid by the taker (fee included), in wei.
    event OrderFilled(
        bytes32 indexed orderHash, address indexed maker, address indexed taker, uint256 itemMask, uint256 amount
    );

    /// @notice The maker cancelled (revoked) an order: at least one of its items' nonces was
    /// bumped, which also voids every other open order on those items. Not emitted when nothing
    /// was left to revoke.
    event OrderCancelled(bytes32 indexed orderHash, address indexed maker);

    /// @notice The maker voided all its orders signed with a lower counter.
    event CounterIncremented(address indexed maker, uint256 newCounter);

    /// @notice The owner changed the platform fee.
    event FeeUpdated(uint256 feeBps, address feeRecipient);

    /// @notice The owner changed the settlement signer that attests auction winners.
    event SettlementSignerUpdated(address signer);
}

interface IExchangeErrors {
    /// @notice The order's signature is not the maker's.
    error InvalidMakerSignature();
    /// @notice The bid's signature is not the bidder's.
    error InvalidBidderSignature();
    /// @notice The winner attestation is not signed by the settlement signer.
    error InvalidSettlementSignature();
    /// @notice The order cannot be filled before its start time.
    error OrderNotStarted();
    /// @notice The order's end time has passed.
    error OrderExpired();
    /// @notice Only the order's maker can cancel it.
    error CallerIsNotMaker();
    /// @notice The maker incremented its counter since signing this order.
    error OrderCounterIsOutdated();
    /// @notice The item was sold, transferred, or its orders revoked since the order was signed
    /// (raised by the collection, which checks the item's nonce).
    error ItemNoLongerAvailable(uint256 tokenId);
    /// @notice The value sent is not the exact price.
    error WrongPayment(uint256 expected, uint256 sent);
    /// @notice `buy` only fills fixed-price orders.
    error OrderIsNotFixedPrice();
    /// @notice `claim` only settles auction orders.
    error OrderIsNotAnAuction();
    /// @notice The order is malformed (item count, kinds, nonces, discount).
    error InvalidOrder();
    /// @notice The chosen items are empty or out of range, or do not match a SINGLE or SET order.
    error InvalidItemSelection();
    /// @notice A set can only be bought whole.
    error SetMustBeBoughtWhole();
    /// @notice The seller cannot buy its own order.
    error SellerCannotBuy();
    /// @notice The auction has not ended yet.
    error AuctionNotEnded();
    /// @notice The bid is below the auction's reserve price.
    error BidBelowReserve();
    /// @notice Only the winning bidder or the seller can claim.
    error CallerIsNotWinnerOrSeller();
    /// @notice Sending VBC to the seller or fee recipient failed.
    error PaymentFailed();
    /// @notice The order's collection is not a marketplace collection (another contract's code).
    error CollectionIsNotAMarketplaceCollection(address collection);
    /// @notice The fee is above the hard cap, or a non-zero fee has no recipient.
    error InvalidFee();
}
