import type { Locator, Page } from '@playwright/test';
import { acceptCookies } from './support/cookie-banner.ts';
import { listProducts, productTitle } from './support/catalog-api.ts';
import { expect, test } from './support/test.ts';

const CATEGORIES = [
  ['Orelha', 'orelha'],
  ['Boca', 'boca'],
  ['Nariz', 'nariz'],
  ['Sobrancelha', 'sobrancelha'],
  ['Umbigo', 'umbigo'],
  ['Mamilo', 'mamilo'],
] as const;

test.describe('home page', { tag: '@phone' }, () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/');
    await acceptCookies(page);
  });

  test('banner carousel: four banners with one progress bar each', async ({ page }) => {
    const carousel = page.getByRole('region', { name: 'Destaques da loja' });
    // Slides that are not shown are aria-hidden, so count them with the hidden ones included.
    const slides = carousel.getByRole('group', { includeHidden: true });
    await expect(slides).toHaveCount(4);
    for (let i = 1; i <= 4; i++) {
      await expect(slides.nth(i - 1)).toHaveAttribute('aria-label', `${i} de 4`);
      await expect(slides.nth(i - 1).getByRole('img', { includeHidden: true })).toHaveAttribute(
        'alt',
        /\S{3}/,
      );
    }
    await expect(carousel.getByRole('button', { name: /^Ir para o banner \d$/ })).toHaveCount(4);

    // Stop the 5 s timer so only the shopper moves the carousel from here on.
    await carousel.getByRole('button', { name: 'Pausar carrossel' }).click();
    await expect(carousel.getByRole('button', { name: 'Retomar carrossel' })).toBeVisible();
    await carousel.getByRole('button', { name: 'Ir para o banner 3' }).click();
    await expectBanner(page, 3);
    await carousel.getByRole('button', { name: 'Ir para o banner 1' }).click();
    await expectBanner(page, 1);
  });

  test('banner carousel: next and previous arrows', async ({ page }) => {
    const carousel = page.getByRole('region', { name: 'Destaques da loja' });
    await carousel.getByRole('button', { name: 'Pausar carrossel' }).click();
    await carousel.getByRole('button', { name: 'Ir para o banner 1' }).click();
    await expectBanner(page, 1);

    const next = carousel.getByRole('button', { name: 'Próximo banner' });
    const previous = carousel.getByRole('button', { name: 'Banner anterior' });
    // A short timeout: a covered arrow fails fast instead of at the test timeout.
    const click = { timeout: 3_000 };
    await next.click(click);
    await expectBanner(page, 2);
    await next.click(click);
    await expectBanner(page, 3);
    await previous.click(click);
    await expectBanner(page, 2);
    await previous.click(click);
    await expectBanner(page, 1);
    // Previous from the first banner wraps around to the last, and next back to the first.
    await previous.click(click);
    await expectBanner(page, 4);
    await next.click(click);
    await expectBanner(page, 1);
  });

  test('product carousel: featured products first with "Destaque" and "Ver mais"', async ({
    page,
    request,
  }) => {
    const products = await listProducts(request);
    const featured = products.filter((p) => p.display_status === 'featured');
    expect(featured.length, 'the demo catalogue has featured products').toBeGreaterThan(0);

    const carousel = page.getByRole('region', { name: 'Produtos em destaque' });
    const cards = carousel.getByRole('article');
    await carousel.scrollIntoViewIfNeeded();
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeGreaterThanOrEqual(4);

    const first = products[0]!;
    expect(first.display_status).toBe('featured');
    const firstCard = cards.first();
    await expect(firstCard.getByRole('heading', { name: productTitle(first.name) })).toBeVisible();
    await expect(firstCard.getByText('Destaque', { exact: true })).toBeVisible();
    await expect(firstCard.getByRole('link', { name: /^Ver mais/ })).toHaveAttribute(
      'href',
      `/produto/${first.id}`,
    );
    await expect(firstCard.getByRole('img')).toHaveAttribute('alt', first.name);
    await expect(carousel.getByRole('link', { name: 'Ver mais produtos' })).toHaveAttribute(
      'href',
      '/produtos',
    );

    // Spec: four products at a time on a desktop; a phone shows one and a peek at the next.
    const width = page.viewportSize()!.width;
    const expectedInView = width >= 1024 ? 4 : width < 640 ? 1 : null;
    if (expectedInView !== null) {
      await expect
        .poll(async () => {
          let fullyShown = 0;
          for (const card of await cards.all()) {
            if (await isFullyInViewport(card)) fullyShown++;
          }
          return fullyShown;
        })
        .toBe(expectedInView);
    }

    // The arrows move the track: the first card leaves the view and comes back.
    await carousel.getByRole('button', { name: 'Pausar carrossel de produtos' }).click();
    await expect(firstCard).toBeInViewport({ ratio: 0.9 });
    await carousel.getByRole('button', { name: 'Próximos produtos' }).click();
    await expect(firstCard).not.toBeInViewport({ ratio: 0.5 });
    await carousel.getByRole('button', { name: 'Produtos anteriores' }).click();
    await expect(firstCard).toBeInViewport({ ratio: 0.9 });
  });

  test('category grid: six tiles leading to their category pages', async ({ page }) => {
    const grid = page.getByRole('region', { name: 'Compre por região do piercing' });
    const tiles = grid.getByRole('link');
    await expect(tiles).toHaveCount(6);
    for (const [index, [label, slug]] of CATEGORIES.entries()) {
      const tile = tiles.nth(index);
      await expect(tile).toHaveAccessibleName(label);
      await expect(tile).toHaveAttribute('href', `/categorias?categoria=${slug}`);
    }
    await grid.getByRole('link', { name: 'Nariz' }).click();
    await expect(page).toHaveURL(/\/categorias\?categoria=nariz$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Piercing de nariz' })).toBeVisible();
  });
});

