// Screenshots of pages at a phone's and a desktop's width, kept in SHOT_DIR to be looked at.
import type { Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const SHOT_DIR = process.env.E2E_SHOT_DIR ?? join(tmpdir(), 'shots');

/**
 * `name`-390x844.png and `name`-1280x800.png, animations off: the full page, or what the screen
 * shows (a dialog scrolled to the part worth seeing).
 */
export async function screenshots(
  page: Page,
  name: string,
  options: { fullPage?: boolean; before?: () => Promise<void> } = {},
): Promise<void> {
  mkdirSync(SHOT_DIR, { recursive: true });
  for (const [label, width, height] of [
    ['390x844', 390, 844],
    ['1280x800', 1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await options.before?.();
    await page.screenshot({
      path: join(SHOT_DIR, `${name}-${label}.png`),
      fullPage: options.fullPage ?? true,
      animations: 'disabled',
    });
  }
}
