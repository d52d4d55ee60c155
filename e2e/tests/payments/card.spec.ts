// Card payments through MercadoPago.js (the fake's, from its own origin): the shopper chooses
// 'Cartão de crédito' at the checkout, lands on the card step, types MercadoPago's test Master
// into the secure fields (iframes the shop's page cannot read) and pays in 3x, or is refused
// (holder FUND) and pays the same order with PIX instead. Needs a shop with CARD_PAYMENTS on
// (the payments server, or `npm run fake:mercadopago` and its settings).
import type { Page } from '@playwright/test';
import { loginThroughHeader, shopAdministrator } from '../support/accounts.ts';
import { acceptCookies } from '../support/cookie-banner.ts';
import { screenshots } from '../support/shots.ts';
import { expect, test } from '../support/test.ts';
import { fillCheckout, shopperWithCart, TEST_CPF } from './checkout-steps.ts';

const TEST_CARD = { number: '5031 4332 1540 6351', expiry: '11/30', cvv: '123' };

test.describe.configure({ timeout: 90_000 });
// The checkout looks the CEP up as it is typed; the test server has no internet.
test.use({ allowedConsoleErrors: [/status of (503|422)/] });

/** Fills /checkout, chooses `method` and places the order: answers the order id. */
async function placeOrderBy(page: Page, method: 'Cartão de crédito' | 'Boleto bancário') {
  await fillCheckout(page, method);
  const payment = page.getByRole('region', { name: 'Forma de pagamento' });
  await expect(payment.getByText('Em breve', { exact: true })).toHaveCount(0);
  const summary = page.getByRole('region', { name: 'Resumo do pedido' });
  await expect(summary.getByText('Total no PIX', { exact: true })).toHaveCount(0);

  await page.getByRole('button', { name: 'Finalizar pedido' }).click();
  const path = method === 'Cartão de crédito' ? 'payment-card' : 'payment-boleto';
  await expect(page).toHaveURL(new RegExp(`/${path}\\?order_id=\\d+$`));
  return Number(new URL(page.url()).searchParams.get('order_id'));
}

/** Types a card into MercadoPago's secure fields, each in its own iframe. */
async function typeCard(page: Page, holder: string) {
  const form = page.getByRole('form', { name: 'Dados do cartão' });
  await form.getByLabel(/Nome do titular/).fill(holder);
  await page
    .frameLocator('#cartao-numero iframe')
    .getByLabel('Número do cartão')
    .fill(TEST_CARD.number);
  await page
    .frameLocator('#cartao-validade iframe')
    .getByLabel(/Validade/)
    .fill(TEST_CARD.expiry);
  await page
    .frameLocator('#cartao-cvv iframe')
    .getByLabel('Código de segurança')
    .fill(TEST_CARD.cvv);
  await form.getByLabel('CPF do titular').fill(TEST_CPF);
  // The issuer's plan for the card's BIN: counts with interest show their total.
  await expect(form.getByRole('option', { name: /com juros \(total R\$/ }).first()).toBeAttached();
  return form;
}

test('a shopper pays by card in 3x through MercadoPago.js and the order is paid', async ({
  page,
  request,
}) => {
  // Server-rendered pages promise the instalments cards allow, and never load the SDK (its
  // address is only data in the store's settings, for the payment step).
  const home = await (await request.get('/')).text();
  expect(home).toContain('3x sem juros ou até 12x');
  expect(home).not.toMatch(/<script[^>]*\/js\/v2/);
  await shopperWithCart(page, request, 'cartao-apro');
  await placeOrderBy(page, 'Cartão de crédito');
  await expect(page.getByRole('heading', { level: 1, name: 'Pagamento com cartão' })).toBeVisible();
  // Only this page loads the SDK, from the configured address.
  await expect(page.locator('script[src$="/js/v2"]')).toHaveCount(1);

  const form = await typeCard(page, 'APRO');
  await form.getByLabel('Parcelas').selectOption('3');
  await expect(form.getByLabel('Parcelas')).toHaveValue('3');
  await screenshots(page, 'payments-card-form');
  await page.setViewportSize({ width: 1280, height: 800 });

  const sent = page.waitForRequest((r) => /\/api\/orders\/\d+\/payments$/.test(r.url()));
  await form.getByRole('button', { name: 'Pagar' }).click();
  const body = (await sent).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({ method: 'card', installments: 3, payment_method_id: 'master' });
  // The shop's API gets the token, never the card.
  expect(JSON.stringify(body)).not.toContain('5031');

  await expect(page).toHaveURL(/\/payment-success\?order_id=\d+$/);
  await expect(page.getByRole('heading', { name: 'Pagamento aprovado!' })).toBeVisible();
  const orderId = Number(new URL(page.url()).searchParams.get('order_id'));

  // The owner gives R$ 10,00 back from the order page: MercadoPago refunds the card, no PIX id
  // asked; the shopper then sees it on the order with where the money went.
  const owner = await page
    .context()
    .browser()
    ?.newContext({
      baseURL: test.info().project.use.baseURL,
      viewport: { width: 1280, height: 800 },
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
    });
  if (!owner) throw new Error('no browser for the owner');
  const admin = await owner.newPage();
  await admin.goto('/');
  await acceptCookies(admin);
  await loginThroughHeader(admin, shopAdministrator());
  await admin.goto(`/admin/pedidos/${orderId}`);
  const main = admin.getByRole('main');
  await expect(
    main.getByText('Cartão de crédito Mastercard final 6351 · 3x').first(),
  ).toBeVisible();
  await expect(main.getByText('Tarifa', { exact: true })).toBeVisible();
  const refunds = main.getByRole('region', { name: 'Reembolsos' });
  await refunds.getByRole('button', { name: 'Reembolsar' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Reembolsar' });
  await dialog.getByLabel('Valor a devolver (R$)').fill('10,00');
  await expect(dialog.getByLabel('Identificador PIX (E2E) da devolução')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Revisar reembolso' }).click();
  await dialog.getByRole('button', { name: 'Confirmar reembolso' }).click();
  await expect(dialog).toBeHidden();
  await expect(refunds.getByText(/^Reembolso de R\$ 10,00/)).toBeVisible();
  await screenshots(admin, 'payments-card-admin-refund');
  await owner.close();

  await page.goto(`/minha-conta/pedidos/${orderId}`);
  await expect(page.getByText(/Estorno no cartão de crédito Mastercard final 6351/)).toBeVisible();
  await screenshots(page, 'payments-card-shopper-order');
});

test('a refused card says why, and the same order is then paid with PIX', async ({
  page,
  request,
}) => {
  await shopperWithCart(page, request, 'cartao-fund');
  const orderId = await placeOrderBy(page, 'Cartão de crédito');
  const form = await typeCard(page, 'FUND');
  await form.getByRole('button', { name: 'Pagar' }).click();

  const refusal = page.getByRole('alert').filter({ hasText: 'Pagamento recusado' });
  await expect(refusal.getByRole('heading')).toHaveText(
    'Pagamento recusado: Saldo insuficiente no cartão.',
  );
  await screenshots(page, 'payments-card-rejected');
  await page.setViewportSize({ width: 1280, height: 800 });

  await refusal.getByRole('button', { name: 'Pagar com PIX' }).click();
  await expect(page).toHaveURL(new RegExp(`/payment-pix\\?order_id=${orderId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Pagamento PIX' })).toBeVisible();
  await expect(page.getByLabel('Código PIX (copia e cola)')).toHaveValue(/^000201/);
});
