// PIX through the shop's own bank (PAYMENT_PROVIDER=pix-bank), on the payments shop that
// start-server.ts runs beside the fake bank's API Pix (HTTPS with mutual TLS): the checkout gets
// the bank's charge (a cob) and shows its copy-and-paste code and QR; the payer pays it in the
// bank and the shopper, who only waits on the page, sees it paid. Once the bank's webhook tells
// the shop; once the webhook is lost and the reconciliation job, which reads the open charges
// back (every 5 s here: PIX_RECONCILE_SECONDS in playwright.config.ts), finds it.
import type { Page } from '@playwright/test';
import { loginThroughHeader } from '../support/accounts.ts';
import { acceptCookies } from '../support/cookie-banner.ts';
import { fakeBankCobOf, payFakeBankCob, type FakeCob } from '../support/fake-payments.ts';
import { customerWithOrder } from '../support/orders.ts';
import { expect, test } from '../support/test.ts';
import { fillCheckout, shopperWithCart } from './checkout-steps.ts';

/** The payments shop's PIX key (what `npm run fake:pix-bank` prints), in the bank's codes. */
const PIX_KEY = 'financeiro@lumina.example';

// Register waits for password hashing (argon2id); the PIX page checks the order every 10 s.
test.describe.configure({ timeout: 90_000 });
// The checkout looks the CEP up as it is typed; the test server has no internet, so the lookup
// answers 503 (Chromium logs it) and the address stays as typed.
test.use({ allowedConsoleErrors: [/status of 503/] });

/** The order's number on the PIX page ('Pedido LP...'). */
async function orderNumberOnPage(page: Page): Promise<string> {
  const line = page.getByText(/^Pedido \S+$/).first();
  await expect(line).toBeVisible();
  return ((await line.textContent()) ?? '').replace(/^Pedido /, '').trim();
}

/** The cob the shop issued at the bank for the order, still open. */
async function openCobOf(orderNumber: string): Promise<FakeCob> {
  const cob = await fakeBankCobOf(orderNumber);
  expect(cob, `a cob at the bank for ${orderNumber}`).toMatchObject({ status: 'ATIVA' });
  return cob as FakeCob;
}

/** The PIX page shows the bank's code: its key and the cob's amount, with a QR to scan. */
async function expectBankCode(page: Page, cob: FakeCob): Promise<void> {
  const qr = page.getByRole('img', { name: 'QR Code PIX' });
  await expect(qr).toBeVisible();
  await expect
    .poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  const code = page.getByLabel('Código PIX (copia e cola)');
  await expect(code).toHaveValue(/^000201/);
  await expect(code).toHaveValue(new RegExp(PIX_KEY.replaceAll('.', '\\.')));
  // Field 54 of the BR Code: the amount as the bank wrote it in the cob.
  await expect(code).toHaveValue(
    new RegExp(`54${String(cob.valor.length).padStart(2, '0')}${cob.valor.replace('.', '\\.')}`),
  );
  await expect(
    page.getByRole('status').filter({ hasText: 'Aguardando pagamento...' }),
  ).toBeVisible();
  // A real bank's charge: no 'Simular pagamento'.
  await expect(page.getByRole('region', { name: 'Modo de teste' })).toBeHidden();
}

/** The PIX page, left alone, goes to /payment-success once the order is paid. */
async function expectPaidWithoutTouching(page: Page, orderId: number, orderNumber: string) {
  // The page asks every 10 s; the reconciliation runs every 5 s.
  await expect(page).toHaveURL(new RegExp(`/payment-success\\?order_id=${orderId}$`), {
    timeout: 30_000,
  });
  await expect(page.getByRole('heading', { level: 1, name: 'Pagamento aprovado!' })).toBeVisible();
  const receipt = page.getByRole('main').locator('dl');
  await expect(receipt).toContainText(orderNumber);
  await expect(receipt).toContainText('Pago');
}

/** 'Meus Pedidos' in 'Minha Conta', and the order's card there. */
async function orderInMyOrders(page: Page, orderNumber: string) {
  await page.goto('/minha-conta');
  await page
    .getByRole('tablist', { name: 'Áreas da conta' })
    .getByRole('tab', { name: 'Meus Pedidos' })
    .click();
  return page.getByRole('article', { name: `Pedido ${orderNumber}` });
}

test("a shopper pays the bank's PIX and the bank's webhook shows the order paid", async ({
  page,
}) => {
  const { account, product } = await shopperWithCart(page, page.request, 'pix-banco');
  await fillCheckout(page, 'PIX');
  await expect(
    page.getByRole('region', { name: 'Produtos' }).getByRole('cell', { name: product.name }),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Dados do cliente' }).getByLabel('Nome completo *'),
  ).toHaveValue(account.name);

  await page.getByRole('button', { name: 'Finalizar pedido' }).click();
  await expect(page).toHaveURL(/\/payment-pix\?order_id=(\d+)&payment_id=(\d+)$/, {
    timeout: 15_000,
  });
  const orderId = Number(new URL(page.url()).searchParams.get('order_id'));
  await expect(page.getByRole('heading', { level: 1, name: 'Pagamento PIX' })).toBeVisible();
  const orderNumber = await orderNumberOnPage(page);
  const cob = await openCobOf(orderNumber);
  await expectBankCode(page, cob);

  // The payer pays in the bank's app; the bank posts its webhook, which the shop takes.
  expect(await payFakeBankCob(cob.txid, 'send')).toEqual([200]);
  await expectPaidWithoutTouching(page, orderId, orderNumber);

  const order = await orderInMyOrders(page, orderNumber);
  await expect(order.getByRole('group', { name: 'Situação do pedido' })).toContainText('Pago');
  await expect(order.getByRole('link', { name: 'Pagar com PIX' })).toBeHidden();
});

test("a PIX whose webhook the bank never sends is found paid by the shop's reconciliation", async ({
  page,
  request,
}) => {
  // Ordered earlier, through the API: the shopper comes back to pay it from 'Meus Pedidos'.
  const { account, order } = await customerWithOrder(request, { label: 'pix-banco-perdido' });

  await page.goto('/');
  await acceptCookies(page);
  await loginThroughHeader(page, account);
  const card = await orderInMyOrders(page, order.order_number);
  await expect(card.getByRole('group', { name: 'Situação do pedido' })).toContainText(
    'Aguardando Pagamento',
  );
  await card.getByRole('link', { name: 'Pagar com PIX' }).click();
  await expect(page).toHaveURL(new RegExp(`/payment-pix\\?order_id=${order.id}`));
  expect(await orderNumberOnPage(page)).toBe(order.order_number);
  const cob = await openCobOf(order.order_number);
  await expectBankCode(page, cob);

  // Paid in the bank, and the bank's webhook lost on the way: nothing reaches the shop.
  expect(await payFakeBankCob(cob.txid, 'lost')).toEqual([]);
  await expectPaidWithoutTouching(page, order.id, order.order_number);

  const paid = await orderInMyOrders(page, order.order_number);
  await expect(paid.getByRole('group', { name: 'Situação do pedido' })).toContainText('Pago');
  await expect(paid.getByRole('link', { name: 'Pagar com PIX' })).toBeHidden();
});
