/** Chosen: a like or a follow made offline is still worth sending for a week. */
export const SOCIAL_EXPIRY_MS = 7 * 24 * 60 * 60 * 1000;
