// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {ERC721} from "solady/tokens/ERC721.sol";

/// @notice A plain Solady ERC-721 (no nonce, no approval flag): the benchmark's second baseline,
/// to show what the same sale costs on an ordinary collection.
contract PlainERC721 is ERC721 {
    function name() public pure override returns (string memory) {
        return "Plain";
    }

    function symbol() public pure override returns (string memory) {
        return "PLN";
    }

    function tokenURI(uint256) public pure override returns (string memory) {
        return "";
    }

    function mint(address to, uint256 id) external {
        _mint(to, id);
    }
}
