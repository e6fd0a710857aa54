// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {DropsFixture} from "./utils/DropsFixture.sol";
import {Test} from "./utils/Test.sol";
import {Drops} from "../src/Drops.sol";
import {WVBC} from "../src/WVBC.sol";
import {DropParams} from "../src/interfaces/IDrops.sol";

/// @notice Honest buyers, the partner and an attacker on four drops (an edition, a pre-order in
/// the native coin, a pre-order in the wrapped coin, a magic bag), with time and blocks moving.
/// The attacker buys past the limit, the supply or the window, pays wrong, delivers as someone
/// else or more than was sold, refunds early, twice, delivered items or others' bags, opens
/// bags with the wrong item, reveals before the sale closed or again. Any such call that
/// succeeds is a breach. Ghosts count what was paid, paid out and refunded.
contract DropsHandler is Test {
    Drops internal immutable drops;
    WVBC internal immutable wvbc;
    address internal immutable partner;
    address public constant ATTACKER = address(0xBAD);
    address[3] internal buyers = [address(0xA1), address(0xA2), address(0xA3)];
    uint256[] public ids;

    mapping(uint256 dropId => uint256) public ghostPaid;
    mapping(uint256 dropId => uint256) public ghostPaidOut;
    mapping(uint256 dropId => uint256) public ghostRefunded;
    mapping(uint256 dropId => bytes32) public ghostRoot;
    uint256 public breaches;
    uint256 public wrongReveals;

    constructor(Drops drops_, WVBC wvbc_, address partner_, uint256[] memory ids_) {
        drops = drops_;
        wvbc = wvbc_;
        partner = partner_;
        ids = ids_;
        for (uint256 i; i < ids_.length; ++i) ghostRoot[ids_[i]] = drops_.getDrop(ids_[i]).poolRoot;
        for (uint256 i; i < 4; ++i) {
            address a = i < 3 ? buyers[i] : ATTACKER;
            vm.deal(a, 1e30);
            vm.startPrank(a);
            wvbc.deposit{value: 1e24}();
            wvbc.approve(address(drops_), type(uint256).max);
            vm.stopPrank();
        }
    }

    function _drop(uint256 s) private view returns (uint256 id, Drops.Drop memory d) {
        id = ids[s % ids.length];
        d = drops.getDrop(id);
    }

    function _pay(address who, uint256 id, uint256 q, uint256 value) private returns (bool ok) {
        Drops.Drop memory d = drops.getDrop(id);
        vm.prank(who);
        try drops.buy{value: d.wrapped ? 0 : value}(id, q) {
            ok = true;
            ghostPaid[id] += q * d.price;
        } catch {}
    }

    function buy(uint256 s, uint256 who, uint256 q) external {
        (uint256 id, Drops.Drop memory d) = _drop(s);
        q = bound(q, 1, 3);
        address b = buyers[who % 3];
        (uint256 bought,,) = drops.purchases(id, b);
        bool valid = block.timestamp >= d.start && block.timestamp < d.end && d.sold + q <= d.total
            && bought + q <= d.limitPerWallet;
        bool ok = _pay(b, id, q, q * d.price);
        if (ok != valid) breaches += 1;
    }

    function attackBuy(uint256 s, uint256 q, uint256 tweak) external {
        (uint256 id, Drops.Drop memory d) = _drop(s);
        q = bound(q, 1, 25);
        (uint256 bought,,) = drops.purchases(id, ATTACKER);
        bool valid = block.timestamp >= d.start && block.timestamp < d.end && d.sold + q <= d.total
            && bought + q <= d.limitPerWallet;
        uint256 value = q * d.price;
        if (tweak % 2 == 1 && !d.wrapped) value = value + 1 - (tweak % 3); // off by one either way
        bool ok = _pay(ATTACKER, id, q, value);
        if (ok && (!valid || value != q * d.price)) breaches += 1;
    }

    function deliver(uint256 s, uint256 who, uint256 n, bool asAttacker) external {
        (uint256 id, Drops.Drop memory d) = _drop(s);
        address b = who % 4 == 3 ? ATTACKER : buyers[who % 3];
        n = bound(n, 1, 3);
        (uint256 bought, uint256 delivered, uint256 refunded) = drops.purchases(id, b);
        bool valid = !asAttacker && d.kind == 3 && block.timestamp < d.deadline && n <= bought - delivered - refunded;
        vm.prank(asAttacker ? ATTACKER : partner);
        try drops.deliver(id, b, new string[](n)) {
            if (!valid) breaches += 1;
        } catch {
            if (valid) breaches += 1;
        }
    }

    function refund(uint256 s, uint256 who) external {
        (uint256 id, Drops.Drop memory d) = _drop(s);
        address b = who % 4 == 3 ? ATTACKER : buyers[who % 3];
        (uint256 bought, uint256 delivered, uint256 refunded) = drops.purchases(id, b);
        uint256 owed = (bought - delivered - refunded) * d.price;
        uint256 before = d.wrapped ? wvbc.balanceOf(b) : b.balance;
        vm.prank(b);
        try drops.refund(id) {
            uint256 got = (d.wrapped ? wvbc.balanceOf(b) : b.balance) - before;
            if (d.kind != 3 || block.timestamp < d.deadline || owed == 0 || got != owed) breaches += 1;
            ghostRefunded[id] += got;
        } catch {}
    }

    function withdraw(uint256 s) external {
        (uint256 id, Drops.Drop memory d) = _drop(s);
        uint256 owed = uint256(d.delivered) * d.price - d.withdrawn;
        try drops.withdraw(id) {
            ghostPaidOut[id] += owed;
        } catch {}
    }

    function reveal(uint256 s, bool early) external {
        (uint256 id, Drops.Drop memory d) = _drop(s);
        bool closed = d.sold == d.total || block.timestamp >= d.end;
        bytes32 h = d.revealBlock == 0 ? bytes32(0) : blockhash(d.revealBlock);
        vm.prank(early ? ATTACKER : buyers[0]);
        try drops.reveal(id) {
            if (!closed || d.kind != 4 || d.revealed) breaches += 1;
            Drops.Drop memory a = drops.getDrop(id);
            if (a.revealed && a.offset != drops.revealOffset(h, ghostRoot[id], id, d.total)) wrongReveals += 1;
            if (!a.revealed && a.revealBlock <= block.number) wrongReveals += 1; // must be a future block
        } catch {}
    }

    function openBag(uint256 s, uint256 serial, uint256 item) external {
        (uint256 id,) = _drop(s);
        uint256 tokenId = (id << 32) | bound(serial, 1, 4);
        item = bound(item, 0, 3);
        try drops.bagPoolIndex(tokenId) returns (uint256 index) {
            vm.prank(ATTACKER);
            try drops.openBag(tokenId, _uri(item), _proof(item)) {
                if (item != index) breaches += 1;
            } catch {}
        } catch {}
    }

    function refundBag(uint256 s, uint256 serial, uint256 who) external {
        (uint256 id, Drops.Drop memory d) = _drop(s);
        uint256 tokenId = (id << 32) | bound(serial, 1, 4);
        address b = who % 4 == 3 ? ATTACKER : buyers[who % 3];
        uint256 before = b.balance;
        vm.prank(b);
        try drops.refundBag(tokenId) {
            if (block.timestamp < d.deadline || b.balance - before != d.price) breaches += 1;
            ghostRefunded[id] += d.price;
        } catch {}
    }

    function passTime(uint256 secs, uint256 blocks) external {
        vm.warp(block.timestamp + bound(secs, 0, 1500));
        vm.roll(block.number + bound(blocks, 0, 300));
    }

    // The bag pool of DropsFixture (four items).
    function _uri(uint256 i) private pure returns (string memory) {
        return string(abi.encodePacked("ipfs://item/", bytes1(uint8(48 + i))));
    }

    function _leaf(uint256 i) private pure returns (bytes32) {
        return keccak256(abi.encode(i, _uri(i)));
    }

    function _pair(bytes32 a, bytes32 b) private pure returns (bytes32) {
        return a < b ? keccak256(abi.encodePacked(a, b)) : keccak256(abi.encodePacked(b, a));
    }

    function _proof(uint256 i) private pure returns (bytes32[] memory p) {
        p = new bytes32[](2);
        p[0] = _leaf(i ^ 1);
        p[1] = i < 2 ? _pair(_leaf(2), _leaf(3)) : _pair(_leaf(0), _leaf(1));
    }

    function buyerCount() external pure returns (uint256) {
        return 4;
    }

    function buyerAt(uint256 i) external view returns (address) {
        return i < 3 ? buyers[i] : ATTACKER;
    }

    function idCount() external view returns (uint256) {
        return ids.length;
    }
}

