// The owner connects the shop to Bling: 'Conectar ao Bling' goes to Bling's page (the
// fake Bling started beside the test server, see start-server.ts), comes back connected, and the
// full sync brings Bling's products into the storefront. Screenshots go to SHOT_DIR for review.
import { loginThroughHeader, shopAdministrator } from './support/accounts.ts';
import { acceptCookies } from './support/cookie-banner.ts';
import { screenshots } from './support/shots.ts';
import { expect, test } from './support/test.ts';

test.describe.configure({ timeout: 120_000 });

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
  await expect(
    card.getByText('Webhook recebido: Teste de webhook da Lumina Piercings'),
  ).toBeVisible();

  await card.getByRole('button', { name: 'Sincronização completa' }).click();
  await expect(card.getByText(/Sincronização completa com o Bling iniciada/)).toBeVisible();
  // The card follows the job; 12 products come in and the one without a category is reported.
  await expect(card.getByText(/Última execução \(completa\): 12 criados/)).toBeVisible({
    timeout: 30_000,
  });
  await card.getByText('Ver falhas').click();
  await expect(card.getByText(/Kit Limpeza Bling/)).toBeVisible();
  // The table's sync column says where they came from.
  await page.goto('/admin/produtos?filter=bling');
  await expect(
    page.getByRole('main').getByText('Argola Tragus Bling 12').filter({ visible: true }).first(),
  ).toBeVisible();
  await screenshots(page, 'admin-bling-synced');

  // The storefront sells them at once, at Bling's price.
  await page.goto(`/produtos?search=${encodeURIComponent('Argola Tragus Bling 3')}`);
  await expect(
    page.getByRole('heading', { name: 'Argola Tragus Bling 3', exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('main').getByText('R$ 41,90').first()).toBeVisible();
});
