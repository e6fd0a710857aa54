// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {Test} from "./utils/Test.sol";
import {FractionalFixture} from "./utils/FractionalFixture.sol";
import {Reenterer} from "./FractionalAudit.t.sol";
import {FractionalVault} from "../src/fractional/FractionalVault.sol";
import {MarketplaceCollection} from "../src/MarketplaceCollection.sol";
import {WVBC} from "../src/WVBC.sol";
import {ShareOrder, VaultState, VaultTerms} from "../src/interfaces/IFractional.sol";

/// @notice Three honest actors buy in the sale, list and take shares, move shares, bid, settle,
/// cash out and redeem, mixed with an attacker who bids below the reserve, forges listings,
/// sends shares to the vault, forces coin into it and holds shares through a contract that
/// reenters every entry point when paid. Every call is tried: a refusal is expected, an
/// attack that goes through counts as a breach.
contract FractionalHandler is Test {
    FractionalVault internal immutable vault;
    WVBC internal immutable wvbc;
    Reenterer public immutable reenterer;
    uint256 internal constant ATTACKER_KEY = 0xBAD;
    address public immutable attacker = vm.addr(ATTACKER_KEY);
    uint256[3] internal keys = [uint256(0xA1), 0xA2, 0xA3];

    uint256 public breaches;
    uint256 public forcedNative;
    uint256 public forcedWrapped;
    uint256 public sold;
    /// Calls that went through, per stage (the campaign's reach).
    uint256 public bids;
    uint256 public settles;
    uint256 public cashOuts;

    /// The campaign's clock: the block time is not kept from one call to the next, so every
    /// call starts by setting it (`warp` moves it on).
    uint256 public clock;

    modifier timed() {
        vm.warp(clock);
        _;
    }

    constructor(FractionalVault v, WVBC w) {
        vault = v;
        wvbc = w;
        reenterer = new Reenterer(v);
        clock = block.timestamp;
    }

    function actor(uint256 seed) public view returns (address) {
        return vm.addr(keys[seed % 3]);
    }

    function buy(uint256 seed, uint256 shares) external timed {
        address who = actor(seed);
        shares = bound(shares, 1, vault.purchaseLimit());
        uint256 value = shares * vault.pricePerShare();
        vm.deal(who, who.balance + value);
        vm.prank(who);
        try vault.buy{value: value}(shares) {
            sold += shares;
        } catch {}
    }

    function listAndTake(uint256 makerSeed, uint256 takerSeed, uint256 listed, uint256 taken, uint256 price)
        external
        timed
    {
        uint256 key = keys[makerSeed % 3];
        address maker = vm.addr(key);
        address taker = actor(takerSeed);
        listed = bound(listed, 1, 500);
        taken = bound(taken, 1, listed);
        price = bound(price, 1, 10 ether);
        ShareOrder memory o = ShareOrder(maker, listed, price, 0, block.timestamp + 1 days, makerSeed, 0);
        (uint8 v, bytes32 r, bytes32 s) = vm.sign(key, vault.shareOrderDigest(o));
        vm.deal(taker, taker.balance + taken * price);
        vm.prank(taker);
        try vault.take{value: taken * price}(o, abi.encodePacked(r, s, v), taken) {} catch {}
    }

    function transferShares(uint256 fromSeed, uint256 toSeed, uint256 shares, bool toReenterer) external timed {
        address from = actor(fromSeed);
        address to = toReenterer ? address(reenterer) : actor(toSeed);
        shares = bound(shares, 0, vault.balanceOf(from));
        vm.prank(from);
        try vault.transfer(to, shares) {} catch {}
    }

    function bid(uint256 seed, uint256 amount) external timed {
        address who = actor(seed);
        amount = bound(amount, vault.reservePrice(), 10_000 ether);
        vm.deal(who, who.balance + amount);
        vm.startPrank(who);
        wvbc.deposit{value: amount}();
        wvbc.approve(address(vault), amount);
        try vault.bid(amount) {
            ++bids;
        } catch {}
        vm.stopPrank();
    }

    function warp(uint256 dt) external {
        clock += bound(dt, 1, 3 days);
        vm.warp(clock);
    }

    function settle() external timed {
        try vault.settle() {
            ++settles;
        } catch {}
    }

    /// Time passes until a running buyout is due, then anyone settles it.
    function settleWhenDue() external timed {
        (VaultState state,,, uint256 endsAt) = vault.buyout();
        if (state != VaultState.LIVE) return;
        if (endsAt > clock) clock = endsAt;
        vm.warp(clock);
        try vault.settle() {
            ++settles;
        } catch {}
    }

    /// Every actor cashes out in turn.
    function cashOutAll() external timed {
        for (uint256 i; i < 3; ++i) {
            vm.prank(actor(i));
            try vault.cashOut() {
                ++cashOuts;
            } catch {}
        }
    }

    function releaseUnsold() external timed {
        try vault.releaseUnsold() {} catch {}
    }

    function cashOut(uint256 seed) external timed {
        vm.prank(actor(seed));
        try vault.cashOut() {
            ++cashOuts;
        } catch {}
    }

    function redeem(uint256 seed) external timed {
        vm.prank(actor(seed));
        try vault.redeem() {} catch {}
    }

    function reentrantCashOut() external timed {
        try reenterer.act(address(vault), abi.encodeCall(vault.cashOut, ())) {} catch {}
        if (reenterer.reentered()) ++breaches;
    }

    function attackTinyBid(uint256 amount) external timed {
        amount = bound(amount, 1, vault.reservePrice() - 1);
        vm.deal(attacker, attacker.balance + amount);
        vm.startPrank(attacker);
        wvbc.deposit{value: amount}();
        wvbc.approve(address(vault), amount);
        (VaultState state,,,) = vault.buyout();
        try vault.bid(amount) {
            if (state == VaultState.IDLE) ++breaches; // a buyout below the reserve
        } catch {}
        vm.stopPrank();
    }

    function attackForgedListing(uint256 makerSeed, uint256 shares) external timed {
        address maker = actor(makerSeed);
        shares = bound(shares, 1, 100);
        ShareOrder memory o = ShareOrder(maker, shares, 1, 0, block.timestamp + 1 days, 7, 0);
        (uint8 v, bytes32 r, bytes32 s) = vm.sign(ATTACKER_KEY, vault.shareOrderDigest(o));
        vm.deal(attacker, attacker.balance + shares);
        vm.prank(attacker);
        try vault.take{value: shares}(o, abi.encodePacked(r, s, v), shares) {
            ++breaches;
        } catch {}
    }

    function attackSharesIntoVault(uint256 seed) external timed {
        address from = actor(seed);
        if (vault.balanceOf(from) == 0) return;
        vm.prank(from);
        try vault.transfer(address(vault), 1) {
            ++breaches;
        } catch {}
    }

    function forceCoin(uint256 amount, bool wrapped) external timed {
        amount = bound(amount, 1, 5 ether);
        if (wrapped) {
            vm.deal(attacker, attacker.balance + amount);
            vm.startPrank(attacker);
            wvbc.deposit{value: amount}();
            wvbc.transfer(address(vault), amount);
            vm.stopPrank();
            forcedWrapped += amount;
        } else {
            vm.deal(address(vault), address(vault).balance + amount); // as a selfdestruct would
            forcedNative += amount;
        }
    }
}

