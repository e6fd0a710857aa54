/** Layout and interaction constants of the web app (business rules live in shared/rules.ts). */

/** How long 'Copied' stays after a copy (ms). */
export const COPY_CONFIRMATION_MS = 2_000;
/** Narrow layout breakpoint and header scroll thresholds (px). */
export const NARROW_LAYOUT_MAX_WIDTH = 1199;
export const HEADER_BORDER_HIDE_MAX_SCROLL = 70;
export const HEADER_FADE_MIN_SCROLL = 30;
