// Boleto through MercadoPago (the fake): the shopper chooses 'Boleto bancário' at the checkout
// and gets the boleto (digitable line to copy, PDF, due date); the bank's payment is played at
// the fake's control server (E2E_FAKE_MERCADOPAGO_CONTROL_URL), whose signed notification
// reaches the shop, and the page then shows the order paid. Needs a shop with CARD_PAYMENTS on.
import { screenshots } from '../support/shots.ts';
import { expect, test } from '../support/test.ts';
import { fillCheckout, shopperWithCart } from './checkout-steps.ts';

const CONTROL_URL = process.env.E2E_FAKE_MERCADOPAGO_CONTROL_URL;

test.describe.configure({ timeout: 90_000 });
test.use({ allowedConsoleErrors: [/status of 503/] });

test('a shopper gets a boleto and, once the bank pays it, the order shows paid', async ({
  page,
  request,
}) => {
  test.skip(!CONTROL_URL, 'E2E_FAKE_MERCADOPAGO_CONTROL_URL names the fake MercadoPago control');
  await shopperWithCart(page, request, 'boleto');

  await fillCheckout(page, 'Boleto bancário');
  await page.getByRole('button', { name: 'Finalizar pedido' }).click();
  await expect(page).toHaveURL(/\/payment-boleto\?order_id=\d+$/);

  const boleto = page.getByRole('region', { name: 'Boleto gerado' });
  await expect(boleto).toBeVisible();
  await expect(boleto.getByLabel('Linha digitável')).toHaveValue(/^\d{5}\.\d{5} \d{5}\.\d{6} /);
  await expect(boleto.getByRole('button', { name: 'Copiar linha digitável' })).toBeVisible();
  await expect(boleto.getByRole('link', { name: /Abrir boleto \(PDF\)/ })).toHaveAttribute(
    'href',
    /\/payments\/\d+\/ticket/,
  );
  await expect(boleto).toContainText(/Vencimento: \d{2}\/\d{2}\/\d{4}/);
  await screenshots(page, 'payments-boleto');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The bank pays it: the fake approves the boleto and notifies the shop, signed.
  const charges = (await (await request.get(`${CONTROL_URL}/_fake/pagamentos`)).json()) as {
    id: number;
    status: string;
  }[];
  const open = charges.filter((charge) => charge.status === 'pending').at(-1);
  if (!open) throw new Error('The fake MercadoPago has no pending boleto');
  const paid = await request.post(`${CONTROL_URL}/_fake/pagamentos?id=${open.id}&status=approved`);
  expect(paid.status(), await paid.text()).toBe(200);

  await boleto.getByRole('button', { name: 'Já paguei: verificar agora' }).click();
  await expect(page).toHaveURL(/\/payment-success\?order_id=\d+$/);
  await expect(page.getByRole('heading', { name: 'Pagamento aprovado!' })).toBeVisible();
});
