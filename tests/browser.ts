/**
 * Chromium for the browser and PWA journeys: Debian's chromium (CHROMIUM_PATH to change), headless,
 * without the sandbox (root in a container) and without background traffic. lighthouserc.json
 * passes Lighthouse the same flags.
 */
import { type Browser, chromium } from 'playwright-core';

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

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}
