// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {Fixture} from "./utils/Fixture.sol";
import {Exchange} from "../src/Exchange.sol";
import {MarketplaceCollection} from "../src/MarketplaceCollection.sol";
import {IExchangeErrors} from "../src/interfaces/IExchange.sol";
import {Order, FIXED_PRICE, AUCTION, SINGLE, SET, BUNDLE} from "../src/lib/OrderTypes.sol";

/// @notice Cheatcodes used here only (same handle as `vm`).
interface VmStorage {
    function load(address target, bytes32 slot) external view returns (bytes32);
}

/// @notice A smart-contract wallet: an ERC-1271 signer that accepts only its key's signatures,
/// and runs calls for that key (to approve the exchange, wrap VBC, ...).
contract KeyWallet {
    address public immutable signer;

    constructor(address signer_) payable {
        signer = signer_;
    }

    function execute(address target, uint256 value, bytes calldata data) external returns (bytes memory) {
        require(msg.sender == signer, "not the wallet's key");
        (bool ok, bytes memory ret) = target.call{value: value}(data);
        require(ok, "call failed");
        return ret;
    }

    function isValidSignature(bytes32 digest, bytes calldata sig) external view returns (bytes4) {
        if (sig.length != 65) return 0xffffffff;
        bytes32 r = bytes32(sig[0:32]);
        bytes32 s = bytes32(sig[32:64]);
        uint8 v = uint8(sig[64]);
        return ecrecover(digest, v, r, s) == signer ? bytes4(0x1626ba7e) : bytes4(0xffffffff);
    }

    function onERC721Received(address, address, uint256, bytes calldata) external pure returns (bytes4) {
        return this.onERC721Received.selector;
    }

    receive() external payable {}
}

