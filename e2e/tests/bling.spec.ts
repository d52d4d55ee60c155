// The owner connects the shop to Bling: 'Conectar ao Bling' goes to Bling's page (the
// fake Bling of `npm run fake:bling`, started beside the test server, see start-server.ts), comes
// back connected, and the full sync brings Bling's products into the storefront, a ring Bling
// keeps in variations as one product with a Diâmetro option. The last 8 mm ring sold in the shop
// reaches Bling's balance of that variation, and a balance set in Bling reaches the shop's page.
// Screenshots go to SHOT_DIR for review.
import type { Page } from '@playwright/test';
import { loginThroughHeader, shopAdministrator } from './support/accounts.ts';
import { listProducts, productDetail } from './support/catalog-api.ts';
import { acceptCookies } from './support/cookie-banner.ts';
import { blingBalance, setBlingBalance } from './support/fake-bling.ts';
import { customerWithOrder } from './support/orders.ts';
import { screenshots } from './support/shots.ts';
import { expect, test } from './support/test.ts';

// The shop sends its stock movements to Bling once a minute (the stock job's schedule).
test.describe.configure({ timeout: 240_000 });

/** The product page of one variant, loaded until its stock message is `text` (pages are cached). */
async function expectVariantPage(page: Page, path: string, text: string): Promise<void> {
  await expect(async () => {
    await page.goto(path);
    await expect(page.getByRole('main').getByText(text, { exact: true }).first()).toBeVisible({
      timeout: 1_000,
    });
  }).toPass({ timeout: 20_000 });
}

test('the administrator connects Bling, runs a full sync and finds its products in the shop', async ({
  page,
}) => {
  await page.goto('/');
  await acceptCookies(page);
  await loginThroughHeader(page, shopAdministrator());
  await page.goto('/admin/produtos');
  const card = page.getByRole('region', { name: 'Bling ERP' });
  await expect(card.getByText('Bling não conectado.')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Sincronização completa' })).toBeDisabled();
  await screenshots(page, 'admin-bling-not-connected', {
    fullPage: false,
    before: () => card.scrollIntoViewIfNeeded(),
  });

  // To Bling's authorization page and back, as a real browser does (two redirects).
  await card.getByRole('button', { name: 'Conectar ao Bling' }).click();
  await page.waitForURL(/\/admin\/produtos$/);
  await expect(
    card.getByText('Bling conectado! Use "Sincronização completa" para trazer os produtos.'),
  ).toBeVisible();

  await card.getByRole('button', { name: 'Testar webhook' }).click();
  // Named after the shop as its settings stand (another spec may have renamed it).
  await expect(card.getByText(/^Webhook recebido: Teste de webhook da loja \S/)).toBeVisible();

  await card.getByRole('button', { name: 'Sincronização completa' }).click();
  await expect(card.getByText(/Sincronização completa com o Bling iniciada/)).toBeVisible();
  // The card follows the job; 9 products come in (8 simple, 1 in variations) and the one
  // without a category is reported.
  await expect(card.getByText(/Última execução \(completa\): 9 criados/)).toBeVisible({
    timeout: 30_000,
  });
  await card.getByText('Ver falhas').click();
  await expect(card.getByText(/Kit Limpeza Bling/)).toBeVisible();
  // The table's sync column says where they came from.
  await page.goto('/admin/produtos?filter=bling');
  await expect(
    page.getByRole('main').getByText('Barbell Mamilo Bling 8').filter({ visible: true }).first(),
  ).toBeVisible();
  await screenshots(page, 'admin-bling-synced');

  // The storefront sells them at once, at Bling's price.
  await page.goto(`/produtos?search=${encodeURIComponent('Labret Cravejado Bling 2')}`);
  await expect(
    page.getByRole('heading', { name: 'Labret Cravejado Bling 2', exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('main').getByText('R$ 49,90').first()).toBeVisible();

  // Bling's BLING-SEG, in variations 8mm (1 unit) and 10mm (5): one product, one variant each.
  const listed = (await listProducts(page.request, { search: 'Argola Segmento Helix' })).find(
    (p) => p.name === 'Argola Segmento Helix Bling',
  );
  expect(listed, 'the sync brought the ring kept in variations').toBeDefined();
  const ring = await productDetail(page.request, listed?.id ?? 0);
  expect(ring.options).toEqual([{ name: 'Diâmetro', values: ['8mm', '10mm'] }]);
  const eight = ring.variants.find((v) => v.sku === 'BLING-SEG-8');
  expect(eight).toMatchObject({ option_values: { Diâmetro: '8mm' }, stock_quantity: 1 });
  expect(ring.variants.find((v) => v.sku === 'BLING-SEG-10')).toMatchObject({
    stock_quantity: 5,
  });

  // A shopper orders the last 8 mm ring: the page says so at once, while 10 mm still sells.
  await customerWithOrder(page.request, { lines: [{ productId: ring.id, variantId: eight?.id }] });
  await expectVariantPage(page, `/produto/${ring.id}?variante=BLING-SEG-8`, 'Esgotado');
  const main = page.getByRole('main');
  const diameter = main.getByRole('radiogroup', { name: 'Diâmetro' });
  await expect(diameter.getByRole('radio', { name: '8mm (esgotado)' })).toBeChecked();
  await expect(main.getByRole('button', { name: 'Esgotado' })).toBeDisabled();
  await screenshots(page, 'bling-variant-sold-out', {
    fullPage: false,
    before: () => diameter.evaluate((node) => node.scrollIntoView({ block: 'center' })),
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await diameter.getByRole('radio', { name: '10mm', exact: true }).click();
  await expect(page).toHaveURL(/\?variante=BLING-SEG-10$/);
  await main.getByRole('button', { name: 'Comprar', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Produto Adicionado!' })).toBeVisible();

  // The sale reaches Bling's balance of that variation, not its parent's, within the minute.
  await expect
    .poll(() => blingBalance('BLING-SEG-8'), { timeout: 100_000, intervals: [2_000] })
    .toBe(0);
  expect(await blingBalance('BLING-SEG-10')).toBe(5);

  // Three 8 mm rings counted in Bling: its webhook brings them to the shop's page.
  await setBlingBalance('BLING-SEG-8', 3);
  await expectVariantPage(page, `/produto/${ring.id}?variante=BLING-SEG-8`, 'Últimas 3 unidades');
  await expect(main.getByRole('button', { name: 'Comprar', exact: true })).toBeEnabled();
});
