// A shopper who accepted marketing e-mails leaves a cart; the reminder arrives in the outbox
// (the store setting's hours set to 0,01, about 36 s, and the scan every 5 s:
// REMINDER_SCAN_SECONDS in playwright.config.ts) with one-click unsubscribe headers; its link,
// followed in another browser where nobody is signed in, restores the cart there; the shopper
// signs in and buys with the sandbox PIX. The spent link is then refused, the panel counts the
// recovered cart, and the unsubscribe page turns the consent off. Screenshots of the new pages
// go to SHOT_DIR.
import type { Browser, Page } from '@playwright/test';
import {
  type Account,
  loginThroughHeader,
  newAccount,
  readAndCloseToast,
  shopAdministrator,
  siteHeader,
} from './support/accounts.ts';
import { listProducts, productTitle, type ApiProduct } from './support/catalog-api.ts';
import { acceptCookies } from './support/cookie-banner.ts';
import { serverDataDir, waitForReminder } from './support/outbox.ts';
import { screenshots } from './support/shots.ts';
import { saveSettings } from './support/store-settings.ts';
import { expect, test, waitForApp } from './support/test.ts';

// The reminder waits its 36 s, and the purchase walks the checkout.
test.describe.configure({ timeout: 180_000 });
// The checkout looks the CEP up as it is typed; the test server has no internet (503).
test.use({ allowedConsoleErrors: [/status of 503/] });

/** A product bought with one click on 'Comprar': in stock and with nothing to choose. */
async function simpleProduct(page: Page): Promise<ApiProduct> {
  const products = (await listProducts(page.request)) as (ApiProduct & {
    options?: unknown[];
  })[];
  const product = products.find(
    (p) =>
      p.active &&
      p.stock_status === 'in_stock' &&
      p.stock_quantity >= 3 &&
      (p.options ?? []).length === 0,
  );
  if (!product) throw new Error('The demo catalogue needs an in-stock product without options');
  return product;
}

