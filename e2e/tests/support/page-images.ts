import { expect, type Page } from '@playwright/test';

/**
 * Scrolls through the page so lazy images start loading, then waits until every image that can
 * be seen has loaded. Lazy images parked sideways in a carousel track are left alone: a shopper
 * does not see them until the carousel moves.
 */
export async function waitForImages(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await frame();
      await frame();
    }
    window.scrollTo(0, 0);
    await frame();
  });
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          Array.from(document.images)
            .filter((img) => {
              const box = img.getBoundingClientRect();
              const sideways = box.right <= 0 || box.left >= window.innerWidth;
              return !(sideways && img.loading === 'lazy');
            })
            .filter((img) => !img.complete)
            .map((img) => img.currentSrc || img.src),
        ),
      { message: 'images still loading', timeout: 15_000 },
    )
    .toEqual([]);
}

/** Images that finished without a picture (404, undecodable file). */
export async function brokenImages(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.images)
      .filter((img) => img.complete && img.naturalWidth === 0)
      .map((img) => img.currentSrc || img.src),
  );
}
