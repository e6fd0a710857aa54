// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @notice Errors and events of the Exchange (errors read as sentences).
interface IExchangeEvents {
    /// @notice An order was filled: the chosen items moved from maker to taker, who paid `amount`.
    /// @dev Enough to rebuild the fill without the stored order: the items are
    /// `order.tokenIds[i]` for each bit i of `itemMask` (every item for SINGLE, SET and auctions),
    /// also visible as `collection`'s Transfer events of the same transaction; the currency is VBC
    /// for `buy` (itemMask as chosen) and WVBC for the claims.
    /// @param orderHash The EIP-712 struct hash of the order.
    /// @param maker The seller.
    /// @param taker The buyer (fixed price) or the winning bidder (auction).
    /// @param collection The order's collection.
    /// @param itemMask Bit i set: `order.tokenIds[i]` was bought.
    /// @param amount The total paid by the taker (fee included), in wei.
    /// @param fee The platform's part of `amount`; the seller received `amount - fee`.
    event OrderFilled(
        bytes32 indexed orderHash,
        address indexed maker,
        address indexed taker,
        address collection,
        uint256 itemMask,
        uint256 amount,
        uint256 fee
    );

    /// @notice A bidder put their bid on chain for an auction, its WVBC held by the exchange
    /// (see `Exchange.recordBid`); the bid recorded before was paid back.
    event BidRecorded(bytes32 indexed orderHash, address indexed bidder, uint256 amount);

    /// @notice A recorded bid's escrow went back to its bidder by `withdrawRecordedBid` (the
    /// auction can no longer settle). Outbid records and claims clear a record without it: see
    /// `BidRecorded` and `OrderFilled`.
    event RecordedBidReturned(bytes32 indexed orderHash, address indexed bidder, uint256 amount);

    /// @notice The owner voided every outstanding settlement attestation; new ones carry `epoch`.
    event SettlementsRevoked(uint64 epoch);

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
    /// @notice The auction's claims are not open yet (they open CLAIM_DELAY after its end).
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
    /// @notice The settlement attestation's deadline has passed.
    error SettlementExpired();
    /// @notice A bid at least as high is recorded on chain for this auction.
    error HigherBidRecorded(uint256 amount);
    /// @notice No bid of this auction is held on chain.
    error NoRecordedBid();
    /// @notice Bids can no longer be recorded: the auction's claims are open.
    error BiddingClosed();
    /// @notice The auction's claim window has closed: it can no longer be settled.
    error ClaimWindowClosed();
    /// @notice An ended auction cannot be cancelled while it can still be claimed; a recorded bid
    /// cannot be withdrawn while its auction can still settle.
    error AuctionIsSettling();
}
