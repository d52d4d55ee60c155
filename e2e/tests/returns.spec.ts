// A withdrawal (CDC art. 49) from end to end on the production server: the owner fills in the
// shop's identity and returns policy on a phone, a shopper's order of two pieces is paid, shipped
// and delivered, the shopper withdraws from one piece in 'Meus Pedidos' and gets a protocol, the
// owner sends the posting instructions, receives the piece back into stock and refunds it with the
// PIX E2E id of the shop's bank, and the shopper sees 'Devolvido parcialmente' and the refund.
// Screenshots at phone and desktop widths go to SHOT_DIR for review.
import type { APIRequestContext, Page } from '@playwright/test';
import {
  loginThroughHeader,
  newAccount,
  registerThroughApi,
  shopAdministrator,
} from './support/accounts.ts';
import { listProducts, type ApiProduct } from './support/catalog-api.ts';
import { acceptCookies } from './support/cookie-banner.ts';
import { screenshots } from './support/shots.ts';
import { expect, test } from './support/test.ts';

test.describe.configure({ timeout: 150_000 });

const TRACKING = 'AA473124829BR';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function adminHeaders(request: APIRequestContext) {
  const admin = shopAdministrator();
  const login = await request.post('/api/auth/login', {
    data: { email: admin.email, password: admin.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  return {
    authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}`,
  };
}

/** A new shopper's order of one unit of each of two products without options, PIX opened. */
async function orderOfTwo(request: APIRequestContext) {
  const account = newAccount('devolucao');
  const { accessToken } = await registerThroughApi(request, account);
  const headers = { authorization: `Bearer ${accessToken}` };
  const products = (
    (await listProducts(request)) as (ApiProduct & { options?: unknown[] })[]
  ).filter((p) => p.active && p.stock_quantity >= 2 && (p.options ?? []).length === 0);
  const [first, second] = products;
  if (!first || !second) throw new Error('The demo catalogue needs two products in stock');
  for (const product of [first, second]) {
    const added = await request.post('/api/carts/items', {
      headers,
      data: { product_id: product.id, quantity: 1 },
    });
    expect(added.status(), await added.text()).toBe(201);
  }
  const placed = await request.post('/api/orders', {
    headers,
    data: {
      order: {
        customer_name: account.name,
        customer_email: account.email,
        customer_phone: '(11) 98765-4321',
        customer_cpf: '',
        customer_street: 'Rua Augusta',
        customer_number: '1500',
        customer_neighborhood: 'Consolação',
        customer_city: 'São Paulo',
        customer_state: 'SP',
        customer_zip_code: '01310-100',
        payment_method: 'pix',
        shipping_method: 'pac',
      },
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = ((await placed.json()) as { order: { id: number; order_number: string } }).order;
  const pix = await request.post(`/api/orders/${order.id}/mercadopago_payment`, {
    headers,
    data: { payment_method: 'pix' },
  });
  expect(pix.status(), await pix.text()).toBe(200);
  return { account, order, firstName: first.name };
}

async function fillStoreSettings(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/loja');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Loja', level: 1 })).toBeVisible();
  await main.getByLabel('Razão social').fill('Lumina Joias Ltda');
  await main.getByLabel('CNPJ ou CPF').fill('11.222.333/0001-81');
  await main.getByLabel('CEP').fill('01310-100');
  await main.getByLabel('Rua').fill('Avenida Paulista');
  await main.getByLabel('Número').fill('1000');
  await main.getByLabel('Bairro').fill('Bela Vista');
  await main.getByLabel('Cidade').fill('São Paulo');
  await main.getByLabel('UF').selectOption('SP');
  await main.getByLabel('Email do SAC').fill('sac@lumina.test');
  await main.getByLabel('WhatsApp').fill('11 98765-4321');
  await main
    .getByLabel('Trocas e devoluções', { exact: true })
    .fill(
      '<p>Você pode desistir da compra em até 7 dias após a entrega, pela página do pedido.</p>',
    );
  await main.getByRole('button', { name: 'Salvar configurações' }).click();
  await expect(main.getByText('Configurações salvas.')).toBeVisible();
}

/** The page never scrolls sideways on a phone. */
async function expectFitsPhone(page: Page) {
  const widest = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(widest).toBeLessThanOrEqual(390);
}

test('a shopper withdraws from one piece and the shop receives and refunds it', async ({
  page,
  browser,
  request,
}) => {
  // The owner, logged in on a wide screen (the phone header keeps the greeting in its menu).
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await acceptCookies(page);
  await loginThroughHeader(page, shopAdministrator());
  await fillStoreSettings(page);

  // The order is paid (the shop saw the PIX in its bank), shipped and delivered.
  const { account, order, firstName } = await orderOfTwo(request);
  const admin = await adminHeaders(request);
  for (const [step, data] of [
    ['confirm_payment', {}],
    ['ship', { tracking_code: TRACKING }],
    ['deliver', {}],
  ] as const) {
    const answer = await request.post(`/api/admin/orders/${order.id}/${step}`, {
      headers: admin,
      data,
    });
    expect(answer.status(), await answer.text()).toBe(200);
  }

  // The shopper, in a browser of their own.
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 1280, height: 800 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  const shopper = await context.newPage();
  const shopperErrors: string[] = [];
  shopper.on('pageerror', (error) => shopperErrors.push(error.message));
  await shopper.goto('/');
  await acceptCookies(shopper);
  await loginThroughHeader(shopper, account);
  await shopper.setViewportSize({ width: 390, height: 844 });
  await shopper.goto('/minha-conta?aba=pedidos');
  const card = shopper.getByRole('article', { name: `Pedido ${order.order_number}` });
  await expect(card.getByText('Entregue', { exact: true })).toBeVisible();
  await card.getByRole('link', { name: /Detalhes, devolução e troca/ }).click();
  await expect(shopper).toHaveURL(new RegExp(`/minha-conta/pedidos/${order.id}$`));
  const orderPage = shopper.getByRole('main');
  await expect(
    orderPage.getByRole('heading', { name: `Pedido ${order.order_number}` }),
  ).toBeVisible();
  await expect(orderPage.getByText(/^Você pode desistir até \d{2}\/\d{2}\/\d{4} \(/)).toBeVisible();
  await orderPage.getByRole('button', { name: 'Desistir da compra' }).click();
  const form = orderPage.getByRole('region', { name: 'Desistir da compra' });
  await expect(form.getByText(/^Você pode desistir até/)).toBeVisible();
  // Nothing chosen: the form says so before asking the server.
  await form.getByRole('button', { name: 'Enviar desistência' }).click();
  await expect(form.getByRole('alert')).toHaveText('Escolha ao menos um item do pedido');
  await form.getByRole('checkbox', { name: new RegExp(escapeRegExp(firstName)) }).check();
  await form.getByLabel('Motivo (opcional)').fill('O tamanho não ficou bom.');
  await expect(form.getByLabel('Quantidade')).toHaveValue('1');
  await expectFitsPhone(shopper);
  await screenshots(shopper, 'returns-withdrawal-form');
  await form.getByRole('button', { name: 'Enviar desistência' }).click();
  const done = orderPage.getByRole('status').filter({ hasText: 'Protocolo' });
  await expect(done).toContainText(/DEV-\d{4}-\d{6}/);
  await expect(done).toContainText('enviamos a confirmação e as próximas etapas por e-mail');
  const protocol = /DEV-\d{4}-\d{6}/.exec((await done.textContent()) ?? '')?.[0] ?? '';
  expect(protocol).not.toBe('');
  const request1 = orderPage.getByRole('article', { name: `Desistência da compra ${protocol}` });
  await expect(request1.getByText('Solicitado', { exact: true })).toBeVisible();

  // The owner's queue, on a phone and a desktop, then the request.
  await page.setViewportSize({ width: 390, height: 844 });
  await page
    .getByRole('navigation', { name: 'Seções do painel' })
    .getByRole('link', { name: 'Devoluções' })
    .click();
  await expect(page).toHaveURL(/\/admin\/devolucoes$/);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Devoluções', level: 1 })).toBeVisible();
  const phoneItem = main.getByRole('list', { name: 'Pedidos de devolução' }).getByRole('listitem');
  await expect(phoneItem.filter({ hasText: protocol })).toContainText('5 dias para responder');
  await expectFitsPhone(page);
  await screenshots(page, 'returns-admin-queue');
  await page.setViewportSize({ width: 390, height: 844 });
  await main.getByRole('link', { name: protocol }).first().click();
  await expect(
    main.getByRole('heading', { name: `Desistência da compra ${protocol}` }),
  ).toBeVisible();
  await expect(main.getByText('O tamanho não ficou bom.')).toBeVisible();
  await expect(main.getByText(account.email)).toBeVisible();

  const run = async (
    button: string,
    fill: (dialog: ReturnType<Page['getByRole']>) => Promise<void>,
    result: () => string,
  ) => {
    await main.getByRole('button', { name: button, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: button });
    await expect(dialog).toBeVisible();
    await fill(dialog);
    await expect(dialog).toBeHidden();
    await expect(main.getByText(result())).toBeVisible();
  };
  await run(
    'Enviar instruções',
    async (dialog) => {
      await dialog.getByLabel('Código de autorização', { exact: true }).fill('AP-20261127');
      await dialog.getByRole('button', { name: 'Enviar ao cliente' }).click();
    },
    () => 'Instruções enviadas ao cliente por e-mail.',
  );
  await run(
    'Marcar como recebido',
    async (dialog) => {
      await expect(dialog.getByRole('checkbox', { name: 'Pode voltar ao estoque' })).toBeChecked();
      await dialog.getByRole('button', { name: 'Registrar recebimento' }).click();
    },
    () => 'Recebimento registrado. As peças em condição de venda voltaram ao estoque.',
  );
  let refunded = '';
  await run(
    'Reembolsar',
    async (dialog) => {
      const amount = dialog.getByLabel('Valor a devolver (R$)');
      await expect(amount).toHaveValue(/^\d+,\d{2}$/);
      refunded = await amount.inputValue();
      const e2e = dialog.getByLabel('Identificador PIX (E2E) da devolução');
      await e2e.fill('E123');
      await dialog.getByRole('button', { name: 'Revisar reembolso' }).click();
      await expect(dialog.getByText(/^Identificador PIX \(E2E\) inválido/)).toBeVisible();
      const suffix = Math.random().toString(36).slice(2, 13).padEnd(11, 'X').toUpperCase();
      await e2e.fill(`E00000000202611271200${suffix}`);
      await dialog.getByRole('button', { name: 'Revisar reembolso' }).click();
      await expect(dialog.getByText(`Confirmar o reembolso de R$ ${refunded}?`)).toBeVisible();
      await screenshots(page, 'returns-admin-refund-confirm', { fullPage: false });
      await page.setViewportSize({ width: 390, height: 844 });
      await dialog.getByRole('button', { name: 'Confirmar reembolso' }).click();
    },
    () => `Reembolso de R$ ${refunded} registrado. O cliente foi avisado por e-mail.`,
  );
  await expect(main.getByText('Reembolsado', { exact: true }).first()).toBeVisible();
  await expectFitsPhone(page);
  await screenshots(page, 'returns-admin-detail');

  // The shopper sees the order partly returned and the money back.
  await shopper.setViewportSize({ width: 390, height: 844 });
  await shopper.reload();
  await expect(orderPage.getByText('Devolvido parcialmente', { exact: true })).toBeVisible();
  await expect(
    orderPage.getByText(new RegExp(`^Reembolso de R\\$ ${refunded} em \\d{2}/\\d{2}$`)).first(),
  ).toBeVisible();
  await expect(request1.getByText('Reembolsado', { exact: true })).toBeVisible();
  await expectFitsPhone(shopper);
  await screenshots(shopper, 'returns-shopper-refunded');

  // The admin order page lists the refund and what may still be given back.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/admin/pedidos/${order.id}`);
  const refunds = main.getByRole('region', { name: 'Reembolsos' });
  await expect(refunds.getByText('PIX devolvido pela loja')).toBeVisible();
  await expect(refunds.getByRole('button', { name: 'Reembolsar' })).toBeVisible();
  await screenshots(page, 'returns-admin-order-refunds');
  await context.close();
  expect(shopperErrors).toEqual([]);
});