contract DropsInvariantTest is DropsFixture {
    DropsHandler internal handler;

    function setUp() public override {
        super.setUp();
        uint256[] memory ids = new uint256[](4);
        // Deadlines a few time steps after the sale, so runs reach refunds and late deliveries.
        ids[0] = create(params(1));
        DropParams memory p = params(3);
        p.deadline = T0 + 2000;
        ids[1] = create(p);
        p.wrapped = true;
        ids[2] = create(p);
        p = params(4);
        p.deadline = T0 + 2000;
        p.poolRoot = poolRoot();
        p.total = 4;
        ids[3] = create(p);
        handler = new DropsHandler(drops, wvbc, partner, ids);
        targetContract(address(handler));
    }

    function invariant_noBreachAndRevealsFollowTheCommit() public view {
        assertEq(handler.breaches(), 0, "an attack or a refused honest action");
        assertEq(handler.wrongReveals(), 0, "reveal not from the committed root and the fixed block");
    }

    function invariant_escrowIsPaidLessPaidOutLessRefunded() public view {
        uint256 native;
        uint256 wrappedHeld;
        for (uint256 i; i < handler.idCount(); ++i) {
            uint256 id = handler.ids(i);
            Drops.Drop memory d = drops.getDrop(id);
            uint256 escrow = handler.ghostPaid(id) - handler.ghostPaidOut(id) - handler.ghostRefunded(id);
            assertEq(drops.escrowOf(id), escrow, "escrow = paid - paid out - refunded");
            if (d.wrapped) wrappedHeld += escrow;
            else native += escrow;
            vm.assertLe(d.sold, d.total, "sold <= total");
            vm.assertLe(uint256(d.delivered) + d.refunded, d.sold, "an item is delivered or refunded, not both");
            vm.assertEq(d.poolRoot, handler.ghostRoot(id), "the commit never changes");
            for (uint256 j; j < handler.buyerCount(); ++j) {
                (uint256 bought, uint256 delivered, uint256 refunded) = drops.purchases(id, handler.buyerAt(j));
                vm.assertLe(bought, d.limitPerWallet, "per wallet <= limit");
                vm.assertLe(delivered + refunded, bought, "no refund after delivery, no delivery after refund");
            }
        }
        assertEq(address(drops).balance, native, "native coin held = native escrow");
        assertEq(wvbc.balanceOf(address(drops)), wrappedHeld, "wrapped coin held = wrapped escrow");
    }
}
