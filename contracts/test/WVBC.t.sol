// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {Fixture} from "./utils/Fixture.sol";
import {Test} from "./utils/Test.sol";
import {WVBC} from "../src/WVBC.sol";

/// @notice WVBC: WETH9 semantics.
contract WVBCTest is Fixture {
    event Deposit(address indexed dst, uint256 wad);
    event Withdrawal(address indexed src, uint256 wad);

    bytes4 internal constant INSUFFICIENT_BALANCE = 0xf4d678b8; // InsufficientBalance()
    bytes4 internal constant INSUFFICIENT_ALLOWANCE = 0x13be252b; // InsufficientAllowance()

    function test_metadata() public view {
        assertEq(wvbc.name(), "Wrapped VBC");
        assertEq(wvbc.symbol(), "WVBC");
        assertEq(wvbc.decimals(), 18);
        assertEq(WVBC.InsufficientBalance.selector, INSUFFICIENT_BALANCE);
        assertEq(WVBC.InsufficientAllowance.selector, INSUFFICIENT_ALLOWANCE);
    }

    function test_depositAndWithdraw() public {
        vm.expectEmit(true, true, true, true, address(wvbc));
        emit Deposit(buyer, 2 ether);
        vm.prank(buyer);
        wvbc.deposit{value: 2 ether}();
        assertEq(wvbc.balanceOf(buyer), 2 ether);
        assertEq(wvbc.totalSupply(), 2 ether);
        assertEq(address(wvbc).balance, 2 ether);
        vm.expectEmit(true, true, true, true, address(wvbc));
        emit Withdrawal(buyer, 0.5 ether);
        vm.prank(buyer);
        wvbc.withdraw(0.5 ether);
        assertEq(wvbc.balanceOf(buyer), 1.5 ether);
        assertEq(wvbc.totalSupply(), 1.5 ether);
        assertEq(buyer.balance, 998.5 ether);
        vm.prank(buyer);
        vm.expectRevert(INSUFFICIENT_BALANCE);
        wvbc.withdraw(2 ether);
    }

    function test_plainTransfersAndUnknownCallsWrap() public {
        vm.prank(buyer);
        (bool ok,) = address(wvbc).call{value: 1 ether}("");
        assertTrue(ok);
        vm.prank(buyer);
        (ok,) = address(wvbc).call{value: 1 ether}(hex"deadbeef");
        assertTrue(ok);
        assertEq(wvbc.balanceOf(buyer), 2 ether);
    }

    function test_erc20AndNoImplicitPermit2Allowance() public {
        vm.prank(buyer);
        wvbc.deposit{value: 3 ether}();
        address permit2 = 0x000000000022D473030F116dDEE9F6B43aC78BA3;
        assertEq(wvbc.allowance(buyer, permit2), 0);
        vm.prank(permit2);
        vm.expectRevert(INSUFFICIENT_ALLOWANCE);
        wvbc.transferFrom(buyer, permit2, 1 ether);
        vm.prank(buyer);
        wvbc.approve(stranger, 1 ether);
        vm.prank(stranger);
        wvbc.transferFrom(buyer, stranger, 1 ether);
        assertEq(wvbc.balanceOf(stranger), 1 ether);
        assertEq(wvbc.allowance(buyer, stranger), 0);
        vm.prank(stranger);
        vm.expectRevert(INSUFFICIENT_ALLOWANCE);
        wvbc.transferFrom(buyer, stranger, 1);
        vm.prank(buyer);
        wvbc.transfer(seller, 1 ether);
        assertEq(wvbc.balanceOf(seller), 1 ether);
        vm.prank(seller);
        vm.expectRevert(INSUFFICIENT_BALANCE);
        wvbc.transfer(buyer, 2 ether);
    }

    function test_maxAllowanceIsNeverDecreased() public {
        vm.startPrank(bidder);
        wvbc.deposit{value: 2 ether}();
        wvbc.approve(address(exchange), type(uint256).max);
        vm.stopPrank();
        vm.prank(address(exchange));
        wvbc.transferFrom(bidder, seller, 2 ether);
        assertEq(wvbc.allowance(bidder, address(exchange)), type(uint256).max);
    }

    /// As in WETH9, the holder moves its own WVBC without an allowance.
    function test_transferFromSelfNeedsNoAllowance() public {
        vm.startPrank(buyer);
        wvbc.deposit{value: 1 ether}();
        assertEq(wvbc.allowance(buyer, buyer), 0);
        assertTrue(wvbc.transferFrom(buyer, stranger, 0.4 ether));
        vm.expectRevert(INSUFFICIENT_BALANCE);
        wvbc.transferFrom(buyer, stranger, 1 ether);
        vm.stopPrank();
        assertEq(wvbc.balanceOf(stranger), 0.4 ether);
        assertEq(wvbc.balanceOf(buyer), 0.6 ether);
    }

    /// No permit: a signed "permit" grants nothing (the call only reaches the wrapping fallback, as
    /// on WETH9), so a phished signature cannot give anyone an allowance.
    function test_hasNoPermit() public {
        bytes memory permitCall = abi.encodeWithSignature(
            "permit(address,address,uint256,uint256,uint8,bytes32,bytes32)",
            buyer,
            stranger,
            5 ether,
            block.timestamp + 1 hours,
            uint8(27),
            bytes32(uint256(1)),
            bytes32(uint256(2))
        );
        vm.prank(stranger);
        (bool ok,) = address(wvbc).call(permitCall);
        assertTrue(ok);
        assertEq(wvbc.allowance(buyer, stranger), 0);
        assertEq(wvbc.balanceOf(stranger), 0);
        (ok,) = address(wvbc).staticcall(abi.encodeWithSignature("DOMAIN_SEPARATOR()"));
        assertFalse(ok); // the fallback is payable and writes: no EIP-712 domain to read
        (ok,) = address(wvbc).staticcall(abi.encodeWithSignature("nonces(address)", buyer));
        assertFalse(ok);
    }

    function test_withdrawToARefusingContractReverts() public {
        Refuser r = new Refuser();
        vm.deal(address(r), 1 ether);
        vm.prank(address(r));
        wvbc.deposit{value: 1 ether}();
        vm.prank(address(r));
        vm.expectRevert(WVBC.NativeTransferFailed.selector);
        wvbc.withdraw(1 ether);
        assertEq(wvbc.balanceOf(address(r)), 1 ether);
    }

    /// Fuzz: any mix of wraps, unwraps and transfers keeps every wrapped wei here.
    function testFuzz_backedAfterAnySequence(uint96[6] calldata amounts, uint8[6] calldata kinds) public {
        address[3] memory users = [buyer, bidder, stranger];
        for (uint256 i; i < amounts.length; ++i) {
            address user = users[kinds[i] % 3];
            uint256 amount = amounts[i] % 10 ether;
            vm.startPrank(user);
            uint256 k = (kinds[i] >> 2) % 3;
            if (k == 0) wvbc.deposit{value: amount}();
            else if (k == 1 && wvbc.balanceOf(user) >= amount) wvbc.withdraw(amount);
            else if (wvbc.balanceOf(user) >= amount) wvbc.transferFrom(user, users[(kinds[i] + 1) % 3], amount);
            vm.stopPrank();
            assertTrue(address(wvbc).balance >= wvbc.totalSupply(), "backed");
        }
        assertEq(wvbc.balanceOf(buyer) + wvbc.balanceOf(bidder) + wvbc.balanceOf(stranger), wvbc.totalSupply(), "sum");
    }
}

