// Coupons and automatic promotions, end to end on the built-in PIX (sandbox). The owner creates a
// first-purchase coupon on a phone at /admin/cupons; a new shopper follows a ?cupom= link, sees
// the coupon and its conditions in the cart, pays by PIX the PIX prices less 10% plus freight;
// the owner confirms the payment and the coupon counts one use with its figures; the same
// shopper cannot use it again. A second test shows an automatic promotion on one product's card
// and page, created and deleted through the admin API so the other tests see normal prices.
import type { Browser, Locator, Page } from '@playwright/test';
import {
  adminHeaders,
  loginThroughHeader,
  newAccount,
  readAndCloseToast,
  registerThroughApi,
  shopAdministrator,
} from './support/accounts.ts';
import { listProducts, productTitle } from './support/catalog-api.ts';
import { acceptCookies } from './support/cookie-banner.ts';
import { brlText } from './support/money.ts';
import { screenshots } from './support/shots.ts';
import { expect, test } from './support/test.ts';
import { fillCheckout, simpleProduct } from './payments/checkout-steps.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/**
 * A valid CPF of this run's own: the first-purchase rule and the per-customer limit count by
 * CPF too, so a CPF another test paid an order with would refuse the coupon.
 */
function freshCpf(): string {
  const digits = Array.from(
    { length: 9 },
    (_, i) => (i === 0 ? 1 : 0) + Math.floor(Math.random() * 9),
  );
  const check = (base: number[]) => {
    const sum = base.reduce((total, digit, i) => total + digit * (base.length + 1 - i), 0);
    return ((sum * 10) % 11) % 10;
  };
  digits.push(check(digits));
  digits.push(check(digits));
  return digits.join('');
}

/** Percent coupons round their discount down, line by line (coupon-rules.ts). */
function tenPercentOff(cents: number): number {
  return Math.floor(cents / 10);
}

/**
 * The owner's own browser, signed in on a wide screen (the phone header keeps the greeting in
 * its menu) and then held at a phone's size. Its console errors fail the test like the page's.
 */
