/** Contact details shown in the footer and the help centre (spec §3: support e-mail). */
export const SUPPORT_EMAIL = 'support@vbchain.vn';

/**
 * spec §1 help text: "block times are 15 seconds and 2 seconds on two named chains". The spec
 * does not name them: Ethereum (about 15 s) and the VBChain network (2 s, our devnet's block time).
 */
export const BLOCK_TIMES = {
  slow: { chain: 'Ethereum', seconds: 15 },
  fast: { chain: 'VBChain', seconds: 2 },
} as const;
