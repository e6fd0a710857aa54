// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @notice The terms a partner fixes when putting an NFT into a vault (docs/decisions/117).
/// @param supply The number of shares (whole units: shares have 0 decimals), 1..MAX_SHARES.
/// @param pricePerShare The primary sale's price of one share in the native coin (wei), not 0.
/// @param purchaseLimit The most shares one address may buy in the primary sale, 1..supply.
/// @param saleStart When the primary sale opens (unix seconds).
/// @param saleEnd When it closes; unsold shares then go back to the partner.
/// @param reservePrice The lowest buyout in the wrapped coin (wei), at least supply x price.
/// @param name The share token's name.
/// @param symbol The share token's symbol.
struct VaultTerms {
    uint256 supply;
    uint256 pricePerShare;
    uint256 purchaseLimit;
    uint256 saleStart;
    uint256 saleEnd;
    uint256 reservePrice;
    string name;
    string symbol;
}

/// @notice A holder's gasless offer to sell shares of one vault (signed with EIP-712, domain
/// bound to the chain id and to the vault's address); taken whole or in parts.
struct ShareOrder {
    address maker;
    uint256 shares;
    uint256 pricePerShare;
    uint256 startTime;
    uint256 endTime;
    uint256 salt;
    uint256 maxFeeBps;
}

/// @notice A vault's life: IDLE (sale, trading, redemption), LIVE (a buyout runs), then one of
/// SUCCEEDED (the NFT went to the buyer; holders cash out), FAILED (the NFT had left: every coin
/// went back to the bidder) or REDEEMED (a holder of every share took the NFT).
enum VaultState {
    IDLE,
    LIVE,
    SUCCEEDED,
    FAILED,
    REDEEMED
}

/// @notice Errors of FractionalVaultFactory (read as sentences). Each maps to a catalogue code
/// (shared/fractional-errors.ts).
interface IFractionalFactoryErrors {
    /// @notice Only partners put NFTs into vaults.
    error NotAPartner();
    /// @notice Only marketplace collections can be fractionalized.
    error CollectionNotSupported();
    /// @notice The caller does not own the NFT.
    error NotTokenOwner();
    /// @notice The number of shares is 0 or above MAX_SHARES.
    error InvalidShareCount();
    /// @notice The price per share is 0 (or absurdly high).
    error InvalidSharePrice();
    /// @notice The purchase limit is 0 or above the number of shares.
    error InvalidPurchaseLimit();
    /// @notice The sale window is empty, already over, or longer than MAX_SALE_DURATION.
    error InvalidSaleWindow();
    /// @notice The reserve is below what the primary sale values the NFT at (supply x price).
    error ReserveBelowSaleValue();
    /// @notice The fee is above MAX_FEE_BPS or has no recipient.
    error InvalidFee();
}