/// @notice Edge cases the main suites leave out: signatures that recover to nobody, 256-item
/// orders, future counters, approvals after a transfer, contract-wallet makers and bidders, and
/// calldata with dirty upper bits fed to the exchange's assembly hashing.
contract ExchangeEdgesTest is Fixture {
    VmStorage internal constant vmStorage = VmStorage(address(uint160(uint256(keccak256("hevm cheat code")))));
    bytes4 internal constant NOT_OWNER_NOR_APPROVED = 0x4b6e7f18;

    function _mintTo(address to, uint256 count) internal {
        string[] memory uris = new string[](count);
        vm.prank(seller);
        collection.mintBatch(to, uris);
    }

    /*//////////////////////////////////////////////////////////////
                     NOBODY SIGNS FOR THE ZERO ADDRESS
    //////////////////////////////////////////////////////////////*/

    /// An invalid signature recovers to address(0); an order whose maker is address(0) must be
    /// refused as unsigned, never reach the transfer.
    function test_zeroMaker_aSignatureRecoveringToNobodyNeverValidates() public {
        Order memory o = _single(1, 1 ether);
        o.maker = address(0);
        bytes[3] memory sigs = [bytes(""), new bytes(65), abi.encodePacked(bytes32(0), bytes32(0), uint8(27))];
        for (uint256 i; i < sigs.length; ++i) {
            vm.prank(buyer);
            vm.expectRevert(IExchangeErrors.InvalidMakerSignature.selector);
            exchange.buy{value: 1 ether}(o, sigs[i], 1);
        }
        Order memory a = _auction(1, 1 ether);
        a.maker = address(0);
        _fundBidder(bidder, 1 ether);
        vm.warp(CLAIM_OPEN);
        bytes memory att = _signSettlement(a, bidder, 1 ether);
        vm.prank(bidder);
        vm.expectRevert(IExchangeErrors.InvalidMakerSignature.selector);
        exchange.claim(a, new bytes(65), bidder, 1 ether, "", DEADLINE, att);
    }

    /// The same for a bidder address(0) named by the seller with an attestation for it.
    function test_zeroBidder_aSignatureRecoveringToNobodyNeverValidates() public {
        Order memory a = _auction(1, 1 ether);
        vm.warp(CLAIM_OPEN);
        bytes memory att = _signSettlement(a, address(0), 1 ether);
        vm.prank(seller);
        vm.expectRevert(IExchangeErrors.InvalidBidderSignature.selector);
        exchange.claim(a, "", address(0), 1 ether, new bytes(65), DEADLINE, att);
        assertEq(collection.ownerOf(1), seller);
    }

    /*//////////////////////////////////////////////////////////////
                            256-ITEM ORDERS
    //////////////////////////////////////////////////////////////*/

    /// MAX_ITEMS is inclusive: a 256-item bundle bought whole and a 256-item set auction settle;
    /// 257 items are refused.
    function test_maxItems_256ItemBundleBuyAndSetAuctionClaim() public {
        _mintTo(seller, 500); // ids 13..512 join 1..12
        Order memory b = _bundle(1, 256, 1 gwei, 100, 256);
        (uint256 count, uint256 total) = exchange.quote(b, type(uint256).max);
        assertEq(count, 256);
        assertEq(total, 256 gwei - 256 gwei / 100, "discounted total");
        bytes memory sig = _signOrder(SELLER_KEY, b);
        vm.prank(buyer);
        exchange.buy{value: total}(b, sig, type(uint256).max);
        assertEq(collection.ownerOf(1), buyer);
        assertEq(collection.ownerOf(256), buyer);
        assertEq(collection.ownerOf(257), seller);

        Order memory a = _order(_ids(257, 256), AUCTION, SET, 1 ether);
        bytes memory aSig = _signOrder(SELLER_KEY, a);
        _fundBidder(bidder, 1 ether);
        vm.warp(CLAIM_OPEN);
        bytes memory att = _signSettlement(a, bidder, 1 ether);
        vm.prank(bidder);
        exchange.claim(a, aSig, bidder, 1 ether, "", DEADLINE, att);
        assertEq(collection.ownerOf(257), bidder);
        assertEq(collection.ownerOf(512), bidder);
        assertEq(wvbc.balanceOf(seller), 1 ether);
    }

    function test_maxItems_257ItemsAreRefused() public {
        _mintTo(seller, 300);
        Order memory b = _bundle(1, 257, 1 gwei, 0, 0);
        vm.expectRevert(IExchangeErrors.InvalidOrder.selector);
        exchange.quote(b, 1);
        Order memory a = _order(_ids(1, 257), AUCTION, SET, 1 ether);
        bytes memory aSig = _signOrder(SELLER_KEY, a);
        _fundBidder(bidder, 1 ether);
        vm.warp(CLAIM_OPEN);
        bytes memory att = _signSettlement(a, bidder, 1 ether);
        vm.prank(bidder);
        vm.expectRevert(IExchangeErrors.InvalidOrder.selector);
        exchange.claim(a, aSig, bidder, 1 ether, "", DEADLINE, att);
    }

    /*//////////////////////////////////////////////////////////////
                              COUNTERS
    //////////////////////////////////////////////////////////////*/

    /// Only the current counter is accepted: an order signed for a later value never fills, before
    /// or after a bump.
    function test_counter_futureCountersAreRefused() public {
        for (uint256 round; round < 2; ++round) {
            uint256 current = exchange.counters(seller);
            uint256[2] memory later = [current + 1, type(uint256).max];
            for (uint256 j; j < 2; ++j) {
                Order memory o = _single(1 + round, 1 ether);
                o.counter = later[j];
                bytes memory sig = _signOrder(SELLER_KEY, o);
                vm.prank(buyer);
                vm.expectRevert(IExchangeErrors.OrderCounterIsOutdated.selector);
                exchange.buy{value: 1 ether}(o, sig, 1);

                Order memory a = _auction(1 + round, 1 ether);
                a.counter = later[j];
                vm.warp(CLAIM_OPEN);
                vm.prank(seller);
                vm.expectRevert(IExchangeErrors.OrderCounterIsOutdated.selector);
                exchange.claim(a, "", bidder, 1 ether, "", DEADLINE, "");
                vm.warp(START);
            }
            vm.prank(seller);
            exchange.incrementCounter();
        }
        Order memory ok = _single(1, 1 ether); // the current counter fills
        bytes memory okSig = _signOrder(SELLER_KEY, ok);
        vm.prank(buyer);
        exchange.buy{value: 1 ether}(ok, okSig, 1);
        assertEq(collection.ownerOf(1), buyer);
    }

    /*//////////////////////////////////////////////////////////////
                        APPROVALS END WITH A TRANSFER
    //////////////////////////////////////////////////////////////*/

    /// The ownership slot of a token (Solady ERC721's layout): owner in bits 0..159, the 96 bits
    /// of extra data above (bit 255 = the token-approval flag).
    function _ownershipWord(uint256 id) internal view returns (uint256) {
        uint256 seed = uint256(keccak256(abi.encodePacked(uint224(id >> 32), bytes4(0x7d882553))));
        bytes32 slot;
        unchecked {
            slot = bytes32(seed + id + id);
        }
        return uint256(vmStorage.load(address(collection), slot));
    }

    /// A token approval is the old owner's: after any transfer the approved address can no longer
    /// move the token, and the approval flag is cleared with it.
    function test_approval_isClearedByEveryKindOfTransfer() public {
        for (uint256 kind; kind < 3; ++kind) {
            uint256 id = 1 + kind;
            vm.prank(seller);
            collection.approve(stranger, id);
            assertEq(_ownershipWord(id) >> 255, 1, "flag set by approve");
            if (kind == 0) {
                vm.prank(seller);
                collection.transferFrom(seller, buyer, id);
            } else if (kind == 1) {
                vm.prank(stranger); // the approved address moves it once
                collection.transferFrom(seller, buyer, id);
            } else {
                Order memory o = _single(id, 1 ether);
                bytes memory sig = _signOrder(SELLER_KEY, o);
                vm.prank(buyer);
                exchange.buy{value: 1 ether}(o, sig, 1);
            }
            uint256 word = _ownershipWord(id);
            assertEq(address(uint160(word)), buyer, "slot layout");
            assertEq(word >> 255, 0, "flag cleared");
            assertEq(word >> 160, collection.tokenNonce(id), "extra data is the nonce alone");
            assertEq(collection.getApproved(id), address(0));
            vm.prank(stranger);
            vm.expectRevert(NOT_OWNER_NOR_APPROVED);
            collection.transferFrom(buyer, stranger, id);
            assertEq(collection.ownerOf(id), buyer);
        }
    }

    /*//////////////////////////////////////////////////////////////
                     CONTRACT WALLETS (ERC-1271)
    //////////////////////////////////////////////////////////////*/

    uint256 internal constant WALLET_KEY = 0x3A11E7;

    function _wallet() internal returns (KeyWallet w) {
        w = new KeyWallet(vm.addr(WALLET_KEY));
        vm.deal(address(w), 10 ether);
    }

    function _exec(KeyWallet w, address target, uint256 value, bytes memory data) internal {
        vm.prank(vm.addr(WALLET_KEY));
        w.execute(target, value, data);
    }

    /// A wallet bids with its key's signature: the seller settles with it; a signature by another
    /// key is refused.
    function test_erc1271_walletBidder() public {
        KeyWallet w = _wallet();
        _exec(w, address(wvbc), 3 ether, abi.encodeWithSignature("deposit()"));
        _exec(w, address(wvbc), 0, abi.encodeWithSignature("approve(address,uint256)", address(exchange), 3 ether));
        Order memory a = _auction(1, 1 ether);
        bytes32 bidDigest = _digest(_bidHash(_structHash(a), address(w), 3 ether));
        vm.warp(CLAIM_OPEN);
        bytes memory att = _signSettlement(a, address(w), 3 ether);
        vm.prank(seller);
        vm.expectRevert(IExchangeErrors.InvalidBidderSignature.selector);
        exchange.claim(a, "", address(w), 3 ether, _sign(STRANGER_KEY, bidDigest), DEADLINE, att);
        vm.prank(seller);
        exchange.claim(a, "", address(w), 3 ether, _sign(WALLET_KEY, bidDigest), DEADLINE, att);
        assertEq(collection.ownerOf(1), address(w));
        assertEq(wvbc.balanceOf(seller), 3 ether);
        assertEq(wvbc.balanceOf(address(w)), 0);
    }

    /// A wallet lists: its auction is claimed by an EOA bidder, its fixed-price order bought; an
    /// order "signed" by a key that is not the wallet's is refused.
    function test_erc1271_walletMaker() public {
        KeyWallet w = _wallet();
        for (uint256 id = 1; id <= 2; ++id) {
            vm.prank(seller);
            collection.transferFrom(seller, address(w), id);
        }
        _exec(
            w,
            address(collection),
            0,
            abi.encodeWithSignature("setApprovalForAll(address,bool)", address(exchange), true)
        );

        Order memory o = _single(1, 2 ether);
        o.maker = address(w);
        bytes32 digest = _digest(_structHash(o));
        vm.prank(buyer);
        vm.expectRevert(IExchangeErrors.InvalidMakerSignature.selector);
        exchange.buy{value: 2 ether}(o, _sign(STRANGER_KEY, digest), 1);
        vm.prank(buyer);
        exchange.buy{value: 2 ether}(o, _sign(WALLET_KEY, digest), 1);
        assertEq(collection.ownerOf(1), buyer);
        assertEq(address(w).balance, 12 ether);

        Order memory a = _auction(2, 1 ether);
        a.maker = address(w);
        bytes memory aSig = _sign(WALLET_KEY, _digest(_structHash(a)));
        _fundBidder(bidder, 1 ether);
        vm.warp(CLAIM_OPEN);
        bytes memory att = _signSettlement(a, bidder, 1 ether);
        vm.prank(bidder);
        exchange.claim(a, aSig, bidder, 1 ether, "", DEADLINE, att);
        assertEq(collection.ownerOf(2), bidder);
        assertEq(wvbc.balanceOf(address(w)), 1 ether);
    }

    /*//////////////////////////////////////////////////////////////
                          BRUTALIZED CALLDATA
    //////////////////////////////////////////////////////////////*/

    /// Head words of `Order` with a narrow type: maker, collection (address), saleKind, itemsKind
    /// (uint8). Dirty bits above the value are what a buggy client or a hostile relayer could send.
    uint256[4] internal narrowFields = [uint256(0), 1, 4, 5];

    /// `buy(order, sig, mask)`: the order's head starts after the selector and three head words.
    function _dirty(bytes memory data, uint256 orderStart, uint256 field) internal view returns (bytes memory d) {
        d = bytes.concat(data); // a copy
        d[orderStart + narrowFields[field] * 32] = 0x01; // top byte of the head word
    }

    /// Whatever the dirty field, `buy` refuses, even with the maker's signature of the hash the
    /// dirty bytes produce: the ABI decoder validates every narrow field a fill reads. The same
    /// bytes cleaned fill.
    function test_brutalized_buyRevertsOnDirtyNarrowFields() public {
        Order memory o = _single(1, 1 ether);
        bytes memory sig = _signOrder(SELLER_KEY, o);
        bytes memory clean = abi.encodeCall(Exchange.buy, (o, sig, 1));
        bytes memory cleanHashCall = abi.encodeCall(exchange.hashOrder, (o));
        for (uint256 f; f < 4; ++f) {
            bytes memory dirty = _dirty(clean, 4 + 0x60, f);
            vm.prank(buyer);
            (bool ok,) = address(exchange).call{value: 1 ether}(dirty);
            vm.assertFalse(ok, "dirty field accepted");
            // The maker signs whatever hash the dirty encoding gives: still refused.
            (bool hashed, bytes memory ret) = address(exchange).staticcall(_dirty(cleanHashCall, 4 + 0x20, f));
            if (hashed) {
                bytes memory dirtySig = _sign(SELLER_KEY, _digest(abi.decode(ret, (bytes32))));
                bytes memory call2 = _dirty(abi.encodeCall(Exchange.buy, (o, dirtySig, 1)), 4 + 0x60, f);
                vm.prank(buyer);
                (ok,) = address(exchange).call{value: 1 ether}(call2);
                vm.assertFalse(ok, "dirty field filled with a signature of its own hash");
            }
        }
        vm.prank(buyer);
        (bool filled,) = address(exchange).call{value: 1 ether}(clean);
        assertTrue(filled, "clean bytes fill");
        assertEq(collection.ownerOf(1), buyer);
    }

    /// The same for `claim` (order head after the selector and six head words), and for its
    /// `bidder` argument.
    function test_brutalized_claimRevertsOnDirtyNarrowFields() public {
        Order memory a = _auction(1, 1 ether);
        bytes memory aSig = _signOrder(SELLER_KEY, a);
        _fundBidder(bidder, 1 ether);
        vm.warp(CLAIM_OPEN);
        bytes memory att = _signSettlement(a, bidder, 1 ether);
        bytes memory clean = abi.encodeCall(Exchange.claim, (a, aSig, bidder, 1 ether, "", DEADLINE, att));
        for (uint256 f; f < 4; ++f) {
            vm.prank(bidder);
            (bool ok,) = address(exchange).call(_dirty(clean, 4 + 0xc0, f));
            vm.assertFalse(ok, "dirty field accepted");
        }
        // The bidder argument (third head word of the call) with dirty bits.
        bytes memory dirtyBidder = bytes.concat(clean);
        dirtyBidder[4 + 0x40] = 0x01;
        vm.prank(bidder);
        (bool accepted,) = address(exchange).call(dirtyBidder);
        vm.assertFalse(accepted, "dirty bidder accepted");
        vm.prank(bidder);
        (bool claimed,) = address(exchange).call(clean);
        assertTrue(claimed, "clean bytes claim");
        assertEq(collection.ownerOf(1), bidder);
    }

    /// `cancel` reads the maker, the collection and both kinds first: dirty bits in any of them
    /// revert before any nonce moves, so `OrderCancelled` always names the order's clean hash.
    function test_brutalized_cancelRevertsOnDirtyNarrowFields() public {
        Order memory o = _single(1, 1 ether);
        bytes memory clean = abi.encodeCall(Exchange.cancel, (o));
        uint256 nonceBefore = collection.tokenNonce(1);
        for (uint256 f; f < 4; ++f) {
            vm.prank(seller);
            (bool ok,) = address(exchange).call(_dirty(clean, 4 + 0x20, f));
            vm.assertFalse(ok, "dirty address accepted");
        }
        assertEq(collection.tokenNonce(1), nonceBefore, "nothing revoked");
    }
}
