import { acceptCookies } from './support/cookie-banner.ts';
import { expect, test } from './support/test.ts';

test.describe('an unknown path', () => {
  // The server answers it with a real 404 (so search engines drop it), which Chromium logs.
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('shows the store\'s "Página não encontrada" page, with status 404', async ({ page }) => {
    // The server answers with the app and a 404 status; the app draws the not-found page.
    const response = await page.goto('/essa-pagina-nao-existe');
    expect(response?.status()).toBe(404);
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
});

test.describe('a product id that does not exist', () => {
  // The page asks the API, which answers 404; Chromium logs that failed request.
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('shows "Produto não encontrado", with status 404', async ({ page }) => {
    const response = await page.goto('/produto/999999');
    expect(response?.status()).toBe(404);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Produto não encontrado' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ver todos os produtos' })).toHaveAttribute(
      'href',
      '/produtos',
    );
  });
});
