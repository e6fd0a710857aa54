// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {DropsFixture} from "./utils/DropsFixture.sol";
import {Drops} from "../src/Drops.sol";
import {DropParams, IDropsErrors} from "../src/interfaces/IDrops.sol";
import {ERC721} from "solady/tokens/ERC721.sol";
import {SafeTransferLib} from "solady/utils/SafeTransferLib.sol";

/// @notice Every rule of Drops, one refusal at a time, and the happy path of each kind.
contract DropsTest is DropsFixture {
    function _expectInvalid(DropParams memory p) private {
        vm.prank(partner);
        vm.expectRevert(IDropsErrors.InvalidDrop.selector);
        drops.createDrop(p);
    }

    function test_createRefusesNonPartnerAndRevokedPartner() public {
        vm.prank(alice);
        vm.expectRevert(IDropsErrors.NotAPartner.selector);
        drops.createDrop(params(1));
        vm.startPrank(owner);
        factory.revokeRole(factory.PARTNER_ROLE(), partner);
        vm.stopPrank();
        vm.prank(partner);
        vm.expectRevert(IDropsErrors.NotAPartner.selector);
        drops.createDrop(params(1));
    }

    function test_createRefusesInconsistentSettings() public {
        DropParams memory p = params(0);
        _expectInvalid(p);
        p = params(5);
        _expectInvalid(p);
        p = params(1);
        p.total = 0;
        _expectInvalid(p);
        p = params(1);
        p.limitPerWallet = 0;
        _expectInvalid(p);
        p = params(1);
        p.end = p.start;
        _expectInvalid(p);
        p = params(3);
        p.deadline = p.end - 1;
        _expectInvalid(p);
        p = params(1);
        p.deadline = p.end;
        _expectInvalid(p);
        p = params(2);
        p.eventTime = p.end - 1;
        _expectInvalid(p);
        p = params(1);
        p.eventTime = p.end;
        _expectInvalid(p);
        p = params(4); // a bag with no pool
        _expectInvalid(p);
        p = params(1);
        p.poolRoot = bytes32(uint256(1));
        _expectInvalid(p);
    }

    function test_bagMustBeCommittedBeforeItsSaleOpens() public {
        DropParams memory p = params(4);
        p.poolRoot = poolRoot();
        p.start = T0;
        vm.prank(partner);
        vm.expectRevert(IDropsErrors.BagMustBeCommittedBeforeSale.selector);
        drops.createDrop(p);
    }

    function test_createStoresTheDrop() public {
        uint256 id = create(params(2));
        assertEq(id, 1);
        assertEq(drops.dropCount(), 1);
        Drops.Drop memory d = drops.getDrop(id);
        assertEq(d.partner, partner);
        assertEq(uint256(d.kind), 2);
        assertEq(uint256(d.eventTime), T0 + 9000);
        assertEq(d.uri, "ipfs://drop");
        assertEq(drops.name(), "VBChain Drops");
        assertEq(drops.symbol(), "DROP");
    }

    function test_buyRefusals() public {
        vm.expectRevert(IDropsErrors.DropNotFound.selector);
        drops.buy(1, 1);
        uint256 id = create(params(1));
        vm.expectRevert(IDropsErrors.ZeroQuantity.selector);
        drops.buy(id, 0);
        vm.prank(alice);
        vm.expectRevert(IDropsErrors.DropNotStarted.selector);
        drops.buy{value: PRICE}(id, 1);
        vm.warp(T0 + 100);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IDropsErrors.OverWalletLimit.selector, 2, 0));
        drops.buy{value: 3 * PRICE}(id, 3);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IDropsErrors.WrongPayment.selector, PRICE, PRICE - 1));
        drops.buy{value: PRICE - 1}(id, 1);
        buyAs(alice, id, 2);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IDropsErrors.OverWalletLimit.selector, 2, 2));
        drops.buy{value: PRICE}(id, 1);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IDropsErrors.SoldOut.selector, 18));
        drops.buy{value: 19 * PRICE}(id, 19);
        vm.warp(T0 + 1000);
        vm.prank(bob);
        vm.expectRevert(IDropsErrors.DropEnded.selector);
        drops.buy{value: PRICE}(id, 1);
    }

    function test_editionIsMintedAtPurchaseAndPaidOutAtOnce() public {
        uint256 id = openDrop(1);
        buyAs(alice, id, 2);
        buyAs(bob, id, 1);
        assertEq(drops.ownerOf(tokenId(id, 1)), alice);
        assertEq(drops.ownerOf(tokenId(id, 3)), bob);
        assertEq(drops.tokenURI(tokenId(id, 3)), "ipfs://drop");
        Drops.Drop memory d = drops.getDrop(id);
        assertEq(uint256(d.sold), 3);
        assertEq(uint256(d.delivered), 3);
        uint256 before = partner.balance;
        drops.withdraw(id);
        assertEq(partner.balance - before, 3 * PRICE);
        assertEq(drops.escrowOf(id), 0);
        vm.expectRevert(IDropsErrors.NothingToWithdraw.selector);
        drops.withdraw(id);
        vm.expectRevert(IDropsErrors.DropNotFound.selector);
        drops.withdraw(99);
        vm.expectRevert(ERC721.TokenDoesNotExist.selector);
        drops.tokenURI(tokenId(id, 4));
    }

    function test_ticketIsAnEdition() public {
        uint256 id = openDrop(2);
        buyAs(alice, id, 1);
        assertEq(drops.ownerOf(tokenId(id, 1)), alice);
        assertEq(drops.escrowOf(id), PRICE);
    }

    function test_wrappedCoinPayments() public {
        DropParams memory p = params(3);
        p.wrapped = true;
        uint256 id = create(p);
        vm.warp(T0 + 100);
        vm.startPrank(alice);
        wvbc.deposit{value: 10 ether}();
        wvbc.approve(address(drops), type(uint256).max);
        vm.expectRevert(abi.encodeWithSelector(IDropsErrors.WrongPayment.selector, 0, 1));
        drops.buy{value: 1}(id, 1);
        drops.buy(id, 2);
        vm.stopPrank();
        assertEq(wvbc.balanceOf(address(drops)), 2 * PRICE);
        vm.prank(bob); // no wrapped coin
        vm.expectRevert(SafeTransferLib.TransferFromFailed.selector);
        drops.buy(id, 1);
        _deliver(id, alice, 1);
        drops.withdraw(id);
        assertEq(wvbc.balanceOf(partner), PRICE);
        vm.warp(T0 + 5000);
        vm.prank(alice);
        drops.refund(id);
        assertEq(wvbc.balanceOf(alice), 9 ether);
        assertEq(wvbc.balanceOf(address(drops)), 0);
    }

    function _deliver(uint256 id, address buyer, uint256 n) private {
        string[] memory uris = new string[](n);
        for (uint256 i; i < n; ++i) uris[i] = poolUri(i);
        vm.prank(partner);
        drops.deliver(id, buyer, uris);
    }

    function test_preOrderDeliveryRules() public {
        uint256 id = openDrop(3);
        buyAs(alice, id, 2);
        assertEq(drops.escrowOf(id), 2 * PRICE);
        string[] memory none = new string[](0);
        vm.expectRevert(IDropsErrors.DropNotFound.selector);
        drops.deliver(9, alice, none);
        vm.prank(alice);
        vm.expectRevert(IDropsErrors.CallerIsNotThePartner.selector);
        drops.deliver(id, alice, none);
        vm.prank(partner);
        vm.expectRevert(IDropsErrors.ZeroQuantity.selector);
        drops.deliver(id, alice, none);
        string[] memory three = new string[](3);
        vm.prank(partner);
        vm.expectRevert(abi.encodeWithSelector(IDropsErrors.DeliveringMoreThanSold.selector, 2));
        drops.deliver(id, alice, three);
        _deliver(id, alice, 1);
        assertEq(drops.ownerOf(tokenId(id, 1)), alice);
        assertEq(drops.tokenURI(tokenId(id, 1)), poolUri(0));
        (uint256 bought, uint256 delivered, uint256 refunded) = drops.purchases(id, alice);
        assertEq(bought, 2);
        assertEq(delivered, 1);
        assertEq(refunded, 0);
        // A partner whose role was revoked delivers no more.
        vm.startPrank(owner);
        factory.revokeRole(factory.PARTNER_ROLE(), partner);
        vm.stopPrank();
        vm.prank(partner);
        vm.expectRevert(IDropsErrors.NotAPartner.selector);
        drops.deliver(id, alice, new string[](1));
    }

    function test_deliverRefusesOtherKindsAndLateDelivery() public {
        uint256 ed = openDrop(1);
        vm.prank(partner);
        vm.expectRevert(IDropsErrors.WrongDropKind.selector);
        drops.deliver(ed, alice, new string[](1));
        uint256 id = create(params(3));
        vm.warp(T0 + 100);
        buyAs(alice, id, 1);
        vm.warp(T0 + 5000);
        vm.prank(partner);
        vm.expectRevert(IDropsErrors.DeliveryDeadlinePassed.selector);
        drops.deliver(id, alice, new string[](1));
    }

    function test_refundAfterTheDeadlineOnlyOfWhatWasNotDelivered() public {
        uint256 id = openDrop(3);
        buyAs(alice, id, 2);
        buyAs(bob, id, 2);
        _deliver(id, alice, 1);
        vm.prank(bob);
        vm.expectRevert(abi.encodeWithSelector(IDropsErrors.RefundNotYetOpen.selector, T0 + 5000));
        drops.refund(id);
        vm.warp(T0 + 5000);
        uint256 before = bob.balance;
        vm.prank(bob);
        drops.refund(id);
        assertEq(bob.balance - before, 2 * PRICE, "bob takes back exactly what he paid");
        vm.prank(bob);
        vm.expectRevert(IDropsErrors.NothingToRefund.selector);
        drops.refund(id);
        vm.prank(alice);
        drops.refund(id);
        (,, uint256 refunded) = drops.purchases(id, alice);
        assertEq(refunded, 1);
        assertEq(drops.escrowOf(id), PRICE, "the delivered item's price waits for the partner");
        drops.withdraw(id);
        assertEq(drops.escrowOf(id), 0);
        assertEq(address(drops).balance, 0);
        uint256 ed = openDrop(1);
        vm.expectRevert(IDropsErrors.WrongDropKind.selector);
        drops.refund(ed);
    }

    function test_cancelMakesEverythingUndeliveredRefundable() public {
        uint256 id = openDrop(3);
        buyAs(alice, id, 1);
        vm.prank(alice);
        vm.expectRevert(IDropsErrors.CallerIsNotThePartner.selector);
        drops.cancel(id);
        vm.prank(owner);
        drops.cancel(id);
        vm.prank(bob);
        vm.expectRevert(IDropsErrors.DropEnded.selector);
        drops.buy{value: PRICE}(id, 1);
        vm.prank(alice);
        drops.refund(id);
        // Cancelling again (nothing later than now left) changes nothing.
        vm.prank(partner);
        drops.cancel(id);
        Drops.Drop memory d = drops.getDrop(id);
        assertEq(uint256(d.end), T0 + 100);
        // An edition has no deadline to move.
        uint256 ed = create(params(1));
        vm.prank(partner);
        drops.cancel(ed);
        assertEq(uint256(drops.getDrop(ed).deadline), 0);
    }

    function _revealed() private returns (uint256 id) {
        id = openDrop(4);
        buyAs(alice, id, 2);
        buyAs(bob, id, 2); // sold out: the sale is closed
        drops.reveal(id);
        vm.roll(block.number + 2);
        drops.reveal(id);
    }

    function test_revealRules() public {
        DropParams memory p = params(4);
        p.poolRoot = poolRoot();
        p.total = 4;
        uint256 id = create(p);
        uint256 ed = openDrop(1);
        vm.expectRevert(IDropsErrors.WrongDropKind.selector);
        drops.reveal(ed);
        buyAs(alice, id, 1);
        vm.expectRevert(IDropsErrors.RevealBeforeSaleClosed.selector);
        drops.reveal(id);
        vm.warp(T0 + 1000); // ended, not sold out
        drops.reveal(id);
        uint256 target = block.number + 1;
        assertEq(uint256(drops.getDrop(id).revealBlock), target);
        vm.expectRevert(abi.encodeWithSelector(IDropsErrors.RevealBlockNotMined.selector, target));
        drops.reveal(id);
        // Its hash went out of reach: a new future block is chosen, not a known hash.
        vm.roll(target + 257);
        drops.reveal(id);
        target = block.number + 1;
        assertEq(uint256(drops.getDrop(id).revealBlock), target);
        vm.roll(target + 256); // still readable
        drops.reveal(id);
        Drops.Drop memory d = drops.getDrop(id);
        assertTrue(d.revealed);
        assertEq(uint256(d.offset), drops.revealOffset(blockhash(target), poolRoot(), id, 4));
        vm.expectRevert(IDropsErrors.AlreadyRevealed.selector);
        drops.reveal(id);
    }

    function test_openBagWithTheCommittedItem() public {
        uint256 id = openDrop(4);
        buyAs(alice, id, 1);
        uint256 bag = tokenId(id, 1);
        vm.expectRevert(IDropsErrors.NotRevealed.selector);
        drops.bagPoolIndex(bag);
        vm.expectRevert(IDropsErrors.NotRevealed.selector);
        drops.openBag(bag, poolUri(0), proofOf(0));
        buyAs(alice, id, 1);
        buyAs(bob, id, 2);
        drops.reveal(id);
        vm.roll(block.number + 2);
        drops.reveal(id);
        uint256 index = drops.bagPoolIndex(bag);
        assertEq(index, drops.getDrop(id).offset);
        uint256 wrong = (index + 1) % 4;
        vm.expectRevert(IDropsErrors.InvalidPoolProof.selector);
        drops.openBag(bag, poolUri(wrong), proofOf(wrong));
        assertEq(drops.tokenURI(bag), "ipfs://drop"); // still sealed
        vm.prank(bob); // anyone may open it
        drops.openBag(bag, poolUri(index), proofOf(index));
        assertEq(drops.tokenURI(bag), poolUri(index));
        vm.expectRevert(IDropsErrors.BagAlreadyOpened.selector);
        drops.openBag(bag, poolUri(index), proofOf(index));
        vm.expectRevert(IDropsErrors.BagAlreadyOpened.selector);
        drops.openBag(tokenId(id, 9), poolUri(index), proofOf(index));
        drops.withdraw(id);
        assertEq(partner.balance, PRICE, "paid for the opened bag only");
        uint256 ed = openDrop(1);
        vm.expectRevert(IDropsErrors.WrongDropKind.selector);
        drops.openBag(tokenId(ed, 1), "", new bytes32[](0));
    }

    function test_bagsNotOpenedByTheDeadlineAreRefundedToTheirHolder() public {
        uint256 id = _revealed();
        uint256 opened = tokenId(id, 1);
        uint256 i = drops.bagPoolIndex(opened);
        drops.openBag(opened, poolUri(i), proofOf(i));
        uint256 sealed_ = tokenId(id, 3);
        vm.prank(bob);
        vm.expectRevert(abi.encodeWithSelector(IDropsErrors.RefundNotYetOpen.selector, T0 + 5000));
        drops.refundBag(sealed_);
        vm.warp(T0 + 5000);
        vm.expectRevert(IDropsErrors.DeliveryDeadlinePassed.selector);
        drops.openBag(sealed_, poolUri(0), proofOf(0));
        vm.prank(alice);
        vm.expectRevert(IDropsErrors.CallerIsNotTheHolder.selector);
        drops.refundBag(sealed_);
        vm.prank(alice);
        vm.expectRevert(IDropsErrors.NothingToRefund.selector);
        drops.refundBag(opened);
        // A sealed bag is a token: its holder, not its first buyer, takes the refund.
        vm.prank(bob);
        drops.transferFrom(bob, alice, sealed_);
        uint256 before = alice.balance;
        vm.prank(alice);
        drops.refundBag(sealed_);
        assertEq(alice.balance - before, PRICE);
        vm.expectRevert(ERC721.TokenDoesNotExist.selector);
        drops.ownerOf(sealed_);
        assertEq(drops.escrowOf(id), 3 * PRICE);
        uint256 ed = openDrop(1);
        vm.expectRevert(IDropsErrors.WrongDropKind.selector);
        drops.refundBag(tokenId(ed, 1));
    }
}
