// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @title WVBC: wrapped VBC
/// @notice WETH9 semantics for the chain's native coin VBC: `deposit` (or a plain transfer) wraps,
/// `withdraw` unwraps, and the balance is a standard ERC-20 used for auction bids.
/// @dev As WETH9: `transferFrom` by the holder itself needs no allowance, an allowance of
/// `type(uint256).max` is never decreased, and there is no `permit` (a signature that grants an
/// allowance is a phishing surface, and the Exchange only needs `approve`). Every wrapped wei is
/// held here, so `address(this).balance >= totalSupply` always (VBC forced in by self-destructs
/// or block rewards only adds). Emits WETH9's `Deposit`/`Withdrawal` events and also the ERC-20
/// `Transfer` from/to zero so that generic token indexers see the supply change.
contract WVBC {
    /*//////////////////////////////////////////////////////////////
                                 ERRORS
    //////////////////////////////////////////////////////////////*/

    /// @notice The holder has fewer WVBC than the amount.
    error InsufficientBalance();

    /// @notice The spender's allowance is below the amount.
    error InsufficientAllowance();

    /// @notice Sending the unwrapped VBC to the caller failed.
    error NativeTransferFailed();

    /*//////////////////////////////////////////////////////////////
                                 EVENTS
    //////////////////////////////////////////////////////////////*/

    /// @notice `amount` WVBC moved from `from` to `to` (from zero: wrapped; to zero: unwrapped).
    event Transfer(address indexed from, address indexed to, uint256 amount);

    /// @notice `owner` allowed `spender` to move `amount` of its WVBC.
    event Approval(address indexed owner, address indexed spender, uint256 amount);

    /// @notice `dst` wrapped `wad` VBC into WVBC.
    event Deposit(address indexed dst, uint256 wad);

    /// @notice `src` unwrapped `wad` WVBC into VBC.
    event Withdrawal(address indexed src, uint256 wad);

    /*//////////////////////////////////////////////////////////////
                            METADATA AND STORAGE
    //////////////////////////////////////////////////////////////*/

    /// @notice The token name.
    string public constant name = "Wrapped VBC";
    /// @notice The token symbol.
    string public constant symbol = "WVBC";
    /// @notice Decimals, as VBC.
    uint8 public constant decimals = 18;

    /// @notice WVBC in existence: the VBC wrapped and not yet unwrapped.
    uint256 public totalSupply;
    /// @notice WVBC held by each account.
    mapping(address => uint256) public balanceOf;
    /// @notice How much of `owner`'s WVBC `spender` may move.
    mapping(address => mapping(address => uint256)) public allowance;

    /*//////////////////////////////////////////////////////////////
                               WRAPPING
    //////////////////////////////////////////////////////////////*/

    /// @notice Wraps the VBC sent with the call into the same amount of WVBC for the caller.
    function deposit() public payable {
        totalSupply += msg.value; // checked: never more than the VBC in existence
        unchecked {
            balanceOf[msg.sender] += msg.value; // a balance is at most totalSupply
        }
        emit Transfer(address(0), msg.sender, msg.value);
        emit Deposit(msg.sender, msg.value);
    }

    /// @notice Unwraps `wad` WVBC of the caller and sends the same amount of VBC to the caller.
    /// @param wad The amount in wei.
    function withdraw(uint256 wad) external {
        uint256 balance = balanceOf[msg.sender];
        if (balance < wad) revert InsufficientBalance();
        unchecked {
            balanceOf[msg.sender] = balance - wad;
            totalSupply -= wad;
        }
        emit Transfer(msg.sender, address(0), wad);
        emit Withdrawal(msg.sender, wad);
        (bool ok,) = msg.sender.call{value: wad}("");
        if (!ok) revert NativeTransferFailed();
    }

    /// @notice A plain VBC transfer wraps, as in WETH9.
    receive() external payable {
        deposit();
    }

    /// @notice Any other call with value wraps, as in WETH9 (without value it does nothing).
    fallback() external payable {
        deposit();
    }

    /*//////////////////////////////////////////////////////////////
                                ERC-20
    //////////////////////////////////////////////////////////////*/

    /// @notice Allows `spender` to move up to `amount` of the caller's WVBC.
    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    /// @notice Moves `amount` of the caller's WVBC to `to`.
    function transfer(address to, uint256 amount) external returns (bool) {
        _transfer(msg.sender, to, amount);
        return true;
    }

    /// @notice Moves `amount` of `from`'s WVBC to `to`. A caller other than `from` spends its
    /// allowance (unless it is `type(uint256).max`); `from` itself needs none, as in WETH9.
    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        if (from != msg.sender) {
            uint256 allowed = allowance[from][msg.sender];
            if (allowed != type(uint256).max) {
                if (allowed < amount) revert InsufficientAllowance();
                unchecked {
                    allowance[from][msg.sender] = allowed - amount;
                }
            }
        }
        _transfer(from, to, amount);
        return true;
    }

    function _transfer(address from, address to, uint256 amount) private {
        uint256 balance = balanceOf[from];
        if (balance < amount) revert InsufficientBalance();
        unchecked {
            balanceOf[from] = balance - amount;
            balanceOf[to] += amount; // the sum of balances is totalSupply
        }
        emit Transfer(from, to, amount);
    }
}
