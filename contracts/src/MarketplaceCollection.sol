// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {ERC721} from "solady/tokens/ERC721.sol";
import {Ownable} from "solady/auth/Ownable.sol";
import {IMarketplaceCollection} from "./interfaces/IMarketplaceCollection.sol";

/// @title MarketplaceCollection
/// @notice An ERC-721 collection of one partner (its owner): each token has its own metadata URI,
/// minting is reserved to the owner and the minters it names (spec §1: minting only for partners).
/// @dev Solady's ERC721 keeps the owner and 96 bits of "extra data" in one storage slot; we keep
/// there the token's transfer nonce, bumped on every transfer (including the mint) at the cost of
/// one warm slot write. The Exchange uses it for replay protection instead of a per-order status
/// slot (22,100 gas per fill saved; see Exchange).
contract MarketplaceCollection is ERC721, Ownable, IMarketplaceCollection {
    /*//////////////////////////////////////////////////////////////
                                 ERRORS
    //////////////////////////////////////////////////////////////*/

    /// @notice Only the owner or a minter named by the owner can mint.
    error CallerIsNotAMinter();

    /*//////////////////////////////////////////////////////////////
                                 EVENTS
    //////////////////////////////////////////////////////////////*/

    /// @notice The owner named (`allowed` true) or removed a minter.
    event MinterUpdated(address indexed minter, bool allowed);

    /// @notice The collection-level metadata URI changed.
    event ContractURIUpdated(string uri);

    /*//////////////////////////////////////////////////////////////
                                STORAGE
    //////////////////////////////////////////////////////////////*/

    string private _name;
    string private _symbol;
    /// @notice The collection-level metadata (name, description, image) URI.
    string public contractURI;
    /// @notice Number of tokens minted so far; token ids are 1, 2, 3, ...
    uint256 public totalMinted;
    /// @notice Accounts the owner allowed to mint.
    mapping(address => bool) public isMinter;
    mapping(uint256 => string) private _tokenURIs;

    /*//////////////////////////////////////////////////////////////
                              CONSTRUCTOR
    //////////////////////////////////////////////////////////////*/

    /// @param name_ The collection name.
    /// @param symbol_ The collection symbol.
    /// @param contractURI_ The collection-level metadata URI (may be empty).
    /// @param owner_ The partner who owns the collection and mints in it.
    constructor(string memory name_, string memory symbol_, string memory contractURI_, address owner_) {
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

    /// @notice Names (`allowed` true) or removes a minter. Owner only.
    function setMinter(address minter, bool allowed) external onlyOwner {
        isMinter[minter] = allowed;
        emit MinterUpdated(minter, allowed);
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
    function tokenNonce(uint256 id) external view returns (uint256) {
        return _getExtraData(id);
    }

    /// @inheritdoc IMarketplaceCollection
    function transferFrom(address from, address to, uint256 id)
        public
        payable
        override(ERC721, IMarketplaceCollection)
    {
        ERC721.transferFrom(from, to, id);
    }

    /*//////////////////////////////////////////////////////////////
                               INTERNALS
    //////////////////////////////////////////////////////////////*/

    function _checkMinter() private view {
        if (msg.sender != owner() && !isMinter[msg.sender]) revert CallerIsNotAMinter();
    }

    function _mintOne(address to, string calldata uri) private returns (uint256 id) {
        unchecked {
            id = ++totalMinted;
        }
        _tokenURIs[id] = uri;
        _mint(to, id);
    }

    /// @dev Every transfer, minting included, bumps the token's nonce (the slot is warm here).
    function _afterTokenTransfer(address, address, uint256 id) internal override {
        unchecked {
            _setExtraData(id, _getExtraData(id) + 1);
        }
    }
}
