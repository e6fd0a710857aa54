// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {Test} from "./Test.sol";
import {Drops} from "../../src/Drops.sol";
import {WVBC} from "../../src/WVBC.sol";
import {CollectionFactory} from "../../src/CollectionFactory.sol";
import {DropParams} from "../../src/interfaces/IDrops.sol";

/// @notice A factory with one partner, the chain's wrapped coin and a Drops contract; helpers to
/// build drop settings and a magic bag's pool (Merkle tree of `keccak256(abi.encode(i, uri))`).
abstract contract DropsFixture is Test {
    Drops internal drops;
    WVBC internal wvbc;
    CollectionFactory internal factory;
    address internal owner = address(0xA11CE);
    address internal partner = address(0xBA27);
    address internal alice = address(0xA1);
    address internal bob = address(0xB0B);
    uint96 internal constant PRICE = 1 ether;
    uint40 internal constant T0 = 1_000_000;

    function setUp() public virtual {
        vm.warp(T0);
        vm.roll(1000);
        wvbc = new WVBC();
        factory = new CollectionFactory(owner);
        drops = new Drops(owner, address(factory), address(wvbc));
        vm.startPrank(owner);
        factory.grantRole(factory.PARTNER_ROLE(), partner);
        vm.stopPrank();
        vm.deal(alice, 1000 ether);
        vm.deal(bob, 1000 ether);
    }

    function params(uint8 kind) internal pure returns (DropParams memory p) {
        p.kind = kind;
        p.price = PRICE;
        p.total = 20;
        p.limitPerWallet = 2;
        p.start = T0 + 100;
        p.end = T0 + 1000;
        if (kind == 3 || kind == 4) p.deadline = T0 + 5000;
        if (kind == 2) p.eventTime = T0 + 9000;
        p.uri = "ipfs://drop";
    }

    function create(DropParams memory p) internal returns (uint256 id) {
        vm.prank(partner);
        id = drops.createDrop(p);
    }

    /// A drop of `kind` (magic bag with `poolRoot(4)`), its sale open.
    function openDrop(uint8 kind) internal returns (uint256 id) {
        DropParams memory p = params(kind);
        if (kind == 4) {
            p.poolRoot = poolRoot();
            p.total = 4;
        }
        id = create(p);
        vm.warp(T0 + 100);
    }

    function buyAs(address who, uint256 id, uint256 q) internal {
        vm.prank(who);
        drops.buy{value: q * PRICE}(id, q);
    }

    // A pool of four items: leaves, the two inner nodes, the root.
    function poolUri(uint256 i) internal pure returns (string memory) {
        return string(abi.encodePacked("ipfs://item/", bytes1(uint8(48 + i))));
    }

    function leaf(uint256 i) internal pure returns (bytes32) {
        return keccak256(abi.encode(i, poolUri(i)));
    }

    function hashPair(bytes32 a, bytes32 b) internal pure returns (bytes32) {
        return a < b ? keccak256(abi.encodePacked(a, b)) : keccak256(abi.encodePacked(b, a));
    }

    function poolRoot() internal pure returns (bytes32) {
        return hashPair(hashPair(leaf(0), leaf(1)), hashPair(leaf(2), leaf(3)));
    }

    function proofOf(uint256 i) internal pure returns (bytes32[] memory proof) {
        proof = new bytes32[](2);
        proof[0] = leaf(i ^ 1);
        proof[1] = i < 2 ? hashPair(leaf(2), leaf(3)) : hashPair(leaf(0), leaf(1));
    }

    function tokenId(uint256 dropId, uint256 serial) internal pure returns (uint256) {
        return (dropId << 32) | serial;
    }
}