test('the banner carousel advances by itself every 5 s', async ({ page }) => {
  await page.goto('/');
  // Time two consecutive automatic changes inside the page, so page start-up does not count.
  // The pointer stays away from the carousel: hovering it would pause it.
  const intervalMs = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const current = () =>
          document
            .querySelector('button[aria-label^="Ir para o banner"][aria-current="true"]')
            ?.getAttribute('aria-label');
        let shown = current();
        const changes: number[] = [];
        const observer = new MutationObserver(() => {
          const now = current();
          if (now === shown) return;
          shown = now;
          changes.push(performance.now());
          if (changes.length === 2) {
            observer.disconnect();
            resolve(changes[1]! - changes[0]!);
          }
        });
        observer.observe(document.body, {
          subtree: true,
          attributes: true,
          attributeFilter: ['aria-current'],
        });
      }),
  );
  expect(intervalMs).toBeGreaterThan(4_700);
  expect(intervalMs).toBeLessThan(5_800);
  await expect(
    page.getByRole('button', { name: 'Ir para o banner 3' }),
    'two changes after banner 1',
  ).toHaveAttribute('aria-current', 'true');
});

/** Banner n is the current one: its bar is marked, and its slide alone is exposed and in view. */
async function expectBanner(page: Page, n: number) {
  const carousel = page.getByRole('region', { name: 'Destaques da loja' });
  await expect(carousel.getByRole('button', { name: `Ir para o banner ${n}` })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await expect(carousel.locator('button[aria-current="true"]')).toHaveCount(1);
  const slide = carousel.getByRole('group');
  await expect(slide).toHaveCount(1);
  await expect(slide).toHaveAttribute('aria-label', `${n} de 4`);
  await expect(slide.getByRole('img')).toBeInViewport({ ratio: 0.9 });
}

async function isFullyInViewport(locator: Locator): Promise<boolean> {
  return locator.evaluate(
    (element) =>
      new Promise<boolean>((resolve) => {
        // IntersectionObserver clips by the scrolling track, which a bounding box would not.
        const observer = new IntersectionObserver(([entry]) => {
          observer.disconnect();
          resolve((entry?.intersectionRatio ?? 0) > 0.98);
        });
        observer.observe(element);
      }),
  );
}
