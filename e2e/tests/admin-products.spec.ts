// The owner manages the catalogue (issue 11): creates a product in the panel, finds it in the
// storefront at once, edits its price, and deletes it (no order holds it, so it goes away).
import { loginThroughHeader, shopAdministrator } from './support/accounts.ts';
import { acceptCookies } from './support/cookie-banner.ts';
import { expect, test } from './support/test.ts';

test.describe.configure({ timeout: 90_000 });

test('the administrator creates a product, sees it in the shop, edits its price and deletes it', async ({
  page,
}) => {
  const name = `Argola Teste E2E ${Date.now().toString(36)}`;
  await page.goto('/');
  await acceptCookies(page);
  await loginThroughHeader(page, shopAdministrator());
  await page.goto('/admin/produtos');
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Novo produto' }).click();
  const form = page.getByRole('dialog', { name: 'Novo produto' });
  await form.getByLabel('Nome', { exact: true }).fill(name);
  await form.getByLabel('Preço (R$)').fill('123,40');
  await form.getByLabel('Categoria', { exact: true }).selectOption('nariz');
  await form.getByLabel('Estoque', { exact: true }).fill('4');
  await form.getByLabel('Descrição', { exact: true }).fill('Uma argola de teste.');
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(main.getByText(`Produto criado: ${name}`)).toBeVisible();

  // The storefront shows it at once, with its price.
  await page.goto(`/produtos?search=${encodeURIComponent(name)}`);
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  await expect(page.getByRole('main').getByText('R$ 123,40').first()).toBeVisible();
  const href = await page.getByRole('link', { name, exact: true }).getAttribute('href');
  const productId = Number(href?.split('/').pop());

  await page.goto(`/admin/produtos?q=${encodeURIComponent(name)}`);
  await main
    .getByRole('button', { name: `Editar ${name}` })
    .first()
    .click();
  const edit = page.getByRole('dialog', { name: 'Editar produto' });
  await expect(edit.getByLabel('Nome', { exact: true })).toHaveValue(name);
  await edit.getByLabel('Preço (R$)').fill('99,90');
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(main.getByText(`Produto atualizado: ${name}`)).toBeVisible();
  await expect(main.getByRole('table').getByText('R$ 99,90')).toBeVisible();
  const edited = (await (await page.request.get(`/api/products/${productId}`)).json()) as {
    product: { price_cents: number };
  };
  expect(edited.product.price_cents).toBe(9990);

  await main
    .getByRole('button', { name: `Excluir ${name}` })
    .first()
    .click();
  await page
    .getByRole('dialog', { name: 'Excluir produto' })
    .getByRole('button', { name: 'Excluir' })
    .click();
  await expect(main.getByText(`${name} foi excluído.`)).toBeVisible();
  // The API answers at once (the shopper's browser may keep its copy of a list for a minute).
  expect((await page.request.get(`/api/products/${productId}`)).status()).toBe(404);
});
