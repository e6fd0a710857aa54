// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {FractionalFixture} from "./utils/FractionalFixture.sol";
import {FractionalVault} from "../src/fractional/FractionalVault.sol";
import {IFractionalFactoryErrors, IFractionalVaultErrors, VaultState, VaultTerms} from "../src/interfaces/IFractional.sol";

/// @notice A holder or bidder contract that tries to reenter the vault from every callback it
/// gets (native coin, ERC-721 receipt) and remembers whether any reentry went through.
contract Reenterer {
    FractionalVault internal immutable vault;
    bool public reentered;
    bool public tried;
    uint256 public burnGas;

    constructor(FractionalVault v) {
        vault = v;
    }

    function act(address target, bytes calldata data) external payable {
        (bool ok, bytes memory ret) = target.call{value: msg.value}(data);
        if (!ok) {
            assembly {
                revert(add(ret, 0x20), mload(ret))
            }
        }
    }

    function setBurnGas(uint256 g) external {
        burnGas = g;
    }

    function _tryAll() internal {
        tried = true;
        (bool a,) = address(vault).call(abi.encodeCall(vault.cashOut, ()));
        (bool b,) = address(vault).call(abi.encodeCall(vault.settle, ()));
        (bool c,) = address(vault).call(abi.encodeCall(vault.redeem, ()));
        (bool d,) = address(vault).call(abi.encodeCall(vault.bid, (1 ether)));
        if (a || b || c || d) reentered = true;
    }

    receive() external payable {
        uint256 start = gasleft();
        while (start - gasleft() < burnGas) {}
        _tryAll();
    }

    function onERC721Received(address, address, uint256, bytes calldata) external returns (bytes4) {
        _tryAll();
        return this.onERC721Received.selector;
    }
}