/** A new account whose register form said yes to marketing e-mails. */
async function consentingShopper(page: Page): Promise<Account> {
  const account = newAccount('lembrete');
  const response = await page.request.post('/api/users/register', {
    data: {
      user: {
        name: account.name,
        email: account.email,
        password: account.password,
        password_confirmation: account.password,
        privacy_policy_accepted: true,
        terms_of_service_accepted: true,
        marketing_consent: true,
      },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return account;
}

/** Another browser: no cookies, no storage, nobody signed in (a phone, say). */
async function otherBrowser(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({
    baseURL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/** Checkout with PAC and the sandbox PIX, from the cart page to 'Pagamento aprovado!'. */
async function buyWithPix(page: Page) {
  await page
    .getByRole('complementary', { name: 'Resumo' })
    .getByRole('link', { name: 'Finalizar compra' })
    .click();
  await expect(page).toHaveURL(/\/checkout$/);
  const customer = page.getByRole('region', { name: 'Dados do cliente' });
  await customer.getByLabel('Telefone *').fill('11987654321');
  await customer.getByLabel('CEP *').fill('01310100');
  await customer.getByLabel('Rua *').fill('Avenida Paulista');
  await customer.getByLabel('Número *').fill('1000');
  await customer.getByLabel('Bairro *').fill('Bela Vista');
  await customer.getByLabel('Cidade *').fill('São Paulo');
  await customer.getByLabel('Estado *').fill('sp');
  const delivery = page.getByRole('region', { name: 'Entrega' });
  await delivery.locator('label').filter({ hasText: /^PAC$/ }).click();
  await delivery.getByRole('button', { name: 'Calcular' }).click();
  await expect(
    page.getByRole('region', { name: 'Produtos' }).getByRole('rowheader', { name: 'Frete (PAC)' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Finalizar pedido' }).click();
  await expect(page).toHaveURL(/\/payment-pix\?order_id=\d+&payment_id=\d+$/, { timeout: 15_000 });
  await page
    .getByRole('region', { name: 'Modo de teste' })
    .getByRole('button', { name: 'Simular pagamento' })
    .click();
  await expect(page).toHaveURL(/\/payment-success\?order_id=\d+$/, { timeout: 10_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Pagamento aprovado!' })).toBeVisible();
}

test('a shopper leaves a cart, follows the reminder on another browser and buys', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const dataDir = serverDataDir();
  test.skip(!dataDir, 'needs the server data folder (E2E_DATA_DIR) to read the outbox');
  // Reminders after 0,01 h (36 s) instead of 4 h; the default comes back at the end.
  await saveSettings(request, { reminder_delay_hours: '0,01' });
  try {
    const product = await simpleProduct(page);
    const account = await consentingShopper(page);

    // The shopper puts a product in the cart and leaves.
    await page.goto(`/produto/${product.id}`);
    await acceptCookies(page);
    await loginThroughHeader(page, account);
    const main = page.getByRole('main');
    await expect(
      main.getByRole('heading', { level: 1, name: productTitle(product.name) }),
    ).toBeVisible();
    await main.getByRole('button', { name: 'Comprar', exact: true }).click();
    const added = page.getByRole('dialog', { name: 'Produto Adicionado!' });
    await expect(added).toBeVisible();
    await added.getByRole('button', { name: 'Continuar comprando' }).click();
    await expect(siteHeader(page).getByRole('link', { name: 'Carrinho, 1 item' })).toBeVisible();
    await page.close();

    // The reminder, with RFC 8058's one-click unsubscribe in its headers.
    const mail = await waitForReminder(dataDir ?? '', account.email, 120_000);
    const unsubscribeToken = mail.unsubscribePath.split('/').at(-1) ?? '';
    expect(mail.listUnsubscribe).toMatch(
      new RegExp(`^<https?://[^>]+/api/unsubscribe/${unsubscribeToken.replace('.', '\\.')}>$`),
    );
    expect(mail.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');

    // Another browser, nobody signed in: the link fills this browser's cart and opens it.
    const phone = await otherBrowser(browser, baseURL);
    try {
      const other = phone.page;
      await other.goto(mail.restorePath);
      await waitForApp(other);
      await expect(other).toHaveURL(/\/carrinho$/);
      await expect(
        other
          .getByRole('region', { name: 'Itens do carrinho' })
          .getByRole('link', { name: product.name, exact: true }),
      ).toBeVisible();
      await expect(siteHeader(other).getByRole('button', { name: 'Entrar' })).toBeVisible();
      await readAndCloseToast(
        other,
        'Recuperamos o seu carrinho com os preços e o estoque de hoje.',
      );
      await acceptCookies(other);
      await screenshots(other, 'reminder-cart-restored');

      // Signed in there, the shopper buys.
      await other.setViewportSize({ width: 1280, height: 800 });
      await loginThroughHeader(other, account);
      // The account's cart already held the restored item: signing in there does not double it.
      await siteHeader(other).getByRole('link', { name: 'Carrinho, 1 item' }).click();
      await expect(other).toHaveURL(/\/carrinho$/);
      await buyWithPix(other);

      // The link works once: a second visit says so, in pt-BR, and changes nothing.
      await other.goto(mail.restorePath);
      await waitForApp(other);
      await expect(
        other.getByRole('heading', { level: 1, name: 'Não foi possível recuperar o carrinho' }),
      ).toBeVisible();
      await expect(other.getByRole('alert')).toContainText('Este link de recuperação já foi usado');
      await expect(
        siteHeader(other).getByRole('link', { name: 'Carrinho, 0 itens' }),
      ).toBeVisible();
      await screenshots(other, 'reminder-link-used');

      // The unsubscribe page asks before it changes anything; its button turns the consent off.
      await other.goto(mail.unsubscribePath);
      await waitForApp(other);
      const unsubscribe = other.getByRole('button', { name: 'Não quero mais receber' });
      await expect(unsubscribe).toBeVisible();
      await expect(other.getByRole('main')).toContainText('e***@example.com');
      await screenshots(other, 'reminder-unsubscribe');
      await other.setViewportSize({ width: 1280, height: 800 });
      await unsubscribe.click();
      await expect(
        other.getByText('Pronto: você não vai mais receber e-mails de marketing da loja.'),
      ).toBeVisible();
      await screenshots(other, 'reminder-unsubscribed');
      await other.setViewportSize({ width: 1280, height: 800 });
      await other.goto('/gerenciar-dados');
      await expect(other.getByRole('switch', { name: /E-mail marketing/ })).not.toBeChecked();
      expect(phone.errors).toEqual([]);
    } finally {
      await phone.context.close();
    }

    // The panel counts the reminder and the recovered cart.
    const admin = await otherBrowser(browser, baseURL);
    try {
      const owner = admin.page;
      await owner.goto('/');
      await waitForApp(owner);
      await acceptCookies(owner);
      await loginThroughHeader(owner, shopAdministrator());
      await owner.goto('/admin?periodo=7');
      const figures = owner.getByRole('region', { name: 'Lembretes de carrinho e PIX' });
      await expect(figures).toBeVisible({ timeout: 15_000 });
      const value = (label: string) =>
        figures
          .locator('div')
          .filter({ has: owner.getByText(label, { exact: true }) })
          .locator('dd')
          .first();
      await expect
        .poll(async () => Number(await value('Lembretes enviados').textContent()))
        .toBeGreaterThanOrEqual(1);
      await expect
        .poll(async () => Number(await value('Carrinhos recuperados').textContent()))
        .toBeGreaterThanOrEqual(1);
      await expect(value('Receita recuperada')).not.toHaveText('R$ 0,00');
      await screenshots(owner, 'reminder-panel', {
        fullPage: false,
        before: () => figures.scrollIntoViewIfNeeded(),
      });
      await owner.goto('/admin/loja');
      const block = owner.getByRole('group', { name: 'Lembretes' });
      await expect(block.getByLabel('Enviar o lembrete depois de (horas)')).toHaveValue('0,01');
      await screenshots(owner, 'reminder-settings', {
        fullPage: false,
        before: () => block.scrollIntoViewIfNeeded(),
      });
      expect(admin.errors).toEqual([]);
    } finally {
      await admin.context.close();
    }
  } finally {
    await saveSettings(request);
  }
});
