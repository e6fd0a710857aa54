/**
 * The Drops contract's refusals (contracts/src/interfaces/IDrops.sol) read as catalogue codes:
 * a reverted drop call shows the user the translated message of its code. The server's revert
 * reader (server/src/chain/reverts.ts) merges this table into its own.
 */
import type { ErrorCode } from './errors.ts';

export const DROP_REVERT_CODES = {
  NotAPartner: 'NOT_PARTNER',
  InvalidDrop: 'INVALID_DROP',
  BagMustBeCommittedBeforeSale: 'DROP_BAG_COMMIT_LATE',
  DropNotFound: 'DROP_NOT_FOUND',
  ZeroQuantity: 'NO_ITEMS_SELECTED',
  DropNotStarted: 'DROP_NOT_STARTED',
  DropEnded: 'DROP_ENDED',
  SoldOut: 'DROP_SOLD_OUT',
  OverWalletLimit: 'DROP_OVER_LIMIT',
  WrongPayment: 'WRONG_PAYMENT',
  CallerIsNotThePartner: 'NOT_DROP_PARTNER',
  WrongDropKind: 'DROP_WRONG_KIND',
  DeliveryDeadlinePassed: 'DROP_DELIVERY_CLOSED',
  DeliveringMoreThanSold: 'DROP_DELIVER_TOO_MANY',
  RefundNotYetOpen: 'DROP_REFUND_NOT_OPEN',
  NothingToRefund: 'DROP_NOTHING_TO_REFUND',
  RevealBeforeSaleClosed: 'DROP_REVEAL_TOO_EARLY',
  RevealBlockNotMined: 'DROP_REVEAL_PENDING',
  AlreadyRevealed: 'DROP_ALREADY_REVEALED',
  NotRevealed: 'DROP_NOT_REVEALED',
  BagAlreadyOpened: 'DROP_BAG_OPENED',
  InvalidPoolProof: 'DROP_INVALID_PROOF',
  CallerIsNotTheHolder: 'NOT_ITEM_OWNER',
  NothingToWithdraw: 'DROP_NOTHING_TO_WITHDRAW',
  // Solady's SafeTransferLib: the buyer's wrapped coin (balance or allowance) fell short.
  TransferFromFailed: 'NOT_ENOUGH_WRAPPER_BALANCE',
} as const satisfies Record<string, ErrorCode>;