/// @notice One test per attack listed in docs/decisions/117 (Fractional v1, Tessera and its
/// public review) that could apply to these vaults, each showing the vault is immune.
contract FractionalAuditTest is FractionalFixture {
    /// Rounding a share price to zero (docs/decisions/117: H-04): the optimistic buyout priced a share at
    /// deposit / (supply - shares), rounded down to 0. Here the reserve is at least supply x
    /// sale price (>= 1 wei a share) and a cash-out never pays a share less than a wei.
    function testFuzz_audit_sharePriceNeverRoundsToZero(uint256 supply, uint256 extra) public {
        supply = bound(supply, 1, 1e12);
        extra = bound(extra, 0, supply - 1);
        VaultTerms memory t = _terms();
        t.supply = supply;
        t.pricePerShare = 1;
        t.purchaseLimit = supply;
        t.reservePrice = supply - 1;
        vm.prank(seller);
        vm.expectRevert(IFractionalFactoryErrors.ReserveBelowSaleValue.selector);
        fractions.fractionalize(address(collection), 2, t);
        t.reservePrice = supply;
        FractionalVault v = _fractionalize(2, t);
        vm.warp(SALE_END);
        v.releaseUnsold();
        vm.prank(bidder);
        wvbc.approve(address(v), type(uint256).max);
        vm.prank(bidder);
        v.bid(supply + extra);
        vm.warp(SALE_END + 3 days);
        v.settle();
        vm.assertGe(v.cashOutQuote(1), 1, "a share pays at least a wei");
        uint256 before = seller.balance;
        vm.prank(seller);
        v.cashOut();
        assertEq(seller.balance - before, supply + extra, "the only holder gets the whole price");
    }

    /// Griefing with tiny buyouts (docs/decisions/117: M-12): a 1-wei buyout locked a vault for days. Here a
    /// buyout starts at the reserve only, and a running one never blocks a better offer.
    function test_audit_tinyBuyoutCannotBlockTheVault() public {
        _soldAndClosed();
        vm.expectRevert(IFractionalVaultErrors.BidBelowReserve.selector);
        _bid(stranger, 1);
        _bid(stranger, RESERVE);
        uint256 before = wvbc.balanceOf(stranger);
        _bid(bidder, vault.minimumRaise(RESERVE));
        assertEq(wvbc.balanceOf(stranger) - before, RESERVE, "the griefer got every coin back at once");
        (, address who,,) = vault.buyout();
        assertEq(who, bidder);
    }

    /// A perpetual buyout through a reentrant receiver (docs/decisions/117: H-07) and a receiver that refuses
    /// tokens so a failed buyout never ends (docs/decisions/117: H-02). Here no coin or token is pushed to a
    /// bidder's code: refunds are wrapped-coin transfers and the NFT moves by `transferFrom`.
    function test_audit_hostileBidderCannotKeepABuyoutOpen() public {
        Reenterer hostile = new Reenterer(vault);
        _soldAndClosed();
        vm.startPrank(bidder);
        wvbc.transfer(address(hostile), 200 ether);
        vm.stopPrank();
        hostile.act(address(wvbc), abi.encodeCall(wvbc.approve, (address(vault), type(uint256).max)));
        hostile.act(address(vault), abi.encodeCall(vault.bid, (RESERVE)));
        _bid(otherBidder, vault.minimumRaise(RESERVE)); // refund lands, no callback
        assertEq(wvbc.balanceOf(address(hostile)), 200 ether);
        hostile.act(address(vault), abi.encodeCall(vault.bid, (170 ether)));
        vm.warp(SALE_END + 3 days);
        vault.settle();
        assertEq(collection.ownerOf(TOKEN), address(hostile));
        vm.assertFalse(hostile.tried(), "never called back");
        (VaultState s,,,) = vault.buyout();
        assertEq(uint256(s), uint256(VaultState.SUCCEEDED), "the buyout ended");
    }

    /// Draining proceeds by wrong pro-rata maths (docs/decisions/117: H-08): cash-out divided a fixed balance by
    /// a shrinking supply. Here each payout is bid x shares / shareSupply rounded down, in any
    /// order; the last shares take the few wei left: the holders receive exactly the bid.
    function testFuzz_audit_cashOutsSumToTheBidExactly(uint256 a, uint256 b, uint256 bidAmount, bool reverse)
        public
    {
        a = bound(a, 1, LIMIT);
        b = bound(b, 1, LIMIT);
        bidAmount = bound(bidAmount, RESERVE, 400 ether);
        _buy(buyer, a);
        _buy(stranger, b);
        vm.warp(SALE_END);
        _bid(bidder, bidAmount);
        vm.warp(SALE_END + 3 days);
        vault.settle();
        address[3] memory holders = reverse ? [seller, stranger, buyer] : [buyer, stranger, seller];
        uint256 paid;
        for (uint256 i; i < 3; ++i) {
            uint256 shares = vault.balanceOf(holders[i]);
            uint256 before = holders[i].balance;
            vm.prank(holders[i]);
            vault.cashOut();
            uint256 got = holders[i].balance - before;
            if (i < 2) assertEq(got, bidAmount * shares / SUPPLY, "exactly pro rata, rounded down");
            else vm.assertLe(got - bidAmount * shares / SUPPLY, 2, "the last: pro rata + what roundings left");
            paid += got;
        }
        assertEq(paid, bidAmount, "every wei of the bid, none more");
        assertEq(address(vault).balance, 0);
    }

    /// Selling into the pool by a direct transfer (docs/decisions/117: H-18) and success decided by the pool's
    /// share balance: here shares cannot be sent to the vault, and success depends only on the
    /// NFT still being held when the auction ends.
    function test_audit_sharesSentToTheVaultAreRefused() public {
        _buy(buyer, 10);
        vm.prank(buyer);
        vm.expectRevert(IFractionalVaultErrors.SharesCannotGoToTheVault.selector);
        vault.transfer(address(vault), 10);
    }

    /// A redemption that leaves the vault in a state that reopens it (docs/decisions/117: M-05): here a
    /// redeemed vault is closed for good.
    function test_audit_redeemedVaultStaysClosed() public {
        _buy(buyer, 400);
        vm.warp(SALE_END);
        vault.releaseUnsold();
        vm.prank(buyer);
        vault.transfer(seller, 400);
        vm.prank(seller);
        vault.redeem();
        vm.expectRevert(IFractionalVaultErrors.VaultClosed.selector);
        _bid(bidder, RESERVE);
        vm.prank(seller);
        vm.expectRevert(IFractionalVaultErrors.CashOutNotOpen.selector);
        vault.cashOut();
        vm.expectRevert(IFractionalVaultErrors.NoBuyout.selector);
        vault.settle();
    }

    /// Reentrancy through receivers (docs/decisions/117: L-01, H-13): a holder whose receive() reenters every
    /// entry point while being paid, and a redeemer whose ERC-721 hook would reenter.
    function test_audit_noReentryWhilePaying() public {
        Reenterer holder = new Reenterer(vault);
        _soldAndClosed();
        vm.prank(buyer);
        vault.transfer(address(holder), 100);
        _bid(bidder, RESERVE);
        vm.warp(SALE_END + 3 days);
        vault.settle();
        holder.act(address(vault), abi.encodeCall(vault.cashOut, ()));
        assertTrue(holder.tried());
        vm.assertFalse(holder.reentered(), "every reentry was refused");
        assertEq(address(holder).balance, RESERVE / 10);
    }

    /// Payments with a 2,300-gas stipend lock coins of contract holders (docs/decisions/117: M-11): here the
    /// coin is sent with all the gas, so a holder contract with a costly receive() is paid.
    function test_audit_contractHolderWithCostlyReceiveIsPaid() public {
        Reenterer holder = new Reenterer(vault);
        holder.setBurnGas(20_000);
        _soldAndClosed();
        vm.prank(buyer);
        vault.transfer(address(holder), 40);
        _bid(bidder, RESERVE);
        vm.warp(SALE_END + 3 days);
        vault.settle();
        holder.act(address(vault), abi.encodeCall(vault.cashOut, ()));
        assertEq(address(holder).balance, RESERVE * 40 / SUPPLY);
    }

    /// Fractional v1 paid cash-outs from the contract's whole balance, so coin sent in by anyone
    /// changed every payout. Here only the bid is shared out; coin forced in is owed to no one.
    function test_audit_forcedCoinDoesNotChangePayouts() public {
        _boughtOut(RESERVE);
        vm.deal(address(vault), address(vault).balance + 7 ether);
        uint256 before = buyer.balance;
        vm.prank(buyer);
        vault.cashOut();
        assertEq(buyer.balance - before, RESERVE * 400 / SUPPLY);
        assertEq(vault.proceedsLeft(), RESERVE - RESERVE * 400 / SUPPLY);
    }

    /// Residual allowances let anyone pull an approver's tokens (docs/decisions/117: H-12): the vault only
    /// ever pulls wrapped coin from the caller of `bid`, never from a third party.
    function test_audit_aBidNeverPullsSomeoneElsesCoin() public {
        _soldAndClosed();
        uint256 bidderBefore = wvbc.balanceOf(bidder);
        _bid(stranger, RESERVE);
        assertEq(wvbc.balanceOf(bidder), bidderBefore, "bidder approved the vault, yet kept every coin");
    }

    /// A fixed supply (audit M-07: a share price kept while the supply changed): shares are only
    /// minted at creation and burnt by cash-out or redemption.
    function test_audit_supplyOnlyShrinksByCashOut() public {
        _boughtOut(RESERVE);
        assertEq(vault.totalSupply(), SUPPLY);
        vm.prank(stranger);
        vault.cashOut();
        assertEq(vault.totalSupply(), SUPPLY - 350);
        assertEq(vault.cashOutQuote(400), RESERVE * 400 / SUPPLY, "the price of a share did not move");
    }
}