contract FractionalInvariantTest is FractionalFixture {
    FractionalHandler internal handler;

    function setUp() public override {
        super.setUp();
        // A one-day sale, so that campaigns of 32 calls reach buyouts and cash-outs often.
        VaultTerms memory t = _terms();
        t.saleEnd = START + 1 days;
        vault = _fractionalize(2, t);
        handler = new FractionalHandler(vault, wvbc);
        targetContract(address(handler));
    }

    function _holders() internal view returns (address[7] memory h) {
        h = [
            handler.actor(0),
            handler.actor(1),
            handler.actor(2),
            handler.attacker(),
            address(handler.reenterer()),
            seller,
            address(vault)
        ];
    }

    /// All properties after every call of one campaign.
    function invariant_fractional() public view {
        (VaultState state, address winner, uint256 amount,) = vault.buyout();
        // Shares sum to the supply.
        address[7] memory h = _holders();
        uint256 sum;
        for (uint256 i; i < h.length; ++i) {
            sum += vault.balanceOf(h[i]);
        }
        assertEq(sum, vault.totalSupply(), "shares sum to the supply");
        // Coin held equals coin owed (plus what was forced in, owed to no one).
        uint256 owedWrapped = state == VaultState.LIVE ? amount : 0;
        assertEq(wvbc.balanceOf(address(vault)), owedWrapped + handler.forcedWrapped(), "wrapped coin held = owed");
        assertEq(address(vault).balance, vault.proceedsLeft() + handler.forcedNative(), "native coin held = owed");
        // The NFT leaves only by a successful buyout (to its winner) or a full redemption.
        address nftOwner = collection.ownerOf(vault.tokenId());
        if (nftOwner != address(vault)) {
            assertTrue(state == VaultState.SUCCEEDED || state == VaultState.REDEEMED, "the NFT left only by the rules");
        }
        if (state == VaultState.SUCCEEDED) {
            assertEq(nftOwner, winner, "the winner has the NFT");
            // No share price rounds to zero.
            if (vault.totalSupply() != 0) vm.assertGe(vault.cashOutQuote(1), 1, "a share pays at least a wei");
        }
        // The partner received exactly the sale's price of every share sold.
        assertEq(seller.balance, handler.sold() * PRICE, "sale proceeds to the partner");
        // No attack went through, nothing reentered.
        assertEq(handler.breaches(), 0, "no breach");
        vm.assertFalse(handler.reenterer().reentered(), "nothing reenters");
    }

    /// The campaign is not vacuous: the handler's own calls take a vault through sale, buyout,
    /// settlement and cash-outs (the reentrant holder paid, its reentries refused).
    function test_handlerReachesEveryStage() public {
        handler.buy(0, 400);
        handler.buy(1, 400);
        handler.transferShares(0, 0, 50, true);
        handler.warp(1 days);
        handler.bid(2, RESERVE);
        handler.warp(3 days);
        handler.settle();
        (VaultState state,,,) = vault.buyout();
        assertEq(uint256(state), uint256(VaultState.SUCCEEDED));
        handler.reentrantCashOut();
        assertTrue(handler.reenterer().tried(), "the reentries were attempted");
        assertEq(address(handler.reenterer()).balance, RESERVE * 50 / SUPPLY);
        handler.cashOut(0);
        assertEq(vault.balanceOf(handler.actor(0)), 0);
        invariant_fractional();
    }
}
