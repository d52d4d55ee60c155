// Withdrawals (CDC art. 49), exchanges and refunds from end to end on the production server.
// A withdrawal: the owner fills in the shop's identity and returns policy on a phone, a shopper's
// order of two pieces is paid, shipped and delivered, the shopper withdraws from one piece in
// 'Meus Pedidos' and gets a protocol, the owner sends the posting instructions, receives the piece
// back into stock and refunds it with the PIX E2E id of the shop's bank, and the shopper sees
// 'Devolvido parcialmente' and the refund. An exchange: a delivered ring is swapped for another
// size at the same price, the owner receives it and posts the new one with its own tracking code,
// and the new size's stock moves once. A refund by hand from the admin order page ('Reembolsar'),
// which the shopper then sees on the order. Screenshots at phone and desktop widths go to
// SHOT_DIR for review.
import type { Browser, Locator, Page } from '@playwright/test';
import {
  adminHeaders,
  type Account,
  loginThroughHeader,
  shopAdministrator,
} from './support/accounts.ts';
import { listProducts, productDetail } from './support/catalog-api.ts';
import { acceptCookies } from './support/cookie-banner.ts';
import { customerWithOrder, TRACKING } from './support/orders.ts';
import { screenshots } from './support/shots.ts';
import { expect, test } from './support/test.ts';

test.describe.configure({ timeout: 150_000 });

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A PIX devolução's end-to-end id (E, bank ISPB, yyyyMMddHHmm, 11 characters), new each time. */
function e2eId(): string {
  const suffix = Math.random().toString(36).slice(2, 13).padEnd(11, 'X').toUpperCase();
  return `E00000000202611271200${suffix}`;
}

/** The owner, logged in on a wide screen (the phone header keeps the greeting in its menu). */
async function ownerLogsIn(page: Page) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await acceptCookies(page);
  await loginThroughHeader(page, shopAdministrator());
}

/** The shopper, in a browser of their own, logged in; `errors` gathers its page errors. */
async function shopperBrowser(browser: Browser, account: Account) {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 1280, height: 800 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  const shopper = await context.newPage();
  const errors: string[] = [];
  shopper.on('pageerror', (error) => errors.push(error.message));
  await shopper.goto('/');
  await acceptCookies(shopper);
  await loginThroughHeader(shopper, account);
  return { context, shopper, errors };
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
  await main.getByLabel('Número', { exact: true }).fill('1000');
  await main.getByLabel('Bairro').fill('Bela Vista');
  await main.getByLabel('Cidade').fill('São Paulo');
  await main.getByLabel('UF').selectOption('SP');
  await main.getByLabel('Email do SAC').fill('sac@lumina.test');
  await main.getByLabel('WhatsApp', { exact: true }).fill('11 98765-4321');
  await main
    .getByLabel('Trocas e devoluções', { exact: true })
    .fill(
      '<p>Você pode desistir da compra em até 7 dias após a entrega, pela página do pedido. A troca é por outra variação do mesmo produto, de mesmo preço.</p>',
    );
  await main.getByRole('button', { name: 'Salvar configurações' }).click();
  await expect(main.getByText('Configurações salvas.')).toBeVisible();
}

/** The page never scrolls sideways on a phone. */
async function expectFitsPhone(page: Page) {
  const widest = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(widest).toBeLessThanOrEqual(390);
}

/** The owner's queue (checked on a phone), then the request with `protocol`. */
async function openRequest(page: Page, protocol: string, heading: string, shot?: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await page
    .getByRole('navigation', { name: 'Painel' })
    .getByRole('link', { name: 'Devoluções' })
    .click();
  await expect(page).toHaveURL(/\/admin\/devolucoes$/);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Devoluções', level: 1 })).toBeVisible();
  const phoneItem = main.getByRole('list', { name: 'Pedidos de devolução' }).getByRole('listitem');
  await expect(phoneItem.filter({ hasText: protocol })).toContainText('5 dias para responder');
  await expectFitsPhone(page);
  if (shot) {
    await screenshots(page, shot);
    await page.setViewportSize({ width: 390, height: 844 });
  }
  await main.getByRole('link', { name: protocol }).first().click();
  await expect(main.getByRole('heading', { name: heading })).toBeVisible();
  return main;
}

