// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {FractionalFixture, CoinRefuser} from "./utils/FractionalFixture.sol";
import {IFractionalVaultErrors, VaultState} from "../src/interfaces/IFractional.sol";

/// @notice The buyout (reserve auction in the wrapped coin), cash-out and redemption.
contract FractionalBuyoutTest is FractionalFixture {
    event BuyoutBid(address indexed bidder, uint256 amount, uint256 endsAt);
    event BuyoutSucceeded(address indexed buyer, uint256 amount);
    event BuyoutFailed(address indexed bidder, uint256 amount);
    event UnsoldReleased(address indexed curator, uint256 shares);
    event CashedOut(address indexed holder, uint256 shares, uint256 payout);
    event Redeemed(address indexed holder);

    function _state() internal view returns (VaultState s) {
        (s,,,) = vault.buyout();
    }

    function test_bid_waitsForTheSaleAndTheReserve() public {
        _buy(buyer, 400);
        vm.expectRevert(IFractionalVaultErrors.SaleStillOpen.selector);
        _bid(bidder, RESERVE);
        vm.warp(SALE_END);
        vm.expectRevert(IFractionalVaultErrors.BidBelowReserve.selector);
        _bid(bidder, RESERVE - 1);
    }

    function test_bid_startsOnceEveryShareSoldEvenInTheWindow() public {
        _buy(buyer, 400);
        _buy(stranger, 400);
        _buy(otherBidder, 200);
        _bid(bidder, RESERVE);
        assertEq(uint256(_state()), uint256(VaultState.LIVE));
    }

    function test_bid_startReleasesUnsoldAndHoldsTheCoin() public {
        _soldAndClosed();
        vm.expectEmit(true, true, true, true, address(vault));
        emit UnsoldReleased(seller, 250);
        vm.expectEmit(true, true, true, true, address(vault));
        emit BuyoutBid(bidder, RESERVE, SALE_END + 3 days);
        _bid(bidder, RESERVE);
        assertEq(vault.balanceOf(seller), 250);
        assertEq(wvbc.balanceOf(address(vault)), RESERVE);
        (VaultState s, address who, uint256 amount, uint256 endsAt) = vault.buyout();
        assertEq(uint256(s), uint256(VaultState.LIVE));
        assertEq(who, bidder);
        assertEq(amount, RESERVE);
        assertEq(endsAt, SALE_END + 3 days);
        assertEq(vault.proceedsLeft(), 0);
        assertEq(vault.cashOutQuote(100), 0);
    }

    function test_bid_raiseNeedsFivePercentAndRefundsTheOutbid() public {
        _soldAndClosed();
        _bid(bidder, RESERVE);
        uint256 minimum = vault.minimumRaise(RESERVE);
        assertEq(minimum, 157.5 ether);
        vm.expectRevert(abi.encodeWithSelector(IFractionalVaultErrors.BidTooLow.selector, minimum));
        _bid(otherBidder, minimum - 1);
        uint256 before = wvbc.balanceOf(bidder);
        _bid(otherBidder, minimum);
        assertEq(wvbc.balanceOf(bidder) - before, RESERVE, "the outbid bid went back at once");
        assertEq(wvbc.balanceOf(address(vault)), minimum);
        assertEq(vault.minimumRaise(1), 2, "rounded up: never a raise of nothing");
    }

    function test_bid_ownRaisePullsOnlyTheDifference() public {
        _soldAndClosed();
        _bid(bidder, RESERVE);
        uint256 before = wvbc.balanceOf(bidder);
        _bid(bidder, 160 ether);
        assertEq(before - wvbc.balanceOf(bidder), 10 ether);
        assertEq(wvbc.balanceOf(address(vault)), 160 ether);
    }

    function test_bid_softCloseExtendsButNeverPastTheCap() public {
        _soldAndClosed();
        _bid(bidder, RESERVE);
        uint256 plannedEnd = SALE_END + 3 days;
        vm.warp(plannedEnd - 5 minutes);
        _bid(otherBidder, 160 ether);
        (,,, uint256 endsAt) = vault.buyout();
        assertEq(endsAt, plannedEnd + 5 minutes);
        uint256 amount = 160 ether;
        for (uint256 i; i < 20; ++i) {
            vm.warp(endsAt - 1);
            amount = vault.minimumRaise(amount);
            _bid(i % 2 == 0 ? bidder : otherBidder, amount);
            (,,, endsAt) = vault.buyout();
        }
        assertEq(endsAt, plannedEnd + 1 hours, "a buyout always ends");
        vm.warp(endsAt);
        vm.expectRevert(IFractionalVaultErrors.BuyoutEnded.selector);
        _bid(stranger, 500 ether);
    }

    function test_bid_earlyRaiseKeepsTheEnd() public {
        _soldAndClosed();
        _bid(bidder, RESERVE);
        _bid(otherBidder, 160 ether);
        (,,, uint256 endsAt) = vault.buyout();
        assertEq(endsAt, SALE_END + 3 days);
    }

    function test_settle_nftToTheWinnerAndProceedsForHolders() public {
        _soldAndClosed();
        _bid(bidder, RESERVE);
        vm.expectRevert(IFractionalVaultErrors.BuyoutNotEnded.selector);
        vault.settle();
        vm.warp(SALE_END + 3 days);
        vm.expectEmit(true, true, true, true, address(vault));
        emit BuyoutSucceeded(bidder, RESERVE);
        vault.settle();
        assertEq(collection.ownerOf(TOKEN), bidder);
        assertEq(address(vault).balance, RESERVE);
        assertEq(wvbc.balanceOf(address(vault)), 0);
        assertEq(vault.proceedsLeft(), RESERVE);
        (VaultState s,, uint256 amount,) = vault.buyout();
        assertEq(uint256(s), uint256(VaultState.SUCCEEDED));
        assertEq(amount, RESERVE);
        vm.expectRevert(IFractionalVaultErrors.NoBuyout.selector);
        vault.settle();
        vm.expectRevert(IFractionalVaultErrors.VaultClosed.selector);
        _bid(stranger, 500 ether);
    }

    function test_settle_returnsEveryCoinWhenTheNftLeft() public {
        _soldAndClosed();
        _bid(bidder, RESERVE);
        // However it happened, the vault no longer holds the NFT.
        vm.prank(address(vault));
        collection.transferFrom(address(vault), stranger, TOKEN);
        vm.warp(SALE_END + 3 days);
        uint256 before = wvbc.balanceOf(bidder);
        vm.expectEmit(true, true, true, true, address(vault));
        emit BuyoutFailed(bidder, RESERVE);
        vault.settle();
        assertEq(wvbc.balanceOf(bidder) - before, RESERVE);
        assertEq(wvbc.balanceOf(address(vault)), 0);
        (VaultState s,, uint256 amount,) = vault.buyout();
        assertEq(uint256(s), uint256(VaultState.FAILED));
        assertEq(amount, 0);
        vm.prank(buyer);
        vm.expectRevert(IFractionalVaultErrors.CashOutNotOpen.selector);
        vault.cashOut();
    }

    function test_bid_refusedWhenTheNftLeft() public {
        _soldAndClosed();
        vm.prank(address(vault));
        collection.transferFrom(address(vault), stranger, TOKEN);
        vm.expectRevert(IFractionalVaultErrors.NftNotInVault.selector);
        _bid(bidder, RESERVE);
    }

    function test_cashOut_exactProRataAndNothingStuck() public {
        _boughtOut(200 ether);
        vm.prank(buyer);
        vm.expectRevert(IFractionalVaultErrors.VaultClosed.selector);
        vault.redeem(); // bought out: cash-out is the way
        uint256 before = buyer.balance;
        assertEq(vault.cashOutQuote(400), 80 ether);
        vm.expectEmit(true, true, true, true, address(vault));
        emit CashedOut(buyer, 400, 80 ether);
        vm.prank(buyer);
        vault.cashOut();
        assertEq(buyer.balance - before, 80 ether);
        vm.prank(stranger);
        vault.cashOut();
        vm.prank(seller);
        vault.cashOut();
        assertEq(address(vault).balance, 0, "every wei paid out");
        assertEq(vault.totalSupply(), 0);
        vm.prank(buyer);
        vm.expectRevert(IFractionalVaultErrors.NothingToCashOut.selector);
        vault.cashOut();
    }

    function test_cashOut_failsOnlyForAHolderRefusingTheCoin() public {
        CoinRefuser refuser = new CoinRefuser();
        _soldAndClosed();
        vm.prank(buyer);
        vault.transfer(address(refuser), 10);
        _bid(bidder, RESERVE);
        vm.warp(SALE_END + 3 days);
        vault.settle();
        vm.expectRevert(IFractionalVaultErrors.PaymentFailed.selector);
        refuser.call(address(vault), abi.encodeCall(vault.cashOut, ()));
        vm.prank(buyer);
        vault.cashOut(); // others are not blocked
    }

    function test_redeem_needsEveryShareAndNoBuyout() public {
        _buy(buyer, 400);
        vm.warp(SALE_END);
        vault.releaseUnsold();
        vm.prank(seller);
        vm.expectRevert(IFractionalVaultErrors.MustHoldEveryShare.selector);
        vault.redeem();
        vm.prank(buyer);
        vault.transfer(seller, 400);
        vm.expectEmit(true, true, true, true, address(vault));
        emit Redeemed(seller);
        vm.prank(seller);
        vault.redeem();
        assertEq(collection.ownerOf(TOKEN), seller);
        assertEq(vault.totalSupply(), 0);
        assertEq(uint256(_state()), uint256(VaultState.REDEEMED));
        vm.prank(seller);
        vm.expectRevert(IFractionalVaultErrors.VaultClosed.selector);
        vault.redeem();
    }

    function test_redeem_refusedDuringABuyoutAndWithoutTheNft() public {
        _soldAndClosed();
        vm.prank(buyer);
        vault.transfer(seller, 400);
        vm.prank(stranger);
        vault.transfer(seller, 350);
        vault.releaseUnsold();
        vm.prank(address(vault));
        collection.transferFrom(address(vault), stranger, TOKEN);
        vm.prank(seller);
        vm.expectRevert(IFractionalVaultErrors.NftNotInVault.selector);
        vault.redeem();
        vm.prank(stranger);
        collection.transferFrom(stranger, address(vault), TOKEN);
        _bid(bidder, RESERVE);
        vm.prank(seller);
        vm.expectRevert(IFractionalVaultErrors.BuyoutInProgress.selector);
        vault.redeem();
    }
}
