/**
 * Draws the app icons of the web manifest (public/icons/*.png) from the logo's SVG with Debian
 * Chromium (playwright-core). Run once when the logo changes: `tsx scripts/make-icons.ts`.
 * Maskable: the mark sits inside the 80% safe zone on a full-bleed background.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { scriptEnv } from './lib/config.ts';

const OUT = path.resolve(import.meta.dirname, '../public/icons');
const BRAND = '#4327b8';
const MARK = 'M8 9l8 15 8-15h-4l-4 8-4-8z';

/** A rounded tile (any) or a full-bleed square with the mark in the safe zone (maskable). */
function svg(size: number, maskable: boolean): string {
  const inner = maskable
    ? `<rect width="32" height="32" fill="${BRAND}"/><g transform="translate(6.4 6.4) scale(0.6)"><path d="${MARK}" fill="#fff"/></g>`
    : `<rect width="32" height="32" rx="7" fill="${BRAND}"/><path d="${MARK}" fill="#fff"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32">${inner}</svg>`;
}

const icons = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'maskable-512.png', size: 512, maskable: true },
  { file: 'apple-touch-icon.png', size: 180, maskable: true },
];

await mkdir(OUT, { recursive: true });
const browser = await chromium.launch({
  executablePath: scriptEnv.chromiumPath() ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  for (const icon of icons) {
    const page = await browser.newPage({
      viewport: { width: icon.size, height: icon.size },
      deviceScaleFactor: 1,
    });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg(icon.size, icon.maskable)}</body></html>`,
    );
    await page.screenshot({
      path: path.join(OUT, icon.file),
      omitBackground: !icon.maskable,
      clip: { x: 0, y: 0, width: icon.size, height: icon.size },
    });
    await page.close();
    console.log(`${icon.file} ${icon.size}x${icon.size}`);
  }
} finally {
  await browser.close();
}
