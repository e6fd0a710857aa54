// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {MarketplaceCollection} from "./MarketplaceCollection.sol";

/// @title CollectionFactory
/// @notice Partners (PARTNER_ROLE, granted by the admin) create collections here; the creating
/// partner owns the new collection and mints in it (only partners create NFTs: docs/product-rules.md).
contract CollectionFactory is AccessControl {
    /// @notice The role allowed to create collections.
    bytes32 public constant PARTNER_ROLE = keccak256("PARTNER_ROLE");

    /// @notice A partner created a collection.
    /// @param collection The new collection's address.
    /// @param creator The partner who owns it.
    event CollectionCreated(address indexed collection, address indexed creator, string name, string symbol);

    /// @notice Whether an address is a collection created by this factory.
    mapping(address => bool) public isCollection;
    /// @notice Every collection created, in order.
    address[] public collections;

    /// @param admin The account that grants and revokes the partner role.
    constructor(address admin) {
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
    }

    /// @notice Creates a collection owned by the calling partner.
    /// @param name The collection name.
    /// @param symbol The collection symbol.
    /// @param contractURI The collection-level metadata URI (may be empty).
    /// @return collection The new collection's address.
    function createCollection(string calldata name, string calldata symbol, string calldata contractURI)
        external
        onlyRole(PARTNER_ROLE)
        returns (address collection)
    {
        collection = address(new MarketplaceCollection(name, symbol, contractURI, msg.sender));
        isCollection[collection] = true;
        collections.push(collection);
        emit CollectionCreated(collection, msg.sender, name, symbol);
    }

    /// @notice How many collections this factory created.
    function collectionCount() external view returns (uint256) {
        return collections.length;
    }
}
