// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {Fixture} from "./utils/Fixture.sol";
import {Test} from "./utils/Test.sol";
import {Exchange} from "../src/Exchange.sol";
import {WVBC} from "../src/WVBC.sol";
import {MarketplaceCollection} from "../src/MarketplaceCollection.sol";
import {Order, FIXED_PRICE, AUCTION, SINGLE, SET, BUNDLE} from "../src/lib/OrderTypes.sol";

/// @notice Random marketplace activity: fixed-price buys (single, set, bundle parts, with or without
/// fee), wrong payments, auction claims, cancellations, counter bumps, direct transfers, wraps.
contract Handler is Test {
    Exchange internal immutable exchange;
    WVBC internal immutable wvbc;
    MarketplaceCollection internal immutable collection;
    address internal immutable owner;
    uint256 internal constant SETTLEMENT_KEY = 0x5E771E;
    uint256[3] internal keys = [uint256(0xA1), 0xA2, 0xA3];

    uint256 public fills;
    uint256 public refused;

    constructor(Exchange exchange_, WVBC wvbc_, MarketplaceCollection collection_, address owner_) {
        exchange = exchange_;
        wvbc = wvbc_;
        collection = collection_;
        owner = owner_;
        for (uint256 i; i < 3; ++i) {
            address a = vm.addr(keys[i]);
            vm.deal(a, 1_000_000 ether);
            vm.startPrank(a);
            collection.setApprovalForAll(address(exchange), true);
            wvbc.deposit{value: 1_000 ether}();
            wvbc.approve(address(exchange), type(uint256).max);
            vm.stopPrank();
        }
    }

    function _actor(uint256 seed) internal view returns (uint256 key, address who) {
        key = keys[seed % 3];
        who = vm.addr(key);
    }

    /// @dev Up to `max` tokens held by `who`, scanning from a random start.
    function _heldBy(address who, uint256 seed, uint256 max) internal view returns (uint256[] memory ids) {
        uint256 total = collection.totalMinted();
        uint256[] memory tmp = new uint256[](max);
        uint256 k;
        for (uint256 j; j < total && k < max; ++j) {
            uint256 id = ((seed % total + j) % total) + 1;
            if (collection.ownerOf(id) == who) tmp[k++] = id;
        }
        ids = new uint256[](k);
        for (uint256 j; j < k; ++j) {
            ids[j] = tmp[j];
        }
    }

    function _order(address maker, uint256[] memory ids, uint8 saleKind, uint8 itemsKind, uint256 price)
        internal
        view
        returns (Order memory o)
    {
        o.maker = maker;
        o.collection = address(collection);
        o.tokenIds = ids;
        o.tokenNonces = new uint256[](ids.length);
        for (uint256 i; i < ids.length; ++i) {
            o.tokenNonces[i] = collection.tokenNonce(ids[i]);
        }
        o.saleKind = saleKind;
        o.itemsKind = itemsKind;
        o.price = price;
        o.discountBps = price % 10_001;
        o.minCountForDiscount = price % 4;
        o.startTime = block.timestamp;
        o.endTime = block.timestamp + 1 days;
        o.salt = price;
        o.counter = exchange.counters(maker);
        o.maxFeeBps = exchange.MAX_FEE_BPS();
    }

    function _sign(uint256 key, bytes32 digest) internal pure returns (bytes memory) {
        (uint8 v, bytes32 r, bytes32 s) = vm.sign(key, digest);
        return abi.encodePacked(r, s, v);
    }

    function buy(uint256 makerSeed, uint256 takerSeed, uint256 kindSeed, uint256 price, uint256 mask) external {
        (uint256 makerKey, address maker) = _actor(makerSeed);
        (, address taker) = _actor(takerSeed % 3 + 1);
        if (taker == maker) return;
        uint8 itemsKind = uint8(kindSeed % 3);
        uint256[] memory ids = _heldBy(maker, kindSeed, itemsKind == SINGLE ? 1 : 4);
        if (ids.length == 0) return;
        price = bound(price, 0, 10 ether);
        Order memory o = _order(maker, ids, FIXED_PRICE, itemsKind, price);
        uint256 all = (1 << ids.length) - 1;
        mask = itemsKind == BUNDLE ? bound(mask, 1, all) : all;
        (, uint256 total) = exchange.quote(o, mask);
        bytes memory sig = _sign(makerKey, exchange.orderDigest(o));
        vm.prank(taker);
        exchange.buy{value: total}(o, sig, mask);
        ++fills;
        // The same order again: refused (each item fills once).
        vm.prank(taker);
        try exchange.buy{value: total}(o, sig, mask) {
            revert("filled twice");
        } catch {
            ++refused;
        }
    }

    function wrongPayment(uint256 makerSeed, uint256 price, uint256 sent) external {
        (uint256 makerKey, address maker) = _actor(makerSeed);
        (, address taker) = _actor(makerSeed % 3 + 1);
        uint256[] memory ids = _heldBy(maker, price, 1);
        if (ids.length == 0) return;
        price = bound(price, 0, 10 ether);
        sent = bound(sent, 0, 20 ether);
        if (sent == price) return;
        Order memory o = _order(maker, ids, FIXED_PRICE, SINGLE, price);
        bytes memory sig = _sign(makerKey, exchange.orderDigest(o));
        vm.prank(taker);
        try exchange.buy{value: sent}(o, sig, 1) {
            revert("wrong payment accepted");
        } catch {
            ++refused;
        }
    }

    function claim(uint256 makerSeed, uint256 bidderSeed, uint256 reserve, uint256 amount, bool bySeller) external {
        (uint256 makerKey, address maker) = _actor(makerSeed);
        (uint256 bidderKey, address who) = _actor(bidderSeed % 3 + 1);
        if (who == maker) return;
        uint256[] memory ids = _heldBy(maker, reserve, 2);
        if (ids.length == 0) return;
        reserve = bound(reserve, 0, 5 ether);
        amount = bound(amount, reserve, 10 ether);
        Order memory o = _order(maker, ids, AUCTION, ids.length == 1 ? SINGLE : SET, reserve);
        Claim memory c = Claim(
            _sign(makerKey, exchange.orderDigest(o)),
            _bidSig(bidderKey, exchange.BID_TYPEHASH(), o, who, amount),
            _attest(o, who, amount),
            _deadline(o)
        );
        vm.warp(o.endTime + exchange.CLAIM_DELAY());
        vm.prank(bySeller ? maker : who);
        exchange.claim(o, c.orderSig, who, amount, c.bidSig, c.deadline, c.att);
        ++fills;
    }

    /// @dev The settlement key's attestation, valid for a day after claims open.
    function _attest(Order memory o, address who, uint256 amount) internal view returns (bytes memory) {
        bytes32 h = keccak256(
            abi.encode(
                exchange.SETTLEMENT_TYPEHASH(),
                exchange.hashOrder(o),
                who,
                amount,
                _deadline(o),
                exchange.settlementEpoch()
            )
        );
        return _sign(SETTLEMENT_KEY, _typed(h));
    }

    function _deadline(Order memory o) internal view returns (uint256) {
        return o.endTime + exchange.CLAIM_DELAY() + 1 days;
    }

    /// @dev The signatures of one claim (kept together: too many locals for the stack).
    struct Claim {
        bytes orderSig;
        bytes bidSig;
        bytes att;
        uint256 deadline;
    }

    function _bidSig(uint256 key, bytes32 typeHash, Order memory o, address who, uint256 amount)
        internal
        view
        returns (bytes memory)
    {
        return _sign(key, _typed(keccak256(abi.encode(typeHash, exchange.hashOrder(o), who, amount))));
    }

    function _typed(bytes32 structHash) internal view returns (bytes32) {
        return keccak256(abi.encodePacked("\x19\x01", exchange.domainSeparator(), structHash));
    }

    function cancel(uint256 makerSeed, uint256 seed) external {
        (, address maker) = _actor(makerSeed);
        uint256[] memory ids = _heldBy(maker, seed, 3);
        if (ids.length == 0) return;
        Order memory o = _order(maker, ids, FIXED_PRICE, BUNDLE, seed % 1 ether);
        vm.prank(maker);
        exchange.cancel(o);
    }

    function bumpCounter(uint256 makerSeed) external {
        (, address maker) = _actor(makerSeed);
        vm.prank(maker);
        exchange.incrementCounter();
    }

    function transfer(uint256 fromSeed, uint256 toSeed, uint256 seed) external {
        (, address from) = _actor(fromSeed);
        (, address to) = _actor(toSeed);
        uint256[] memory ids = _heldBy(from, seed, 1);
        if (ids.length == 0) return;
        vm.prank(from);
        collection.transferFrom(from, to, ids[0]);
    }

    function setFee(uint256 bps) external {
        vm.prank(owner);
        exchange.setFee(uint16(bound(bps, 0, 1_000)), owner);
    }

    function wrap(uint256 seed, uint256 amount, bool unwrap) external {
        (, address who) = _actor(seed);
        amount = bound(amount, 0, 10 ether);
        if (unwrap && wvbc.balanceOf(who) < amount) return;
        vm.prank(who);
        if (unwrap) wvbc.withdraw(amount);
        else wvbc.deposit{value: amount}();
    }
}

