// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {ERC721} from "solady/tokens/ERC721.sol";
import {Ownable} from "solady/auth/Ownable.sol";
import {IAccessControl} from "@openzeppelin/contracts/access/IAccessControl.sol";
import {IMarketplaceCollection} from "./interfaces/IMarketplaceCollection.sol";

/// @title MarketplaceCollection
/// @notice An ERC-721 collection of one partner (its owner): each token has its own metadata URI,
/// minting is reserved to the owner and the minters it names (only partners create NFTs), and only
/// while the owner still holds the factory's PARTNER_ROLE: revoking a partner stops its collections.
/// @dev Solady's ERC721 keeps the owner and 96 bits of "extra data" in one storage slot; we keep
/// there the token's transfer nonce, bumped on every transfer (the mint sets it to 1) for free
/// since the slot is written anyway. The Exchange uses it for replay protection instead of a
/// per-order status slot (22,100 gas per fill saved; see Exchange). The same bits flag whether a
/// token approval exists, so a transfer skips the approved-address slot when there is none.
/// Revocations are part of the nonce: clearing or replacing a token's approval bumps its nonce,
/// and revoking an operator bumps the holder's approval epoch (kept in the holder's balance slot,
/// which a transfer reads anyway), which is added to the nonce of every token it holds. So
/// revoking the Exchange's approval voids its open orders for good: approving again revives none.
/// No immutables: every collection has the same runtime code, whose hash the Exchange checks.
contract MarketplaceCollection is ERC721, Ownable, IMarketplaceCollection {
    /*//////////////////////////////////////////////////////////////
                                 ERRORS
    //////////////////////////////////////////////////////////////*/

    /// @notice Only the owner or a minter named by the owner can mint.
    error CallerIsNotAMinter();

    /// @notice The collection's owner is no longer a partner of the factory: it cannot mint.
    error OwnerIsNoLongerAPartner();

    /// @notice The collection does not accept VBC: ERC-721 calls must send no value.
    error CollectionDoesNotAcceptValue();

    /// @notice Ownership moves only by the two-step handover: the new owner asks
    /// (`requestOwnershipHandover`), the owner completes (`completeOwnershipHandover`).
    error UseOwnershipHandover();

    /*//////////////////////////////////////////////////////////////
                                 EVENTS
    //////////////////////////////////////////////////////////////*/

    /// @notice The token's nonce was bumped without a transfer: its open orders were revoked.
    event TokenNonceBumped(uint256 indexed id, uint256 nonce);

    /// @notice `holder` revoked an operator: the nonce of each of its tokens went up by one
    /// (its approval epoch is now `epoch`), which voids every open order on them.
    event ApprovalEpochBumped(address indexed holder, uint256 epoch);

    /// @notice The owner named (`allowed` true) or removed a minter.
    event MinterUpdated(address indexed minter, bool allowed);

    /// @notice The collection-level metadata URI changed.
    event ContractURIUpdated(string uri);

    /*//////////////////////////////////////////////////////////////
                                STORAGE
    //////////////////////////////////////////////////////////////*/

    /// @notice The factory that created this collection (its PARTNER_ROLE gates minting).
    address public factory;
    string private _name;
    string private _symbol;
    /// @notice The collection-level metadata (name, description, image) URI.
    string public contractURI;
    /// @notice Number of tokens minted so far; token ids are 1, 2, 3, ...
    uint256 public totalMinted;
    /// @dev Each minter and the owner that named it: a minter mints only for that owner, so a
    /// new owner starts with no minters (and a revoked partner's minters cannot mint again by
    /// handing the collection on).
    mapping(address minter => address namedBy) private _minterNamedBy;
    mapping(uint256 => string) private _tokenURIs;

    /// @dev The token's 96 bits of extra data: bit 95 flags a token approval, bits 0..94 are
    /// the transfer nonce. The seed and event constants are Solady ERC721's (private there).
    /// @dev CollectionFactory.PARTNER_ROLE.
    bytes32 private constant _PARTNER_ROLE = keccak256("PARTNER_ROLE");
    uint96 private constant _APPROVAL_FLAG = 0x800000000000000000000000;
    uint96 private constant _NONCE_MASK = 0x7fffffffffffffffffffffff;
    uint256 private constant _ANY_NONCE = 0xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff;
    uint256 private constant _SLOT_SEED = 0x7d8825530a5a2e7a000000000000000000000000000000000000000000000000;
    uint256 private constant _TRANSFER_EVENT_SIGNATURE =
        0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef;

    /*//////////////////////////////////////////////////////////////
                              CONSTRUCTOR
    //////////////////////////////////////////////////////////////*/

    /// @param name_ The collection name.
    /// @param symbol_ The collection symbol.
    /// @param contractURI_ The collection-level metadata URI (may be empty).
    /// @param owner_ The partner who owns the collection and mints in it.
    /// @dev The deployer is taken as the factory whose PARTNER_ROLE the owner must keep.
    constructor(string memory name_, string memory symbol_, string memory contractURI_, address owner_) {
        factory = msg.sender;
        _name = name_;
        _symbol = symbol_;
        contractURI = contractURI_;
        _initializeOwner(owner_);
    }

    /*//////////////////////////////////////////////////////////////
                                MINTING
    //////////////////////////////////////////////////////////////*/

    /// @notice Mints the next token id to `to` with its metadata URI.
    /// @param to The first owner.
    /// @param uri The token's metadata URI.
    /// @return id The new token's id.
    function mint(address to, string calldata uri) external returns (uint256 id) {
        _checkMinter();
        id = _mintOne(to, uri);
    }

    /// @notice Mints one token per URI to `to`, with consecutive ids.
    /// @param to The first owner.
    /// @param uris The metadata URI of each new token.
    /// @return firstId The id of the first new token.
    function mintBatch(address to, string[] calldata uris) external returns (uint256 firstId) {
        _checkMinter();
        firstId = totalMinted + 1;
        for (uint256 i; i < uris.length; ++i) {
            _mintOne(to, uris[i]);
        }
    }

    /// @notice Names (`allowed` true) or removes a minter. Owner only, while still a partner.
    /// A minter mints only while the owner who named it owns the collection.
    function setMinter(address minter, bool allowed) external onlyOwner {
        _checkOwnerIsPartner();
        _minterNamedBy[minter] = allowed ? msg.sender : address(0);
        emit MinterUpdated(minter, allowed);
    }

    /// @notice Whether `account` may mint for the current owner (named by this owner).
    function isMinter(address account) public view returns (bool) {
        address named = _minterNamedBy[account];
        return named != address(0) && named == owner();
    }

    /// @notice Disabled: ownership moves only by the handover the new owner asks for
    /// (`requestOwnershipHandover`, then the owner's `completeOwnershipHandover`), so nobody is
    /// made owner, and answerable for a collection, without accepting it.
    function transferOwnership(address) public payable override onlyOwner {
        revert UseOwnershipHandover();
    }

    /// @notice Sets the collection-level metadata URI. Owner only.
    function setContractURI(string calldata uri) external onlyOwner {
        contractURI = uri;
        emit ContractURIUpdated(uri);
    }

    /*//////////////////////////////////////////////////////////////
                                 VIEWS
    //////////////////////////////////////////////////////////////*/

    /// @inheritdoc ERC721
    function name() public view override returns (string memory) {
        return _name;
    }

    /// @inheritdoc ERC721
    function symbol() public view override returns (string memory) {
        return _symbol;
    }

    /// @inheritdoc ERC721
    function tokenURI(uint256 id) public view override returns (string memory) {
        if (!_exists(id)) revert TokenDoesNotExist();
        return _tokenURIs[id];
    }

    /// @inheritdoc IMarketplaceCollection
    function tokenNonce(uint256 id) public view returns (uint256) {
        return (_getExtraData(id) & _NONCE_MASK) + _getAux(_ownerOf(id));
    }

    /// @notice The number of operator approvals `holder` revoked in this collection, a part of the
    /// nonce of each token it holds.
    function approvalEpoch(address holder) external view returns (uint256) {
        return _getAux(holder);
    }

    /*//////////////////////////////////////////////////////////////
                               TRANSFERS
    //////////////////////////////////////////////////////////////*/

    /// @notice ERC-721 transfer (also used by both `safeTransferFrom`s); bumps the token's nonce.
    /// @dev Payable in the ERC-721 interface, but any VBC sent would be locked here: refused.
    function transferFrom(address from, address to, uint256 id)
        public
        payable
        override(ERC721, IMarketplaceCollection)
    {
        _rejectValue();
        _transferAtNonce(from, to, id, _ANY_NONCE);
    }

    /// @notice ERC-721 approval of one token; refuses VBC like `transferFrom`. Clearing or
    /// replacing an approved address bumps the token's nonce (see `_approve`).
    function approve(address account, uint256 id) public payable override {
        _rejectValue();
        super.approve(account, id);
    }

    /// @notice ERC-721 operator approval. Revoking a granted approval bumps the caller's approval
    /// epoch: every open order on the caller's tokens is void, so an operator that loses its
    /// approval cannot fill old orders when it gets it back.
    function setApprovalForAll(address operator, bool isApproved) public override {
        if (!isApproved && isApprovedForAll(msg.sender, operator)) {
            uint224 epoch;
            unchecked {
                epoch = _getAux(msg.sender) + 1; // 2^224 approvals cannot be sent
            }
            _setAux(msg.sender, epoch);
            emit ApprovalEpochBumped(msg.sender, epoch);
        }
        super.setApprovalForAll(operator, isApproved);
    }

    /// @inheritdoc IMarketplaceCollection
    function transferFromAtNonce(address from, address to, uint256 id, uint256 expectedNonce) external {
        _transferAtNonce(from, to, id, expectedNonce);
    }

    /// @inheritdoc IMarketplaceCollection
    function invalidateNonce(address holder, uint256 id, uint256 expectedNonce) external returns (bool bumped) {
        address tokenOwner = _ownerOf(id);
        // Already void: the token moved (or never existed), so no order at that nonce can fill.
        if (tokenOwner == address(0) || tokenOwner != holder || tokenNonce(id) != expectedNonce) return false;
        if (!_isApprovedOrOwner(msg.sender, id)) revert NotOwnerNorApproved();
        unchecked {
            _setExtraData(id, _getExtraData(id) + 1); // nonce + 1; the approval flag (bit 95) is unchanged
        }
        emit TokenNonceBumped(id, expectedNonce + 1);
        return true;
    }

    /// @dev Setting or clearing a token approval also sets or clears the token's approval flag;
    /// clearing or replacing an approved address also bumps the nonce (its open orders are void).
    function _approve(address by, address account, uint256 id) internal override {
        uint96 extra = _getExtraData(id);
        address previous = extra & _APPROVAL_FLAG != 0 ? _getApproved(id) : address(0);
        super._approve(by, account, id);
        if (previous != address(0) && previous != account) {
            unchecked {
                extra += 1; // the nonce (bits 0..94) cannot reach 2^95
            }
            emit TokenNonceBumped(id, tokenNonce(id) + 1);
        }
        _setExtraData(id, account == address(0) ? extra & ~_APPROVAL_FLAG : extra | _APPROVAL_FLAG);
    }

    /*//////////////////////////////////////////////////////////////
                               INTERNALS
    //////////////////////////////////////////////////////////////*/

    function _checkMinter() private view {
        if (msg.sender != owner() && !isMinter(msg.sender)) revert CallerIsNotAMinter();
        _checkOwnerIsPartner();
    }

    /// @dev The owner's minting rights (its own and its minters') last as long as its partner role.
    function _checkOwnerIsPartner() private view {
        if (!IAccessControl(factory).hasRole(_PARTNER_ROLE, owner())) revert OwnerIsNoLongerAPartner();
    }

    function _rejectValue() private view {
        if (msg.value != 0) revert CollectionDoesNotAcceptValue();
    }

    function _mintOne(address to, string calldata uri) private returns (uint256 id) {
        unchecked {
            id = ++totalMinted;
        }
        _tokenURIs[id] = uri;
        // Ids only grow, so the token cannot exist yet. Minting is the token's first move: nonce 1.
        _mintAndSetExtraDataUnchecked(to, id, 1);
    }

    /// @dev Solady's `transferFrom`, changed in two ways (both in the token's ownership slot):
    /// the transfer nonce is bumped and, when `expectedNonce` is not `_ANY_NONCE`, checked first;
    /// the approved-address slot is read (and cleared) only when the approval flag says a token
    /// approval exists, which saves a cold storage read (2,100 gas) on every marketplace sale.
    function _transferAtNonce(address from, address to, uint256 id, uint256 expectedNonce) private {
        /// @solidity memory-safe-assembly
        assembly {
            let bitmaskAddress := shr(96, not(0))
            from := and(bitmaskAddress, from)
            to := and(bitmaskAddress, to)
            // Load the ownership data (same slot layout as Solady's ERC721).
            mstore(0x00, id)
            mstore(0x1c, or(_SLOT_SEED, caller()))
            let ownershipSlot := add(id, add(id, keccak256(0x00, 0x20)))
            let ownershipPacked := sload(ownershipSlot)
            // The balance slot of `from` (written below anyway) holds its approval epoch.
            mstore(0x00, from)
            let fromBalanceSlot := keccak256(0x0c, 0x1c)
            let fromBalancePacked := sload(fromBalanceSlot)
            // The nonce first: an order's item that moved gets the order's error, not an owner one.
            let extra := shr(160, ownershipPacked)
            let nonce := and(extra, _NONCE_MASK)
            let effectiveNonce := add(nonce, shr(32, fromBalancePacked))
            if iszero(or(eq(expectedNonce, _ANY_NONCE), eq(effectiveNonce, expectedNonce))) {
                mstore(0x00, 0xfb2c57db) // `ItemNoLongerAvailable(uint256)`.
                mstore(0x20, id)
                revert(0x1c, 0x24)
            }
            let tokenOwner := and(bitmaskAddress, ownershipPacked)
            // Revert if the token does not exist, or if `from` is not the owner.
            if iszero(mul(tokenOwner, eq(tokenOwner, from))) {
                // `TokenDoesNotExist()`, `TransferFromIncorrectOwner()`.
                mstore(shl(2, iszero(tokenOwner)), 0xceea21b6a1148100)
                revert(0x1c, 0x04)
            }
            // Check the caller: owner, approved for this token (only if flagged), or operator.
            {
                mstore(0x00, from)
                let approvedAddress := 0
                let flagged := and(extra, _APPROVAL_FLAG)
                if flagged { approvedAddress := sload(add(1, ownershipSlot)) }
                if iszero(or(eq(caller(), from), eq(caller(), approvedAddress))) {
                    if iszero(sload(keccak256(0x0c, 0x30))) {
                        mstore(0x00, 0x4b6e7f18) // `NotOwnerNorApproved()`.
                        revert(0x1c, 0x04)
                    }
                }
                if flagged { sstore(add(1, ownershipSlot), 0) }
            }
            // New owner, nonce + 1, approval flag cleared.
            sstore(ownershipSlot, or(shl(160, add(nonce, 1)), to))
            // Decrement the balance of `from` (its approval epoch, the upper bits, is unchanged).
            sstore(fromBalanceSlot, sub(fromBalancePacked, 1))
            // Increment the balance of `to`.
            {
                mstore(0x00, to)
                let toBalanceSlot := keccak256(0x0c, 0x1c)
                let toBalanceSlotPacked := add(sload(toBalanceSlot), 1)
                // Revert if `to` is the zero address, or if the account balance overflows.
                if iszero(mul(to, and(toBalanceSlotPacked, 0xffffffff))) {
                    // `TransferToZeroAddress()`, `AccountBalanceOverflow()`.
                    mstore(shl(2, iszero(to)), 0xea553b3401336cea)
                    revert(0x1c, 0x04)
                }
                sstore(toBalanceSlot, toBalanceSlotPacked)
            }
            // Emit the {Transfer} event.
            log4(codesize(), 0x00, _TRANSFER_EVENT_SIGNATURE, from, to, id)
        }
    }
}
