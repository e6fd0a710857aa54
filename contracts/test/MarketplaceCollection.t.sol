// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {Fixture} from "./utils/Fixture.sol";
import {Vm} from "./utils/Test.sol";
import {CollectionFactory} from "../src/CollectionFactory.sol";
import {MarketplaceCollection} from "../src/MarketplaceCollection.sol";
import {IMarketplaceCollection} from "../src/interfaces/IMarketplaceCollection.sol";

/// @notice The collection (minting, metadata, nonces, approvals) and the factory.
contract MarketplaceCollectionTest is Fixture {
    bytes4 internal constant NOT_OWNER_NOR_APPROVED = 0x4b6e7f18;
    bytes4 internal constant TOKEN_DOES_NOT_EXIST = 0xceea21b6;
    bytes4 internal constant TRANSFER_FROM_INCORRECT_OWNER = 0xa1148100;
    bytes4 internal constant UNAUTHORIZED = 0x82b42900;

    function test_factory_onlyPartnersCreateCollectionsTheyOwn() public {
        bytes32 role = factory.PARTNER_ROLE();
        vm.prank(stranger);
        vm.expectRevert(abi.encodeWithSignature("AccessControlUnauthorizedAccount(address,bytes32)", stranger, role));
        factory.createCollection("X", "X", "");
        // Only the admin grants the role.
        vm.prank(stranger);
        vm.expectRevert();
        factory.grantRole(role, stranger);
        vm.prank(owner);
        factory.grantRole(role, stranger);
        vm.prank(stranger);
        address c = factory.createCollection("Music", "MUS", "ipfs://m");
        assertTrue(factory.isCollection(c));
        assertEq(factory.collectionCount(), 2);
        assertEq(factory.collections(1), c);
        assertEq(MarketplaceCollection(c).owner(), stranger);
        assertEq(MarketplaceCollection(c).name(), "Music");
        assertEq(MarketplaceCollection(c).symbol(), "MUS");
        assertEq(MarketplaceCollection(c).contractURI(), "ipfs://m");
        assertFalse(factory.isCollection(address(wvbc)));
        // Revoked partners can no longer create.
        vm.prank(owner);
        factory.revokeRole(role, stranger);
        vm.prank(stranger);
        vm.expectRevert();
        factory.createCollection("Y", "Y", "");
    }

    function test_factory_emitsCollectionCreated() public {
        bytes32 role = factory.PARTNER_ROLE();
        vm.prank(owner);
        factory.grantRole(role, buyer);
        vm.recordLogs();
        vm.prank(buyer);
        address c = factory.createCollection("A", "B", "");
        bytes32 sig = keccak256("CollectionCreated(address,address,string,string)");
        bool found;
        Vm.Log[] memory logs = vm.getRecordedLogs();
        for (uint256 i; i < logs.length; ++i) {
            if (logs[i].topics[0] == sig) {
                found = true;
                assertEq(address(uint160(uint256(logs[i].topics[1]))), c);
                assertEq(address(uint160(uint256(logs[i].topics[2]))), buyer);
            }
        }
        assertTrue(found, "CollectionCreated");
    }

    function test_mint_byOwnerAndNamedMinters() public {
        vm.prank(seller);
        uint256 id = collection.mint(buyer, "ipfs://new");
        assertEq(id, 13);
        assertEq(collection.ownerOf(13), buyer);
        assertEq(collection.tokenURI(13), "ipfs://new");
        assertEq(collection.totalMinted(), 13);
        assertEq(collection.tokenNonce(13), 1, "minting is the first move");

        vm.prank(stranger);
        vm.expectRevert(MarketplaceCollection.CallerIsNotAMinter.selector);
        collection.mint(stranger, "ipfs://x");

        vm.prank(stranger);
        vm.expectRevert(UNAUTHORIZED);
        collection.setMinter(stranger, true);

        vm.expectEmit(true, true, true, true, address(collection));
        emit MarketplaceCollection.MinterUpdated(stranger, true);
        vm.prank(seller);
        collection.setMinter(stranger, true);
        assertTrue(collection.isMinter(stranger));
        string[] memory uris = new string[](2);
        uris[0] = "a";
        uris[1] = "b";
        vm.prank(stranger);
        assertEq(collection.mintBatch(stranger, uris), 14);
        assertEq(collection.tokenURI(15), "b");

        vm.prank(seller);
        collection.setMinter(stranger, false);
        vm.prank(stranger);
        vm.expectRevert(MarketplaceCollection.CallerIsNotAMinter.selector);
        collection.mint(stranger, "ipfs://x");
    }

    /// Revoking a partner on the factory stops its existing collections: no minting by it or by
    /// the minters it named, and no naming of new minters. Granting the role again restores both.
    function test_mint_stopsWhenTheOwnersPartnerRoleIsRevoked() public {
        vm.prank(seller);
        collection.setMinter(buyer, true); // named while a partner
        bytes32 role = factory.PARTNER_ROLE();
        vm.prank(owner);
        factory.revokeRole(role, seller);
        assertEq(collection.factory(), address(factory));

        string[] memory uris = new string[](1);
        vm.startPrank(seller);
        vm.expectRevert(MarketplaceCollection.OwnerIsNoLongerAPartner.selector);
        collection.mint(seller, "ipfs://after-revocation");
        vm.expectRevert(MarketplaceCollection.OwnerIsNoLongerAPartner.selector);
        collection.mintBatch(seller, uris);
        vm.expectRevert(MarketplaceCollection.OwnerIsNoLongerAPartner.selector);
        collection.setMinter(stranger, true);
        vm.stopPrank();
        vm.prank(buyer);
        vm.expectRevert(MarketplaceCollection.OwnerIsNoLongerAPartner.selector);
        collection.mint(buyer, "x");
        assertEq(collection.totalMinted(), 12);
        // A stranger is still told it is not a minter at all.
        vm.prank(stranger);
        vm.expectRevert(MarketplaceCollection.CallerIsNotAMinter.selector);
        collection.mint(stranger, "x");
        // Trading the existing tokens is unaffected; a partner again mints again.
        vm.prank(seller);
        collection.transferFrom(seller, buyer, 1);
        vm.prank(owner);
        factory.grantRole(role, seller);
        vm.prank(buyer);
        assertEq(collection.mint(buyer, "x"), 13);
    }

    /// The ERC-721 entry points are payable by the standard; VBC sent would be locked, so it is
    /// refused (plain calls still work).
    function test_erc721CallsRefuseValue() public {
        vm.deal(seller, 1 ether);
        bytes4 refused = MarketplaceCollection.CollectionDoesNotAcceptValue.selector;
        vm.startPrank(seller);
        vm.expectRevert(refused);
        collection.transferFrom{value: 1 ether}(seller, buyer, 1);
        vm.expectRevert(refused);
        collection.safeTransferFrom{value: 1 ether}(seller, buyer, 1);
        vm.expectRevert(refused);
        collection.safeTransferFrom{value: 1 ether}(seller, buyer, 1, "");
        vm.expectRevert(refused);
        collection.approve{value: 1 ether}(buyer, 1);
        collection.approve(buyer, 1);
        collection.safeTransferFrom(seller, buyer, 1);
        vm.stopPrank();
        assertEq(address(collection).balance, 0);
        assertEq(seller.balance, 1 ether);
        assertEq(collection.ownerOf(1), buyer);
    }

    function test_metadata() public {
        vm.expectRevert(TOKEN_DOES_NOT_EXIST);
        collection.tokenURI(999);
        vm.prank(stranger);
        vm.expectRevert(UNAUTHORIZED);
        collection.setContractURI("x");
        vm.prank(seller);
        collection.setContractURI("ipfs://v2");
        assertEq(collection.contractURI(), "ipfs://v2");
        assertTrue(collection.supportsInterface(0x80ac58cd), "ERC-721");
        assertTrue(collection.supportsInterface(0x5b5e139f), "ERC-721 metadata");
    }

    function test_nonce_growsOnEveryTransfer() public {
        assertEq(collection.tokenNonce(1), 1);
        vm.prank(seller);
        collection.transferFrom(seller, buyer, 1);
        assertEq(collection.tokenNonce(1), 2);
        vm.prank(buyer);
        collection.safeTransferFrom(buyer, stranger, 1);
        assertEq(collection.tokenNonce(1), 3);
        vm.prank(stranger);
        collection.safeTransferFrom(stranger, buyer, 1, "");
        assertEq(collection.tokenNonce(1), 4);
        assertEq(collection.tokenNonce(999), 0, "never minted");
    }

    function test_transferFromAtNonce_refusesAStaleNonce() public {
        vm.prank(seller);
        vm.expectRevert(abi.encodeWithSelector(IMarketplaceCollection.ItemNoLongerAvailable.selector, 1));
        collection.transferFromAtNonce(seller, buyer, 1, 2);
        vm.prank(seller);
        collection.transferFromAtNonce(seller, buyer, 1, 1);
        assertEq(collection.ownerOf(1), buyer);
    }

    function test_transfer_revertPaths() public {
        vm.prank(stranger);
        vm.expectRevert(NOT_OWNER_NOR_APPROVED);
        collection.transferFrom(seller, stranger, 1);
        vm.prank(seller);
        vm.expectRevert(TRANSFER_FROM_INCORRECT_OWNER);
        collection.transferFrom(buyer, stranger, 1);
        vm.prank(seller);
        vm.expectRevert(TOKEN_DOES_NOT_EXIST);
        collection.transferFrom(seller, stranger, 999);
        vm.prank(seller);
        vm.expectRevert(0xea553b34); // TransferToZeroAddress()
        collection.transferFrom(seller, address(0), 1);
    }

    function test_approval_flagTracksTheApprovedAddress() public {
        vm.prank(seller);
        collection.approve(stranger, 1);
        assertEq(collection.getApproved(1), stranger);
        // The approved address can move the token; the approval is then cleared.
        vm.prank(stranger);
        collection.transferFrom(seller, buyer, 1);
        assertEq(collection.getApproved(1), address(0));
        vm.prank(stranger);
        vm.expectRevert(NOT_OWNER_NOR_APPROVED);
        collection.transferFrom(buyer, stranger, 1);
        // approve(0) clears the flag too: a later transfer does not need the slot.
        vm.startPrank(buyer);
        collection.approve(stranger, 1);
        collection.approve(address(0), 1);
        vm.stopPrank();
        vm.prank(stranger);
        vm.expectRevert(NOT_OWNER_NOR_APPROVED);
        collection.transferFrom(buyer, stranger, 1);
        // An operator can approve on the owner's behalf.
        vm.prank(buyer);
        collection.setApprovalForAll(stranger, true);
        vm.prank(stranger);
        collection.approve(owner, 1);
        vm.prank(owner);
        collection.transferFrom(buyer, owner, 1);
        assertEq(collection.ownerOf(1), owner);
    }

    function test_invalidateNonce() public {
        // Owner: bumps.
        vm.expectEmit(true, true, true, true, address(collection));
        emit MarketplaceCollection.TokenNonceBumped(1, 2);
        vm.prank(seller);
        collection.invalidateNonce(seller, 1, 1);
        assertEq(collection.tokenNonce(1), 2);
        // Stale nonce or wrong holder: nothing to do.
        vm.prank(stranger);
        collection.invalidateNonce(seller, 1, 1);
        vm.prank(stranger);
        collection.invalidateNonce(stranger, 1, 2);
        vm.prank(stranger);
        collection.invalidateNonce(stranger, 999, 0);
        assertEq(collection.tokenNonce(1), 2);
        // A stranger cannot bump a live nonce.
        vm.prank(stranger);
        vm.expectRevert(NOT_OWNER_NOR_APPROVED);
        collection.invalidateNonce(seller, 1, 2);
        // The token's approved address can, and the approval survives the bump.
        vm.prank(seller);
        collection.approve(buyer, 1);
        vm.prank(buyer);
        collection.invalidateNonce(seller, 1, 2);
        assertEq(collection.tokenNonce(1), 3);
        assertEq(collection.getApproved(1), buyer);
        vm.prank(buyer);
        collection.transferFrom(seller, buyer, 1);
        assertEq(collection.tokenNonce(1), 4);
    }
}
