// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {ERC721} from "solady/tokens/ERC721.sol";
import {Ownable} from "solady/auth/Ownable.sol";
import {MerkleProofLib} from "solady/utils/MerkleProofLib.sol";
import {SafeTransferLib} from "solady/utils/SafeTransferLib.sol";
import {IAccessControl} from "@openzeppelin/contracts/access/IAccessControl.sol";
import {DropParams, IDropsErrors, IDropsEvents} from "./interfaces/IDrops.sol";

/// @title Drops: the primary market (editions, event tickets, pre-orders, magic bags)
/// @notice Partners (the factory's PARTNER_ROLE) put items on sale; buyers pay the exact price in
/// the chain's native coin or, per drop, its wrapped coin. Items are tokens of this contract, id
/// `dropId << 32 | serial`. Money is held here (escrow) until the item is delivered; only then is
/// it the partner's (`withdraw`). What was not delivered by the deadline goes back to its buyer.
/// - EDITION and TICKET: minted to the buyer at purchase, serial k of `total` (delivered at once).
/// - PRE_ORDER: the purchase is recorded (INCOMING); the partner mints each item to its buyer
///   before the deadline (`deliver`); from the deadline on, the buyer refunds the rest (`refund`).
/// - MAGIC_BAG: the pool's Merkle root is committed at creation, before the sale opens; a sealed
///   bag token is minted at purchase; after the sale closed, the hash of a block chosen at that
///   moment fixes the offset (`reveal`); anyone then opens a bag with the pool item and its proof
///   (`openBag`); a bag not opened by the deadline is refunded to its holder (`refundBag`).
/// No chain-specific constant: the factory and the wrapped coin are given at deployment, one
/// deployment per network. (docs/decisions/118-drops-escrow-and-reveal.md)
contract Drops is ERC721, Ownable, IDropsErrors, IDropsEvents {
    using SafeTransferLib for address;

    uint8 public constant EDITION = 1;
    uint8 public constant TICKET = 2;
    uint8 public constant PRE_ORDER = 3;
    uint8 public constant MAGIC_BAG = 4;
    /// @notice CollectionFactory.PARTNER_ROLE.
    bytes32 public constant PARTNER_ROLE = keccak256("PARTNER_ROLE");
    /// @notice A block hash is readable for 256 blocks; past that the reveal block is chosen anew.
    uint256 public constant BLOCKHASH_WINDOW = 256;

    /// @notice The CollectionFactory whose PARTNER_ROLE may create drops and deliver.
    address public immutable factory;
    /// @notice The chain's wrapped native coin (WVBC, WBNB, ...), accepted by drops so marked.
    address public immutable wrapped;

    /// @dev Three packed slots, then the bag's commit and reveal, then the metadata URI.
    struct Drop {
        address partner;
        uint96 price;
        uint40 start;
        uint40 end;
        uint40 deadline;
        uint40 eventTime;
        uint32 total;
        uint32 limitPerWallet;
        uint8 kind;
        bool wrapped;
        uint32 sold;
        uint32 delivered;
        uint32 refunded;
        uint128 withdrawn;
        /// @dev Set at creation, in the counters' slot: the partner pays for the slot once, and
        /// the first buyer updates it like every other one (17,100 gas less for that buyer).
        bool created;
        bytes32 poolRoot;
        uint64 revealBlock;
        uint32 offset;
        bool revealed;
        string uri;
    }

    /// @notice Number of drops created; ids are 1, 2, 3, ...
    uint256 public dropCount;
    mapping(uint256 dropId => Drop) private _drops;
    /// @dev Per drop and buyer: bought (bits 0..31), delivered (32..63), refunded (64..95).
    mapping(uint256 dropId => mapping(address buyer => uint256)) private _buyers;
    /// @dev The URI of a delivered pre-order item or an opened bag (others use the drop's URI).
    mapping(uint256 tokenId => string) private _tokenURIs;

    /// @param owner_ May cancel any drop (a revoked partner's, for instance).
    /// @param factory_ The CollectionFactory (its PARTNER_ROLE).
    /// @param wrapped_ The chain's wrapped native coin.
    constructor(address owner_, address factory_, address wrapped_) {
        _initializeOwner(owner_);
        factory = factory_;
        wrapped = wrapped_;
    }

    /*//////////////////////////////////////////////////////////////
                                PARTNERS
    //////////////////////////////////////////////////////////////*/

    /// @notice Creates a drop sold by the calling partner.
    /// @return dropId The new drop's id.
    function createDrop(DropParams calldata p) external returns (uint256 dropId) {
        _checkPartner();
        _checkParams(p);
        dropId = ++dropCount;
        Drop storage d = _drops[dropId];
        d.partner = msg.sender;
        d.price = p.price;
        d.start = p.start;
        d.end = p.end;
        d.deadline = p.deadline;
        d.eventTime = p.eventTime;
        d.total = p.total;
        d.limitPerWallet = p.limitPerWallet;
        d.kind = p.kind;
        d.wrapped = p.wrapped;
        d.created = true;
        d.poolRoot = p.poolRoot;
        d.uri = p.uri;
        emit DropCreated(dropId, msg.sender, p);
    }

    /// @notice Delivers pre-ordered items to `buyer` by minting one token per URI. The drop's
    /// partner only, while a partner, before the deadline; at most what the buyer paid for.
    function deliver(uint256 dropId, address buyer, string[] calldata uris) external {
        Drop storage d = _existing(dropId);
        if (msg.sender != d.partner) revert CallerIsNotThePartner();
        _checkPartner();
        if (d.kind != PRE_ORDER) revert WrongDropKind();
        if (block.timestamp >= d.deadline) revert DeliveryDeadlinePassed();
        uint256 n = uris.length;
        uint256 b = _buyers[dropId][buyer];
        uint256 undelivered = _bought(b) - _delivered(b) - _refunded(b);
        if (n == 0) revert ZeroQuantity();
        if (n > undelivered) revert DeliveringMoreThanSold(undelivered);
        _buyers[dropId][buyer] = b + (n << 32);
        uint256 firstId = (dropId << 32) | (uint256(d.delivered) + 1);
        // forge-lint: disable-next-line(unsafe-typecast)
        d.delivered += uint32(n); // at most the buyer's undelivered count
        for (uint256 i; i < n; ++i) {
            _tokenURIs[firstId + i] = uris[i];
            _mint(buyer, firstId + i);
        }
        emit Delivered(dropId, buyer, n, firstId);
    }

    /// @notice Pays the partner what its delivered items earned (anyone may call; the coin goes
    /// to the drop's partner).
    function withdraw(uint256 dropId) external {
        Drop storage d = _existing(dropId);
        uint256 amount = uint256(d.delivered) * d.price - d.withdrawn;
        if (amount == 0) revert NothingToWithdraw();
        // forge-lint: disable-next-line(unsafe-typecast)
        d.withdrawn += uint128(amount); // at most total * price < 2^128
        _pay(d.wrapped, d.partner, amount);
        emit Withdrawn(dropId, d.partner, amount);
    }

    /// @notice Cancels a drop: the sale closes and the deadline is now, so every undelivered
    /// item is refundable at once. The drop's partner or the owner (for a revoked partner).
    function cancel(uint256 dropId) external {
        Drop storage d = _existing(dropId);
        if (msg.sender != d.partner && msg.sender != owner()) revert CallerIsNotThePartner();
        uint40 nowTs = uint40(block.timestamp);
        if (d.end > nowTs) d.end = nowTs;
        if (d.deadline > nowTs) d.deadline = nowTs;
        emit DropCancelled(dropId);
    }

    /*//////////////////////////////////////////////////////////////
                                 BUYERS
    //////////////////////////////////////////////////////////////*/

    /// @notice Buys `quantity` items, paying exactly `quantity * price` (native coin as value,
    /// or the wrapped coin pulled from the caller, who approved this contract, with no value).
    function buy(uint256 dropId, uint256 quantity) external payable {
        Drop storage d = _existing(dropId);
        if (quantity == 0) revert ZeroQuantity();
        if (block.timestamp < d.start) revert DropNotStarted();
        if (block.timestamp >= d.end) revert DropEnded();
        uint256 sold = d.sold;
        if (sold + quantity > d.total) revert SoldOut(d.total - sold);
        uint256 b = _buyers[dropId][msg.sender];
        if (_bought(b) + quantity > d.limitPerWallet) revert OverWalletLimit(d.limitPerWallet, _bought(b));
        _buyers[dropId][msg.sender] = b + quantity;
        uint256 amount = quantity * d.price;
        uint8 kind = d.kind;
        // forge-lint: disable-next-line(unsafe-typecast)
        uint32 newSold = uint32(sold + quantity); // at most `total`, a uint32
        d.sold = newSold;
        // Editions and tickets are delivered at purchase; a bag is a sealed token until opened.
        if (kind == EDITION || kind == TICKET) d.delivered = newSold;
        if (kind != PRE_ORDER) {
            uint256 firstId = (dropId << 32) | (sold + 1);
            for (uint256 i; i < quantity; ++i) {
                _mint(msg.sender, firstId + i);
            }
        }
        _collect(d.wrapped, amount);
        emit Purchased(dropId, msg.sender, quantity, amount, sold + 1);
    }

    /// @notice From the deadline on, takes back the price of the caller's undelivered pre-orders.
    function refund(uint256 dropId) external {
        Drop storage d = _existing(dropId);
        if (d.kind != PRE_ORDER) revert WrongDropKind();
        if (block.timestamp < d.deadline) revert RefundNotYetOpen(d.deadline);
        uint256 b = _buyers[dropId][msg.sender];
        uint256 n = _bought(b) - _delivered(b) - _refunded(b);
        if (n == 0) revert NothingToRefund();
        _buyers[dropId][msg.sender] = b + (n << 64);
        // forge-lint: disable-next-line(unsafe-typecast)
        d.refunded += uint32(n); // at most the caller's bought count
        uint256 amount = n * d.price;
        _pay(d.wrapped, msg.sender, amount);
        emit Refunded(dropId, msg.sender, n, amount);
    }

    /*//////////////////////////////////////////////////////////////
                               MAGIC BAGS
    //////////////////////////////////////////////////////////////*/

    /// @notice Reveals a magic bag whose sale closed (sold out or ended). The first call fixes the
    /// reveal block (the next one, whose hash nobody knows yet); a call after it was mined reads
    /// its hash and fixes the offset. If that hash is no longer readable (more than 256 blocks
    /// later), the call fixes a new future block instead of falling back on a hash already known.
    function reveal(uint256 dropId) external {
        Drop storage d = _existing(dropId);
        if (d.kind != MAGIC_BAG) revert WrongDropKind();
        if (d.revealed) revert AlreadyRevealed();
        if (d.sold < d.total && block.timestamp < d.end) revert RevealBeforeSaleClosed();
        uint256 target = d.revealBlock;
        if (target == 0 || block.number > target + BLOCKHASH_WINDOW) {
            d.revealBlock = uint64(block.number + 1);
            emit RevealScheduled(dropId, block.number + 1);
            return;
        }
        if (block.number <= target) revert RevealBlockNotMined(target);
        bytes32 h = blockhash(target);
        uint256 offset = revealOffset(h, d.poolRoot, dropId, d.total);
        // forge-lint: disable-next-line(unsafe-typecast)
        d.offset = uint32(offset); // below `total`, a uint32
        d.revealed = true;
        emit Revealed(dropId, target, h, offset);
    }

    /// @notice Opens a sealed bag with its pool item: anyone may, with the item's URI and its
    /// Merkle proof against the committed root, before the deadline. Pays the item to the partner.
    function openBag(uint256 tokenId, string calldata uri, bytes32[] calldata proof) external {
        uint256 dropId = tokenId >> 32;
        Drop storage d = _existing(dropId);
        if (d.kind != MAGIC_BAG) revert WrongDropKind();
        if (!d.revealed) revert NotRevealed();
        if (block.timestamp >= d.deadline) revert DeliveryDeadlinePassed();
        if (!_exists(tokenId) || bytes(_tokenURIs[tokenId]).length != 0) revert BagAlreadyOpened();
        uint256 index = bagPoolIndex(tokenId);
        bytes32 leaf = keccak256(abi.encode(index, uri));
        if (!MerkleProofLib.verifyCalldata(proof, d.poolRoot, leaf)) revert InvalidPoolProof();
        _tokenURIs[tokenId] = uri;
        d.delivered += 1;
        emit BagOpened(tokenId, index, uri);
    }

    /// @notice From the deadline on, the holder of a bag still sealed burns it for its price.
    function refundBag(uint256 tokenId) external {
        uint256 dropId = tokenId >> 32;
        Drop storage d = _existing(dropId);
        if (d.kind != MAGIC_BAG) revert WrongDropKind();
        if (block.timestamp < d.deadline) revert RefundNotYetOpen(d.deadline);
        if (_ownerOf(tokenId) != msg.sender) revert CallerIsNotTheHolder();
        if (bytes(_tokenURIs[tokenId]).length != 0) revert NothingToRefund();
        _burn(tokenId);
        d.refunded += 1;
        _pay(d.wrapped, msg.sender, d.price);
        emit Refunded(dropId, msg.sender, 1, d.price);
    }

    /// @notice The pool index a bag holds once revealed: (serial - 1 + offset) % total.
    function bagPoolIndex(uint256 tokenId) public view returns (uint256) {
        Drop storage d = _drops[tokenId >> 32];
        if (!d.revealed) revert NotRevealed();
        return ((tokenId & type(uint32).max) - 1 + d.offset) % d.total;
    }

    /// @notice The reveal's formula, for anyone to check: keccak256(blockHash, poolRoot, dropId) % total.
    function revealOffset(bytes32 blockHash, bytes32 poolRoot, uint256 dropId, uint256 total)
        public
        pure
        returns (uint256)
    {
        return uint256(keccak256(abi.encode(blockHash, poolRoot, dropId))) % total;
    }

    /*//////////////////////////////////////////////////////////////
                                 VIEWS
    //////////////////////////////////////////////////////////////*/

    /// @notice A drop's settings and counters.
    function getDrop(uint256 dropId) external view returns (Drop memory) {
        return _drops[dropId];
    }

    /// @notice What `buyer` bought, was delivered and refunded in a drop.
    function purchases(uint256 dropId, address buyer)
        external
        view
        returns (uint256 bought, uint256 delivered, uint256 refunded)
    {
        uint256 b = _buyers[dropId][buyer];
        return (_bought(b), _delivered(b), _refunded(b));
    }

    /// @notice The coin held for a drop: paid, less refunded and less paid out to the partner.
    function escrowOf(uint256 dropId) external view returns (uint256) {
        Drop storage d = _drops[dropId];
        return (uint256(d.sold) - d.refunded) * d.price - d.withdrawn;
    }

    function name() public pure override returns (string memory) {
        return "VBChain Drops";
    }

    function symbol() public pure override returns (string memory) {
        return "DROP";
    }

    /// @notice A delivered pre-order item's or an opened bag's own URI, else the drop's URI.
    function tokenURI(uint256 id) public view override returns (string memory) {
        if (!_exists(id)) revert TokenDoesNotExist();
        string memory own = _tokenURIs[id];
        return bytes(own).length != 0 ? own : _drops[id >> 32].uri;
    }

    /*//////////////////////////////////////////////////////////////
                               INTERNALS
    //////////////////////////////////////////////////////////////*/

    function _checkPartner() private view {
        if (!IAccessControl(factory).hasRole(PARTNER_ROLE, msg.sender)) revert NotAPartner();
    }

    function _checkParams(DropParams calldata p) private view {
        bool timed = p.kind == PRE_ORDER || p.kind == MAGIC_BAG;
        if (
            p.kind == 0 || p.kind > MAGIC_BAG || p.total == 0 || p.limitPerWallet == 0 || p.start >= p.end
                || (timed ? p.deadline < p.end : p.deadline != 0)
                || (p.kind == TICKET ? p.eventTime < p.end : p.eventTime != 0)
                || ((p.kind == MAGIC_BAG) != (p.poolRoot != bytes32(0)))
        ) revert InvalidDrop();
        if (p.kind == MAGIC_BAG && p.start <= block.timestamp) revert BagMustBeCommittedBeforeSale();
    }

    function _existing(uint256 dropId) private view returns (Drop storage d) {
        d = _drops[dropId];
        if (d.kind == 0) revert DropNotFound();
    }

    function _collect(bool isWrapped, uint256 amount) private {
        if (isWrapped) {
            if (msg.value != 0) revert WrongPayment(0, msg.value);
            wrapped.safeTransferFrom(msg.sender, address(this), amount);
        } else if (msg.value != amount) {
            revert WrongPayment(amount, msg.value);
        }
    }

    function _pay(bool isWrapped, address to, uint256 amount) private {
        if (isWrapped) wrapped.safeTransfer(to, amount);
        else to.safeTransferETH(amount);
    }

    function _bought(uint256 b) private pure returns (uint256) {
        return b & type(uint32).max;
    }

    function _delivered(uint256 b) private pure returns (uint256) {
        return (b >> 32) & type(uint32).max;
    }

    function _refunded(uint256 b) private pure returns (uint256) {
        return b >> 64;
    }
}