/** Opens a request's action, fills its dialog and waits for the result the page shows. */
async function runAction(
  page: Page,
  button: string,
  fill: (dialog: Locator) => Promise<void>,
  result: () => string,
) {
  const main = page.getByRole('main');
  await main.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: button });
  await expect(dialog).toBeVisible();
  await fill(dialog);
  await expect(dialog).toBeHidden();
  await expect(main.getByText(result())).toBeVisible();
}

const sendInstructions = (page: Page) =>
  runAction(
    page,
    'Enviar instruções',
    async (dialog) => {
      await dialog.getByLabel('Código de autorização', { exact: true }).fill('AP-20261127');
      await dialog.getByRole('button', { name: 'Enviar ao cliente' }).click();
    },
    () => 'Instruções enviadas ao cliente por e-mail.',
  );

const markReceived = (page: Page) =>
  runAction(
    page,
    'Marcar como recebido',
    async (dialog) => {
      await expect(dialog.getByRole('checkbox', { name: 'Pode voltar ao estoque' })).toBeChecked();
      await dialog.getByRole('button', { name: 'Registrar recebimento' }).click();
    },
    () => 'Recebimento registrado. As peças em condição de venda voltaram ao estoque.',
  );

/** The protocol the shopper's page announces after a request. */
async function announcedProtocol(orderPage: Locator): Promise<string> {
  const done = orderPage.getByRole('status').filter({ hasText: 'Protocolo' });
  await expect(done).toContainText(/DEV-\d{4}-\d{6}/);
  await expect(done).toContainText('enviamos a confirmação e as próximas etapas por e-mail');
  const protocol = /DEV-\d{4}-\d{6}/.exec((await done.textContent()) ?? '')?.[0] ?? '';
  expect(protocol).not.toBe('');
  return protocol;
}

