// The owner manages the catalogue: creates a product with a photo in the panel, finds it
// in the storefront at once with that photo, edits its price, and, once a customer has ordered it,
// retires it (it leaves the shop, the order keeps it). Screenshots go to SHOT_DIR for review.
import { loginThroughHeader, shopAdministrator } from './support/accounts.ts';
import { acceptCookies } from './support/cookie-banner.ts';
import { customerWithOrder } from './support/orders.ts';
import { screenshots } from './support/shots.ts';
import { expect, test } from './support/test.ts';

test.describe.configure({ timeout: 120_000 });

test('the administrator creates a product with a photo, sees it in the shop, edits its price and retires it', async ({
  page,
  request,
}) => {
  const name = `Argola Teste E2E ${Date.now().toString(36)}`;
  await page.goto('/');
  await acceptCookies(page);
  // A real PNG, as a phone's camera roll would hand one over: a picture of the shop's own page.
  const photo = await page.screenshot({ clip: { x: 0, y: 0, width: 600, height: 450 } });
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
  await form.getByLabel('Adicionar fotos').setInputFiles([
    { name: 'argola.png', mimeType: 'image/png', buffer: photo },
    { name: 'pagina.html', mimeType: 'text/html', buffer: Buffer.from('<html></html>') },
  ]);
  await expect(form.getByRole('img', { name: 'Foto 1 (a enviar)' })).toBeVisible();
  await expect(
    form.getByText('pagina.html: Arquivo inválido: envie uma foto JPEG, PNG ou WebP.'),
  ).toBeVisible();
  const showPhotos = {
    fullPage: false,
    before: () => form.getByRole('group', { name: 'Fotos' }).scrollIntoViewIfNeeded(),
  };
  await screenshots(page, 'admin-product-new', showPhotos);
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(main.getByText(`Produto criado: ${name}`)).toBeVisible();
  await screenshots(page, 'admin-products');

  // The storefront shows it at once, with its price and its photo in the card size.
  await page.goto(`/produtos?search=${encodeURIComponent(name)}`);
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  await expect(page.getByRole('main').getByText('R$ 123,40').first()).toBeVisible();
  const picture = page.getByRole('img', { name, exact: true }).first();
  await expect(picture).toHaveAttribute('src', /^\/uploads\/products\/[a-f0-9]{24}-480\.webp$/);
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(480);
  const href = await page.getByRole('link', { name, exact: true }).first().getAttribute('href');
  const productId = Number(href?.split('/').pop());

  await page.goto(`/admin/produtos?q=${encodeURIComponent(name)}`);
  await main
    .getByRole('button', { name: `Editar ${name}` })
    .first()
    .click();
  const edit = page.getByRole('dialog', { name: 'Editar produto' });
  await expect(edit.getByLabel('Nome', { exact: true })).toHaveValue(name);
  await expect(edit.getByRole('img', { name: 'Foto 1' })).toBeVisible();
  await screenshots(page, 'admin-product-edit', {
    fullPage: false,
    before: () => edit.getByRole('group', { name: 'Fotos' }).scrollIntoViewIfNeeded(),
  });
  await edit.getByLabel('Preço (R$)').fill('99,90');
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(main.getByText(`Produto atualizado: ${name}`)).toBeVisible();
  await expect(main.getByRole('table').getByText('R$ 99,90')).toBeVisible();
  const edited = (await (await page.request.get(`/api/products/${productId}`)).json()) as {
    product: { price_cents: number; images: string[] };
  };
  expect(edited.product.price_cents).toBe(9990);
  // The photo stayed through the edit.
  expect(edited.product.images).toHaveLength(1);

  // A customer orders it: deleting it now retires it, so the order keeps what was bought. The
  // customer is another browser (their own cookies): registering in this one would make its
  // refresh cookie the customer's, and the panel's next reload would restore their session.
  const { order } = await customerWithOrder(request, { lines: [{ productId }] });
  await main
    .getByRole('button', { name: `Excluir ${name}` })
    .first()
    .click();
  await page
    .getByRole('dialog', { name: 'Excluir produto' })
    .getByRole('button', { name: 'Excluir' })
    .click();
  await expect(main.getByText(`${name} saiu da loja`)).toBeVisible();
  // The API answers at once (the shopper's browser may keep its copy of a list for a minute).
  expect((await page.request.get(`/api/products/${productId}`)).status()).toBe(404);

  // The panel's button to the API documentation, which production keeps for administrators.
  const [docs] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Documentação da API' }).click(),
  ]);
  await docs.waitForURL(/\/api\/docs/);
  await expect(docs.getByText('Lumina Piercings API').first()).toBeVisible();
  await docs.close();

  await page.goto(`/admin/pedidos/${order.id}`);
  await expect(page.getByRole('main').getByText(name).first()).toBeVisible();
});