/// @notice Invariant: the exchange never holds an NFT, VBC or WVBC after any call.
contract ExchangeInvariantTest is Fixture {
    Handler internal handler;

    function setUp() public override {
        super.setUp();
        handler = new Handler(exchange, wvbc, collection, owner);
        // Give the handler's three actors the seller's 12 tokens and 12 more.
        string[] memory uris = new string[](12);
        for (uint256 i; i < 12; ++i) {
            uris[i] = "ipfs://more";
        }
        vm.startPrank(seller);
        collection.mintBatch(seller, uris);
        for (uint256 id = 1; id <= 24; ++id) {
            collection.transferFrom(seller, vm.addr([uint256(0xA1), 0xA2, 0xA3][id % 3]), id);
        }
        vm.stopPrank();
        targetContract(address(handler));
    }

    function invariant_exchangeHoldsNothing() public view {
        assertEq(address(exchange).balance, 0, "VBC held");
        assertEq(wvbc.balanceOf(address(exchange)), 0, "WVBC held");
        assertEq(collection.balanceOf(address(exchange)), 0, "NFT held");
    }

    function invariant_wvbcIsFullyBacked() public view {
        assertEq(address(wvbc).balance, wvbc.totalSupply(), "WVBC backing");
    }

    function invariant_tokensStayWithTheActors() public view {
        uint256 held;
        for (uint256 i; i < 3; ++i) {
            held += collection.balanceOf(vm.addr([uint256(0xA1), 0xA2, 0xA3][i]));
        }
        assertEq(held, 24, "every token is with one of the actors");
    }
}
