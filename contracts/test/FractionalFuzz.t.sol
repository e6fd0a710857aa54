// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {FractionalFixture} from "./utils/FractionalFixture.sol";
import {IFractionalVaultErrors, ShareOrder} from "../src/interfaces/IFractional.sol";

/// @notice Properties over random amounts: the sale never sells past the limit or the stock and
/// pays the partner exactly; a listing never sells more than it lists; raises follow the 5% rule.
contract FractionalFuzzTest is FractionalFixture {
    function testFuzz_sale_limitStockAndPayment(uint256[6] memory asks) public {
        address[3] memory buyers = [buyer, stranger, bidder];
        uint256 sold;
        for (uint256 i; i < asks.length; ++i) {
            address who = buyers[i % 3];
            uint256 shares = bound(asks[i], 1, 500);
            uint256 allowed = LIMIT - vault.purchased(who);
            uint256 left = SUPPLY - sold;
            vm.prank(who);
            if (shares > allowed) {
                vm.expectRevert(abi.encodeWithSelector(IFractionalVaultErrors.PurchaseLimitExceeded.selector, allowed));
            } else if (shares > left) {
                vm.expectRevert(abi.encodeWithSelector(IFractionalVaultErrors.NotEnoughSharesLeft.selector, left));
            } else {
                sold += shares;
            }
            vault.buy{value: shares * PRICE}(shares);
            vm.assertLe(vault.purchased(who), LIMIT, "never past the limit");
        }
        assertEq(seller.balance, sold * PRICE, "the partner is paid exactly");
        assertEq(vault.balanceOf(address(vault)), SUPPLY - sold);
    }

    function testFuzz_listing_neverSellsMoreThanListed(uint256 listed, uint256[5] memory parts) public {
        listed = bound(listed, 1, LIMIT);
        _buy(buyer, LIMIT);
        ShareOrder memory o = _listing(buyer, listed, 0.1 ether);
        bytes memory sig = _sign(BUYER_KEY, o);
        uint256 taken;
        for (uint256 i; i < parts.length; ++i) {
            uint256 want = bound(parts[i], 1, listed);
            vm.prank(stranger);
            if (taken + want > listed) {
                vm.expectRevert(
                    abi.encodeWithSelector(IFractionalVaultErrors.ShareListingNotEnough.selector, listed - taken)
                );
            } else {
                taken += want;
            }
            vault.take{value: want * 0.1 ether}(o, sig, want);
        }
        assertEq(vault.balanceOf(stranger), taken);
        assertEq(vault.sharesLeft(o), listed - taken);
    }

    function testFuzz_raise_fivePercentRoundedUp(uint256 first, uint256 next) public {
        first = bound(first, RESERVE, 300 ether);
        next = bound(next, first, 400 ether);
        _soldAndClosed();
        _bid(bidder, first);
        uint256 minimum = vault.minimumRaise(first);
        vm.assertGe(minimum * 10_000, first * 10_500, "at least 5% more");
        vm.assertLe(minimum * 10_000, first * 10_500 + 10_000, "and not a wei more than needed");
        if (next < minimum) vm.expectRevert(abi.encodeWithSelector(IFractionalVaultErrors.BidTooLow.selector, minimum));
        _bid(otherBidder, next);
    }
}
