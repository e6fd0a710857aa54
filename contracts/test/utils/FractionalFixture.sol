// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {Fixture} from "./Fixture.sol";
import {FractionalVaultFactory} from "../../src/FractionalVaultFactory.sol";
import {FractionalVault} from "../../src/fractional/FractionalVault.sol";
import {ShareOrder, VaultTerms} from "../../src/interfaces/IFractional.sol";

/// @notice Refuses the native coin: a partner, holder or bidder whose payments cannot land.
contract CoinRefuser {
    function call(address target, bytes calldata data) external payable returns (bytes memory) {
        (bool ok, bytes memory ret) = target.call{value: msg.value}(data);
        if (!ok) {
            assembly {
                revert(add(ret, 0x20), mload(ret))
            }
        }
        return ret;
    }

    function onERC721Received(address, address, uint256, bytes calldata) external pure returns (bytes4) {
        return this.onERC721Received.selector;
    }
}

/// @notice The marketplace plus a fractional factory and one vault over the seller's token 1:
/// 1,000 shares at 0.1 coin, at most 400 per address, a 7-day sale, a 150-coin reserve.
abstract contract FractionalFixture is Fixture {
    FractionalVaultFactory internal fractions;
    FractionalVault internal vault;

    uint256 internal constant TOKEN = 1;
    uint256 internal constant SUPPLY = 1_000;
    uint256 internal constant PRICE = 0.1 ether;
    uint256 internal constant LIMIT = 400;
    uint256 internal constant SALE_END = START + 7 days;
    uint256 internal constant RESERVE = 150 ether;

    function setUp() public virtual override {
        super.setUp();
        fractions = new FractionalVaultFactory(owner, address(factory), address(exchange), address(wvbc));
        vm.prank(seller);
        collection.setApprovalForAll(address(fractions), true);
        vault = _fractionalize(TOKEN, _terms());
        address[4] memory bidders = [buyer, bidder, otherBidder, stranger];
        for (uint256 i; i < bidders.length; ++i) {
            vm.startPrank(bidders[i]);
            wvbc.deposit{value: 500 ether}();
            wvbc.approve(address(vault), type(uint256).max);
            vm.stopPrank();
        }
        vm.label(address(vault), "vault");
    }

    function _terms() internal pure returns (VaultTerms memory t) {
        t = VaultTerms({
            supply: SUPPLY,
            pricePerShare: PRICE,
            purchaseLimit: LIMIT,
            saleStart: START,
            saleEnd: SALE_END,
            reservePrice: RESERVE,
            name: "Saigon Apartment Shares",
            symbol: "SGNAPT"
        });
    }

    function _fractionalize(uint256 id, VaultTerms memory t) internal returns (FractionalVault) {
        vm.prank(seller);
        return FractionalVault(payable(fractions.fractionalize(address(collection), id, t)));
    }

    function _buy(address who, uint256 shares) internal {
        vm.prank(who);
        vault.buy{value: shares * PRICE}(shares);
    }

    function _bid(address who, uint256 amount) internal {
        vm.prank(who);
        vault.bid(amount);
    }

    /// @dev buyer 400, stranger 350 (sold 750), sale over: 250 back to the seller at the first bid.
    function _soldAndClosed() internal {
        _buy(buyer, 400);
        _buy(stranger, 350);
        vm.warp(SALE_END);
    }

    /// @dev A finished successful buyout by `bidder` at `amount`.
    function _boughtOut(uint256 amount) internal {
        _soldAndClosed();
        _bid(bidder, amount);
        vm.warp(block.timestamp + vault.BUYOUT_DURATION());
        vault.settle();
    }

    function _listing(address maker, uint256 shares, uint256 price) internal pure returns (ShareOrder memory o) {
        o = ShareOrder({
            maker: maker,
            shares: shares,
            pricePerShare: price,
            startTime: START,
            endTime: SALE_END + 30 days,
            salt: uint256(keccak256(abi.encode(maker, shares, price))),
            maxFeeBps: 0
        });
    }

    function _sign(uint256 key, ShareOrder memory o) internal view returns (bytes memory) {
        (uint8 v, bytes32 r, bytes32 s) = vm.sign(key, vault.shareOrderDigest(o));
        return abi.encodePacked(r, s, v);
    }
}