async function ownerOnPhone(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({
    baseURL,
    viewport: DESKTOP,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console.error: ${message.text()}`);
  });
  await page.goto('/');
  await acceptCookies(page);
  await loginThroughHeader(page, shopAdministrator());
  await page.setViewportSize(PHONE);
  return { page, errors, close: () => context.close() };
}

/** The figure under `label` ('Usos', 'Desconto dado', 'Receita') of a coupon's row. */
function figure(row: Locator, label: string) {
  return row
    .locator('dl > div')
    .filter({ has: row.page().getByText(label, { exact: true }) })
    .locator('dd');
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widest = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(widest).toBeLessThanOrEqual(PHONE.width);
}

/** The order as its customer reads it through the API. */
interface ApiOrder {
  id: number;
  order_number: string;
  subtotal_cents: number;
  discount_cents: number;
  promotion_discount_cents: number;
  coupon_discount_cents: number;
  coupon_code: string | null;
  shipping_cost_cents: number;
  total_cents: number;
  items: { quantity: number; pix_price_cents: number; coupon_discount_cents: number }[];
}

// Two browsers, a checkout and the panel: longer than one page's test.
test.describe.configure({ timeout: 180_000 });
// The checkout looks the CEP up as it is typed; the test server has no internet, so the lookup
// answers 503 (Chromium logs it) and the address stays as typed. The coupon used a second time
// is refused with a 422, also logged. One pattern: Playwright would read a second one in the
// list as the fixture's options.
test.use({ allowedConsoleErrors: [/status of (503|422)/] });

test('a first-purchase coupon: created on a phone, used once by PIX, counted in the panel', async ({
  page,
  browser,
  request,
}) => {
  const code = `BEMVINDA${Date.now() % 100000}`;
  const owner = await ownerOnPhone(browser, test.info().project.use.baseURL);

  // 1. The owner creates the coupon at /admin/cupons on a phone.
  await owner.page.goto('/admin/cupons');
  const panel = owner.page.getByRole('main');
  await expect(panel.getByRole('heading', { level: 1, name: 'Cupons e promoções' })).toBeVisible();
  await panel.getByRole('button', { name: 'Novo cupom' }).click();
  const form = owner.page.getByRole('dialog', { name: 'Novo cupom' });
  await form.getByLabel('Código').fill(code.toLowerCase());
  await expect(form.getByRole('radio', { name: 'Percentual' })).toBeChecked();
  await form.getByLabel('Desconto (%)').fill('10');
  await form.getByLabel('Usos por cliente (opcional)').fill('1');
  await form.getByRole('checkbox', { name: 'Apenas primeira compra' }).check();
  const preview = form.getByRole('region', { name: 'Condições (como o cliente lê)' });
  await expect(preview).toContainText('10% de desconto em toda a loja.');
  await expect(preview).toContainText('Apenas na primeira compra.');
  await expect(preview).toContainText('Um uso por cliente (CPF).');
  await screenshots(owner.page, 'coupon-form', { fullPage: false });
  await owner.page.setViewportSize(PHONE);
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(form).toBeHidden();
  await expect(panel.getByText('Cupom salvo')).toBeVisible();
  const coupons = panel.getByRole('region', { name: /^Cupons/ });
  const row = coupons.getByRole('listitem').filter({ hasText: code });
  await expect(row).toContainText('10% de desconto');
  await expect(row.getByText('Ativo', { exact: true })).toBeVisible();
  await expect(figure(row, 'Usos')).toHaveText('0');
  await expectNoSidewaysScroll(owner.page);

  // 2. A new shopper with one product in the cart follows the coupon's link, signed in.
  const account = newAccount('cupom');
  const { accessToken } = await registerThroughApi(request, account);
  const shopper = { authorization: `Bearer ${accessToken}` };
  const product = await simpleProduct(request);
  const added = await request.post('/api/carts/items', {
    headers: shopper,
    data: { product_id: product.id, quantity: 1 },
  });
  expect(added.status(), await added.text()).toBe(201);
  await page.goto('/');
  await acceptCookies(page);
  await loginThroughHeader(page, account);
  await page.goto(`/?cupom=${code.toLowerCase()}`);
  await readAndCloseToast(page, `Cupom ${code} aplicado ao seu carrinho`);
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/carrinho');
  const summary = page.getByRole('complementary', { name: 'Resumo' });
  // The cart's summary is at list prices (a card's); PIX's discount shows at the checkout.
  const couponRow = summary
    .locator('dl > div')
    .filter({ has: page.getByText(`Cupom ${code}`, { exact: true }) });
  await expect(couponRow.locator('dd')).toHaveText(
    `−${brlText(tenPercentOff(product.price_cents))}`,
  );
  await expect(summary.getByText(/Apenas na primeira compra/)).toBeVisible();
  await screenshots(page, 'cart-coupon');
  await page.setViewportSize(DESKTOP);

  // 3. PIX at the checkout: the PIX prices less 10%, plus freight.
  await fillCheckout(page, 'PIX', freshCpf());
  const items = page.getByRole('region', { name: 'Produtos' });
  await expect(items.getByRole('rowheader', { name: `Cupom ${code}` })).toBeVisible();
  const checkoutTotal =
    (await items
      .getByRole('row', { name: /^Total/ })
      .getByRole('cell')
      .textContent()) ?? '';
  await page.getByRole('button', { name: 'Finalizar pedido' }).click();
  await expect(page).toHaveURL(/\/payment-pix\?order_id=(\d+)&payment_id=(\d+)$/, {
    timeout: 15_000,
  });
  const orderId = Number(new URL(page.url()).searchParams.get('order_id'));
  const answer = await request.get(`/api/orders/${orderId}`, { headers: shopper });
  expect(answer.ok(), await answer.text()).toBe(true);
  const { order } = (await answer.json()) as { order: ApiOrder };
  const [item] = order.items;
  if (!item) throw new Error('the order has no items');
  const pixSubtotal = item.pix_price_cents * item.quantity;
  const couponOff = tenPercentOff(pixSubtotal);
  if (product.pix_price_cents !== null) expect(item.pix_price_cents).toBe(product.pix_price_cents);
  expect(order.subtotal_cents).toBe(pixSubtotal);
  expect(order.coupon_code).toBe(code);
  expect(order.coupon_discount_cents).toBe(couponOff);
  expect(order.promotion_discount_cents).toBe(0);
  expect(order.discount_cents).toBe(couponOff);
  expect(item.coupon_discount_cents).toBe(couponOff);
  expect(order.total_cents).toBe(pixSubtotal - couponOff + order.shipping_cost_cents);
  expect(checkoutTotal.trim()).toBe(brlText(order.total_cents));
  const pixSummary = page.getByRole('region', { name: 'Resumo do pedido' });
  const pixAmount = (label: string) =>
    pixSummary
      .locator('dl > div')
      .filter({ has: page.getByText(label, { exact: true }) })
      .locator('dd');
  await expect(pixAmount('Subtotal')).toHaveText(brlText(pixSubtotal));
  await expect(pixAmount('Descontos')).toHaveText(`−${brlText(couponOff)}`);
  await expect(pixAmount('Total')).toHaveText(brlText(order.total_cents));
  await screenshots(page, 'payment-pix-coupon');
  await page.setViewportSize(DESKTOP);

  // 4. The owner confirms the PIX seen in the bank; the coupon then counts one use.
  await owner.page.setViewportSize(DESKTOP);
  await owner.page.goto(`/admin/pedidos?q=${order.order_number}`);
  await panel.getByRole('table').getByRole('link', { name: order.order_number }).click();
  await expect(panel.getByRole('heading', { name: `Pedido ${order.order_number}` })).toBeVisible();
  await expect(panel.getByText(`Cupom ${code}`)).toBeVisible();
  await panel.getByRole('button', { name: 'Confirmar pagamento', exact: true }).click();
  const confirm = owner.page.getByRole('dialog', { name: 'Confirmar pagamento' });
  await confirm.getByRole('button', { name: 'Confirmar pagamento', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(
    panel.getByText('Pagamento confirmado. O cliente foi avisado por e-mail.'),
  ).toBeVisible();

  await owner.page.setViewportSize(PHONE);
  await owner.page.goto('/admin/cupons');
  await expect(figure(row, 'Usos')).toHaveText('1');
  await expect(figure(row, 'Desconto dado')).toHaveText(brlText(couponOff));
  await expect(figure(row, 'Receita')).not.toHaveText(brlText(0));
  await expect(figure(row, 'Pedidos pagos')).toHaveText('1');
  await expectNoSidewaysScroll(owner.page);
  await screenshots(owner.page, 'admin-coupons');
  expect(owner.errors, 'the owner’s pages logged errors').toEqual([]);
  await owner.close();

  // 5. The same shopper, with a new cart, cannot use the coupon again.
  const again = await request.post('/api/carts/items', {
    headers: shopper,
    data: { product_id: product.id, quantity: 1 },
  });
  expect(again.status(), await again.text()).toBe(201);
  await page.goto('/carrinho');
  await summary.getByLabel('Cupom de desconto').fill(code);
  await summary.getByRole('button', { name: 'Aplicar' }).click();
  await expect(summary.getByRole('alert')).toHaveText(
    /^(Válido apenas na primeira compra|Você já usou este cupom)$/,
  );
  await expect(summary.getByText(`Cupom ${code}`, { exact: true })).toBeHidden();
});

/** A product no other browser test buys or prices: the promotion cannot change their figures. */
const PROMOTED_PRODUCT = 'Argola de Nariz Fina Ouro Rosé 18k';

test('an automatic promotion shows on its product card and page', async ({ page, request }) => {
  const product = (await listProducts(request, { category: 'nariz' })).find(
    (p) => productTitle(p.name) === PROMOTED_PRODUCT,
  );
  if (!product) throw new Error(`the demo catalogue has no ${PROMOTED_PRODUCT}`);
  const name = '10% na argola rosé';
  const admin = await adminHeaders(request);
  const created = await request.post('/api/admin/coupons', {
    headers: admin,
    data: {
      coupon: {
        automatic: true,
        name,
        kind: 'percent',
        value: 10,
        scope: { categories: [], product_ids: [product.id] },
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { coupon } = (await created.json()) as { coupon: { id: number } };
  try {
    await page.goto('/categorias?categoria=nariz');
    await acceptCookies(page);
    const card = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: PROMOTED_PRODUCT, exact: true }) });
    await expect(card.getByText(`-10% ${name}`)).toBeAttached();
    await card.getByRole('heading').getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/produto/${product.id}$`));
    const offer = page.getByRole('main').getByText('no PIX com a promoção');
    await expect(offer).toBeVisible();
    const pixCents = product.pix_price_cents ?? product.price_cents;
    await expect(offer.locator('strong')).toHaveText(brlText(pixCents - tenPercentOff(pixCents)));
    await screenshots(page, 'product-promotion');
  } finally {
    const deleted = await request.delete(`/api/admin/coupons/${coupon.id}`, { headers: admin });
    expect(deleted.status(), await deleted.text()).toBe(204);
  }
});
