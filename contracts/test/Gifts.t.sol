// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {Fixture} from "./utils/Fixture.sol";
import {Gifts} from "../src/Gifts.sol";
import {MarketplaceCollection} from "../src/MarketplaceCollection.sol";
import {PlainERC721} from "../bench/PlainERC721.sol";

/// @notice Gifts: made by a safe transfer, claimed once with the claim key's signature naming the
/// recipient, taken back by the giver until then; only marketplace collections.
contract GiftsTest is Fixture {
    uint256 internal constant CLAIM_KEY = 0xC1A1;
    uint256 internal constant TOKEN = 3;
    Gifts internal gifts;
    address internal claimKey = vm.addr(CLAIM_KEY);

    function setUp() public override {
        super.setUp();
        gifts = new Gifts();
    }

    /// @dev Token TOKEN is given with CLAIM_KEY, any other token with a key of its own.
    function _give(uint256 tokenId) internal returns (uint256 giftId) {
        uint256 key = tokenId == TOKEN ? CLAIM_KEY : CLAIM_KEY + tokenId;
        bytes memory data = _giftData(key, seller, tokenId);
        vm.prank(seller);
        collection.safeTransferFrom(seller, address(gifts), tokenId, data);
        giftId = gifts.giftCount();
    }

    /// @dev What a gift's transfer carries: the key's address and its `Create` signature.
    function _giftData(uint256 key, address giver, uint256 tokenId) internal view returns (bytes memory) {
        (uint8 v, bytes32 r, bytes32 s) = vm.sign(key, gifts.createDigest(giver, address(collection), tokenId));
        return abi.encode(vm.addr(key), abi.encodePacked(r, s, v));
    }

    function _sign(uint256 key, uint256 giftId, address recipient) internal view returns (bytes memory) {
        (uint8 v, bytes32 r, bytes32 s) = vm.sign(key, gifts.claimDigest(giftId, recipient));
        return abi.encodePacked(r, s, v);
    }

    function test_give_holdsTheNftAndRecordsTheGift() public {
        vm.expectEmit(true, true, true, true, address(gifts));
        emit Gifts.GiftCreated(1, seller, address(collection), TOKEN, claimKey);
        uint256 giftId = _give(TOKEN);
        assertEq(giftId, 1);
        assertEq(collection.ownerOf(TOKEN), address(gifts));
        Gifts.Gift memory gift = gifts.giftOf(giftId);
        assertEq(gift.giver, seller);
        assertEq(gift.claimKey, claimKey);
        assertEq(gift.collection, address(collection));
        assertEq(gift.tokenId, TOKEN);
    }

    function test_claim_movesTheNftToTheSignedRecipientOnce() public {
        uint256 giftId = _give(TOKEN);
        bytes memory signature = _sign(CLAIM_KEY, giftId, buyer);
        vm.expectEmit(true, true, false, false, address(gifts));
        emit Gifts.GiftClaimed(giftId, buyer);
        vm.prank(stranger); // a relayer pays the gas
        gifts.claim(giftId, buyer, signature);
        assertEq(collection.ownerOf(TOKEN), buyer);
        assertEq(gifts.giftOf(giftId).giver, address(0));
        vm.expectRevert(abi.encodeWithSelector(Gifts.GiftIsNotOpen.selector, giftId));
        gifts.claim(giftId, buyer, signature);
        vm.prank(seller);
        vm.expectRevert(abi.encodeWithSelector(Gifts.GiftIsNotOpen.selector, giftId));
        gifts.takeBack(giftId);
    }

    /// A copied signature cannot send the NFT elsewhere; a wrong key or another gift's is refused.
    function test_claim_refusesAnotherRecipientKeyOrGift() public {
        uint256 giftId = _give(TOKEN);
        uint256 otherGift = _give(TOKEN + 1);
        bytes memory signature = _sign(CLAIM_KEY, giftId, buyer);
        vm.expectRevert(Gifts.InvalidClaimSignature.selector);
        gifts.claim(giftId, stranger, signature);
        vm.expectRevert(Gifts.InvalidClaimSignature.selector);
        gifts.claim(otherGift, buyer, signature);
        bytes memory strangers = _sign(STRANGER_KEY, giftId, buyer);
        vm.expectRevert(Gifts.InvalidClaimSignature.selector);
        gifts.claim(giftId, buyer, strangers);
        vm.expectRevert(Gifts.InvalidClaimSignature.selector);
        gifts.claim(giftId, buyer, hex"1234");
        bytes memory toZero = _sign(CLAIM_KEY, giftId, address(0));
        vm.expectRevert(Gifts.RecipientIsZero.selector);
        gifts.claim(giftId, address(0), toZero);
        vm.expectRevert(abi.encodeWithSelector(Gifts.GiftIsNotOpen.selector, 99));
        gifts.claim(99, buyer, signature);
        assertEq(collection.ownerOf(TOKEN), address(gifts));
    }

    function test_takeBack_returnsTheNftAndVoidsTheLink() public {
        uint256 giftId = _give(TOKEN);
        vm.prank(stranger);
        vm.expectRevert(Gifts.CallerIsNotTheGiver.selector);
        gifts.takeBack(giftId);
        vm.expectEmit(true, false, false, false, address(gifts));
        emit Gifts.GiftTakenBack(giftId);
        vm.prank(seller);
        gifts.takeBack(giftId);
        assertEq(collection.ownerOf(TOKEN), seller);
        bytes memory signature = _sign(CLAIM_KEY, giftId, buyer);
        vm.expectRevert(abi.encodeWithSelector(Gifts.GiftIsNotOpen.selector, giftId));
        gifts.claim(giftId, buyer, signature);
    }

    /// The transfer voids the token's open orders (its nonce moves), like any transfer.
    function test_give_bumpsTheTransferNonce() public {
        uint256 before = collection.tokenNonce(TOKEN);
        _give(TOKEN);
        assertTrue(collection.tokenNonce(TOKEN) > before);
    }

    function test_give_refusesOtherCollectionsAndMissingKeys() public {
        PlainERC721 plain = new PlainERC721();
        plain.mint(seller, 1);
        bytes memory data = _giftData(CLAIM_KEY, seller, 1);
        vm.prank(seller);
        vm.expectRevert(abi.encodeWithSelector(Gifts.CollectionIsNotAMarketplaceCollection.selector, address(plain)));
        plain.safeTransferFrom(seller, address(gifts), 1, data);

        vm.startPrank(seller);
        vm.expectRevert(Gifts.ClaimKeyIsMissing.selector);
        collection.safeTransferFrom(seller, address(gifts), TOKEN);
        vm.expectRevert(Gifts.ClaimKeyIsMissing.selector);
        collection.safeTransferFrom(seller, address(gifts), TOKEN, abi.encode(claimKey));
        vm.expectRevert(Gifts.ClaimKeyIsMissing.selector);
        collection.safeTransferFrom(seller, address(gifts), TOKEN, abi.encode(address(0), bytes("")));
        vm.stopPrank();
        assertEq(collection.ownerOf(TOKEN), seller);
    }

    function test_domainSeparator_namesThisContractAndChain() public view {
        bytes32 expected = keccak256(
            abi.encode(
                keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)"),
                keccak256("VBChain Gifts"),
                keccak256("1"),
                block.chainid,
                address(gifts)
            )
        );
        assertEq(gifts.domainSeparator(), expected);
    }

    /// A gift is bound to its key by the key's own signature: nobody else can attach a gift to a
    /// link's (public) key, a signature for another giver, collection or token is refused, and a
    /// key makes one gift only, so a link always means the gift it was made for.
    function test_give_needsTheKeysCreateSignatureAndAFreshKey() public {
        vm.startPrank(seller);
        bytes memory forOtherToken = _giftData(CLAIM_KEY, seller, TOKEN + 1);
        vm.expectRevert(Gifts.InvalidCreateSignature.selector);
        collection.safeTransferFrom(seller, address(gifts), TOKEN, forOtherToken);
        bytes memory forOtherGiver = _giftData(CLAIM_KEY, stranger, TOKEN);
        vm.expectRevert(Gifts.InvalidCreateSignature.selector);
        collection.safeTransferFrom(seller, address(gifts), TOKEN, forOtherGiver);
        (, bytes memory sig) = abi.decode(_giftData(STRANGER_KEY, seller, TOKEN), (address, bytes));
        vm.expectRevert(Gifts.InvalidCreateSignature.selector); // signed by another key
        collection.safeTransferFrom(seller, address(gifts), TOKEN, abi.encode(claimKey, sig));
        vm.stopPrank();
        assertFalse(gifts.claimKeyUsed(claimKey));
        _give(TOKEN);
        assertTrue(gifts.claimKeyUsed(claimKey));
        bytes memory again = _giftData(CLAIM_KEY, seller, TOKEN + 1);
        vm.prank(seller);
        vm.expectRevert(Gifts.ClaimKeyAlreadyUsed.selector);
        collection.safeTransferFrom(seller, address(gifts), TOKEN + 1, again);
    }
}
