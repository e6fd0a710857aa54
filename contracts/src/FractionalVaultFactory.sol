// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {IAccessControl} from "@openzeppelin/contracts/access/IAccessControl.sol";
import {Ownable} from "solady/auth/Ownable.sol";
import {FractionalVault} from "./fractional/FractionalVault.sol";
import {IVaultCollection} from "./fractional/VaultCore.sol";
import {IFractionalEvents, IFractionalFactoryErrors, VaultTerms} from "./interfaces/IFractional.sol";

interface ICollectionCodeHash {
    function collectionCodeHash() external view returns (bytes32);
}

/// @title FractionalVaultFactory: partners put an NFT into a vault of ERC-20 shares
/// @notice One factory per network, deployed with that network's contracts (its wrapped coin,
/// collection factory and exchange are constructor arguments: nothing here is specific to a
/// chain). A partner (the collection factory's PARTNER_ROLE, as for minting) approves this
/// factory for the NFT and calls `fractionalize` with the terms; the factory deploys the vault,
/// moves the NFT into it and records it. The owner sets the share-trading fee the vaults read.
/// (docs/decisions/117)
contract FractionalVaultFactory is Ownable, IFractionalFactoryErrors, IFractionalEvents {
    /// @notice The most shares a vault can have (keeps shares x price far from overflow).
    uint256 public constant MAX_SHARES = 1e12;
    /// @notice The longest primary sale.
    uint256 public constant MAX_SALE_DURATION = 365 days;
    /// @notice The share-trading fee never exceeds 10% (basis points).
    uint256 public constant MAX_FEE_BPS = 1_000;
    /// @dev Prices per share at or above this are refused.
    uint256 private constant _MAX_PRICE = 1 << 128;

    /// @notice The collection factory whose PARTNER_ROLE may fractionalize.
    address public immutable collectionFactory;
    /// @notice The network's wrapped native coin (buyouts are bid in it).
    address public immutable wrappedCoin;
    /// @notice Only collections with this runtime code hash (the marketplace collection, as
    /// the exchange reads it) can be fractionalized.
    bytes32 public immutable collectionCodeHash;
    bytes32 private constant _PARTNER_ROLE = keccak256("PARTNER_ROLE");

    /// @dev Fee in basis points (bits 160..175) and its recipient (bits 0..159): one read.
    uint256 private _feeSlot;
    /// @notice Whether an address is a vault this factory created.
    mapping(address => bool) public isVault;
    /// @notice Every vault created, in order.
    address[] public vaults;

    /// @param owner_ Sets the share-trading fee.
    /// @param collectionFactory_ The network's CollectionFactory.
    /// @param exchange_ The network's Exchange (the collection code hash is read from it).
    /// @param wrappedCoin_ The network's wrapped native coin (WVBC, WBNB).
    constructor(address owner_, address collectionFactory_, address exchange_, address wrappedCoin_) {
        _initializeOwner(owner_);
        collectionFactory = collectionFactory_;
        wrappedCoin = wrappedCoin_;
        collectionCodeHash = ICollectionCodeHash(exchange_).collectionCodeHash();
    }

    /// @notice Puts the caller's NFT into a new vault with these terms (approve this factory for
    /// the NFT first). The whole supply is the vault's until sold.
    /// @return vault The new vault (also the share token and its listings' contract).
    function fractionalize(address collection, uint256 tokenId, VaultTerms calldata terms)
        external
        returns (address vault)
    {
        if (!IAccessControl(collectionFactory).hasRole(_PARTNER_ROLE, msg.sender)) revert NotAPartner();
        if (collection.codehash != collectionCodeHash) revert CollectionNotSupported();
        if (IVaultCollection(collection).ownerOf(tokenId) != msg.sender) revert NotTokenOwner();
        _checkTerms(terms);
        vault = address(new FractionalVault(collection, tokenId, msg.sender, wrappedCoin, terms));
        isVault[vault] = true;
        vaults.push(vault);
        IVaultCollection(collection).transferFrom(msg.sender, vault, tokenId);
        emit VaultCreated(
            vault,
            collection,
            tokenId,
            msg.sender,
            terms.supply,
            terms.pricePerShare,
            terms.purchaseLimit,
            terms.saleStart,
            terms.saleEnd,
            terms.reservePrice
        );
    }

    /// @notice Sets the share-trading fee (at most MAX_FEE_BPS) and its recipient. Owner only.
    function setFee(uint16 newFeeBps, address recipient) external onlyOwner {
        if (newFeeBps > MAX_FEE_BPS || (newFeeBps != 0 && recipient == address(0))) revert InvalidFee();
        _feeSlot = uint256(newFeeBps) << 160 | uint256(uint160(recipient));
        emit FeeUpdated(newFeeBps, recipient);
    }

    /// @notice The share-trading fee (basis points) and who receives it.
    function feeInfo() external view returns (uint256 feeBps, address recipient) {
        uint256 slot = _feeSlot;
        return (slot >> 160, address(uint160(slot)));
    }

    /// @notice How many vaults this factory created.
    function vaultCount() external view returns (uint256) {
        return vaults.length;
    }

    /// @dev Refuses terms no buyer could trust: see each error.
    function _checkTerms(VaultTerms calldata t) private view {
        if (t.supply == 0 || t.supply > MAX_SHARES) revert InvalidShareCount();
        if (t.pricePerShare == 0 || t.pricePerShare >= _MAX_PRICE) revert InvalidSharePrice();
        if (t.purchaseLimit == 0 || t.purchaseLimit > t.supply) revert InvalidPurchaseLimit();
        if (t.saleEnd <= t.saleStart || t.saleEnd <= block.timestamp || t.saleEnd - t.saleStart > MAX_SALE_DURATION) {
            revert InvalidSaleWindow();
        }
        // The reserve is never below the sale's valuation: so at least 1 wei per share too.
        if (t.reservePrice < t.supply * t.pricePerShare) revert ReserveBelowSaleValue();
    }
}
