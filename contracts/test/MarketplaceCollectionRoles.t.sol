// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {Fixture} from "./utils/Fixture.sol";
import {Vm} from "./utils/Test.sol";
import {MarketplaceCollection} from "../src/MarketplaceCollection.sol";
import {IMarketplaceCollection} from "../src/interfaces/IMarketplaceCollection.sol";

/// @notice Receives ERC-721 safe transfers (returns the magic value).
contract Receiver {
    function onERC721Received(address, address, uint256, bytes calldata) external pure returns (bytes4) {
        return this.onERC721Received.selector;
    }
}

/// @notice The collection's roles (owner, minters, the factory's partner role), approvals and
/// their effect on nonces, the nonce-checked transfer's error paths, metadata and interfaces.
contract MarketplaceCollectionRolesTest is Fixture {
    bytes4 internal constant NOT_OWNER_NOR_APPROVED = 0x4b6e7f18;
    bytes4 internal constant TOKEN_DOES_NOT_EXIST = 0xceea21b6;
    bytes4 internal constant TRANSFER_FROM_INCORRECT_OWNER = 0xa1148100;
    bytes4 internal constant TRANSFER_TO_ZERO = 0xea553b34;
    bytes4 internal constant TRANSFER_TO_NON_RECEIVER = 0xd1a57ed6;
    bytes4 internal constant UNAUTHORIZED = 0x82b42900;

    function _gone(uint256 id) internal pure returns (bytes memory) {
        return abi.encodeWithSelector(IMarketplaceCollection.ItemNoLongerAvailable.selector, id);
    }

    /*//////////////////////////////////////////////////////////////
                                  ROLES
    //////////////////////////////////////////////////////////////*/

    /// Ownership moves only by the handover the new owner asks for (`transferOwnership` is
    /// refused), and moves minting, naming minters and the contract URI to the new owner, who
    /// mints only while a partner itself; renouncing leaves nobody able to mint.
    function test_owner_transferMovesEveryOwnerRight() public {
        vm.prank(stranger);
        vm.expectRevert(UNAUTHORIZED);
        collection.transferOwnership(stranger);
        vm.prank(seller);
        vm.expectRevert(MarketplaceCollection.UseOwnershipHandover.selector);
        collection.transferOwnership(buyer);
        vm.prank(seller);
        vm.expectRevert(bytes4(0x6f5e8818)); // NoHandoverRequest: the new owner never asked
        collection.completeOwnershipHandover(buyer);
        vm.prank(buyer);
        collection.requestOwnershipHandover();
        vm.prank(seller);
        collection.completeOwnershipHandover(buyer);
        assertEq(collection.owner(), buyer);

        vm.startPrank(seller);
        vm.expectRevert(MarketplaceCollection.CallerIsNotAMinter.selector);
        collection.mint(seller, "x");
        vm.expectRevert(UNAUTHORIZED);
        collection.setMinter(seller, true);
        vm.expectRevert(UNAUTHORIZED);
        collection.setContractURI("x");
        vm.stopPrank();

        // The new owner is not a partner: it cannot mint nor name minters yet.
        vm.startPrank(buyer);
        vm.expectRevert(MarketplaceCollection.OwnerIsNoLongerAPartner.selector);
        collection.mint(buyer, "x");
        vm.expectRevert(MarketplaceCollection.OwnerIsNoLongerAPartner.selector);
        collection.setMinter(stranger, true);
        collection.setContractURI("ipfs://new-owner"); // metadata is the owner's alone
        vm.stopPrank();
        vm.startPrank(owner);
        factory.grantRole(factory.PARTNER_ROLE(), buyer);
        vm.stopPrank();
        vm.prank(buyer);
        assertEq(collection.mint(buyer, "ipfs://b"), 13);

        vm.prank(buyer);
        collection.renounceOwnership();
        assertEq(collection.owner(), address(0));
        vm.prank(buyer);
        vm.expectRevert(MarketplaceCollection.CallerIsNotAMinter.selector);
        collection.mint(buyer, "x");
    }

    /// A named minter mints only while the owner is a partner, and loses the right when removed;
    /// the events say who was named.
    function test_minters_namedAndRemovedWithEvents() public {
        vm.expectEmit(true, true, true, true, address(collection));
        emit MarketplaceCollection.MinterUpdated(stranger, true);
        vm.prank(seller);
        collection.setMinter(stranger, true);
        vm.prank(stranger);
        uint256 id = collection.mint(buyer, "ipfs://by-minter");
        assertEq(collection.ownerOf(id), buyer);
        vm.expectEmit(true, true, true, true, address(collection));
        emit MarketplaceCollection.MinterUpdated(stranger, false);
        vm.prank(seller);
        collection.setMinter(stranger, false);
        assertFalse(collection.isMinter(stranger));
        string[] memory uris = new string[](1);
        vm.prank(stranger);
        vm.expectRevert(MarketplaceCollection.CallerIsNotAMinter.selector);
        collection.mintBatch(stranger, uris);
    }

    /// Minters are the naming owner's: after a handover they cannot mint for the new owner
    /// (nor again if the collection comes back only after being named anew).
    function test_minters_belongToTheOwnerWhoNamedThem() public {
        vm.prank(seller);
        collection.setMinter(stranger, true);
        assertTrue(collection.isMinter(stranger));
        bytes32 role = factory.PARTNER_ROLE();
        vm.prank(owner);
        factory.grantRole(role, buyer);
        vm.prank(buyer);
        collection.requestOwnershipHandover();
        vm.prank(seller);
        collection.completeOwnershipHandover(buyer);
        assertFalse(collection.isMinter(stranger));
        vm.prank(stranger);
        vm.expectRevert(MarketplaceCollection.CallerIsNotAMinter.selector);
        collection.mint(stranger, "x");
        vm.prank(buyer);
        collection.renounceOwnership();
        assertFalse(collection.isMinter(stranger)); // no owner: nobody is a minter
    }

    /*//////////////////////////////////////////////////////////////
                                 MINTING
    //////////////////////////////////////////////////////////////*/

    /// Consecutive ids, one Transfer from zero each, nonce 1, the URI kept per token; an empty
    /// batch mints nothing and returns the next id.
    function test_mintBatch_idsEventsNoncesAndUris() public {
        string[] memory uris = new string[](3);
        uris[0] = "ipfs://a";
        uris[1] = "ipfs://b";
        uris[2] = "";
        vm.recordLogs();
        vm.prank(seller);
        uint256 first = collection.mintBatch(buyer, uris);
        Vm.Log[] memory logs = vm.getRecordedLogs();
        assertEq(first, 13);
        assertEq(logs.length, 3);
        for (uint256 i; i < 3; ++i) {
            assertEq(logs[i].topics[0], keccak256("Transfer(address,address,uint256)"));
            assertEq(logs[i].topics[1], bytes32(0));
            assertEq(address(uint160(uint256(logs[i].topics[2]))), buyer);
            assertEq(uint256(logs[i].topics[3]), first + i);
            assertEq(collection.tokenNonce(first + i), 1);
            assertEq(collection.tokenURI(first + i), uris[i]);
        }
        assertEq(collection.balanceOf(buyer), 3);
        assertEq(collection.totalMinted(), 15);
        vm.prank(seller);
        assertEq(collection.mintBatch(buyer, new string[](0)), 16);
        assertEq(collection.totalMinted(), 15);
    }

    function test_mint_toTheZeroAddressIsRefused() public {
        vm.prank(seller);
        vm.expectRevert(TRANSFER_TO_ZERO);
        collection.mint(address(0), "x");
    }

    /*//////////////////////////////////////////////////////////////
                           METADATA, INTERFACES
    //////////////////////////////////////////////////////////////*/

    function test_metadataAndInterfaces() public {
        assertEq(collection.name(), "Art");
        assertEq(collection.symbol(), "ART");
        assertEq(collection.contractURI(), "ipfs://art");
        assertEq(collection.factory(), address(factory));
        assertEq(collection.tokenURI(1), "ipfs://token");
        vm.expectEmit(true, true, true, true, address(collection));
        emit MarketplaceCollection.ContractURIUpdated("ipfs://art-v2");
        vm.prank(seller);
        collection.setContractURI("ipfs://art-v2");
        assertEq(collection.contractURI(), "ipfs://art-v2");
        assertTrue(collection.supportsInterface(0x01ffc9a7), "ERC-165");
        assertTrue(collection.supportsInterface(0x80ac58cd), "ERC-721");
        assertTrue(collection.supportsInterface(0x5b5e139f), "ERC-721 metadata");
        assertFalse(collection.supportsInterface(0x780e9d63)); // not enumerable
        assertFalse(collection.supportsInterface(0xffffffff));
        vm.expectRevert(TOKEN_DOES_NOT_EXIST);
        collection.ownerOf(0);
        vm.expectRevert(TOKEN_DOES_NOT_EXIST);
        collection.tokenURI(13);
    }

    /*//////////////////////////////////////////////////////////////
                                APPROVALS
    //////////////////////////////////////////////////////////////*/

    /// Approving the same address again keeps the nonce; replacing or clearing it bumps the nonce
    /// (with TokenNonceBumped); approving with no previous approval does not.
    function test_approve_bumpsOnlyWhenAnApprovalIsReplacedOrCleared() public {
        vm.startPrank(seller);
        collection.approve(stranger, 1);
        collection.approve(stranger, 1);
        assertEq(collection.tokenNonce(1), 1, "same address: no bump");
        vm.expectEmit(true, true, true, true, address(collection));
        emit MarketplaceCollection.TokenNonceBumped(1, 2);
        collection.approve(buyer, 1);
        assertEq(collection.getApproved(1), buyer);
        assertEq(collection.tokenNonce(1), 2, "replaced");
        collection.approve(address(0), 1);
        assertEq(collection.tokenNonce(1), 3, "cleared");
        collection.approve(address(0), 1);
        assertEq(collection.tokenNonce(1), 3, "nothing to clear");
        vm.stopPrank();
        vm.prank(stranger);
        vm.expectRevert(NOT_OWNER_NOR_APPROVED);
        collection.approve(stranger, 1);
        vm.prank(seller);
        vm.expectRevert(TOKEN_DOES_NOT_EXIST);
        collection.approve(stranger, 999);
    }

    /// Revoking a granted operator bumps the holder's approval epoch (every token it holds moves
    /// its nonce by one, with ApprovalEpochBumped); revoking one never granted does nothing; the
    /// epoch stays with the holder, not the token.
    function test_setApprovalForAll_revocationBumpsTheHoldersEpoch() public {
        vm.recordLogs();
        vm.prank(buyer);
        collection.setApprovalForAll(stranger, false);
        assertEq(vm.getRecordedLogs().length, 1, "only ApprovalForAll");
        assertEq(collection.approvalEpoch(buyer), 0);

        vm.expectEmit(true, true, true, true, address(collection));
        emit MarketplaceCollection.ApprovalEpochBumped(seller, 1);
        vm.prank(seller);
        collection.setApprovalForAll(address(exchange), false);
        assertEq(collection.approvalEpoch(seller), 1);
        assertFalse(collection.isApprovedForAll(seller, address(exchange)));
        for (uint256 id = 1; id <= 12; ++id) {
            assertEq(collection.tokenNonce(id), 2);
        }
        // A token that leaves the holder drops the holder's epoch and gains its transfer.
        vm.prank(seller);
        collection.transferFrom(seller, buyer, 1);
        assertEq(collection.tokenNonce(1), 2);
        assertEq(collection.tokenNonce(2), 2);
    }

    /*//////////////////////////////////////////////////////////////
                          NONCE-CHECKED TRANSFER
    //////////////////////////////////////////////////////////////*/

    /// Who may move a token at its nonce: the owner, its approved address (cleared by the move),
    /// an operator; not a stranger. The nonce is checked first, then the owner and the recipient.
    function test_transferFromAtNonce_callersAndErrors() public {
        vm.prank(stranger);
        vm.expectRevert(NOT_OWNER_NOR_APPROVED);
        collection.transferFromAtNonce(seller, stranger, 1, 1);
        vm.prank(seller);
        collection.approve(stranger, 1);
        vm.prank(stranger);
        collection.transferFromAtNonce(seller, buyer, 1, 1);
        assertEq(collection.getApproved(1), address(0), "approval cleared by the move");
        assertEq(collection.tokenNonce(1), 2);

        vm.prank(address(exchange)); // an operator of the seller
        collection.transferFromAtNonce(seller, buyer, 2, 1);
        assertEq(collection.ownerOf(2), buyer);

        vm.startPrank(seller);
        vm.expectRevert(_gone(3));
        collection.transferFromAtNonce(seller, buyer, 3, 2); // nonce first
        vm.expectRevert(TRANSFER_FROM_INCORRECT_OWNER);
        collection.transferFromAtNonce(buyer, seller, 3, 1);
        vm.expectRevert(TRANSFER_TO_ZERO);
        collection.transferFromAtNonce(seller, address(0), 3, 1);
        vm.expectRevert(TOKEN_DOES_NOT_EXIST);
        collection.transferFromAtNonce(seller, buyer, 999, 0);
        vm.stopPrank();
    }

    /// Safe transfers call the recipient contract: a receiver gets the token, a contract that is
    /// not one is refused.
    function test_safeTransferFrom_checksTheRecipient() public {
        Receiver r = new Receiver();
        vm.startPrank(seller);
        collection.safeTransferFrom(seller, address(r), 1);
        collection.safeTransferFrom(seller, address(r), 2, "data");
        vm.expectRevert(TRANSFER_TO_NON_RECEIVER);
        collection.safeTransferFrom(seller, address(exchange), 3);
        vm.stopPrank();
        assertEq(collection.ownerOf(1), address(r));
        assertEq(collection.ownerOf(2), address(r));
        assertEq(collection.tokenNonce(2), 2);
    }
}
