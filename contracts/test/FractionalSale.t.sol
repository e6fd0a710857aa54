// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {FractionalFixture, CoinRefuser} from "./utils/FractionalFixture.sol";
import {FractionalVaultFactory} from "../src/FractionalVaultFactory.sol";
import {FractionalVault} from "../src/fractional/FractionalVault.sol";
import {IFractionalFactoryErrors, IFractionalVaultErrors, VaultTerms} from "../src/interfaces/IFractional.sol";
import {Ownable} from "solady/auth/Ownable.sol";

/// @notice The factory (who may fractionalize, which terms) and the primary sale.
contract FractionalSaleTest is FractionalFixture {
    event VaultCreated(
        address indexed vault,
        address indexed collection,
        uint256 indexed tokenId,
        address curator,
        uint256 supply,
        uint256 pricePerShare,
        uint256 purchaseLimit,
        uint256 saleStart,
        uint256 saleEnd,
        uint256 reservePrice
    );
    event SharesBought(address indexed buyer, uint256 shares, uint256 paid);
    event UnsoldReleased(address indexed curator, uint256 shares);

    /*//////////////////////////////////////////////////////////////
                                FACTORY
    //////////////////////////////////////////////////////////////*/

    function test_fractionalize_movesTheNftAndMintsEveryShareToTheVault() public view {
        assertEq(collection.ownerOf(TOKEN), address(vault));
        assertEq(vault.totalSupply(), SUPPLY);
        assertEq(vault.balanceOf(address(vault)), SUPPLY);
        assertTrue(fractions.isVault(address(vault)));
        assertEq(fractions.vaultCount(), 1);
        assertEq(fractions.vaults(0), address(vault));
        assertEq(vault.curator(), seller);
        assertEq(vault.factory(), address(fractions));
        assertEq(vault.collection(), address(collection));
        assertEq(vault.tokenId(), TOKEN);
        assertEq(vault.wrappedCoin(), address(wvbc));
        assertEq(vault.name(), "Saigon Apartment Shares");
        assertEq(vault.symbol(), "SGNAPT");
        assertEq(uint256(vault.decimals()), 0);
        assertEq(vault.reservePrice(), RESERVE);
        assertEq(fractions.collectionCodeHash(), exchange.collectionCodeHash());
        assertEq(fractions.wrappedCoin(), address(wvbc));
        assertEq(fractions.collectionFactory(), address(factory));
        assertTrue(vault.holdsNft());
    }

    function test_fractionalize_emitsTheTerms() public {
        vm.expectEmit(false, true, true, true, address(fractions));
        emit VaultCreated(address(0), address(collection), 2, seller, SUPPLY, PRICE, LIMIT, START, SALE_END, RESERVE);
        _fractionalize(2, _terms());
    }

    function test_fractionalize_refusesNonPartners() public {
        vm.prank(stranger);
        vm.expectRevert(IFractionalFactoryErrors.NotAPartner.selector);
        fractions.fractionalize(address(collection), 2, _terms());
    }

    function test_fractionalize_refusesOtherCollections() public {
        vm.prank(seller);
        vm.expectRevert(IFractionalFactoryErrors.CollectionNotSupported.selector);
        fractions.fractionalize(address(wvbc), 2, _terms());
    }

    function test_fractionalize_refusesATokenTheCallerDoesNotOwn() public {
        vm.prank(seller);
        collection.transferFrom(seller, buyer, 2);
        vm.prank(seller);
        vm.expectRevert(IFractionalFactoryErrors.NotTokenOwner.selector);
        fractions.fractionalize(address(collection), 2, _terms());
    }

    function _refuses(VaultTerms memory t, bytes4 err) internal {
        vm.prank(seller);
        vm.expectRevert(err);
        fractions.fractionalize(address(collection), 2, t);
    }

    function test_fractionalize_refusesBadTerms() public {
        VaultTerms memory t = _terms();
        t.supply = 0;
        _refuses(t, IFractionalFactoryErrors.InvalidShareCount.selector);
        t.supply = fractions.MAX_SHARES() + 1;
        _refuses(t, IFractionalFactoryErrors.InvalidShareCount.selector);
        t = _terms();
        t.pricePerShare = 0;
        _refuses(t, IFractionalFactoryErrors.InvalidSharePrice.selector);
        t.pricePerShare = 1 << 128;
        _refuses(t, IFractionalFactoryErrors.InvalidSharePrice.selector);
        t = _terms();
        t.purchaseLimit = 0;
        _refuses(t, IFractionalFactoryErrors.InvalidPurchaseLimit.selector);
        t.purchaseLimit = SUPPLY + 1;
        _refuses(t, IFractionalFactoryErrors.InvalidPurchaseLimit.selector);
        t = _terms();
        t.saleEnd = t.saleStart;
        _refuses(t, IFractionalFactoryErrors.InvalidSaleWindow.selector);
        t = _terms();
        t.saleStart = START - 10 days;
        t.saleEnd = START;
        _refuses(t, IFractionalFactoryErrors.InvalidSaleWindow.selector);
        t = _terms();
        t.saleEnd = START + fractions.MAX_SALE_DURATION() + 1;
        _refuses(t, IFractionalFactoryErrors.InvalidSaleWindow.selector);
        t = _terms();
        t.reservePrice = SUPPLY * PRICE - 1;
        _refuses(t, IFractionalFactoryErrors.ReserveBelowSaleValue.selector);
    }

    function test_setFee_ownerOnlyAndBounded() public {
        vm.expectRevert(Ownable.Unauthorized.selector);
        fractions.setFee(100, stranger);
        vm.startPrank(owner);
        vm.expectRevert(IFractionalFactoryErrors.InvalidFee.selector);
        fractions.setFee(1_001, stranger);
        vm.expectRevert(IFractionalFactoryErrors.InvalidFee.selector);
        fractions.setFee(100, address(0));
        fractions.setFee(250, stranger);
        vm.stopPrank();
        (uint256 bps, address to) = fractions.feeInfo();
        assertEq(bps, 250);
        assertEq(to, stranger);
    }

    /*//////////////////////////////////////////////////////////////
                              PRIMARY SALE
    //////////////////////////////////////////////////////////////*/

    function test_buy_paysThePartnerAndHandsOutShares() public {
        uint256 before = seller.balance;
        vm.expectEmit(true, true, true, true, address(vault));
        emit SharesBought(buyer, 120, 12 ether);
        _buy(buyer, 120);
        assertEq(vault.balanceOf(buyer), 120);
        assertEq(vault.balanceOf(address(vault)), SUPPLY - 120);
        assertEq(vault.purchased(buyer), 120);
        assertEq(seller.balance - before, 12 ether);
        assertEq(address(vault).balance, 0);
    }

    function test_buy_refusesOutsideTheWindow() public {
        VaultTerms memory t = _terms();
        t.saleStart = START + 1 days;
        FractionalVault later = _fractionalize(2, t);
        vm.prank(buyer);
        vm.expectRevert(IFractionalVaultErrors.SaleNotStarted.selector);
        later.buy{value: PRICE}(1);
        vm.warp(SALE_END);
        vm.prank(buyer);
        vm.expectRevert(IFractionalVaultErrors.SaleEnded.selector);
        vault.buy{value: PRICE}(1);
    }

    function test_buy_refusesBadRequests() public {
        vm.startPrank(buyer);
        vm.expectRevert(IFractionalVaultErrors.ZeroShares.selector);
        vault.buy(0);
        vm.expectRevert(abi.encodeWithSelector(IFractionalVaultErrors.SharePaymentMismatch.selector, PRICE, 1));
        vault.buy{value: 1}(1);
        vm.stopPrank();
        vm.deal(seller, 10 ether);
        vm.prank(seller);
        vm.expectRevert(IFractionalVaultErrors.CuratorCannotBuy.selector);
        vault.buy{value: PRICE}(1);
    }

    function test_buy_refusesAboveThePurchaseLimit() public {
        _buy(buyer, 300);
        vm.prank(buyer);
        vm.expectRevert(abi.encodeWithSelector(IFractionalVaultErrors.PurchaseLimitExceeded.selector, 100));
        vault.buy{value: 101 * PRICE}(101);
        // Moving shares away does not reset the limit.
        vm.prank(buyer);
        vault.transfer(stranger, 300);
        vm.prank(buyer);
        vm.expectRevert(abi.encodeWithSelector(IFractionalVaultErrors.PurchaseLimitExceeded.selector, 100));
        vault.buy{value: 101 * PRICE}(101);
        _buy(buyer, 100);
        assertEq(vault.purchased(buyer), LIMIT);
    }

    function test_buy_refusesMoreThanIsLeft() public {
        _buy(buyer, 400);
        _buy(bidder, 400);
        vm.prank(stranger);
        vm.expectRevert(abi.encodeWithSelector(IFractionalVaultErrors.NotEnoughSharesLeft.selector, 200));
        vault.buy{value: 201 * PRICE}(201);
        _buy(stranger, 200);
        assertTrue(vault.saleOver());
    }

    function test_buy_failsWhenThePartnerRefusesTheCoin() public {
        CoinRefuser partner = new CoinRefuser();
        vm.startPrank(owner);
        factory.grantRole(factory.PARTNER_ROLE(), address(partner));
        vm.stopPrank();
        vm.prank(seller);
        collection.transferFrom(seller, address(partner), 3);
        partner.call(address(collection), abi.encodeCall(collection.setApprovalForAll, (address(fractions), true)));
        bytes memory ret = partner.call(
            address(fractions), abi.encodeCall(fractions.fractionalize, (address(collection), 3, _terms()))
        );
        FractionalVault v = FractionalVault(payable(abi.decode(ret, (address))));
        vm.prank(buyer);
        vm.expectRevert(IFractionalVaultErrors.PaymentFailed.selector);
        v.buy{value: PRICE}(1);
    }

    function test_releaseUnsold_givesTheRestToThePartnerAfterTheWindow() public {
        _buy(buyer, 400);
        vm.expectRevert(IFractionalVaultErrors.SaleStillOpen.selector);
        vault.releaseUnsold();
        assertFalse(vault.saleOver());
        vm.warp(SALE_END);
        assertTrue(vault.saleOver());
        vm.expectEmit(true, true, true, true, address(vault));
        emit UnsoldReleased(seller, 600);
        vault.releaseUnsold();
        assertEq(vault.balanceOf(seller), 600);
        vm.expectRevert(IFractionalVaultErrors.NoUnsoldShares.selector);
        vault.releaseUnsold();
    }

    function test_receive_refusesAnyoneButTheWrappedCoin() public {
        vm.prank(stranger);
        (bool ok, bytes memory ret) = address(vault).call{value: 1}("");
        assertFalse(ok);
        assertEq(bytes4(ret), IFractionalVaultErrors.UnexpectedPayment.selector);
    }

    function test_domainIsBoundToTheChainAndTheVault() public {
        bytes32 expected = keccak256(
            abi.encode(
                keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)"),
                keccak256("VBChain Fractional"),
                keccak256("1"),
                block.chainid,
                address(vault)
            )
        );
        assertEq(vault.domainSeparator(), expected);
        vm.chainId(97);
        assertTrue(vault.domainSeparator() != expected, "a listing signed for one network never fills on another");
    }

    function test_shares_areAPlainErc20WithoutABuiltInPermit2Allowance() public {
        _buy(buyer, 10);
        address permit2 = 0x000000000022D473030F116dDEE9F6B43aC78BA3;
        assertEq(vault.allowance(buyer, permit2), 0);
        vm.prank(buyer);
        vault.approve(stranger, 4);
        vm.prank(stranger);
        vault.transferFrom(buyer, bidder, 4);
        assertEq(vault.balanceOf(bidder), 4);
        assertEq(vault.allowance(buyer, stranger), 0);
    }
}
