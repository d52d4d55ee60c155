// The wishlist (spec 000 §2, §4; spec 001 §2): a visitor's heart opens the login modal and keeps
// the product for after the login, which pushes it to the account; the account's 'Lista de
// Desejos' tab lists it, puts it in the cart and removes it. One account, one login (the API
// throttles both per IP).
import {
  expectLoggedIn,
  newAccount,
  readAndCloseToast,
  registerThroughApi,
  siteHeader,
  submitLoginDialog,
} from './support/accounts.ts';
import { listProducts, productTitle, type ApiProduct } from './support/catalog-api.ts';
import { acceptCookies } from './support/cookie-banner.ts';
import { expect, test } from './support/test.ts';

// Register and login wait for password hashing (argon2id); on a busy machine that is slow.
test.describe.configure({ timeout: 60_000 });

test("a visitor's heart asks for the login, and after it the product is in 'Lista de Desejos'", async ({
  page,
  request,
}) => {
  const account = newAccount('desejos');
  await registerThroughApi(request, account);
  const products = (await listProducts(request)) as (ApiProduct & { options?: unknown[] })[];
  // Without options, so the list's own 'Adicionar ao carrinho' adds it (one with options is
  // sent to its page to choose them).
  const product = products.find(
    (p) => p.active && p.stock_status === 'in_stock' && (p.options ?? []).length === 0,
  );
  if (!product) throw new Error('The demo catalogue has no product in stock without options');
  const title = productTitle(product.name);

  await page.goto('/produtos');
  await acceptCookies(page);
  const card = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) })
    .first();
  const heart = card.getByRole('button', { name: `Salvar ${title} na lista de desejos` });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');

  await heart.click();
  const dialog = page.getByRole('dialog', { name: 'Entrar' });
  await expect(
    dialog.getByText('Entre na sua conta para salvar produtos na lista de desejos.'),
  ).toBeVisible();
  // Kept in this browser until the login (the modal hides the page from the accessibility tree).
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('lumina.local-wishlist')))
    .toContain(`"product_id":${product.id}`);

  const pushed = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && response.url().endsWith('/api/wishlist'),
  );
  await submitLoginDialog(page, account.email, account.password);
  await expect(dialog).toBeHidden();
  expect((await pushed).status()).toBe(201);
  await expectLoggedIn(page, account);
  await readAndCloseToast(page, 'Olá, Ana! Você entrou na sua conta.');
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('lumina.local-wishlist')))
    .toBeNull();

  await siteHeader(page).getByRole('link', { name: 'Minha Conta' }).click();
  const main = page.getByRole('main');
  await main.getByRole('tab', { name: 'Lista de Desejos' }).click();
  await expect(page).toHaveURL(/\/minha-conta\?aba=desejos$/);
  const list = main.getByRole('region', { name: 'Lista de Desejos' });
  const saved = list.getByRole('article', { name: product.name });
  await expect(saved).toBeVisible();
  await expect(list.getByText('1 produto salvo')).toBeVisible();
  // On the server, not in this browser: a reload shows it again.
  await page.reload();
  await expect(saved).toBeVisible();

  await saved.getByRole('button', { name: `Adicionar ao carrinho: ${product.name}` }).click();
  const added = page.getByRole('dialog', { name: 'Produto Adicionado!' });
  await expect(added).toBeVisible();
  await added.getByRole('button', { name: 'Continuar comprando' }).click();
  await expect(added).toBeHidden();

  await saved.getByRole('button', { name: `Remover ${product.name} da lista de desejos` }).click();
  await expect(main.getByText('Sua lista de desejos está vazia.')).toBeVisible();
  await page.reload();
  await expect(main.getByText('Sua lista de desejos está vazia.')).toBeVisible();

  // The heart on the product page agrees, and puts it back.
  await page.goto(`/produto/${product.id}`);
  const pageHeart = page
    .getByRole('main')
    .getByRole('button', { name: `Salvar ${title} na lista de desejos` });
  await expect(pageHeart).toHaveAttribute('aria-pressed', 'false');
  await pageHeart.click();
  await expect(pageHeart).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/minha-conta?aba=desejos');
  await expect(main.getByRole('article', { name: product.name })).toBeVisible();
});
