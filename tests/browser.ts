/**
 * Chromium for the browser and PWA journeys: Debian's old headless shell
 * (`chromium-headless-shell`, CHROMIUM_PATH to change), without the sandbox (root in a container)
 * and without background traffic. lighthouserc.json passes Lighthouse the same flags.
 *
 * The shell is the same Blink, V8 and network stack as `chromium` without the browser's own layer
 * (windows, profiles, extensions): the journeys use none of it. Measured on the catalogue file's
 * three walks, back to back: 247 CPU-s against 282 with `chromium` (decision 137).
 */
import { type Browser, chromium } from 'playwright-core';
import { scriptEnv } from '#scripts/lib/config.ts';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * `full`: Debian's whole `chromium`, for what the shell leaves out: its permission prompts (in the
 * shell `Notification.permission` is always 'denied', so the offer of system notifications never
 * shows). CHROMIUM_PATH, when set, is used for both.
 */
export function launchBrowser({ full = false }: { full?: boolean } = {}): Promise<Browser> {
  const shipped = full ? '/usr/bin/chromium' : '/usr/bin/chromium-headless-shell';
  return chromium.launch({
    executablePath: scriptEnv.chromiumPath() ?? shipped,
    args: CHROMIUM_ARGS,
  });
}
