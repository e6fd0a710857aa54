/** The support e-mail, shown in the footer and the help centre. */
export const SUPPORT_EMAIL = 'support@vbchain.vn';

/**
 * The help text's block times: about 15 seconds on Ethereum, 2 seconds on the VBChain network (our
 * devnet's block time).
 */
export const BLOCK_TIMES = {
  slow: { chain: 'Ethereum', seconds: 15 },
  fast: { chain: 'VBChain', seconds: 2 },
} as const;
