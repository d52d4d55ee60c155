import { acceptCookies } from './support/cookie-banner.ts';
import { listProducts, productTitle } from './support/catalog-api.ts';
import { expect, test } from './support/test.ts';

test.describe('header search', { tag: '@phone' }, () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/');
    await acceptCookies(page);
  });

  test('searching "argola" lands on /produtos?search=argola with the matching products', async ({
    page,
    request,
  }) => {
    const expected = await listProducts(request, { search: 'argola' });
    expect(expected.length, 'the demo catalogue has argolas').toBeGreaterThan(1);

    const search = page.getByRole('searchbox', { name: 'Buscar produtos' });
    await search.fill('argola');
    await search.press('Enter');

    await expect(page).toHaveURL(/\/produtos\?search=argola$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Resultados para “argola”' }),
    ).toBeVisible();
    await expect(search, 'the box keeps the search being shown').toHaveValue('argola');

    const results = page.getByRole('list', { name: 'Produtos' }).getByRole('listitem');
    await expect(results).toHaveCount(expected.length);
    await expect(page.getByText(`${expected.length} produtos`, { exact: true })).toBeVisible();
    for (const product of expected) {
      await expect(
        results.getByRole('heading', { name: productTitle(product.name), exact: true }),
      ).toHaveCount(1);
    }
    // The API also searches descriptions, so only the names of the argolas themselves are sure.
    const titles = await results.getByRole('heading').allTextContents();
    expect(titles.filter((title) => /argola/i.test(title)).length).toBeGreaterThan(0);
  });

  test('the search button submits too, and the box keeps at most 100 characters', async ({
    page,
  }) => {
    const search = page.getByRole('searchbox', { name: 'Buscar produtos' });
    await search.fill('x'.repeat(150));
    await expect(search).toHaveValue('x'.repeat(100));

    await search.fill('  Titânio  ');
    await page.getByRole('search').getByRole('button', { name: 'Buscar' }).click();
    await expect(page).toHaveURL(/\/produtos\?search=Tit%C3%A2nio$/);
    await expect(
      page.getByRole('list', { name: 'Produtos' }).getByRole('listitem').first(),
    ).toBeVisible();
  });

  test('a search without results says so', async ({ page }) => {
    const search = page.getByRole('searchbox', { name: 'Buscar produtos' });
    await search.fill('zzzz-nada-disso');
    await search.press('Enter');
    await expect(page.getByText('Nenhum produto encontrado', { exact: true })).toBeVisible();
  });
});
