// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @notice Errors and events of the Exchange (errors read as sentences).
interface IExchangeEvents {
    /// @notice An order was filled (fully for SINGLE, SET and auctions, the chosen items of a BUNDLE).
    /// @param orderHash The EIP-712 hash of the order.
    /// @param maker The seller.
    /// @param taker The buyer (fixed price) or the winning bidder (auction).
    /// @param collection The collection of the items.
    /// @param tokenIds The items that moved from maker to taker.
    /// @param amount The total paid by the taker (fee included), in wei.
    /// @param saleKind FIXED_PRICE (paid in VBC) or AUCTION (paid in WVBC).
    event OrderFilled(
        bytes32 indexed orderHash,
        address indexed maker,
        address indexed taker,
        address collection,
        uint256[] tokenIds,
        uint256 amount,
        uint8 saleKind
    );

    /// @notice The maker cancelled (revoked) an order.
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
    /// @notice The maker cancelled this order.
    error OrderIsCancelled();
    /// @notice The maker incremented its counter since signing this order.
    error OrderCounterIsOutdated();
    /// @notice The item has moved (sold, or transferred by its owner) since the order was signed.
    error ItemAlreadySoldOrMoved(uint256 tokenId);
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
    /// @notice The bid is for another order.
    error BidIsForAnotherOrder();
    /// @notice Only the winning bidder or the seller can claim.
    error CallerIsNotWinnerOrSeller();
    /// @notice Sending VBC to the seller or fee recipient failed.
    error PaymentFailed();
    /// @notice The fee is above the hard cap, or a non-zero fee has no recipient.
    error InvalidFee();
}
