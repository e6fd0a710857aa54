// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {EIP712} from "solady/utils/EIP712.sol";
import {ECDSA} from "solady/utils/ECDSA.sol";
import {MarketplaceCollection} from "./MarketplaceCollection.sol";

/// @title Gifts: NFTs held until the holder of a gift link claims them
/// @notice A holder makes a gift by sending an NFT of a marketplace collection here with
/// `safeTransferFrom(holder, gifts, id, abi.encode(claimKey, createSignature))`: one transaction,
/// no approval. `claimKey` is the address of a throwaway key made in the giver's browser; its
/// private key travels only in the gift link. `createSignature` is that key's EIP-712 signature of
/// `Create(giver, collection, tokenId)`: proof that the giver holds the key, so nobody else can
/// attach a gift to a link's key (claim keys are public in `GiftCreated`), and a key makes one
/// gift only, ever: a link always means the one gift it was made for. Whoever holds the link claims with that key's EIP-712
/// signature of `Claim(giftId, recipient)`: the signature names the recipient (and the domain
/// names this contract and the chain), so anyone may submit it (a relayer pays the gas) and a
/// front-runner who copies it can only deliver the NFT to that same recipient. Until the claim,
/// the giver can take the NFT back. A gift is deleted when claimed or taken back, so it is
/// claimed at most once. (docs/decisions/085)
/// @dev An NFT sent here with plain `transferFrom` makes no gift and stays here: the web app
/// only ever sends gifts with `safeTransferFrom`.
contract Gifts is EIP712 {
    /*//////////////////////////////////////////////////////////////
                                 ERRORS
    //////////////////////////////////////////////////////////////*/

    /// @notice Only NFTs of marketplace collections can be given.
    error CollectionIsNotAMarketplaceCollection(address collection);

    /// @notice A gift needs the address of its claim key and the key's `Create` signature
    /// (abi-encoded in the transfer's data).
    error ClaimKeyIsMissing();

    /// @notice The `Create` signature is not the claim key's for this giver, collection and token.
    error InvalidCreateSignature();

    /// @notice The claim key already made a gift: each link key makes exactly one.
    error ClaimKeyAlreadyUsed();

    /// @notice The gift was claimed, taken back, or never existed.
    error GiftIsNotOpen(uint256 giftId);

    /// @notice Only the giver can take a gift back.
    error CallerIsNotTheGiver();

    /// @notice The claim is not signed by the gift's claim key for this recipient.
    error InvalidClaimSignature();

    /// @notice A gift cannot be claimed to the zero address.
    error RecipientIsZero();

    /*//////////////////////////////////////////////////////////////
                                 EVENTS
    //////////////////////////////////////////////////////////////*/

    /// @notice `giver` gave token `tokenId` of `collection`; the link's key has address `claimKey`.
    event GiftCreated(
        uint256 indexed giftId, address indexed giver, address indexed collection, uint256 tokenId, address claimKey
    );

    /// @notice The gift was claimed: its NFT went to `recipient`.
    event GiftClaimed(uint256 indexed giftId, address indexed recipient);

    /// @notice The giver took the gift back: its NFT went back to them.
    event GiftTakenBack(uint256 indexed giftId);

    /*//////////////////////////////////////////////////////////////
                                STORAGE
    //////////////////////////////////////////////////////////////*/

    /// @notice A gift waiting for its claim.
    struct Gift {
        address giver;
        address claimKey;
        address collection;
        uint256 tokenId;
    }

    /// @notice EIP-712 type hash of `Claim`.
    bytes32 public constant CLAIM_TYPEHASH = keccak256("Claim(uint256 giftId,address recipient)");

    /// @notice EIP-712 type hash of `Create`: the claim key binds itself to one gift.
    bytes32 public constant CREATE_TYPEHASH = keccak256("Create(address giver,address collection,uint256 tokenId)");

    /// @notice The runtime code hash of `MarketplaceCollection`: only its NFTs can be given.
    bytes32 public immutable collectionCodeHash;

    /// @notice Number of gifts made so far; gift ids are 1, 2, 3, ...
    uint256 public giftCount;

    mapping(uint256 giftId => Gift) private _gifts;

    /// @notice Whether a claim key already made a gift (it can make no other).
    mapping(address claimKey => bool) public claimKeyUsed;

    constructor() {
        collectionCodeHash = keccak256(type(MarketplaceCollection).runtimeCode);
    }

    /*//////////////////////////////////////////////////////////////
                                 GIFTS
    //////////////////////////////////////////////////////////////*/

    /// @notice Makes a gift of the NFT just received; `data` is
    /// `abi.encode(claimKey, createSignature)` (see the contract's notes).
    /// @param from The NFT's holder, who becomes the giver.
    /// @param tokenId The NFT's id in the calling collection.
    /// @param data The claim key's address and its `Create` signature, abi-encoded.
    /// @return The ERC-721 receiver magic value.
    function onERC721Received(address, address from, uint256 tokenId, bytes calldata data) external returns (bytes4) {
        if (msg.sender.codehash != collectionCodeHash) revert CollectionIsNotAMarketplaceCollection(msg.sender);
        if (data.length < 64) revert ClaimKeyIsMissing();
        (address claimKey, bytes memory signature) = abi.decode(data, (address, bytes));
        if (claimKey == address(0)) revert ClaimKeyIsMissing();
        if (ECDSA.tryRecover(createDigest(from, msg.sender, tokenId), signature) != claimKey) {
            revert InvalidCreateSignature();
        }
        if (claimKeyUsed[claimKey]) revert ClaimKeyAlreadyUsed();
        claimKeyUsed[claimKey] = true;
        uint256 giftId = ++giftCount;
        _gifts[giftId] = Gift({giver: from, claimKey: claimKey, collection: msg.sender, tokenId: tokenId});
        emit GiftCreated(giftId, from, msg.sender, tokenId, claimKey);
        return this.onERC721Received.selector;
    }

    /// @notice Delivers a gift's NFT to `recipient`. Anyone may send it; the signature decides.
    /// @param giftId The gift.
    /// @param recipient Who receives the NFT (named by the signature).
    /// @param signature The claim key's EIP-712 signature of `Claim(giftId, recipient)`.
    function claim(uint256 giftId, address recipient, bytes calldata signature) external {
        Gift memory gift = _openGift(giftId);
        if (recipient == address(0)) revert RecipientIsZero();
        if (ECDSA.tryRecoverCalldata(claimDigest(giftId, recipient), signature) != gift.claimKey) {
            revert InvalidClaimSignature();
        }
        delete _gifts[giftId];
        emit GiftClaimed(giftId, recipient);
        MarketplaceCollection(gift.collection).transferFrom(address(this), recipient, gift.tokenId);
    }

    /// @notice The giver takes back a gift nobody claimed yet.
    /// @param giftId The gift.
    function takeBack(uint256 giftId) external {
        Gift memory gift = _openGift(giftId);
        if (gift.giver != msg.sender) revert CallerIsNotTheGiver();
        delete _gifts[giftId];
        emit GiftTakenBack(giftId);
        MarketplaceCollection(gift.collection).transferFrom(address(this), gift.giver, gift.tokenId);
    }

    /*//////////////////////////////////////////////////////////////
                                 VIEWS
    //////////////////////////////////////////////////////////////*/

    /// @notice A gift still open (all zero once claimed or taken back, or when it never existed).
    function giftOf(uint256 giftId) external view returns (Gift memory) {
        return _gifts[giftId];
    }

    /// @notice The EIP-712 digest the claim key signs to send gift `giftId` to `recipient`.
    function claimDigest(uint256 giftId, address recipient) public view returns (bytes32) {
        return _hashTypedData(keccak256(abi.encode(CLAIM_TYPEHASH, giftId, recipient)));
    }

    /// @notice The EIP-712 digest the claim key signs to make the gift of `tokenId` of `collection`
    /// from `giver`.
    function createDigest(address giver, address collection, uint256 tokenId) public view returns (bytes32) {
        return _hashTypedData(keccak256(abi.encode(CREATE_TYPEHASH, giver, collection, tokenId)));
    }

    /// @notice The EIP-712 domain separator (name "VBChain Gifts", version "1").
    function domainSeparator() external view returns (bytes32) {
        return _domainSeparator();
    }

    function _domainNameAndVersion() internal pure override returns (string memory, string memory) {
        return ("VBChain Gifts", "1");
    }

    /// @dev The gift, or a revert when it is not open.
    function _openGift(uint256 giftId) private view returns (Gift memory gift) {
        gift = _gifts[giftId];
        if (gift.giver == address(0)) revert GiftIsNotOpen(giftId);
    }
}
