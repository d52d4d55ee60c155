import type { Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { acceptCookies } from './support/cookie-banner.ts';
import { listProducts } from './support/catalog-api.ts';
import { brokenImages, waitForImages } from './support/page-images.ts';
import { expect, test } from './support/test.ts';

/** CI keeps this folder as an artefact; it is git-ignored. */
const SCREENSHOT_DIR = fileURLToPath(new URL('../screenshots/', import.meta.url));

const WIDTHS = [
  { name: 'phone', viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
] as const;

const PAGES: { name: string; path: (page: Page) => Promise<string> }[] = [
  { name: 'home', path: () => Promise.resolve('/') },
  { name: 'produtos', path: () => Promise.resolve('/produtos') },
  {
    name: 'produto',
    // A product with several pictures, so the thumbnails are in the picture too.
    path: async (page) => {
      const products = await listProducts(page.request);
      const product = products.find((p) => p.images.length > 1) ?? products[0]!;
      return `/produto/${product.id}`;
    },
  },
  { name: 'categorias', path: () => Promise.resolve('/categorias') },
];

/** Stops the carousels with their own buttons so the picture does not catch a slide mid-way. */
async function pauseCarousels(page: Page) {
  for (const name of ['Pausar carrossel', 'Pausar carrossel de produtos']) {
    const pause = page.getByRole('button', { name, exact: true });
    if (await pause.isVisible()) await pause.click();
  }
  // Leave no focus ring or hover state in the picture.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.mouse.move(0, 0);
}

for (const width of WIDTHS) {
  test.describe(`screenshots at ${width.viewport.width} px`, () => {
    test.use({ viewport: width.viewport, isMobile: width.isMobile, hasTouch: width.hasTouch });

    for (const target of PAGES) {
      test(`${target.name} (${width.name})`, async ({ page }) => {
        await page.goto(await target.path(page));
        await acceptCookies(page);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        // Pages whose content arrives from the API: wait for the first product card.
        if (target.name !== 'produto') {
          await expect(page.getByRole('article').first()).toBeVisible();
        }
        await pauseCarousels(page);
        // The product grids skip rendering off-screen cards (content-visibility: auto), and a
        // full-page capture does not scroll, so it would show blank cards. A shopper scrolling
        // sees every card drawn; draw them all for the picture.
        await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
        await waitForImages(page);

        expect(await brokenImages(page), 'images without a picture').toEqual([]);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);

        await page.screenshot({
          path: `${SCREENSHOT_DIR}${target.name}-${width.name}.png`,
          fullPage: true,
          // Finishes the card entry animations (0.1 s stagger per card) at their end state.
          animations: 'disabled',
        });
      });
    }
  });
}
