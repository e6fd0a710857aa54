// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @notice The subset of Foundry's cheatcodes our tests use (the npm registry here has no
/// forge-std; signatures follow Foundry's Vm interface).
interface Vm {
    struct Log {
        bytes32[] topics;
        bytes data;
        address emitter;
    }

    function warp(uint256 newTimestamp) external;
    function roll(uint256 newHeight) external;
    function chainId(uint256 newChainId) external;
    function deal(address account, uint256 newBalance) external;
    function prank(address msgSender) external;
    function startPrank(address msgSender) external;
    function stopPrank() external;
    function addr(uint256 privateKey) external pure returns (address);
    function sign(uint256 privateKey, bytes32 digest) external pure returns (uint8 v, bytes32 r, bytes32 s);
    function label(address account, string calldata newLabel) external;
    function assume(bool condition) external pure;
    function expectRevert() external;
    function expectRevert(bytes4 revertData) external;
    function expectRevert(bytes calldata revertData) external;
    function expectEmit(bool checkTopic1, bool checkTopic2, bool checkTopic3, bool checkData) external;
    function expectEmit(bool checkTopic1, bool checkTopic2, bool checkTopic3, bool checkData, address emitter) external;
    function recordLogs() external;
    function getRecordedLogs() external returns (Log[] memory);
    function etch(address target, bytes calldata newRuntimeBytecode) external;
    function load(address target, bytes32 slot) external view returns (bytes32 data);
    function assertEq(uint256 left, uint256 right, string calldata err) external pure;
    function assertEq(address left, address right, string calldata err) external pure;
    function assertEq(bytes32 left, bytes32 right, string calldata err) external pure;
    function assertEq(bool left, bool right, string calldata err) external pure;
    function assertEq(string calldata left, string calldata right, string calldata err) external pure;
    function assertTrue(bool condition, string calldata err) external pure;
    function assertFalse(bool condition, string calldata err) external pure;
    function assertLe(uint256 left, uint256 right, string calldata err) external pure;
    function assertGe(uint256 left, uint256 right, string calldata err) external pure;
}

/// @notice Minimal test base: the cheatcode handle, assertions that revert with a message (forge
/// reports a reverting test as failed), `bound` for fuzz inputs and the invariant target list.
abstract contract Test {
    Vm internal constant vm = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));

    address[] private _targetContracts;
    address[] private _targetSenders;

    function assertEq(uint256 a, uint256 b) internal pure {
        vm.assertEq(a, b, "uint256 not equal");
    }

    function assertEq(uint256 a, uint256 b, string memory m) internal pure {
        vm.assertEq(a, b, m);
    }

    function assertEq(address a, address b) internal pure {
        vm.assertEq(a, b, "address not equal");
    }

    function assertEq(address a, address b, string memory m) internal pure {
        vm.assertEq(a, b, m);
    }

    function assertEq(bytes32 a, bytes32 b) internal pure {
        vm.assertEq(a, b, "bytes32 not equal");
    }

    function assertEq(bool a, bool b) internal pure {
        vm.assertEq(a, b, "bool not equal");
    }

    function assertEq(string memory a, string memory b) internal pure {
        vm.assertEq(a, b, "string not equal");
    }

    function assertTrue(bool c) internal pure {
        vm.assertTrue(c, "expected true");
    }

    function assertTrue(bool c, string memory m) internal pure {
        vm.assertTrue(c, m);
    }

    function assertFalse(bool c) internal pure {
        vm.assertFalse(c, "expected false");
    }

    /// @dev Maps any x into [lo, hi] (forge-std's `bound`, without its logging).
    function bound(uint256 x, uint256 lo, uint256 hi) internal pure returns (uint256) {
        require(lo <= hi, "bound: lo > hi");
        if (x >= lo && x <= hi) return x;
        uint256 size = hi - lo + 1;
        if (size == 0) return x; // the full range
        return lo + (x % size);
    }

    // Invariant-testing hooks forge calls on the test contract (names as in forge-std).
    function targetContract(address target) internal {
        _targetContracts.push(target);
    }

    function targetSender(address sender) internal {
        _targetSenders.push(sender);
    }

    function targetContracts() public view returns (address[] memory) {
        return _targetContracts;
    }

    function targetSenders() public view returns (address[] memory) {
        return _targetSenders;
    }
}
