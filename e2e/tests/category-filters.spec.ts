import type { Page } from '@playwright/test';
import { acceptCookies } from './support/cookie-banner.ts';
import { listProducts, listSubcategories, type ApiProduct } from './support/catalog-api.ts';
import { expect, test } from './support/test.ts';

/** Spec 000 §9 price ranges, inclusive at both ends (§5), in cents. */
const PRICE_RANGES = [
  { label: 'Até R$ 50', min: 0, max: 5_000 },
  { label: 'R$ 50 a R$ 100', min: 5_000, max: 10_000 },
  { label: 'R$ 100 a R$ 150', min: 10_000, max: 15_000 },
  { label: 'R$ 150 a R$ 200', min: 15_000, max: 20_000 },
  { label: 'Acima de R$ 200', min: 20_000, max: 99_999_900 },
] as const;
type PriceRange = (typeof PRICE_RANGES)[number];

/** The price the card shows first, and the one the ranges compare: the PIX price when set. */
const shownPrice = (p: ApiProduct) => p.pix_price_cents ?? p.price_cents;
const inRange = (p: ApiProduct, range: PriceRange) =>
  shownPrice(p) >= range.min && shownPrice(p) <= range.max;

/** Spec: 'N produto(s) encontrado(s)', pluralised. */
const counterText = (n: number) => (n === 1 ? '1 produto encontrado' : `${n} produtos encontrados`);

/** A subcategory checkbox is named by the subcategory and its product count ('Argolas 4'). */
const subcategoryName = (name: string) =>
  new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\d*$`);

function counter(page: Page) {
  return page.getByRole('status').filter({ hasText: /encontrad/ });
}

async function expectListed(page: Page, products: ApiProduct[]) {
  await expect(counter(page)).toHaveText(counterText(products.length));
  const cards = page.getByRole('list', { name: 'Produtos' }).getByRole('listitem');
  await expect(cards).toHaveCount(products.length);
  for (const product of products) {
    await expect(cards.locator(`a[href="/produto/${product.id}"]`).first()).toBeVisible();
  }
}

test('the category page filters by price range and subcategory and updates the counter', async ({
  page,
  request,
}) => {
  const orelha = await listProducts(request, { category: 'orelha' });
  const subcategories = await listSubcategories(request, 'orelha');
  expect(orelha.length).toBeGreaterThan(2);

  // The price range with the most orelha pieces that still leaves some out, so the filter shows.
  const range = [...PRICE_RANGES]
    .map((r) => ({ r, n: orelha.filter((p) => inRange(p, r)).length }))
    .filter(({ n }) => n > 0 && n < orelha.length)
    .sort((a, b) => b.n - a.n)[0]?.r;
  if (!range) throw new Error('No price range splits the orelha products');
  const byRange = orelha.filter((p) => inRange(p, range));

  // A subcategory that narrows the range's products further; one that leaves a single piece
  // is preferred, so the singular counter text is checked too.
  const bySub = subcategories
    .map(({ name }) => ({ name, hits: byRange.filter((p) => p.subcategory === name) }))
    .filter(({ hits }) => hits.length > 0 && hits.length < byRange.length)
    .sort((a, b) => Number(b.hits.length === 1) - Number(a.hits.length === 1))[0];
  if (!bySub) throw new Error('No orelha subcategory narrows the price range');

  await page.goto('/categorias?categoria=orelha');
  await acceptCookies(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Piercing de orelha' })).toBeVisible();
  await expectListed(page, orelha);

  // On narrow screens the filter panel sits behind a button.
  const showFilters = page.getByRole('button', { name: /^Mostrar filtros/ });
  if (await showFilters.isVisible()) await showFilters.click();
  const filters = page.getByRole('region', { name: 'Filtros' });

  const rangeBox = filters
    .getByRole('group', { name: 'Faixa de preço' })
    .getByRole('checkbox', { name: range.label, exact: true });
  await rangeBox.check();
  await expectListed(page, byRange);

  const subBox = filters
    .getByRole('group', { name: 'Subcategorias' })
    .getByRole('checkbox', { name: subcategoryName(bySub.name) });
  await subBox.check();
  await expectListed(page, bySub.hits);

  // Same kind combines with OR: a second subcategory adds its pieces in the range.
  const other = subcategories.find(
    ({ name }) => name !== bySub.name && byRange.some((p) => p.subcategory === name),
  );
  if (other) {
    await filters
      .getByRole('group', { name: 'Subcategorias' })
      .getByRole('checkbox', { name: subcategoryName(other.name) })
      .check();
    await expectListed(
      page,
      byRange.filter((p) => p.subcategory === bySub.name || p.subcategory === other.name),
    );
  }

  await filters.getByRole('button', { name: 'Limpar filtros' }).click();
  await expect(rangeBox).not.toBeChecked();
  await expect(subBox).not.toBeChecked();
  await expectListed(page, orelha);
});

test('a filter combination without products says so and offers to clear', async ({
  page,
  request,
}) => {
  const orelha = await listProducts(request, { category: 'orelha' });
  const empty = PRICE_RANGES.find((r) => !orelha.some((p) => inRange(p, r)));
  test.skip(!empty, 'every price range has orelha pieces');

  await page.goto('/categorias?categoria=orelha');
  await acceptCookies(page);
  await expectListed(page, orelha);
  const showFilters = page.getByRole('button', { name: /^Mostrar filtros/ });
  if (await showFilters.isVisible()) await showFilters.click();
  await page.getByRole('checkbox', { name: empty!.label, exact: true }).check();
  await expect(counter(page)).toHaveText(counterText(0));
  await expect(
    page.getByText('Nenhum produto encontrado com os filtros selecionados.', { exact: true }),
  ).toBeVisible();
});
