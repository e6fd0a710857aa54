/** Layout and interaction constants of the web app (business rules live in shared/rules.ts). */

/** How long 'Copied' stays after a copy (ms). */
export const COPY_CONFIRMATION_MS = 2_000;
/** Header scroll thresholds (px). */
export const HEADER_BORDER_HIDE_MAX_SCROLL = 70;
export const HEADER_FADE_MIN_SCROLL = 30;
