// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {Fixture} from "./utils/Fixture.sol";
import {Test, Vm} from "./utils/Test.sol";
import {Exchange} from "../src/Exchange.sol";
import {WVBC} from "../src/WVBC.sol";
import {MarketplaceCollection} from "../src/MarketplaceCollection.sol";
import {IExchangeErrors} from "../src/interfaces/IExchange.sol";
import {Order, FIXED_PRICE, AUCTION, SINGLE, SET, BUNDLE} from "../src/lib/OrderTypes.sol";

/// @notice Looks like a collection, moves nothing: a buyer paying for its "items" would be robbed.
contract HollowCollection {
    function tokenNonce(uint256) external pure returns (uint256) {
        return 1;
    }

    function transferFromAtNonce(address, address, uint256, uint256) external {}

    function invalidateNonce(address, uint256, uint256) external pure returns (bool) {
        return true;
    }
}

/// @notice Honest trading by three actors (buys, claims, bids recorded on chain in escrow and
/// claimed from it, cancels, counter bumps, transfers, wraps, fee changes by the owner within the
/// cap) mixed with an attacker who replays dead orders and attestations, forges other makers'
/// orders, signs for future counters, sells through a hollow collection, calls the collection
/// directly, and uses the settlement key against a recorded higher bid, a revoked epoch or an
/// expired deadline, records bids the marketplace never accepted, withdraws escrow from a live
/// auction, or raises the fee on signed orders; dead auctions must free their escrow at once.
/// Ghost variables record what honest actions were meant to do and what the events say
/// happened; an attack that succeeds counts as a breach.
contract AttackerHandler is Test {
    Exchange internal immutable exchange;
    WVBC internal immutable wvbc;
    MarketplaceCollection internal immutable collection;
    HollowCollection internal immutable hollow;
    address internal immutable owner;
    address public immutable feeSink = address(0xFEE5);
    uint256 internal constant SETTLEMENT_KEY = 0x5E771E;
    uint256 internal constant ATTACKER_KEY = 0xBAD;
    address public immutable attacker = vm.addr(ATTACKER_KEY);
    uint256 public constant TOKENS = 24;
    /// The actors' tokens are ids FIRST_ID .. FIRST_ID + TOKENS - 1.
    uint256 public constant FIRST_ID = 13;
    uint256[3] internal keys = [uint256(0xA1), 0xA2, 0xA3];

    bytes32 internal constant TRANSFER_SIG = keccak256("Transfer(address,address,uint256)");
    bytes32 internal constant BUMPED_SIG = keccak256("TokenNonceBumped(uint256,uint256)");
    bytes32 internal constant FILLED_SIG =
        keccak256("OrderFilled(bytes32,address,address,address,uint256,uint256,uint256)");

    // Ghosts: intended owners, event counts, value flows, breaches.
    mapping(uint256 id => address) public ghostOwner;
    mapping(uint256 id => uint256) public ghostTransfers;
    mapping(uint256 id => uint256) public ghostBumps;
    mapping(bytes32 orderHash => uint256 mask) internal _filledMask;
    uint256 public doubleFills;
    uint256 public vbcPaid;
    uint256 public vbcToMakers;
    uint256 public vbcFees;
    uint256 public wvbcPaid;
    uint256 public wvbcToMakers;
    uint256 public wvbcFees;
    uint256 public breaches;
    uint256 public attacksRefused;
    /// Fills where the maker received less than its order's fee bound promised.
    uint256 public makersUnderpaid;
    /// Makes every auction's hash distinct (a hash reused would meet its own old record).
    uint256 internal _auctions;

    /// A dead order (its `mask` items moved or were revoked) and its maker's signature.
    struct Dead {
        Order order;
        bytes sig;
        uint256 mask;
    }

    /// A settled auction with every signature that settled it.
    struct Settled {
        Order order;
        bytes orderSig;
        address bidder;
        uint256 amount;
        bytes bidSig;
        bytes att;
        uint256 deadline;
    }

    Dead[] internal _dead;
    Settled[] internal _settled;

    constructor(Exchange exchange_, WVBC wvbc_, MarketplaceCollection collection_, address owner_) {
        exchange = exchange_;
        wvbc = wvbc_;
        collection = collection_;
        owner = owner_;
        hollow = new HollowCollection();
        for (uint256 i; i < 3; ++i) {
            address a = vm.addr(keys[i]);
            vm.deal(a, 10_000 ether);
            vm.startPrank(a);
            collection.setApprovalForAll(address(exchange), true);
            wvbc.deposit{value: 100 ether}();
            wvbc.approve(address(exchange), type(uint256).max);
            vm.stopPrank();
        }
        vm.deal(attacker, 1_000 ether);
        vm.startPrank(attacker);
        wvbc.deposit{value: 100 ether}();
        wvbc.approve(address(exchange), type(uint256).max);
        vm.stopPrank();
        for (uint256 id = FIRST_ID; id < FIRST_ID + TOKENS; ++id) {
            ghostOwner[id] = collection.ownerOf(id);
        }
    }

    /// Every action records its own events (the ghosts count them).
    modifier recorded() {
        vm.recordLogs();
        _;
    }

    /*//////////////////////////////////////////////////////////////
                                HELPERS
    //////////////////////////////////////////////////////////////*/

    function _actor(uint256 seed) internal view returns (uint256 key, address who) {
        key = keys[seed % 3];
        who = vm.addr(key);
    }

    function _heldBy(address who, uint256 seed, uint256 max) internal view returns (uint256[] memory ids) {
        uint256[] memory tmp = new uint256[](max);
        uint256 k;
        for (uint256 j; j < TOKENS && k < max; ++j) {
            uint256 id = (seed % TOKENS + j) % TOKENS + FIRST_ID;
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
        o.endTime = block.timestamp + (saleKind == AUCTION ? 1 hours : 30 days);
        o.salt = price ^ block.timestamp;
        o.counter = exchange.counters(maker);
        o.maxFeeBps = exchange.MAX_FEE_BPS();
    }

    function _sign(uint256 key, bytes32 digest) internal pure returns (bytes memory) {
        (uint8 v, bytes32 r, bytes32 s) = vm.sign(key, digest);
        return abi.encodePacked(r, s, v);
    }

    function _signOrder(uint256 key, Order memory o) internal view returns (bytes memory) {
        return _sign(key, exchange.orderDigest(o));
    }

    /// @dev The settlement key's attestation, valid for a day after claims open.
    function _attest(Order memory o, address who, uint256 amount) internal view returns (bytes memory) {
        return _attestUntil(o, who, amount, _deadline(o));
    }

    function _attestUntil(Order memory o, address who, uint256 amount, uint256 deadline)
        internal
        view
        returns (bytes memory)
    {
        bytes32 h = keccak256(
            abi.encode(
                exchange.SETTLEMENT_TYPEHASH(), exchange.hashOrder(o), who, amount, deadline, exchange.settlementEpoch()
            )
        );
        return _sign(SETTLEMENT_KEY, keccak256(abi.encodePacked("\x19\x01", exchange.domainSeparator(), h)));
    }

    /// @dev The settlement key's receipt of an accepted bid (what the marketplace signs on a bid).
    function _receiptOf(Order memory o, address who, uint256 amount) internal view returns (bytes memory) {
        bytes32 h = keccak256(
            abi.encode(exchange.BID_ACCEPTED_TYPEHASH(), exchange.hashOrder(o), who, amount, exchange.settlementEpoch())
        );
        return _sign(SETTLEMENT_KEY, keccak256(abi.encodePacked("\x19\x01", exchange.domainSeparator(), h)));
    }

    function _deadline(Order memory o) internal view returns (uint256) {
        return o.endTime + exchange.CLAIM_DELAY() + 1 days;
    }

    function _bidSig(uint256 key, bytes32 typeHash, Order memory o, address who, uint256 amount)
        internal
        view
        returns (bytes memory)
    {
        bytes32 structHash = keccak256(abi.encode(typeHash, exchange.hashOrder(o), who, amount));
        return _sign(key, keccak256(abi.encodePacked("\x19\x01", exchange.domainSeparator(), structHash)));
    }

    /// Counts what the recorded events say: transfers and nonce bumps per token, and items filled
    /// twice for one order.
    function _absorbLogs() internal {
        Vm.Log[] memory logs = vm.getRecordedLogs();
        for (uint256 i; i < logs.length; ++i) {
            Vm.Log memory l = logs[i];
            if (l.topics.length == 0) continue;
            bytes32 t = l.topics[0];
            if (l.emitter == address(collection) && t == TRANSFER_SIG && l.topics[1] != bytes32(0)) {
                ++ghostTransfers[uint256(l.topics[3])];
            } else if (l.emitter == address(collection) && t == BUMPED_SIG) {
                ++ghostBumps[uint256(l.topics[1])];
            } else if (l.emitter == address(exchange) && t == FILLED_SIG) {
                (, uint256 mask,,) = abi.decode(l.data, (address, uint256, uint256, uint256));
                bytes32 h = l.topics[1];
                if (_filledMask[h] & mask != 0) ++doubleFills;
                _filledMask[h] |= mask;
            }
        }
    }

    /// Expected to fail: a success is a breach (its events count, so the ghosts show it too); a
    /// failed attempt's events are dropped (the recording keeps those of reverted calls).
    function _expectFailure(bool ok) internal {
        if (ok) {
            ++breaches;
            _absorbLogs();
        } else {
            ++attacksRefused;
            vm.getRecordedLogs();
        }
    }

    /// `_expectFailure`, and the refusal must be for `reason` (else the attack tested nothing).
    function _expectRefusal(bool ok, bytes memory ret, bytes4 reason) internal {
        _expectFailure(ok);
        if (!ok) require(bytes4(ret) == reason, "refused for another reason");
    }

    function _fee(uint256 amount, uint256 maxFeeBps) internal view returns (uint256) {
        uint256 bps = exchange.feeBps();
        return amount * (bps < maxFeeBps ? bps : maxFeeBps) / 10_000;
    }

    /*//////////////////////////////////////////////////////////////
                             HONEST ACTIONS
    //////////////////////////////////////////////////////////////*/

    function buy(uint256 makerSeed, uint256 takerSeed, uint256 kindSeed, uint256 price, uint256 mask)
        external
        recorded
    {
        (uint256 makerKey, address maker) = _actor(makerSeed);
        (, address taker) = _actor(makerSeed % 3 + takerSeed % 2 + 1);
        uint8 itemsKind = uint8(kindSeed % 3);
        uint256[] memory ids = _heldBy(maker, kindSeed, itemsKind == SINGLE ? 1 : 4);
        if (ids.length == 0) return;
        Order memory o = _order(maker, ids, FIXED_PRICE, itemsKind, bound(price, 0, 5 ether));
        uint256 all = (1 << ids.length) - 1;
        mask = itemsKind == BUNDLE ? bound(mask, 1, all) : all;
        bytes memory sig = _signOrder(makerKey, o);
        (, uint256 total) = exchange.quote(o, mask);
        _snapshot(maker, taker, false);
        vm.prank(taker);
        exchange.buy{value: total}(o, sig, mask);
        _absorbLogs();
        _account(maker, taker, total, false, o.maxFeeBps);
        for (uint256 i; i < ids.length; ++i) {
            if (mask >> i & 1 != 0) ghostOwner[ids[i]] = taker;
        }
        _dead.push(Dead(o, sig, mask));
    }

    function claim(uint256 makerSeed, uint256 bidderSeed, uint256 reserve, uint256 amount, bool bySeller)
        external
        recorded
    {
        (bool ready, Settled memory s) = _newAuction(makerSeed, bidderSeed, reserve, amount);
        if (!ready) return;
        vm.warp(s.order.endTime + exchange.CLAIM_DELAY());
        _snapshot(s.order.maker, s.bidder, true);
        _claimAttested(s, bySeller);
    }

    /// The attested claim, by the seller (with the bid's signature) or the bidder (with the
    /// order's), then the ghosts (the caller took the balances before the bid was recorded, if
    /// it was: a recorded bid is paid when recorded, from escrow when claimed).
    function _claimAttested(Settled memory s, bool bySeller) internal {
        address maker = s.order.maker;
        uint256 deadline = s.deadline;
        vm.prank(bySeller ? maker : s.bidder);
        exchange.claim(
            s.order,
            bySeller ? bytes("") : s.orderSig,
            s.bidder,
            s.amount,
            bySeller ? s.bidSig : bytes(""),
            deadline,
            s.att
        );
        _settledBy(s);
    }

    function _settledBy(Settled memory s) internal {
        _absorbLogs();
        _account(s.order.maker, s.bidder, s.amount, true, s.order.maxFeeBps);
        for (uint256 i; i < s.order.tokenIds.length; ++i) {
            ghostOwner[s.order.tokenIds[i]] = s.bidder;
        }
        _settled.push(s);
    }

    /// The bidder puts its bid on chain before claims open (its WVBC goes into escrow).
    function _recordBid(Settled memory s) internal {
        bytes memory receipt = _receiptOf(s.order, s.bidder, s.amount);
        vm.prank(s.bidder);
        exchange.recordBid(s.order, receipt, s.amount);
        _absorbLogs();
    }

    /// An auction whose winning bid was recorded on chain (escrowed), then claimed: the escrow
    /// pays the seller.
    function recordAndClaim(uint256 makerSeed, uint256 bidderSeed, uint256 reserve, uint256 amount, bool bySeller)
        external
        recorded
    {
        (bool ready, Settled memory s) = _newAuction(makerSeed, bidderSeed, reserve, amount);
        if (!ready) return;
        _snapshot(s.order.maker, s.bidder, true);
        _recordBid(s);
        vm.warp(s.order.endTime + exchange.CLAIM_DELAY() + amount % 1 days);
        _claimAttested(s, bySeller);
    }

    /// An auction of up to two of the maker's items, the bidder's bid and the attestation.
    function _newAuction(uint256 makerSeed, uint256 bidderSeed, uint256 reserve, uint256 amount)
        internal
        returns (bool ready, Settled memory s)
    {
        (uint256 makerKey, address maker) = _actor(makerSeed);
        (uint256 bidderKey, address who) = _actor(makerSeed % 3 + bidderSeed % 2 + 1);
        uint256[] memory ids = _heldBy(maker, reserve, 2);
        uint256 funds = wvbc.balanceOf(who);
        reserve = bound(reserve, 0, 2 ether);
        if (ids.length == 0 || funds < reserve) return (false, s);
        s.bidder = who;
        s.amount = bound(amount, reserve, funds < 5 ether ? funds : 5 ether);
        s.order = _order(maker, ids, AUCTION, ids.length == 1 ? SINGLE : SET, reserve);
        s.order.salt = ++_auctions;
        s.orderSig = _signOrder(makerKey, s.order);
        s.bidSig = _bidSig(bidderKey, exchange.BID_TYPEHASH(), s.order, who, s.amount);
        s.att = _attest(s.order, who, s.amount);
        s.deadline = _deadline(s.order);
        ready = true;
    }

    uint256[3] internal _before; // maker, taker, fee sink balances before a fill

    function _balance(address who, bool wrapped) internal view returns (uint256) {
        return wrapped ? wvbc.balanceOf(who) : who.balance;
    }

    function _snapshot(address maker, address taker, bool wrapped) internal {
        _before = [_balance(maker, wrapped), _balance(taker, wrapped), _balance(feeSink, wrapped)];
    }

    /// Adds a fill's flows to the ghosts and checks its fee against the current rate, bounded by
    /// the order's signed `maxFeeBps`.
    function _account(address maker, address taker, uint256 amount, bool wrapped, uint256 maxFeeBps) internal {
        uint256 paid = _before[1] - _balance(taker, wrapped);
        uint256 toMaker = _balance(maker, wrapped) - _before[0];
        uint256 fee = _balance(feeSink, wrapped) - _before[2];
        require(paid == amount, "taker paid another amount");
        require(fee == _fee(amount, maxFeeBps), "fee differs from the bounded rate");
        if (maxFeeBps <= 10_000 && toMaker < amount - amount * maxFeeBps / 10_000) ++makersUnderpaid;
        if (wrapped) {
            (wvbcPaid, wvbcToMakers, wvbcFees) = (wvbcPaid + paid, wvbcToMakers + toMaker, wvbcFees + fee);
        } else {
            (vbcPaid, vbcToMakers, vbcFees) = (vbcPaid + paid, vbcToMakers + toMaker, vbcFees + fee);
        }
    }

    /// The maker revokes some of its items; the order joins the dead ones.
    function cancel(uint256 makerSeed, uint256 seed) external recorded {
        (uint256 makerKey, address maker) = _actor(makerSeed);
        uint256[] memory ids = _heldBy(maker, seed, 3);
        if (ids.length == 0) return;
        Order memory o = _order(maker, ids, FIXED_PRICE, BUNDLE, seed % 1 ether);
        bytes memory sig = _signOrder(makerKey, o);
        vm.prank(maker);
        exchange.cancel(o);
        _absorbLogs();
        _dead.push(Dead(o, sig, (1 << ids.length) - 1));
    }

    /// "Cancel all": an order signed just before is dead, and one signed for any later counter
    /// never fills.
    function bumpCounter(uint256 makerSeed, uint256 seed) external recorded {
        (uint256 makerKey, address maker) = _actor(makerSeed);
        uint256[] memory ids = _heldBy(maker, seed, 1);
        Order memory o;
        if (ids.length != 0) o = _order(maker, ids, FIXED_PRICE, SINGLE, seed % 1 ether);
        vm.prank(maker);
        uint256 next = exchange.incrementCounter();
        _absorbLogs();
        if (ids.length == 0) return;
        _dead.push(Dead(o, _signOrder(makerKey, o), 1));
        o.counter = next + 1 + seed % 3;
        (, address taker) = _actor(makerSeed % 3 + 1);
        bytes memory sig = _signOrder(makerKey, o);
        vm.prank(taker);
        (bool ok,) = address(exchange).call{value: o.price}(abi.encodeCall(Exchange.buy, (o, sig, 1)));
        _expectFailure(ok);
    }

    function transfer(uint256 fromSeed, uint256 toSeed, uint256 seed) external recorded {
        (, address from) = _actor(fromSeed);
        (, address to) = _actor(toSeed);
        uint256[] memory ids = _heldBy(from, seed, 1);
        if (ids.length == 0) return;
        vm.prank(from);
        collection.transferFrom(from, to, ids[0]);
        _absorbLogs();
        ghostOwner[ids[0]] = to;
    }

    /// The owner changes the fee within the cap; above it the call fails.
    function setFee(uint256 bps) external recorded {
        vm.prank(owner);
        exchange.setFee(uint16(bound(bps, 0, 1_000)), feeSink);
        vm.prank(owner);
        (bool ok,) = address(exchange)
            .call(abi.encodeCall(exchange.setFee, (uint16(bound(bps, 1_001, type(uint16).max)), feeSink)));
        _expectFailure(ok);
    }

    function wrap(uint256 seed, uint256 amount, bool unwrap) external {
        (, address who) = _actor(seed);
        amount = bound(amount, 0, 10 ether);
        if (unwrap && wvbc.balanceOf(who) < amount) return;
        vm.prank(who);
        if (unwrap) wvbc.withdraw(amount);
        else wvbc.deposit{value: amount}();
    }

    /*//////////////////////////////////////////////////////////////
                                ATTACKS
    //////////////////////////////////////////////////////////////*/

    /// Replays a dead order (filled, revoked, or signed under an old counter) on its dead items.
    function attackReplayDeadOrder(uint256 index, uint256 payerSeed) external recorded {
        if (_dead.length == 0) return;
        Dead memory d = _dead[index % _dead.length];
        (, address payer) = _actor(payerSeed);
        if (payer == d.order.maker) payer = attacker;
        (, uint256 total) = exchange.quote(d.order, d.mask);
        vm.deal(payer, payer.balance + total); // the attacker brings the exact price
        vbcMinted += total;
        vm.prank(payer);
        (bool ok,) = address(exchange).call{value: total}(abi.encodeCall(Exchange.buy, (d.order, d.sig, d.mask)));
        _expectFailure(ok);
    }

    /// VBC the handler added to a payer for an attack (kept out of the conservation check).
    uint256 public vbcMinted;

    /// Orders "of" another maker: signed by the attacker, or the maker's own signature reused on
    /// another item, a lower price, a stale nonce or another maker.
    function attackOtherMakersOrder(uint256 victimSeed, uint256 seed) external recorded {
        (uint256 victimKey, address victim) = _actor(victimSeed);
        uint256[] memory ids = _heldBy(victim, seed, 2);
        if (ids.length == 0) return;
        uint256[] memory one = new uint256[](1);
        one[0] = ids[0];
        Order memory o = _order(victim, one, FIXED_PRICE, SINGLE, 1 ether + seed % 1 ether);
        bytes memory sig = _signOrder(victimKey, o);
        Order[4] memory forged;
        forged[0] = o;
        bytes[4] memory sigs = [_signOrder(ATTACKER_KEY, o), sig, sig, sig];
        forged[1] = _order(victim, one, FIXED_PRICE, SINGLE, o.price / 2); // a lower price
        forged[1].salt = o.salt;
        forged[2] = _order(victim, one, FIXED_PRICE, SINGLE, o.price);
        forged[2].salt = o.salt;
        forged[2].tokenNonces[0] = o.tokenNonces[0] - 1; // an older nonce
        if (ids.length > 1) {
            forged[3] = _order(victim, _heldBy(victim, ids[1] - FIRST_ID, 1), FIXED_PRICE, SINGLE, o.price);
        } else {
            forged[3] = _order(attacker, one, FIXED_PRICE, SINGLE, o.price); // another maker
        }
        forged[3].salt = o.salt;
        for (uint256 k; k < 4; ++k) {
            vm.prank(attacker);
            (bool ok,) =
                address(exchange).call{value: forged[k].price}(abi.encodeCall(Exchange.buy, (forged[k], sigs[k], 1)));
            _expectFailure(ok);
        }
    }

    /// Reuses a settled auction's signatures: the same claim again, another amount, another bidder.
    function attackReuseSettlement(uint256 index, uint256 amount) external recorded {
        if (_settled.length == 0) return;
        Settled memory s = _settled[index % _settled.length];
        uint256 deadline = s.deadline;
        uint256 other = bound(amount, s.order.price, 100 ether);
        if (other == s.amount) other = s.amount + 1;
        vm.prank(s.bidder);
        (bool ok,) = address(exchange)
            .call(abi.encodeCall(Exchange.claim, (s.order, s.orderSig, s.bidder, s.amount, s.bidSig, deadline, s.att)));
        _expectFailure(ok);
        vm.prank(s.bidder);
        (ok,) = address(exchange)
            .call(abi.encodeCall(Exchange.claim, (s.order, s.orderSig, s.bidder, other, "", deadline, s.att)));
        _expectFailure(ok);
        vm.prank(attacker);
        (ok,) = address(exchange)
            .call(abi.encodeCall(Exchange.claim, (s.order, s.orderSig, attacker, s.amount, "", deadline, s.att)));
        _expectFailure(ok);
        vm.prank(attacker); // no escrow is left to take back (settled: the record was cleared)
        (ok,) = address(exchange).call(abi.encodeCall(Exchange.withdrawRecordedBid, (s.order)));
        _expectFailure(ok);
    }

    /// A signed order on a hollow collection: a buyer would pay for nothing.
    function attackHollowCollection(uint256 payerSeed, uint256 price) external recorded {
        (, address payer) = _actor(payerSeed);
        uint256[] memory one = new uint256[](1);
        one[0] = price % TOKENS + FIRST_ID;
        Order memory o = _order(attacker, one, FIXED_PRICE, SINGLE, bound(price, 1, 5 ether));
        o.collection = address(hollow);
        o.tokenNonces[0] = 1;
        bytes memory sig = _signOrder(ATTACKER_KEY, o);
        vm.prank(payer);
        (bool ok,) = address(exchange).call{value: o.price}(abi.encodeCall(Exchange.buy, (o, sig, 1)));
        _expectFailure(ok);
    }

    /// Direct calls on the collection and the exchange in the victim's name.
    function attackDirect(uint256 victimSeed, uint256 seed) external recorded {
        (, address victim) = _actor(victimSeed);
        uint256[] memory ids = _heldBy(victim, seed, 1);
        if (ids.length == 0) return;
        uint256 id = ids[0];
        uint256 nonce = collection.tokenNonce(id);
        vm.prank(attacker);
        (bool ok,) = address(collection).call(abi.encodeCall(collection.transferFrom, (victim, attacker, id)));
        _expectFailure(ok);
        vm.prank(attacker);
        (ok,) = address(collection).call(abi.encodeCall(collection.transferFromAtNonce, (victim, attacker, id, nonce)));
        _expectFailure(ok);
        vm.prank(attacker);
        (ok,) = address(collection).call(abi.encodeCall(collection.invalidateNonce, (victim, id, nonce)));
        _expectFailure(ok);
        // Cancelling the victim's order, or naming the victim's item in the attacker's own order.
        Order memory o = _order(victim, ids, FIXED_PRICE, SINGLE, 1);
        vm.prank(attacker);
        (ok,) = address(exchange).call(abi.encodeCall(Exchange.cancel, (o)));
        _expectFailure(ok);
        o.maker = attacker;
        vm.prank(attacker);
        exchange.cancel(o); // revokes nothing: the item is not the attacker's
        _absorbLogs();
        if (collection.tokenNonce(id) != nonce) ++breaches;
    }

    /// The settlement key against a recorded higher bid: attesting the other actor's lower bid
    /// (claimed by it, or by the seller with its bid signature) or the attacker itself at the
    /// reserve, or taking the escrow back while the auction settles. All refused; the recorded bid
    /// then settles from escrow.
    function attackStaleAttestation(uint256 makerSeed, uint256 bidderSeed, uint256 reserve, uint256 amount)
        external
        recorded
    {
        (bool ready, Settled memory s) = _newAuction(makerSeed, bidderSeed, reserve, amount);
        if (!ready || s.amount == s.order.price) return;
        _snapshot(s.order.maker, s.bidder, true);
        _recordBid(s);
        vm.warp(s.order.endTime + exchange.CLAIM_DELAY());
        (uint256 rivalKey, address rival) = _actor(makerSeed % 3 + (1 - bidderSeed % 2) + 1);
        uint256 lower = s.order.price + (s.amount - s.order.price) / 2; // below the record
        _tryBelowTheFloor(s, rival, lower, _bidSig(rivalKey, exchange.BID_TYPEHASH(), s.order, rival, lower));
        _tryBelowTheFloor(s, attacker, s.order.price, "");
        vm.prank(s.bidder); // nor can the escrow be taken back while the auction settles
        (bool ok, bytes memory ret) =
            address(exchange).call(abi.encodeCall(Exchange.withdrawRecordedBid, (s.order)));
        _expectRefusal(ok, ret, IExchangeErrors.AuctionIsSettling.selector);
        _claimAttested(s, reserve % 2 == 0);
    }

    /// Claims `who`'s bid of `amount` with the key's attestation, by `who` and (when the bid is
    /// signed) by the seller: both must be refused for the recorded higher bid.
    function _tryBelowTheFloor(Settled memory s, address who, uint256 amount, bytes memory bidSig) internal {
        bytes memory att = _attest(s.order, who, amount);
        uint256 deadline = s.deadline;
        bytes4 floor = IExchangeErrors.HigherBidRecorded.selector;
        vm.prank(who);
        (bool ok, bytes memory ret) = address(exchange)
            .call(abi.encodeCall(Exchange.claim, (s.order, s.orderSig, who, amount, "", deadline, att)));
        _expectRefusal(ok, ret, floor);
        if (bidSig.length == 0) return;
        vm.prank(s.order.maker);
        (ok, ret) = address(exchange).call(abi.encodeCall(Exchange.claim, (s.order, "", who, amount, bidSig, deadline, att)));
        _expectRefusal(ok, ret, floor);
    }

    /// Records the marketplace never accepted: the attacker tries the maker's order signature, the
    /// real bidder's receipt and a receipt signed by its own key (all refused: only the settlement
    /// key's receipt for the caller and amount records). The real bidder then records, and the
    /// seller settles that record without any Bid signature: the record binds its bidder.
    function attackRecordWithoutReceipt(uint256 makerSeed, uint256 bidderSeed, uint256 reserve, uint256 amount)
        external
        recorded
    {
        (bool ready, Settled memory s) = _newAuction(makerSeed, bidderSeed, reserve, amount);
        if (!ready) return;
        bytes32 own = keccak256(
            abi.encode(exchange.BID_ACCEPTED_TYPEHASH(), exchange.hashOrder(s.order), attacker, s.amount, uint256(0))
        );
        bytes[3] memory proofs = [
            s.orderSig,
            _receiptOf(s.order, s.bidder, s.amount),
            _sign(ATTACKER_KEY, keccak256(abi.encodePacked("\x19\x01", exchange.domainSeparator(), own)))
        ];
        for (uint256 i; i < proofs.length; ++i) {
            vm.prank(attacker);
            (bool ok, bytes memory ret) =
                address(exchange).call(abi.encodeCall(Exchange.recordBid, (s.order, proofs[i], s.amount)));
            _expectRefusal(ok, ret, IExchangeErrors.InvalidSettlementSignature.selector);
        }
        _snapshot(s.order.maker, s.bidder, true);
        _recordBid(s);
        vm.warp(s.order.endTime + exchange.CLAIM_DELAY());
        s.bidSig = ""; // the seller holds no Bid signature: the record is the authorization
        _claimAttested(s, true);
    }

    /// A dead auction frees its escrow at once: the bidder records, nobody can withdraw while the
    /// auction can settle, the maker pulls out ("cancel all"), and the escrow is back in full.
    function deadAuctionRefund(uint256 makerSeed, uint256 bidderSeed, uint256 reserve, uint256 amount)
        external
        recorded
    {
        (bool ready, Settled memory s) = _newAuction(makerSeed, bidderSeed, reserve, amount);
        if (!ready) return;
        uint256 before = wvbc.balanceOf(s.bidder);
        uint256 attackers = wvbc.balanceOf(attacker);
        _recordBid(s);
        vm.prank(attacker);
        (bool ok, bytes memory ret) = address(exchange).call(abi.encodeCall(Exchange.withdrawRecordedBid, (s.order)));
        _expectRefusal(ok, ret, IExchangeErrors.AuctionIsSettling.selector);
        vm.prank(s.order.maker);
        exchange.incrementCounter();
        vm.prank(attacker); // anyone may send it; the WVBC goes to the bidder
        exchange.withdrawRecordedBid(s.order);
        _absorbLogs();
        if (wvbc.balanceOf(s.bidder) != before || wvbc.balanceOf(attacker) != attackers) ++breaches;
    }

    /// Attestations of a revoked epoch are void; the owner's next one settles.
    function attackRevokedEpoch(uint256 makerSeed, uint256 bidderSeed, uint256 reserve, uint256 amount, bool bySeller)
        external
        recorded
    {
        (bool ready, Settled memory s) = _newAuction(makerSeed, bidderSeed, reserve, amount);
        if (!ready) return;
        vm.warp(s.order.endTime + exchange.CLAIM_DELAY());
        vm.prank(owner);
        exchange.revokeSettlements();
        uint256 deadline = s.deadline;
        vm.prank(s.bidder);
        (bool ok, bytes memory ret) = address(exchange)
            .call(abi.encodeCall(Exchange.claim, (s.order, s.orderSig, s.bidder, s.amount, "", deadline, s.att)));
        _expectRefusal(ok, ret, IExchangeErrors.InvalidSettlementSignature.selector);
        s.att = _attest(s.order, s.bidder, s.amount); // signed for the new epoch
        _snapshot(s.order.maker, s.bidder, true);
        _claimAttested(s, bySeller);
    }

    /// An attestation past its deadline is void (the recorded bid stays held); the key's next
    /// attestation, with a new deadline, settles it from escrow within the window.
    function attackExpiredDeadline(uint256 makerSeed, uint256 bidderSeed, uint256 reserve, uint256 amount)
        external
        recorded
    {
        (bool ready, Settled memory s) = _newAuction(makerSeed, bidderSeed, reserve, amount);
        if (!ready) return;
        _snapshot(s.order.maker, s.bidder, true);
        _recordBid(s);
        vm.warp(s.deadline + 1 + amount % 1 days);
        uint256 deadline = s.deadline;
        vm.prank(s.bidder);
        (bool ok, bytes memory ret) = address(exchange)
            .call(abi.encodeCall(Exchange.claim, (s.order, s.orderSig, s.bidder, s.amount, "", deadline, s.att)));
        _expectRefusal(ok, ret, IExchangeErrors.SettlementExpired.selector);
        s.deadline = block.timestamp + 1 days;
        s.att = _attestUntil(s.order, s.bidder, s.amount, s.deadline);
        _claimAttested(s, reserve % 2 == 1);
    }

    /// The owner raises the fee (within the cap) between the maker's signature and the sale, as a
    /// front-runner would: the maker still receives at least what its fee bound promised.
    function attackFeeRaise(uint256 makerSeed, uint256 takerSeed, uint256 price, uint256 maxFeeBps, uint256 newBps)
        external
        recorded
    {
        (uint256 makerKey, address maker) = _actor(makerSeed);
        (, address taker) = _actor(makerSeed % 3 + takerSeed % 2 + 1);
        uint256[] memory ids = _heldBy(maker, price, 1);
        if (ids.length == 0) return;
        Order memory o = _order(maker, ids, FIXED_PRICE, SINGLE, bound(price, 0, 5 ether));
        o.maxFeeBps = bound(maxFeeBps, 0, 1_000);
        bytes memory sig = _signOrder(makerKey, o);
        vm.prank(owner);
        exchange.setFee(uint16(bound(newBps, o.maxFeeBps, 1_000)), feeSink);
        _absorbLogs();
        _snapshot(maker, taker, false);
        vm.prank(taker);
        exchange.buy{value: o.price}(o, sig, 1);
        _absorbLogs();
        _account(maker, taker, o.price, false, o.maxFeeBps);
        ghostOwner[ids[0]] = taker;
        _dead.push(Dead(o, sig, 1));
    }

    /// Total fills recorded for an order hash (view for the invariants).
    function filledMask(bytes32 orderHash) external view returns (uint256) {
        return _filledMask[orderHash];
    }
}

/// @notice Ghost-variable invariants over honest and hostile activity. The fuzzer's seed is the
/// repository-wide `[fuzz] seed` of foundry.toml (reproducible runs); explore others with
/// `FOUNDRY_FUZZ_SEED=<n> npx forge test --match-contract ExchangeAttackerInvariantTest`.
contract ExchangeAttackerInvariantTest is Fixture {
    AttackerHandler internal handler;
    uint256 internal totalVbc;

    function setUp() public override {
        super.setUp();
        uint256 n = 24;
        string[] memory uris = new string[](1);
        uris[0] = "ipfs://a";
        // Tokens 13..36 are minted straight to the three actors (nonce 1, never transferred).
        for (uint256 i; i < n; ++i) {
            vm.prank(seller);
            collection.mintBatch(vm.addr([uint256(0xA1), 0xA2, 0xA3][i % 3]), uris);
        }
        handler = new AttackerHandler(exchange, wvbc, collection, owner);
        totalVbc = _vbcInTheSystem();
        targetContract(address(handler));
    }

    function _holders() internal view returns (address[5] memory h) {
        h = [vm.addr(0xA1), vm.addr(0xA2), vm.addr(0xA3), handler.attacker(), handler.feeSink()];
    }

    function _vbcInTheSystem() internal view returns (uint256 sum) {
        address[5] memory h = _holders();
        for (uint256 i; i < 5; ++i) {
            sum += h[i].balance;
        }
        sum += address(wvbc).balance + address(exchange).balance;
    }

    /// The five ghost properties, all checked after every call of one campaign (64 sequences of
    /// 32 calls): separate invariant functions would each run their own campaign over the same
    /// kind of sequences, five times the time for no more exploration of any one property.
    function invariant_ghosts() public view {
        _nonceIsOnePlusTransfersPlusBumps();
        _noNftMovesWithoutItsOwner();
        _eachItemFillsOnce();
        _valuePaidIsValueReceivedPlusFees();
        _wvbcFullyBacked();
    }

    /// The settlement attacks are not vacuous: from the start state each one reaches its
    /// attempts (refused, for the checked reason) and then settles honestly.
    function test_settlementAttacksRunTheirAttempts() public {
        // stale (+ withdraw), epoch, deadline, fee, records without a receipt
        uint256[5] memory refusedBy = [uint256(4), 1, 1, 0, 3];
        for (uint256 k; k < 5; ++k) {
            uint256 refused = handler.attacksRefused();
            uint256 settledBefore = wvbc.balanceOf(vm.addr(0xA1)) + vm.addr(0xA1).balance;
            if (k == 0) handler.attackStaleAttestation(0, 0, 1 ether, 3 ether);
            if (k == 1) handler.attackRevokedEpoch(0, 0, 1 ether, 3 ether, true);
            if (k == 2) handler.attackExpiredDeadline(0, 0, 1 ether, 3 ether);
            if (k == 3) handler.attackFeeRaise(0, 0, 2 ether, 100, 1_000);
            if (k == 4) handler.attackRecordWithoutReceipt(0, 0, 1 ether, 3 ether);
            assertEq(handler.attacksRefused() - refused, refusedBy[k], "attempts refused");
            assertTrue(wvbc.balanceOf(vm.addr(0xA1)) + vm.addr(0xA1).balance > settledBefore, "maker paid");
        }
        assertEq(handler.breaches(), 0);
        invariant_ghosts();
    }

    /// Every token's nonce is 1 (its mint) plus its transfers plus its revocations.
    function _nonceIsOnePlusTransfersPlusBumps() internal view {
        for (uint256 id = 13; id < 37; ++id) {
            assertEq(collection.tokenNonce(id), 1 + handler.ghostTransfers(id) + handler.ghostBumps(id), "nonce ghost");
        }
    }

    /// No NFT is where its owner did not send it (by a call or a signed order).
    function _noNftMovesWithoutItsOwner() internal view {
        for (uint256 id = 13; id < 37; ++id) {
            assertEq(collection.ownerOf(id), handler.ghostOwner(id), "NFT moved without its owner");
        }
        assertEq(handler.breaches(), 0, "an attack succeeded");
    }

    /// Each item of an order fills at most once.
    function _eachItemFillsOnce() internal view {
        assertEq(handler.doubleFills(), 0, "an item filled twice");
    }

    /// What takers paid is what makers received plus fees, in VBC and in WVBC; nothing is
    /// created or lost; the exchange keeps nothing; whatever the owner did to the fee, every
    /// maker received at least its order's fee-bounded price.
    function _valuePaidIsValueReceivedPlusFees() internal view {
        assertEq(handler.vbcPaid(), handler.vbcToMakers() + handler.vbcFees(), "VBC flow");
        assertEq(handler.wvbcPaid(), handler.wvbcToMakers() + handler.wvbcFees(), "WVBC flow");
        assertEq(_vbcInTheSystem(), totalVbc + handler.vbcMinted(), "VBC conserved");
        assertEq(address(exchange).balance, 0, "exchange holds VBC");
        assertEq(wvbc.balanceOf(address(exchange)), 0, "exchange holds WVBC");
        assertEq(handler.makersUnderpaid(), 0, "a maker received less than its fee bound allows");
    }

    /// WVBC is backed by the VBC it holds, and the holders' balances add up to its supply.
    function _wvbcFullyBacked() internal view {
        assertGe(address(wvbc).balance, wvbc.totalSupply());
        address[5] memory h = _holders();
        uint256 sum;
        for (uint256 i; i < 5; ++i) {
            sum += wvbc.balanceOf(h[i]);
        }
        assertEq(sum, wvbc.totalSupply(), "balances add up to the supply");
    }

    function assertGe(uint256 a, uint256 b) internal pure {
        vm.assertGe(a, b, "WVBC under-backed");
    }
}
