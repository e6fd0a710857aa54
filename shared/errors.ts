/**
 * The error catalogue: every error the API answers has a stable machine code (the key), an HTTP
 * status and the English catalogue message. The web app maps each code to a translated message
 * (src/lib/errors.ts); the server throws them as `AppError` (server/src/errors.ts).
 */

export const ERRORS = {
  // account
  ACCOUNT_NOT_FOUND: { status: 404, message: 'This account does not exist' },
  WRONG_CREDENTIALS: { status: 401, message: 'Username or password is wrong' },
  WRONG_PASSWORD: { status: 400, message: 'Wrong password' },
  ACCOUNT_EXISTS: { status: 409, message: 'Username or email has already existed' },
  USERNAME_TAKEN: { status: 409, message: 'This username is taken, please choose another' },
  AUTH_REQUEST_EXPIRED: { status: 401, message: 'Authentication request has expired' },
  EMAIL_VERIFICATION_FAILED: { status: 400, message: 'Verifying email failure' },
  EMAIL_ALREADY_VERIFIED: { status: 409, message: 'Email has already been verified' },
  EMAIL_NOT_VERIFIED: { status: 403, message: 'Please verify your email first' },
  // passwords and forms
  PASSWORD_MISMATCH: { status: 400, message: 'Passwords do not match' },
  PASSWORD_TOO_SHORT: { status: 400, message: 'Password is too short' },
  PASSWORD_SAME_AS_OLD: { status: 400, message: 'New password must differ from the current one' },
  INVALID_EMAIL: { status: 400, message: 'Invalid Email' },
  REQUIRED_FIELD: { status: 400, message: 'Compulsory field' },
  VALIDATION_FAILED: { status: 400, message: 'Invalid' },
  // wallet
  ADDRESS_IN_USE: { status: 409, message: 'Address is already in use' },
  INVALID_ADDRESS: { status: 400, message: 'Invalid address' },
  INVALID_SIGNATURE: { status: 401, message: 'Invalid signature' },
  WRONG_NETWORK: { status: 400, message: 'Wrong network' },
  UNKNOWN_NETWORK: { status: 404, message: 'Wrong network' },
  CONTRACT_NOT_DEPLOYED: { status: 409, message: 'Coming soon' },
  CLEAR_SECRET_REFUSED: {
    status: 400,
    message: 'Only a keystore encrypted in the browser is accepted',
  },
  WALLET_NOT_FOUND: { status: 404, message: 'Wallet not connected yet' },
  // balances
  NOT_ENOUGH_WRAPPER_BALANCE: { status: 400, message: "Don't have enough Wrapper balance" },
  NOT_ENOUGH_ACCOUNT_BALANCE: { status: 400, message: "Don't have enough Account balance" },
  // other
  NO_ITEMS_SELECTED: { status: 400, message: 'Please select items' },
  NOT_FOUND: { status: 404, message: 'No data found' },
  USE_WALLET_ACCOUNT: { status: 403, message: 'Please use Wallet account' },
  SELLER_CANNOT_BUY: { status: 403, message: 'You are the seller' },
  COMING_SOON: { status: 501, message: 'Coming soon' },
  // trading (listings, bids, claims, buys)
  INVALID_ORDER: { status: 400, message: 'Invalid order' },
  NOT_ITEM_OWNER: { status: 403, message: 'You do not own this item' },
  EXCHANGE_NOT_APPROVED: {
    status: 400,
    message: 'Please allow the marketplace to transfer your items first',
  },
  ALREADY_LISTED: { status: 409, message: 'This item is already on sale' },
  ORDER_NOT_AVAILABLE: { status: 409, message: 'This item is no longer for sale' },
  ORDER_SOLD: { status: 409, message: 'Someone else bought this item a moment ago' },
  ORDER_EXPIRED: { status: 409, message: 'This listing has expired' },
  PRICE_CHANGED: {
    status: 409,
    message: 'The seller listed this item again: check the price and try again',
  },
  ORDER_NOT_STARTED: { status: 400, message: 'This sale has not started yet' },
  WRONG_SALE_KIND: { status: 400, message: 'This item is not sold this way' },
  AUCTION_NOT_STARTED: { status: 400, message: 'The auction has not started yet' },
  AUCTION_ENDED: { status: 400, message: 'The auction has ended' },
  AUCTION_NOT_ENDED: { status: 400, message: 'The auction has not ended yet' },
  BID_BELOW_RESERVE: { status: 400, message: 'The bid is below the reserve price' },
  BID_TOO_LOW: { status: 400, message: 'A bid must be at least 5% above the highest bid' },
  OUTBID_WHILE_BIDDING: {
    status: 409,
    message: 'Someone outbid you while you were bidding: see the new minimum and bid again',
  },
  NOT_THE_WINNER: { status: 403, message: 'Only the winner or the seller can claim' },
  NO_VALID_BID: { status: 409, message: 'There is no valid bid to claim' },
  CLAIMS_NOT_OPEN: { status: 400, message: 'Claims open two hours after the auction ends' },
  CLAIM_WINDOW_CLOSED: { status: 409, message: 'The time to claim this auction has passed' },
  AUCTION_SETTLING: {
    status: 409,
    message: 'This auction has ended and can be claimed: it cannot be taken off sale now',
  },
  // gifts (docs/decisions/085-gift-escrow-with-a-link-key.md)
  GIFT_NOT_FOUND: { status: 404, message: 'This gift link is not valid' },
  GIFT_ALREADY_CLAIMED: { status: 409, message: 'This gift has already been claimed' },
  GIFT_TAKEN_BACK: { status: 409, message: 'The giver took this gift back' },
  GIFT_MESSAGE_EXISTS: { status: 409, message: 'This gift already has its message' },
  GIFT_NOT_RELAYED: {
    status: 409,
    message:
      'Gifts from this giver can no longer be claimed here: earlier ones were taken back while being claimed. Ask the giver to send the NFT to your wallet',
  },
  // drops (docs/decisions/118-drops-escrow-and-reveal.md)
  DROP_NOT_FOUND: { status: 404, message: 'This drop does not exist' },
  INVALID_DROP: {
    status: 400,
    message:
      'The drop settings do not fit together: check the times, the number of items and the limit per user',
  },
  DROP_BAG_COMMIT_LATE: {
    status: 400,
    message: 'A magic bag must be created before its sale opens',
  },
  DROP_NOT_STARTED: { status: 400, message: 'This drop has not opened yet' },
  DROP_ENDED: { status: 409, message: 'This drop has closed' },
  DROP_SOLD_OUT: { status: 409, message: 'Not enough items are left in this drop' },
  DROP_OVER_LIMIT: { status: 400, message: "This would take you over the drop's limit per user" },
  WRONG_PAYMENT: { status: 400, message: 'The amount paid is not the price' },
  NOT_DROP_PARTNER: { status: 403, message: 'Only the partner of this drop can do this' },
  DROP_WRONG_KIND: { status: 400, message: 'This drop is not of that kind' },
  DROP_DELIVERY_CLOSED: {
    status: 409,
    message: 'The delivery deadline has passed: what was not delivered is refundable',
  },
  DROP_DELIVER_TOO_MANY: {
    status: 400,
    message: 'This buyer has fewer items waiting for delivery',
  },
  DROP_REFUND_NOT_OPEN: { status: 400, message: 'Refunds open at the delivery deadline' },
  DROP_NOTHING_TO_REFUND: { status: 409, message: 'You have nothing left to refund in this drop' },
  DROP_REVEAL_TOO_EARLY: {
    status: 400,
    message: 'A magic bag is revealed once its sale has closed',
  },
  DROP_REVEAL_PENDING: {
    status: 409,
    message: 'The reveal is waiting for its block: try again in a few seconds',
  },
  DROP_ALREADY_REVEALED: { status: 409, message: 'This magic bag has already been revealed' },
  DROP_NOT_REVEALED: { status: 409, message: 'This magic bag has not been revealed yet' },
  DROP_BAG_OPENED: { status: 409, message: 'This bag has already been opened' },
  DROP_INVALID_PROOF: { status: 400, message: 'This item is not the one committed for this bag' },
  DROP_NOTHING_TO_WITHDRAW: {
    status: 409,
    message: 'There are no proceeds of delivered items to withdraw',
  },
  DROP_POOL_UNKNOWN: {
    status: 404,
    message: "This magic bag's items were not published here: ask its partner",
  },
  // partner studio (server/src/studio/partners.ts)
  NOT_PARTNER: {
    status: 403,
    message: 'Only partners can mint: none of your wallets holds the partner role',
  },
  WRONG_CONTRACT: { status: 400, message: 'The transaction is not for the marketplace' },
  TX_REJECTED: { status: 400, message: 'The transaction was refused' },
  NONCE_NOT_NEXT: {
    status: 400,
    message: "The transaction's nonce is not the account's next one; sign it again",
  },
  TOO_MANY_PENDING: {
    status: 429,
    message: 'This account has too many transactions waiting; wait until they are confirmed',
  },
  // fractional vaults (docs/decisions/117-fractional-vaults.md; reverts: shared/fractional-errors.ts)
  FRACTIONALIZE_NOT_PARTNER: { status: 403, message: 'Only partners can fractionalize an NFT' },
  FRACTIONAL_COLLECTION_NOT_SUPPORTED: {
    status: 400,
    message: 'Only NFTs of marketplace collections can be fractionalized',
  },
  INVALID_SHARE_COUNT: {
    status: 400,
    message: 'The number of shares must be between 1 and 1,000,000,000,000',
  },
  INVALID_SHARE_PRICE: { status: 400, message: 'The price per share must be above 0' },
  INVALID_PURCHASE_LIMIT: {
    status: 400,
    message: 'The purchase limit must be between 1 and the number of shares',
  },
  INVALID_SALE_WINDOW: {
    status: 400,
    message: 'The sale must end after it starts, in the future, and last at most a year',
  },
  RESERVE_BELOW_SALE_VALUE: {
    status: 400,
    message: 'The buyout reserve must be at least the number of shares times the price per share',
  },
  SHARE_SALE_NOT_STARTED: { status: 400, message: 'The share sale has not started yet' },
  SHARE_SALE_ENDED: { status: 409, message: 'The share sale has ended' },
  SHARE_SALE_STILL_OPEN: {
    status: 409,
    message: 'The share sale is still open: a buyout can start once it ends',
  },
  SHARES_AMOUNT_INVALID: { status: 400, message: 'Choose at least one share' },
  SHARE_PURCHASE_LIMIT: {
    status: 400,
    message: 'This is more shares than one buyer may buy in this sale',
  },
  NOT_ENOUGH_SHARES_LEFT: { status: 409, message: 'Fewer shares are left than you asked for' },
  SHARE_WRONG_PAYMENT: { status: 400, message: 'The amount paid is not the price of these shares' },
  NO_UNSOLD_SHARES: { status: 409, message: 'There are no unsold shares left' },
  SHARE_LISTING_NOT_ENOUGH: {
    status: 409,
    message: 'Fewer shares are left in this listing than you asked for',
  },
  SHARE_LISTING_SHARES_MOVED: { status: 409, message: 'The seller no longer holds these shares' },
  SHARES_TO_VAULT: { status: 400, message: 'Shares cannot be sent to the vault itself' },
  BUYOUT_ENDED: { status: 409, message: 'The buyout has ended' },
  BUYOUT_NOT_ENDED: { status: 400, message: 'The buyout has not ended yet' },
  NO_BUYOUT: { status: 409, message: 'No buyout is running for this item' },
  BUYOUT_IN_PROGRESS: { status: 409, message: 'A buyout is running: wait for its end' },
  VAULT_CLOSED: { status: 409, message: 'This item has already been bought out or redeemed' },
  CASH_OUT_NOT_OPEN: { status: 409, message: 'Cash-out opens after a successful buyout' },
  NOTHING_TO_CASH_OUT: { status: 409, message: 'You have no shares left to cash out' },
  REDEEM_NEEDS_EVERY_SHARE: { status: 403, message: 'You need every share to redeem the item' },
  VAULT_NFT_MISSING: { status: 409, message: 'The vault no longer holds its NFT' },
  PAYMENT_FAILED: {
    status: 409,
    message: 'The payment could not be delivered to the receiving account',
  },
  // transport
  UNAUTHORIZED: { status: 401, message: 'Please sign in' },
  FORBIDDEN: { status: 403, message: 'Not allowed' },
  INVALID_MARKETPLACE_KEY: { status: 401, message: 'Invalid marketplace key' },
  INVALID_API_KEY: { status: 401, message: 'Invalid api key' },
  ROUTE_NOT_FOUND: { status: 404, message: 'No data found' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'Method not allowed' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request is too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Unsupported file type' },
  UPLOAD_QUOTA_EXCEEDED: {
    status: 413,
    message: 'Your uploads have reached their limit; replace or remove an image first',
  },
  RATE_LIMITED: { status: 429, message: 'Too many requests, please try again later' },
  TOO_MANY_STREAMS: {
    status: 429,
    message: 'Too many live connections from this address; close other tabs and try again',
  },
  STREAMS_FULL: {
    status: 503,
    message: 'The server holds as many live connections as it can; updates resume shortly',
  },
  CHAIN_UNAVAILABLE: { status: 502, message: 'The blockchain node did not answer' },
  MAIL_FAILED: { status: 502, message: 'The e-mail could not be sent' },
  DATABASE_UNAVAILABLE: {
    status: 503,
    message: 'The service is briefly unavailable, please try again in a moment',
  },
  INTERNAL_ERROR: { status: 500, message: 'Something went wrong' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;
export const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[];
