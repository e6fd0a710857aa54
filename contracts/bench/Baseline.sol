// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

interface IERC721Like {
    function transferFrom(address from, address to, uint256 id) external payable;
}

/// @title Baseline: the unavoidable work of one sale, for the gas benchmark
/// @notice One ecrecover (the seller's consent), one ERC-721 transferFrom (seller -> buyer), one
/// value transfer (buyer -> seller). No order, no replay protection, no events of its own: every
/// real exchange costs at least this much (scripts/bench-gas.ts compares against it).
contract Baseline {
    error BadSignature();
    error PaymentFailed();

    function sale(address collection, uint256 id, address seller, bytes32 digest, uint8 v, bytes32 r, bytes32 s)
        external
        payable
    {
        if (ecrecover(digest, v, r, s) != seller) revert BadSignature();
        IERC721Like(collection).transferFrom(seller, msg.sender, id);
        (bool ok,) = seller.call{value: msg.value}("");
        if (!ok) revert PaymentFailed();
    }
}
