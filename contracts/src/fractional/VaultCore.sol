// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {ERC20} from "solady/tokens/ERC20.sol";
import {EIP712} from "solady/utils/EIP712.sol";
import {ReentrancyGuardTransient} from "solady/utils/ReentrancyGuardTransient.sol";
import {IFractionalEvents, IFractionalVaultErrors, VaultState, VaultTerms} from "../interfaces/IFractional.sol";

/// @notice What a vault reads from its factory: the share-trading fee.
interface IFeeSource {
    function feeInfo() external view returns (uint256 feeBps, address recipient);
}

/// @notice The ERC-721 calls a vault makes on its NFT's collection.
interface IVaultCollection {
    function ownerOf(uint256 id) external view returns (address);
    function transferFrom(address from, address to, uint256 id) external payable;
}

/// @title VaultCore: a vault's shares, terms and state, shared by its parts
/// @notice The shares are this contract's ERC-20 (0 decimals: one unit is one share). The whole
/// supply is minted to the vault at creation and never changes until shares are burnt by a
/// cash-out or a redemption; the primary sale hands out the vault's own balance. The terms are
/// immutables: nobody can change them after the partner fixed them. (docs/decisions/117)
abstract contract VaultCore is ERC20, EIP712, ReentrancyGuardTransient, IFractionalVaultErrors, IFractionalEvents {
    /// @notice The factory that created the vault (it holds the share-trading fee).
    address public immutable factory;
    /// @notice The NFT's collection and id.
    address public immutable collection;
    uint256 public immutable tokenId;
    /// @notice The partner who fractionalized the NFT: receives the sale's proceeds and the
    /// unsold shares.
    address public immutable curator;
    /// @notice The wrapped native coin buyouts are bid in (WVBC, WBNB: the network's own).
    address public immutable wrappedCoin;
    /// @notice The number of shares created (the total supply until cash-outs burn some).
    uint256 public immutable shareSupply;
    /// @notice The primary sale's terms (see VaultTerms).
    uint256 public immutable pricePerShare;
    uint256 public immutable purchaseLimit;
    uint256 public immutable saleStart;
    uint256 public immutable saleEnd;
    /// @notice The lowest buyout, in the wrapped coin.
    uint256 public immutable reservePrice;

    string private _name;
    string private _symbol;

    /// @dev The buyout: bidder (bits 0..159), current end (160..199), start (200..239), state (240..247).
    uint256 internal _buyout;
    /// @dev The wrapped coin held for the current bid while LIVE; the native coin still owed to
    /// holders after SUCCEEDED; 0 otherwise.
    uint256 internal _coin;
    /// @dev The winning bid of a SUCCEEDED vault (for views; set once at settlement).
    uint256 internal _winningBid;

    /// @notice Shares each address bought in the primary sale (the purchase limit counts these).
    mapping(address buyer => uint256) public purchased;

    constructor(address collection_, uint256 tokenId_, address curator_, address wrappedCoin_, VaultTerms memory t) {
        factory = msg.sender;
        collection = collection_;
        tokenId = tokenId_;
        curator = curator_;
        wrappedCoin = wrappedCoin_;
        shareSupply = t.supply;
        pricePerShare = t.pricePerShare;
        purchaseLimit = t.purchaseLimit;
        saleStart = t.saleStart;
        saleEnd = t.saleEnd;
        reservePrice = t.reservePrice;
        _name = t.name;
        _symbol = t.symbol;
        _mint(address(this), t.supply);
    }

    /*//////////////////////////////////////////////////////////////
                                 VIEWS
    //////////////////////////////////////////////////////////////*/

    function name() public view override returns (string memory) {
        return _name;
    }

    function symbol() public view override returns (string memory) {
        return _symbol;
    }

    /// @notice Shares are whole: 0 decimals.
    function decimals() public pure override returns (uint8) {
        return 0;
    }

    /// @notice The vault's state, the current (or winning) bidder and bid, and the buyout's end.
    function buyout() external view returns (VaultState state, address bidder, uint256 amount, uint256 endsAt) {
        uint256 b = _buyout;
        state = VaultState(uint8(b >> 240));
        bidder = address(uint160(b));
        amount = state == VaultState.LIVE || state == VaultState.SUCCEEDED ? _bidOf(state) : 0;
        endsAt = uint40(b >> 160);
    }

    /// @notice The native coin still owed to the holders after a successful buyout.
    function proceedsLeft() external view returns (uint256) {
        return _state() == VaultState.SUCCEEDED ? _coin : 0;
    }

    /// @notice What cashing out `shares` pays (after a successful buyout; 0 before): the winning
    /// bid x shares / shareSupply rounded down, whoever cashes out first; the holder of the last
    /// shares also receives the few wei the roundings left (fewer than the number of holders).
    function cashOutQuote(uint256 shares) public view returns (uint256) {
        if (_state() != VaultState.SUCCEEDED || shares == 0) return 0;
        return shares == totalSupply() ? _coin : _winningBid * shares / shareSupply;
    }

    /// @notice Whether the primary sale is over: its window closed or every share sold.
    function saleOver() public view returns (bool) {
        return block.timestamp >= saleEnd || balanceOf(address(this)) == 0;
    }

    /// @notice Whether the vault still holds its NFT.
    function holdsNft() public view returns (bool) {
        (bool ok, bytes memory data) =
            collection.staticcall(abi.encodeWithSelector(IVaultCollection.ownerOf.selector, tokenId));
        return ok && data.length == 32 && abi.decode(data, (address)) == address(this);
    }

    /// @notice The EIP-712 domain separator (name "VBChain Fractional", version 1, this chain, this vault).
    function domainSeparator() external view returns (bytes32) {
        return _domainSeparator();
    }

    /*//////////////////////////////////////////////////////////////
                               INTERNALS
    //////////////////////////////////////////////////////////////*/

    function _state() internal view returns (VaultState) {
        return VaultState(uint8(_buyout >> 240));
    }

    /// @dev The bid a LIVE vault holds is `_coin`; a SUCCEEDED vault's `_coin` is what is left
    /// to pay out, its winning bid `_winningBid`.
    function _bidOf(VaultState state) private view returns (uint256) {
        return state == VaultState.LIVE ? _coin : _winningBid;
    }

    /// @dev Sends native coin; a failure reverts the whole call (only ever sent to the caller or
    /// to the partner of a sale, so no one can block someone else's payment).
    function _sendNative(address to, uint256 amount) internal {
        /// @solidity memory-safe-assembly
        assembly {
            if iszero(call(gas(), to, amount, codesize(), 0x00, codesize(), 0x00)) {
                mstore(0x00, 0xf499da20) // `PaymentFailed()`.
                revert(0x1c, 0x04)
            }
        }
    }

    /// @dev Domain {name: "VBChain Fractional", version: "1", chainId, verifyingContract: vault}.
    function _domainNameAndVersion() internal pure override returns (string memory, string memory) {
        return ("VBChain Fractional", "1");
    }

    /// @dev Cancun on every network served (both have transient storage): the transient guard.
    function _useTransientReentrancyGuardOnlyOnMainnet() internal pure override returns (bool) {
        return false;
    }

    /// @dev Only the mint puts shares in the vault: a share sent here by mistake would be sold
    /// again or handed to the partner, and no outcome may ever depend on what the vault holds.
    function _beforeTokenTransfer(address from, address to, uint256) internal view override {
        if (to == address(this) && from != address(0)) revert SharesCannotGoToTheVault();
    }

    /// @dev No built-in Permit2 allowance: its address is a constant of other networks.
    function _givePermit2InfiniteAllowance() internal pure override returns (bool) {
        return false;
    }
}
