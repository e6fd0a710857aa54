// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {Test} from "./Test.sol";
import {WVBC} from "../../src/WVBC.sol";
import {CollectionFactory} from "../../src/CollectionFactory.sol";
import {MarketplaceCollection} from "../../src/MarketplaceCollection.sol";
import {Exchange} from "../../src/Exchange.sol";
import {Order, FIXED_PRICE, AUCTION, SINGLE, SET, BUNDLE} from "../../src/lib/OrderTypes.sol";

/// @notice Deploys the marketplace and offers order building and signing helpers.
abstract contract Fixture is Test {
    uint256 internal constant OWNER_KEY = 0xA11CE;
    uint256 internal constant SETTLEMENT_KEY = 0x5E771E;
    uint256 internal constant SELLER_KEY = 0x5E11E7;
    uint256 internal constant BUYER_KEY = 0xB0B;
    uint256 internal constant BIDDER_KEY = 0xB1DD3;
    uint256 internal constant OTHER_BIDDER_KEY = 0xB1DD4;
    uint256 internal constant STRANGER_KEY = 0x57A;

    address internal owner = vm.addr(OWNER_KEY);
    address internal settlementSigner = vm.addr(SETTLEMENT_KEY);
    address internal seller = vm.addr(SELLER_KEY);
    address internal buyer = vm.addr(BUYER_KEY);
    address internal bidder = vm.addr(BIDDER_KEY);
    address internal otherBidder = vm.addr(OTHER_BIDDER_KEY);
    address internal stranger = vm.addr(STRANGER_KEY);

    WVBC internal wvbc;
    CollectionFactory internal factory;
    Exchange internal exchange;
    MarketplaceCollection internal collection;

    uint256 internal constant START = 1_700_000_000;
    uint256 internal constant END = START + 7 days;
    /// @dev Claims open CLAIM_DELAY (2 hours) after the end; attestations here last a day.
    uint256 internal constant CLAIM_OPEN = END + 2 hours;
    uint256 internal constant DEADLINE = CLAIM_OPEN + 1 days;

    function setUp() public virtual {
        vm.warp(START);
        wvbc = new WVBC();
        factory = new CollectionFactory(owner);
        exchange = new Exchange(owner, address(wvbc), settlementSigner);
        vm.startPrank(owner);
        factory.grantRole(factory.PARTNER_ROLE(), seller);
        vm.stopPrank();
        vm.prank(seller);
        collection = MarketplaceCollection(factory.createCollection("Art", "ART", "ipfs://art"));
        // The seller holds tokens 1..12 and lets the exchange move them.
        string[] memory uris = new string[](12);
        for (uint256 i; i < 12; ++i) {
            uris[i] = "ipfs://token";
        }
        vm.startPrank(seller);
        collection.mintBatch(seller, uris);
        collection.setApprovalForAll(address(exchange), true);
        vm.stopPrank();
        vm.deal(buyer, 1_000 ether);
        vm.deal(bidder, 1_000 ether);
        vm.deal(otherBidder, 1_000 ether);
        vm.deal(stranger, 1_000 ether);
        vm.label(seller, "seller");
        vm.label(buyer, "buyer");
        vm.label(bidder, "bidder");
        vm.label(address(exchange), "exchange");
    }

    /*//////////////////////////////////////////////////////////////
                              ORDER BUILDING
    //////////////////////////////////////////////////////////////*/

    function _ids(uint256 first, uint256 count) internal pure returns (uint256[] memory ids) {
        ids = new uint256[](count);
        for (uint256 i; i < count; ++i) {
            ids[i] = first + i;
        }
    }

    function _noncesOf(MarketplaceCollection c, uint256[] memory ids) internal view returns (uint256[] memory n) {
        n = new uint256[](ids.length);
        for (uint256 i; i < ids.length; ++i) {
            n[i] = c.tokenNonce(ids[i]);
        }
    }

    function _order(uint256[] memory ids, uint8 saleKind, uint8 itemsKind, uint256 price)
        internal
        view
        returns (Order memory o)
    {
        o.maker = seller;
        o.collection = address(collection);
        o.tokenIds = ids;
        o.tokenNonces = _noncesOf(collection, ids);
        o.saleKind = saleKind;
        o.itemsKind = itemsKind;
        o.price = price;
        o.startTime = START;
        o.endTime = END;
        o.salt = uint256(keccak256(abi.encode(ids, price, saleKind, itemsKind)));
        o.counter = exchange.counters(seller);
        o.maxFeeBps = exchange.MAX_FEE_BPS(); // the seller accepts any fee the exchange allows
    }

    function _single(uint256 id, uint256 price) internal view returns (Order memory) {
        return _order(_ids(id, 1), FIXED_PRICE, SINGLE, price);
    }

    function _auction(uint256 id, uint256 reserve) internal view returns (Order memory) {
        return _order(_ids(id, 1), AUCTION, SINGLE, reserve);
    }

    function _bundle(uint256 first, uint256 count, uint256 perItem, uint256 discountBps, uint256 minCount)
        internal
        view
        returns (Order memory o)
    {
        o = _order(_ids(first, count), FIXED_PRICE, BUNDLE, perItem);
        o.discountBps = discountBps;
        o.minCountForDiscount = minCount;
    }

    /*//////////////////////////////////////////////////////////////
                           EIP-712 (independent)
    //////////////////////////////////////////////////////////////*/

    /// @dev hashStruct(order) written the plain way, to check the exchange's assembly version.
    function _structHash(Order memory o) internal pure returns (bytes32) {
        // Two halves (one abi.encode of 15 values is too deep for the legacy code generator);
        // every value is one static word, so the concatenation is the single encoding.
        bytes memory head = abi.encode(
            keccak256(
                "Order(address maker,address collection,uint256[] tokenIds,uint256[] tokenNonces,uint8 saleKind,uint8 itemsKind,uint256 price,uint256 discountBps,uint256 minCountForDiscount,uint256 startTime,uint256 endTime,uint256 salt,uint256 counter,uint256 maxFeeBps)"
            ),
            o.maker,
            o.collection,
            keccak256(abi.encodePacked(o.tokenIds)),
            keccak256(abi.encodePacked(o.tokenNonces)),
            o.saleKind,
            o.itemsKind,
            o.price
        );
        bytes memory tail =
            abi.encode(o.discountBps, o.minCountForDiscount, o.startTime, o.endTime, o.salt, o.counter, o.maxFeeBps);
        return keccak256(bytes.concat(head, tail));
    }

    function _domainSeparator() internal view returns (bytes32) {
        return keccak256(
            abi.encode(
                keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)"),
                keccak256("VBChain Marketplace"),
                keccak256("1"),
                block.chainid,
                address(exchange)
            )
        );
    }

    function _digest(bytes32 structHash) internal view returns (bytes32) {
        return keccak256(abi.encodePacked("\x19\x01", _domainSeparator(), structHash));
    }

    function _sign(uint256 key, bytes32 digest) internal pure returns (bytes memory) {
        (uint8 v, bytes32 r, bytes32 s) = vm.sign(key, digest);
        return abi.encodePacked(r, s, v);
    }

    /// @dev EIP-2098 compact form (64 bytes), also accepted by the exchange.
    function _signCompact(uint256 key, bytes32 digest) internal pure returns (bytes memory) {
        (uint8 v, bytes32 r, bytes32 s) = vm.sign(key, digest);
        return abi.encodePacked(r, bytes32(uint256(s) | (uint256(v - 27) << 255)));
    }

    function _signOrder(uint256 key, Order memory o) internal view returns (bytes memory) {
        return _sign(key, _digest(_structHash(o)));
    }

    /// @dev The nested Bid type: its string is checked against an independent one in Exchange.t.sol.
    function _bidHash(bytes32 orderHash, address who, uint256 amount) internal view returns (bytes32) {
        return keccak256(abi.encode(exchange.BID_TYPEHASH(), orderHash, who, amount));
    }

    function _settlementHash(bytes32 orderHash, address who, uint256 amount, uint256 deadline, uint256 epoch)
        internal
        pure
        returns (bytes32)
    {
        bytes memory head = abi.encode(
            keccak256("Settlement(bytes32 orderHash,address bidder,uint256 amount,uint256 deadline,uint256 epoch)"),
            orderHash,
            who
        );
        return keccak256(abi.encodePacked(head, amount, deadline, epoch));
    }

    function _signBid(uint256 key, Order memory o, uint256 amount) internal view returns (bytes memory) {
        return _sign(key, _digest(_bidHash(_structHash(o), vm.addr(key), amount)));
    }

    /// @dev An attestation valid until DEADLINE in the exchange's current epoch.
    function _signSettlement(Order memory o, address who, uint256 amount) internal view returns (bytes memory) {
        return _signSettlementUntil(o, who, amount, DEADLINE);
    }

    function _signSettlementUntil(Order memory o, address who, uint256 amount, uint256 deadline)
        internal
        view
        returns (bytes memory)
    {
        bytes32 h = _settlementHash(_structHash(o), who, amount, deadline, exchange.settlementEpoch());
        return _sign(SETTLEMENT_KEY, _digest(h));
    }

    /// @dev The settlement key's receipt of an accepted bid (`BidAccepted`, current epoch). Reads
    /// the epoch from storage (slot 0, bits 176..239) so that it keeps a pending `vm.prank`.
    function _receipt(Order memory o, address who, uint256 amount) internal view returns (bytes memory) {
        uint256 epoch = uint64(uint256(vm.load(address(exchange), bytes32(0))) >> 176);
        bytes32 h = keccak256(
            abi.encode(
                keccak256("BidAccepted(bytes32 orderHash,address bidder,uint256 amount,uint256 epoch)"),
                _structHash(o),
                who,
                amount,
                epoch
            )
        );
        return _sign(SETTLEMENT_KEY, _digest(h));
    }

    /// @dev A bidder wraps and approves WVBC for the exchange.
    function _fundBidder(address who, uint256 amount) internal {
        vm.deal(who, who.balance + amount);
        vm.startPrank(who);
        wvbc.deposit{value: amount}();
        wvbc.approve(address(exchange), type(uint256).max);
        vm.stopPrank();
    }

    function _allBits(uint256 n) internal pure returns (uint256) {
        return n == 256 ? type(uint256).max : (1 << n) - 1;
    }
}