test('a shopper withdraws from one piece and the shop receives and refunds it', async ({
  page,
  browser,
  request,
}) => {
  await ownerLogsIn(page);
  await fillStoreSettings(page);

  // The order is paid (the shop saw the PIX in its bank), shipped and delivered.
  const { account, order } = await customerWithOrder(request, {
    label: 'devolucao',
    count: 2,
    until: 'delivered',
  });
  const firstName = order.items[0]!.product_name;

  const { context, shopper, errors } = await shopperBrowser(browser, account);
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
  await expect(
    orderPage.getByText(/^Você pode desistir da compra ou pedir troca até \d{2}\/\d{2}\/\d{4} \(/),
  ).toBeVisible();
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
  const protocol = await announcedProtocol(orderPage);
  const request1 = orderPage.getByRole('article', { name: `Desistência da compra ${protocol}` });
  await expect(request1.getByText('Solicitado', { exact: true })).toBeVisible();

  // The owner's queue, on a phone and a desktop, then the request.
  const main = await openRequest(
    page,
    protocol,
    `Desistência da compra ${protocol}`,
    'returns-admin-queue',
  );
  await expect(main.getByText('O tamanho não ficou bom.')).toBeVisible();
  await expect(main.getByText(account.email)).toBeVisible();

  await sendInstructions(page);
  await markReceived(page);
  let refunded = '';
  await runAction(
    page,
    'Reembolsar',
    async (dialog) => {
      const amount = dialog.getByLabel('Valor a devolver (R$)');
      await expect(amount).toHaveValue(/^\d+,\d{2}$/);
      refunded = await amount.inputValue();
      const e2e = dialog.getByLabel('Identificador PIX (E2E) da devolução');
      await e2e.fill('E123');
      await dialog.getByRole('button', { name: 'Revisar reembolso' }).click();
      await expect(dialog.getByText(/^Identificador PIX \(E2E\) inválido/)).toBeVisible();
      await e2e.fill(e2eId());
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
  expect(errors).toEqual([]);
});

test('a shopper exchanges a ring for another size at the same price; the shop posts the new one', async ({
  page,
  browser,
  request,
}) => {
  // The demo's captive ring, sold in sizes at one price: 10 mm bought, 12 mm wanted (the 8 mm
  // stock belongs to the variants test).
  const listed = (await listProducts(request)).find((p) =>
    p.name.startsWith('Argola Captive Bead Aço Cirúrgico'),
  );
  if (!listed) throw new Error('The demo catalogue needs its captive bead ring');
  const sized = async (diameter: string) => {
    const variant = (await productDetail(request, listed.id)).variants.find(
      (v) => v.option_values['Diâmetro'] === diameter && v.option_values['Espessura'] === '1,2mm',
    );
    if (!variant) throw new Error(`No ${diameter}/1,2mm ring`);
    return variant;
  };
  // Their stock before the order: in the end the 10 mm is back on sale and one 12 mm is gone.
  const bought = await sized('10mm');
  const wanted = await sized('12mm');
  expect(wanted.stock_quantity).toBeGreaterThan(1);

  const { account, order } = await customerWithOrder(request, {
    label: 'troca',
    lines: [{ productId: listed.id, variantId: bought.id }],
    until: 'delivered',
  });
  const { context, shopper, errors } = await shopperBrowser(browser, account);
  await shopper.setViewportSize({ width: 390, height: 844 });
  await shopper.goto(`/minha-conta/pedidos/${order.id}`);
  const orderPage = shopper.getByRole('main');
  await orderPage.getByRole('button', { name: 'Solicitar troca' }).click();
  const form = orderPage.getByRole('region', { name: 'Solicitar troca' });
  await form.getByRole('checkbox', { name: /Argola Captive Bead/ }).check();
  const size = form.getByLabel('Trocar por');
  // Every other size and thickness costs what was paid; the piece bought is not offered.
  await expect(size.getByRole('option', { name: 'Diâmetro: 12mm · Espessura: 1,2mm' })).toHaveCount(
    1,
  );
  await expect(size.getByRole('option', { name: 'Diâmetro: 10mm · Espessura: 1,2mm' })).toHaveCount(
    0,
  );
  await expect(size).toHaveAccessibleDescription(
    /^Só variações do mesmo preço que você pagou \(R\$ \d+,\d{2}\)\.$/,
  );
  await size.selectOption(String(wanted.id));
  await form.getByLabel('Motivo (opcional)').fill('Ficou apertada.');
  await expectFitsPhone(shopper);
  await screenshots(shopper, 'returns-exchange-form', {
    fullPage: false,
    before: () => form.evaluate((node) => node.scrollIntoView({ block: 'start' })),
  });
  await shopper.setViewportSize({ width: 390, height: 844 });
  await form.getByRole('button', { name: 'Enviar pedido de troca' }).click();
  const protocol = await announcedProtocol(orderPage);
  const exchange = orderPage.getByRole('article', { name: `Troca ${protocol}` });
  await expect(exchange.getByText('Troca por: Diâmetro: 12mm · Espessura: 1,2mm')).toBeVisible();

  // The owner: instructions, the ring back (resellable), then the new size with its own code.
  await ownerLogsIn(page);
  await page.goto('/admin/pedidos');
  const main = await openRequest(page, protocol, `Troca ${protocol}`);
  await expect(main.getByText('Ficou apertada.')).toBeVisible();
  await sendInstructions(page);
  await markReceived(page);
  // Not AA473124829BR, which the order itself went out with.
  const newCode = 'AB123456785BR';
  expect(newCode).not.toBe(TRACKING);
  await runAction(
    page,
    'Enviar troca',
    async (dialog) => {
      await dialog.getByLabel('Código de rastreio').fill(newCode.toLowerCase());
      await dialog.getByRole('button', { name: 'Enviar troca' }).click();
    },
    () => 'Troca enviada. O cliente recebeu o código de rastreio por e-mail.',
  );
  await expect(main.getByText('Troca enviada', { exact: true }).first()).toBeVisible();
  await expect(main.getByRole('button', { name: 'Enviar troca', exact: true })).toHaveCount(0);
  await screenshots(page, 'returns-admin-exchange-shipped');

  // The new size left the stock once and the ring sent back is on sale again (the storefront's
  // answers may lag a stock move by a few seconds); a second shipment is refused.
  const stockOf = async (id: number) =>
    (await productDetail(request, listed.id)).variants.find((v) => v.id === id)?.stock_quantity;
  await expect.poll(() => stockOf(wanted.id), { timeout: 15_000 }).toBe(wanted.stock_quantity - 1);
  await expect.poll(() => stockOf(bought.id), { timeout: 15_000 }).toBe(bought.stock_quantity);
  // The request's page is /admin/devolucoes/{id}.
  const returnId = new URL(page.url()).pathname.split('/').at(-1);
  const again = await request.post(`/api/admin/returns/${returnId}/ship_exchange`, {
    headers: await adminHeaders(request),
    data: { tracking_code: newCode },
  });
  expect(again.status(), await again.text()).toBe(409);

  // The shopper sees the exchange sent with the new code.
  await shopper.reload();
  await expect(exchange.getByText('Troca enviada', { exact: true })).toBeVisible();
  await expect(exchange).toContainText(`Peça nova enviada. Código de rastreio: ${newCode}`);
  await expect(exchange.getByRole('link', { name: /Rastrear nos Correios/ })).toBeVisible();
  await expectFitsPhone(shopper);
  await screenshots(shopper, 'returns-shopper-exchanged');
  expect(await stockOf(wanted.id)).toBe(wanted.stock_quantity - 1);
  await context.close();
  expect(errors).toEqual([]);
});

test('the owner refunds part of a paid order from its page; the shopper sees it on the order', async ({
  page,
  browser,
  request,
}) => {
  const { account, order } = await customerWithOrder(request, {
    label: 'reembolso',
    until: 'delivered',
  });
  await ownerLogsIn(page);
  await page.goto(`/admin/pedidos/${order.id}`);
  const main = page.getByRole('main');
  const refunds = main.getByRole('region', { name: 'Reembolsos' });
  await expect(refunds.getByText('Nenhum valor devolvido.')).toBeVisible();
  await refunds.getByRole('button', { name: 'Reembolsar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reembolsar' });
  const amount = dialog.getByLabel('Valor a devolver (R$)');
  // What is still refundable is suggested: the whole order.
  await expect(amount).toHaveValue((order.total_cents / 100).toFixed(2).replace('.', ','));
  await amount.fill('5,00');
  await dialog.getByLabel('Identificador PIX (E2E) da devolução').fill(e2eId());
  await dialog.getByLabel('Motivo (opcional)').fill('Brinde que faltou');
  await dialog.getByRole('button', { name: 'Revisar reembolso' }).click();
  await expect(dialog.getByText('Confirmar o reembolso de R$ 5,00?')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectFitsPhone(page);
  await dialog.getByRole('button', { name: 'Confirmar reembolso' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    refunds.getByText('Reembolso de R$ 5,00 registrado. O cliente foi avisado por e-mail.'),
  ).toBeVisible();
  await expect(refunds.getByText('Motivo: Brinde que faltou')).toBeVisible();
  await expect(refunds.getByText(/^PIX devolvido pela loja/)).toBeVisible();
  await screenshots(page, 'returns-admin-order-partial-refund');

  // The order stays delivered; the shopper sees the money back on it.
  const { context, shopper, errors } = await shopperBrowser(browser, account);
  await shopper.setViewportSize({ width: 390, height: 844 });
  await shopper.goto(`/minha-conta/pedidos/${order.id}`);
  const orderPage = shopper.getByRole('main');
  await expect(orderPage.getByText('Entregue', { exact: true }).first()).toBeVisible();
  // Each refund says when and where the money went: the shop's PIX back, for a built-in PIX.
  const refund = orderPage
    .getByRole('listitem')
    .filter({ hasText: /^Reembolso de R\$ 5,00 em \d{2}\/\d{2}/ });
  await expect(refund).toContainText('Devolvido por PIX pela loja');
  await expect(orderPage.getByText('Total devolvido: R$ 5,00')).toBeVisible();
  await expectFitsPhone(shopper);
  await screenshots(shopper, 'returns-shopper-partial-refund');
  await context.close();
  expect(errors).toEqual([]);
});