/// @notice Random holders wrap, unwrap and move WVBC (to each other and to the contract itself).
contract WVBCHandler is Test {
    WVBC internal immutable wvbc;
    address[3] internal users = [address(0xA1), address(0xA2), address(0xA3)];

    constructor(WVBC wvbc_) {
        wvbc = wvbc_;
        for (uint256 i; i < 3; ++i) {
            vm.deal(users[i], 1_000_000 ether);
        }
    }

    function wrap(uint8 who, uint96 amount) external {
        uint256 a = amount % 100 ether;
        vm.prank(users[who % 3]);
        wvbc.deposit{value: a}();
    }

    function unwrap(uint8 who, uint96 amount) external {
        address user = users[who % 3];
        uint256 a = amount % (wvbc.balanceOf(user) + 1);
        vm.prank(user);
        wvbc.withdraw(a);
    }

    function move(uint8 who, uint8 to, uint96 amount, bool toContract) external {
        address user = users[who % 3];
        uint256 a = amount % (wvbc.balanceOf(user) + 1);
        vm.prank(user);
        wvbc.transferFrom(user, toContract ? address(wvbc) : users[to % 3], a);
    }

    function heldBy(uint256 i) external view returns (address) {
        return users[i];
    }
}

/// @notice The backing invariant: every wrapped wei stays in the contract.
contract WVBCInvariantTest is Test {
    WVBC internal wvbc;
    WVBCHandler internal handler;

    function setUp() public {
        wvbc = new WVBC();
        handler = new WVBCHandler(wvbc);
        targetContract(address(handler));
    }

    function invariant_backed() public view {
        assertTrue(address(wvbc).balance >= wvbc.totalSupply(), "balance >= totalSupply");
    }

    function invariant_balancesSumToSupply() public view {
        uint256 sum = wvbc.balanceOf(address(wvbc));
        for (uint256 i; i < 3; ++i) {
            sum += wvbc.balanceOf(handler.heldBy(i));
        }
        assertEq(sum, wvbc.totalSupply(), "sum of balances");
    }
}

contract Refuser {}
