// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @notice What a partner sets when creating a drop (docs/decisions/118-drops-escrow-and-reveal.md).
/// @param kind EDITION, TICKET, PRE_ORDER or MAGIC_BAG (see DropKinds).
/// @param wrapped Paid in the chain's wrapped coin (Drops.wrapped) instead of its native coin.
/// @param price Price of one item in wei of the paying coin.
/// @param total Items on sale (a magic bag: the size of the committed pool).
/// @param limitPerWallet Most items one wallet may buy (at least 1).
/// @param start Sale opens at this time (inclusive).
/// @param end Sale closes at this time (exclusive).
/// @param deadline Pre-order and magic bag: delivery (or opening) must happen before it; from it on,
/// what was not delivered is refundable. Editions and tickets: unused (0).
/// @param eventTime Tickets: when the event takes place (at or after `end`); others 0.
/// @param poolRoot Magic bag: Merkle root of the ordered pool, leaf i = keccak256(abi.encode(i, uri)).
/// @param uri Drop metadata (title, description, cover, collection, venue): the URI of editions,
/// tickets and sealed bags until opened.
struct DropParams {
    uint8 kind;
    bool wrapped;
    uint96 price;
    uint32 total;
    uint32 limitPerWallet;
    uint40 start;
    uint40 end;
    uint40 deadline;
    uint40 eventTime;
    bytes32 poolRoot;
    string uri;
}

/// @notice Errors and events of the Drops contract (errors read as sentences; each maps to an
/// error code of the catalogue: shared/drop-reverts.ts).
interface IDropsErrors {
    /// @notice The caller does not hold the factory's partner role.
    error NotAPartner();
    /// @notice The drop's settings are inconsistent (times, supply, limit, kind or pool).
    error InvalidDrop();
    /// @notice A magic bag's pool must be committed before its sale opens (start in the future).
    error BagMustBeCommittedBeforeSale();
    /// @notice No drop has this id.
    error DropNotFound();
    /// @notice At least one item must be bought.
    error ZeroQuantity();
    /// @notice The sale has not opened yet.
    error DropNotStarted();
    /// @notice The sale has closed.
    error DropEnded();
    /// @notice Fewer items are left than asked for.
    error SoldOut(uint256 remaining);
    /// @notice The wallet would hold more than the drop's limit per wallet.
    error OverWalletLimit(uint256 limit, uint256 alreadyBought);
    /// @notice The payment is not exactly the price of the items (wrapped drops take no native coin).
    error WrongPayment(uint256 expected, uint256 sent);
    /// @notice Only the drop's partner (or, to cancel, the owner) may do this.
    error CallerIsNotThePartner();
    /// @notice This action does not apply to this kind of drop.
    error WrongDropKind();
    /// @notice The delivery deadline has passed: what was not delivered is refundable now.
    error DeliveryDeadlinePassed();
    /// @notice The buyer has fewer undelivered items than the partner tried to deliver.
    error DeliveringMoreThanSold(uint256 undelivered);
    /// @notice Refunds open at the delivery deadline.
    error RefundNotYetOpen(uint256 deadline);
    /// @notice The caller has nothing left to refund.
    error NothingToRefund();
    /// @notice A magic bag is revealed only after its sale closed (sold out or ended).
    error RevealBeforeSaleClosed();
    /// @notice The block whose hash fixes the reveal is not mined yet.
    error RevealBlockNotMined(uint256 revealBlock);
    /// @notice The magic bag was already revealed.
    error AlreadyRevealed();
    /// @notice The magic bag is not revealed yet.
    error NotRevealed();
    /// @notice This bag was already opened (or is not a sealed bag).
    error BagAlreadyOpened();
    /// @notice The item and proof do not match the committed pool at the bag's position.
    error InvalidPoolProof();
    /// @notice Only the holder of the sealed bag may refund it.
    error CallerIsNotTheHolder();
    /// @notice The partner has no delivered proceeds left to withdraw.
    error NothingToWithdraw();
}

interface IDropsEvents {
    /// @notice A partner created a drop.
    event DropCreated(uint256 indexed dropId, address indexed partner, DropParams params);
    /// @notice A buyer paid for `quantity` items (serials `firstSerial`.. for editions and bags).
    event Purchased(
        uint256 indexed dropId, address indexed buyer, uint256 quantity, uint256 amount, uint256 firstSerial
    );
    /// @notice The partner delivered `quantity` pre-ordered items to `buyer` (token ids from `firstTokenId`).
    event Delivered(uint256 indexed dropId, address indexed buyer, uint256 quantity, uint256 firstTokenId);
    /// @notice `account` took back `amount` for `quantity` undelivered items.
    event Refunded(uint256 indexed dropId, address indexed account, uint256 quantity, uint256 amount);
    /// @notice The reveal of a magic bag will use the hash of block `revealBlock`.
    event RevealScheduled(uint256 indexed dropId, uint256 revealBlock);
    /// @notice A magic bag was revealed: serial s holds pool item (s - 1 + offset) % total.
    event Revealed(uint256 indexed dropId, uint256 revealBlock, bytes32 blockHash, uint256 offset);
    /// @notice A sealed bag was opened: it holds pool item `poolIndex`.
    event BagOpened(uint256 indexed tokenId, uint256 poolIndex, string uri);
    /// @notice Delivered proceeds were paid to the partner.
    event Withdrawn(uint256 indexed dropId, address indexed partner, uint256 amount);
    /// @notice The drop was cancelled: sales closed, undelivered items refundable now.
    event DropCancelled(uint256 indexed dropId);
}
