// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {Fixture} from "./utils/Fixture.sol";
import {Exchange} from "../src/Exchange.sol";
import {IExchangeErrors} from "../src/interfaces/IExchange.sol";
import {MarketplaceCollection} from "../src/MarketplaceCollection.sol";
import {Order, FIXED_PRICE, SINGLE} from "../src/lib/OrderTypes.sol";

bytes4 constant REENTRANCY = 0xab143c06; // Solady ReentrancyGuard: Reentrancy()

/// @notice A seller (ERC-1271 contract wallet) whose `receive` tries to re-enter the exchange to
/// buy or claim another order with the payment it just received. `buy` is guarded; `claim` makes
/// no call that could re-enter and has no guard: a claim from inside fails on its own checks.
contract MaliciousSeller {
    Exchange public immutable exchange;
    Order internal _next;
    bool internal _armed;
    bytes4 public reentryError;
    bytes4 public claimError;
    bool public reentrySucceeded;

    constructor(Exchange exchange_) {
        exchange = exchange_;
    }

    function approve(MarketplaceCollection c) external {
        c.setApprovalForAll(address(exchange), true);
    }

    function arm(Order calldata next) external {
        _next = next;
        _armed = true;
    }

    function isValidSignature(bytes32, bytes calldata) external pure returns (bytes4) {
        return 0x1626ba7e;
    }

    receive() external payable {
        if (!_armed) return;
        _armed = false;
        try exchange.buy{value: msg.value}(_next, "", 1) {
            reentrySucceeded = true;
        } catch (bytes memory reason) {
            reentryError = bytes4(reason);
        }
        try exchange.claim(_next, "", address(this), 0, "", type(uint256).max, "") {
            reentrySucceeded = true;
        } catch (bytes memory reason) {
            claimError = bytes4(reason);
        }
    }
}

/// @notice A collection whose transfer hook re-enters the exchange.
contract MaliciousCollection {
    Exchange public immutable exchange;
    Order internal _target;
    bytes internal _sig;
    bytes4 public reentryError;
    bool public reentrySucceeded;

    constructor(Exchange exchange_) {
        exchange = exchange_;
    }

    function setTarget(Order calldata target, bytes calldata sig) external payable {
        _target = target;
        _sig = sig;
    }

    function tokenNonce(uint256) external pure returns (uint256) {
        return 1;
    }

    function invalidateNonce(address, uint256, uint256) external {}

    function transferFromAtNonce(address, address, uint256, uint256) external {
        try exchange.buy{value: address(this).balance}(_target, _sig, 1) {
            reentrySucceeded = true;
        } catch (bytes memory reason) {
            reentryError = bytes4(reason);
        }
    }
}

contract ReentrancyTest is Fixture {
    function test_aSellerCannotReenterFromItsPayment() public {
        MaliciousSeller evil = new MaliciousSeller(exchange);
        address e = address(evil);
        bytes32 role = factory.PARTNER_ROLE();
        vm.prank(owner);
        factory.grantRole(role, e);
        vm.startPrank(e);
        MarketplaceCollection c = MarketplaceCollection(factory.createCollection("E", "E", ""));
        c.mint(e, "1");
        c.mint(e, "2");
        vm.stopPrank();
        evil.approve(c);

        Order memory first = _single(1, 1 ether);
        first.maker = e;
        first.collection = address(c);
        first.tokenNonces = _noncesOf(c, first.tokenIds);
        Order memory second = _single(2, 1 ether);
        second.maker = address(0xdead); // bought "from" anyone: the guard stops it first
        second.collection = address(c);
        second.tokenNonces = _noncesOf(c, second.tokenIds);
        evil.arm(second);

        vm.prank(buyer);
        exchange.buy{value: 1 ether}(first, "", 1);
        assertEq(c.ownerOf(1), buyer);
        assertEq(c.ownerOf(2), e, "the re-entrant buy moved nothing");
        assertFalse(evil.reentrySucceeded());
        assertEq(uint256(uint32(evil.reentryError())), uint256(uint32(REENTRANCY)));
        assertEq(uint256(uint32(evil.claimError())), uint256(uint32(IExchangeErrors.OrderIsNotAnAuction.selector)));
        assertEq(address(exchange).balance, 0);
        assertEq(e.balance, 1 ether);
    }

    function test_aForeignCollectionIsRefusedBeforeItCanReenter() public {
        MaliciousCollection evil = new MaliciousCollection(exchange);
        // A genuine order the attacker would like to fill from inside the first one.
        Order memory genuine = _single(1, 1 ether);
        bytes memory genuineSig = _signOrder(SELLER_KEY, genuine);
        vm.deal(address(evil), 1 ether);
        evil.setTarget(genuine, genuineSig);

        Order memory bait = _single(7, 0);
        bait.collection = address(evil);
        bait.tokenNonces[0] = 1;
        bytes memory baitSig = _signOrder(SELLER_KEY, bait);
        // Not our collection's code: refused before any call reaches it.
        vm.prank(buyer);
        vm.expectRevert(
            abi.encodeWithSelector(IExchangeErrors.CollectionIsNotAMarketplaceCollection.selector, address(evil))
        );
        exchange.buy(bait, baitSig, 1);
        assertFalse(evil.reentrySucceeded());
        assertEq(uint256(uint32(evil.reentryError())), 0, "never called");
        assertEq(collection.ownerOf(1), seller);
        assertEq(address(exchange).balance, 0);
    }
}
