// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {SafeTransferLib} from "solady/utils/SafeTransferLib.sol";
import {VaultState, VaultTerms} from "../interfaces/IFractional.sol";
import {IVaultCollection, VaultCore} from "./VaultCore.sol";
import {VaultShareOrders} from "./VaultShareOrders.sol";

interface IWrappedCoin {
    function withdraw(uint256 wad) external;
}

/// @title FractionalVault: one NFT, its shares, their primary sale, share listings and buyout
/// @notice Created by FractionalVaultFactory, which moves the NFT in. Life of a vault:
/// - PRIMARY SALE: anyone buys shares at the fixed price in the native coin while the window is
///   open, up to the purchase limit per address; the coin goes to the partner in the same call.
///   After the window the unsold shares go back to the partner (`releaseUnsold`, or at the first
///   buyout bid).
/// - TRADING: share listings (VaultShareOrders), any time.
/// - BUYOUT: a reserve auction in the wrapped coin once the sale is over. The first bid is at
///   least the reserve, each raise at least 5% more; a bid in the last 10 minutes moves the end to
///   10 minutes after it, never beyond MAX_EXTENSION past the planned end, so a buyout always ends.
///   Every bid is held here; the outbid bid goes back at once. `settle` (anyone, after the end)
///   moves the NFT to the winner and unwraps the bid for the holders; if the NFT had left, the bid
///   goes back instead (FAILED).
/// - CASH-OUT: after a successful buyout each holder burns their shares for their pro-rata part
///   of the winning bid (bid x shares / shareSupply, rounded down, the same in any order); the
///   last shares take what is left, so nothing is ever stuck, and no coin sent here by anyone
///   else counts.
/// - REDEMPTION: a holder of every share, while no buyout runs, burns them and takes the NFT.
/// The NFT leaves only by `settle` (SUCCEEDED) or `redeem`. (docs/decisions/117)
contract FractionalVault is VaultShareOrders {
    /// @notice How long a buyout runs from its first bid (before extensions).
    uint256 public constant BUYOUT_DURATION = 3 days;
    /// @notice A bid closer than this to the end moves the end to this long after the bid.
    uint256 public constant SOFT_CLOSE = 10 minutes;
    /// @notice The end never moves more than this past the planned end.
    uint256 public constant MAX_EXTENSION = 1 hours;
    /// @notice A raise is at least this much above the current bid (basis points: 5%).
    uint256 public constant MIN_RAISE_BPS = 500;

    constructor(address collection_, uint256 tokenId_, address curator_, address wrappedCoin_, VaultTerms memory t)
        VaultCore(collection_, tokenId_, curator_, wrappedCoin_, t)
    {}

    /// @notice Only the wrapped coin pays native coin in (the unwrapped winning bid).
    receive() external payable {
        if (msg.sender != wrappedCoin) revert UnexpectedPayment();
    }

    /*//////////////////////////////////////////////////////////////
                              PRIMARY SALE
    //////////////////////////////////////////////////////////////*/

    /// @notice Buys `shares` in the primary sale, paying exactly shares x pricePerShare.
    function buy(uint256 shares) external payable nonReentrant {
        if (block.timestamp < saleStart) revert SaleNotStarted();
        if (block.timestamp >= saleEnd) revert SaleEnded();
        if (shares == 0) revert ZeroShares();
        if (msg.sender == curator) revert CuratorCannotBuy();
        uint256 bought = purchased[msg.sender] + shares;
        if (bought > purchaseLimit) revert PurchaseLimitExceeded(purchaseLimit - purchased[msg.sender]);
        uint256 left = balanceOf(address(this));
        if (shares > left) revert NotEnoughSharesLeft(left);
        uint256 total = shares * pricePerShare; // shares <= supply < 2^40, price < 2^128
        if (msg.value != total) revert SharePaymentMismatch(total, msg.value);
        purchased[msg.sender] = bought;
        _transfer(address(this), msg.sender, shares);
        _sendNative(curator, total);
        emit SharesBought(msg.sender, shares, total);
    }

    /// @notice After the sale window, gives the unsold shares back to the partner (anyone may call).
    function releaseUnsold() external nonReentrant {
        if (block.timestamp < saleEnd) revert SaleStillOpen();
        if (balanceOf(address(this)) == 0) revert NoUnsoldShares();
        _releaseUnsold();
    }

    /*//////////////////////////////////////////////////////////////
                                 BUYOUT
    //////////////////////////////////////////////////////////////*/

    /// @notice Starts a buyout (first bid, at least the reserve) or raises the running one (at
    /// least 5% more), holding `amount` of the caller's wrapped coin (approve the vault first).
    function bid(uint256 amount) external nonReentrant {
        uint256 b = _buyout;
        VaultState state = VaultState(uint8(b >> 240));
        uint256 endsAt;
        if (state == VaultState.IDLE) {
            if (!saleOver()) revert SaleStillOpen();
            if (amount < reservePrice) revert BidBelowReserve();
            if (!holdsNft()) revert NftNotInVault();
            if (balanceOf(address(this)) != 0) _releaseUnsold();
            endsAt = block.timestamp + BUYOUT_DURATION;
            _buyout = _pack(msg.sender, endsAt, block.timestamp, VaultState.LIVE);
            _coin = amount;
            SafeTransferLib.safeTransferFrom(wrappedCoin, msg.sender, address(this), amount);
        } else if (state == VaultState.LIVE) {
            endsAt = uint40(b >> 160);
            if (block.timestamp >= endsAt) revert BuyoutEnded();
            uint256 previous = _coin;
            uint256 minimum = minimumRaise(previous);
            if (amount < minimum) revert BidTooLow(minimum);
            uint256 startedAt = uint40(b >> 200);
            endsAt = _extended(endsAt, startedAt);
            address previousBidder = address(uint160(b));
            _buyout = _pack(msg.sender, endsAt, startedAt, VaultState.LIVE);
            _coin = amount;
            if (previousBidder == msg.sender) {
                SafeTransferLib.safeTransferFrom(wrappedCoin, msg.sender, address(this), amount - previous);
            } else {
                SafeTransferLib.safeTransferFrom(wrappedCoin, msg.sender, address(this), amount);
                SafeTransferLib.safeTransfer(wrappedCoin, previousBidder, previous);
            }
        } else {
            revert VaultClosed();
        }
        emit BuyoutBid(msg.sender, amount, endsAt);
    }

    /// @notice Ends a buyout after its end (anyone may call): the NFT goes to the winner and the
    /// bid is unwrapped for the holders; if the vault no longer holds the NFT, the bid goes back.
    function settle() external nonReentrant {
        uint256 b = _buyout;
        if (VaultState(uint8(b >> 240)) != VaultState.LIVE) revert NoBuyout();
        if (block.timestamp < uint40(b >> 160)) revert BuyoutNotEnded();
        address winner = address(uint160(b));
        uint256 amount = _coin;
        if (holdsNft()) {
            _buyout = (b & ~(uint256(0xff) << 240)) | (uint256(VaultState.SUCCEEDED) << 240);
            _winningBid = amount;
            // `transferFrom`, not the safe variant: the winner's code is never called.
            IVaultCollection(collection).transferFrom(address(this), winner, tokenId);
            IWrappedCoin(wrappedCoin).withdraw(amount);
            emit BuyoutSucceeded(winner, amount);
        } else {
            _buyout = (b & ~(uint256(0xff) << 240)) | (uint256(VaultState.FAILED) << 240);
            _coin = 0;
            SafeTransferLib.safeTransfer(wrappedCoin, winner, amount);
            emit BuyoutFailed(winner, amount);
        }
    }

    /// @notice The lowest raise accepted over `current`: 5% more, rounded up.
    function minimumRaise(uint256 current) public pure returns (uint256) {
        return current + (current * MIN_RAISE_BPS + 9_999) / 10_000;
    }

    /*//////////////////////////////////////////////////////////////
                            CASH-OUT, REDEEM
    //////////////////////////////////////////////////////////////*/

    /// @notice After a successful buyout, burns every share of the caller for their pro-rata part
    /// of the proceeds, paid in the native coin.
    function cashOut() external nonReentrant {
        if (_state() != VaultState.SUCCEEDED) revert CashOutNotOpen();
        uint256 shares = balanceOf(msg.sender);
        if (shares == 0) revert NothingToCashOut();
        uint256 left = _coin;
        // The rounded-down share of the bid; the last shares take what the roundings left.
        uint256 payout = shares == totalSupply() ? left : _winningBid * shares / shareSupply;
        _coin = left - payout;
        _burn(msg.sender, shares);
        _sendNative(msg.sender, payout);
        emit CashedOut(msg.sender, shares, payout);
    }

    /// @notice A holder of every share, while no buyout runs, burns them all and takes the NFT.
    function redeem() external nonReentrant {
        VaultState state = _state();
        if (state == VaultState.LIVE) revert BuyoutInProgress();
        if (state != VaultState.IDLE) revert VaultClosed();
        uint256 supply = totalSupply();
        if (balanceOf(msg.sender) != supply) revert MustHoldEveryShare();
        if (!holdsNft()) revert NftNotInVault();
        _buyout = _pack(msg.sender, 0, 0, VaultState.REDEEMED);
        _burn(msg.sender, supply);
        IVaultCollection(collection).transferFrom(address(this), msg.sender, tokenId);
        emit Redeemed(msg.sender);
    }

    /*//////////////////////////////////////////////////////////////
                               INTERNALS
    //////////////////////////////////////////////////////////////*/

    function _releaseUnsold() private {
        uint256 unsold = balanceOf(address(this));
        _transfer(address(this), curator, unsold);
        emit UnsoldReleased(curator, unsold);
    }

    /// @dev The end after a bid at `block.timestamp`: moved to SOFT_CLOSE after it when closer,
    /// never past the planned end plus MAX_EXTENSION.
    function _extended(uint256 endsAt, uint256 startedAt) private view returns (uint256) {
        uint256 wanted = block.timestamp + SOFT_CLOSE;
        if (wanted <= endsAt) return endsAt;
        uint256 cap = startedAt + BUYOUT_DURATION + MAX_EXTENSION;
        return wanted < cap ? wanted : cap;
    }

    function _pack(address bidder, uint256 endsAt, uint256 startedAt, VaultState state)
        private
        pure
        returns (uint256)
    {
        return uint256(uint160(bidder)) | endsAt << 160 | startedAt << 200 | uint256(state) << 240;
    }
}
