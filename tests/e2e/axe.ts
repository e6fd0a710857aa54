/**
 * axe-core in the page: injects the library and fails on any WCAG 2.2 A/AA violation of the
 * current screen (open dialogs included), at a phone's width (360 px) and a desktop's (1280 px):
 * the viewport is resized for each and put back after.
 */
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** The widths every screen is checked at. */
export const AXE_WIDTHS = [360, 1280] as const;
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

type Violation = { id: string; impact: string | null; nodes: Array<{ target: unknown[] }> };

/** The violations at the page's current width only. */
export async function axeViolationsHere(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_PATH });
  // Checked scrolled to the top, then scrolled back: scrolled, the sticky header lies over the
  // content under it, which axe's target-size takes for a target covered by the header's
  // buttons (a moment of scrolling, not the layout).
  const violations = await page.evaluate(async (tags) => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: unknown, o: unknown) => Promise<{ violations: Violation[] }> };
      }
    ).axe;
    const { scrollX, scrollY } = window;
    window.scrollTo(0, 0);
    // Laid out at this width and scroll before the check (two frames: styles, then layout).
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    try {
      const result = await axe.run(document, { runOnly: { type: 'tag', values: tags } });
      return result.violations;
    } finally {
      window.scrollTo(scrollX, scrollY);
    }
  }, TAGS);
  const width = page.viewportSize()?.width ?? 0;
  return violations.map(
    (v) =>
      `${width}px ${v.id} (${v.impact}): ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`,
  );
}

/** The violations at 360 and at 1280 px (AXE_WIDTHS); the viewport is restored after. */
export async function axeViolations(page: Page): Promise<string[]> {
  const original = page.viewportSize();
  const height = original?.height ?? 740;
  const found: string[] = [];
  try {
    for (const width of AXE_WIDTHS) {
      if (original?.width !== width) await page.setViewportSize({ width, height });
      found.push(...(await axeViolationsHere(page)));
    }
  } finally {
    if (original) await page.setViewportSize(original);
  }
  return found;
}
