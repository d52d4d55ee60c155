import { acceptCookies } from './support/cookie-banner.ts';
import { expect, test } from './support/test.ts';

test('an unknown path shows the store\'s "Página não encontrada" page', async ({ page }) => {
  // The server answers every page address with the app (history fallback, status 200); the app
  // draws the 404 page.
  await page.goto('/essa-pagina-nao-existe');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Página não encontrada' }),
  ).toBeVisible();
  await expect(page).toHaveTitle(/Página não encontrada/);
  // The shared layout is still there, so the shopper can carry on.
  await expect(page.getByRole('searchbox', { name: 'Buscar produtos' })).toBeVisible();
  await acceptCookies(page);
  await page.getByRole('link', { name: 'Voltar para o início' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Joias em destaque' })).toBeVisible();
});

test.describe('a product id that does not exist', () => {
  // The page asks the API, which answers 404; Chromium logs that failed request.
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('shows "Produto não encontrado"', async ({ page }) => {
    await page.goto('/produto/999999');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Produto não encontrado' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ver todos os produtos' })).toHaveAttribute(
      'href',
      '/produtos',
    );
  });
});