/// @notice Errors of FractionalVault (read as sentences). Each maps to a catalogue code.
interface IFractionalVaultErrors {
    /// @notice The primary sale has not opened yet.
    error SaleNotStarted();
    /// @notice The primary sale has closed.
    error SaleEnded();
    /// @notice The primary sale is still open (no buyout and no release before it closes).
    error SaleStillOpen();
    /// @notice A number of shares must be above 0.
    error ZeroShares();
    /// @notice The partner does not buy their own shares.
    error CuratorCannotBuy();
    /// @notice Above the purchase limit; `allowed` is what the caller may still buy.
    error PurchaseLimitExceeded(uint256 allowed);
    /// @notice Fewer shares are left in the sale; `left` is how many.
    error NotEnoughSharesLeft(uint256 left);
    /// @notice The value sent is not the exact price.
    error SharePaymentMismatch(uint256 expected, uint256 sent);
    /// @notice No unsold share is left to give back to the partner.
    error NoUnsoldShares();
    /// @notice A holder does not take their own share listing.
    error CannotTakeOwnListing();
    /// @notice The share listing has not started.
    error ShareListingNotStarted();
    /// @notice The share listing has ended.
    error ShareListingExpired();
    /// @notice The share listing is malformed (price 0, too many shares).
    error InvalidShareListing();
    /// @notice Fewer shares are left in the listing (sold or cancelled); `left` is how many.
    error ShareListingNotEnough(uint256 left);
    /// @notice The seller no longer holds the listed shares.
    error ShareListingSharesMoved();
    /// @notice The listing's signature is not the maker's.
    error InvalidMakerSignature();
    /// @notice Only the listing's maker cancels it.
    error CallerIsNotMaker();
    /// @notice A buyout must start at the reserve price at least.
    error BidBelowReserve();
    /// @notice A raise must be 5% above the current bid; `minimum` is the lowest accepted.
    error BidTooLow(uint256 minimum);
    /// @notice The buyout has ended (settle it).
    error BuyoutEnded();
    /// @notice The buyout has not ended yet.
    error BuyoutNotEnded();
    /// @notice No buyout is running.
    error NoBuyout();
    /// @notice A buyout is running (redemption waits for its end).
    error BuyoutInProgress();
    /// @notice The vault is closed (bought out, failed or redeemed).
    error VaultClosed();
    /// @notice Cash-out opens only after a successful buyout.
    error CashOutNotOpen();
    /// @notice The caller holds no share to cash out.
    error NothingToCashOut();
    /// @notice Redemption needs every share.
    error MustHoldEveryShare();
    /// @notice The vault no longer holds its NFT.
    error NftNotInVault();
    /// @notice Shares cannot be sent to the vault itself (they would join the unsold ones).
    error SharesCannotGoToTheVault();
    /// @notice Only the wrapped coin sends the native coin here.
    error UnexpectedPayment();
    /// @notice A native payment failed.
    error PaymentFailed();
}

/// @notice Events of the factory and the vaults: enough for an indexer to rebuild every vault.
interface IFractionalEvents {
    /// @notice A partner put an NFT into a new vault (its shares are the vault's ERC-20).
    event VaultCreated(
        address indexed vault,
        address indexed collection,
        uint256 indexed tokenId,
        address curator,
        uint256 supply,
        uint256 pricePerShare,
        uint256 purchaseLimit,
        uint256 saleStart,
        uint256 saleEnd,
        uint256 reservePrice
    );
    /// @notice The owner changed the share-trading fee.
    event FeeUpdated(uint256 feeBps, address feeRecipient);
    /// @notice A buyer bought shares in the primary sale, paying `paid` to the partner.
    event SharesBought(address indexed buyer, uint256 shares, uint256 paid);
    /// @notice The unsold shares went back to the partner after the sale.
    event UnsoldReleased(address indexed curator, uint256 shares);
    /// @notice A share listing was taken (in part or whole): `amount` paid, `fee` of it to the platform.
    event ShareOrderFilled(
        bytes32 indexed orderHash,
        address indexed maker,
        address indexed taker,
        uint256 shares,
        uint256 amount,
        uint256 fee
    );
    /// @notice The maker cancelled a share listing.
    event ShareOrderCancelled(bytes32 indexed orderHash, address indexed maker);
    /// @notice A buyout started (first bid) or was raised; `endsAt` is its current end.
    event BuyoutBid(address indexed bidder, uint256 amount, uint256 endsAt);
    /// @notice A buyout ended with the NFT going to `buyer` for `amount`.
    event BuyoutSucceeded(address indexed buyer, uint256 amount);
    /// @notice A buyout ended without the NFT (it had left the vault): `amount` went back.
    event BuyoutFailed(address indexed bidder, uint256 amount);
    /// @notice A holder burnt `shares` for `payout` of the buyout's proceeds.
    event CashedOut(address indexed holder, uint256 shares, uint256 payout);
    /// @notice A holder of every share burnt them all and took the NFT.
    event Redeemed(address indexed holder);
}
