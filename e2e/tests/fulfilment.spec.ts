// Labels, NF-e and tracking, end to end on the owner's phone: the shop is connected to the fake
// Bling (through its OAuth, unless an earlier test already did) and to the fake Melhor Envio (by
// the token start-server.ts sets). A shopper's order is paid after Bling was connected (the shop
// sends Bling only those); once the shop has pushed it to Bling as a sales order, the owner
// issues its NF-e ('Autorizada', the DANFE a real PDF), buys its label ('Pronta para imprimir'
// with a Correios code, paid from the Melhor Envio wallet), prints it (alone, and from the orders
// list's bar) and both packing slips; the carrier posts and delivers the parcel through the
// fake's control server (signed webhooks), and the owner's page, the orders list, the shopper's
// order page and the shopper's e-mails follow. Screenshots of every new screen go to SHOT_DIR.
import type { APIRequestContext, BrowserContext, Locator, Page } from '@playwright/test';
import { loginThroughHeader, shopAdministrator } from './support/accounts.ts';
import { acceptCookies } from './support/cookie-banner.ts';
import { blingSalesOrderNumbers } from './support/fake-bling.ts';
import {
  melhorEnvioLabelOf,
  melhorEnvioState,
  moveMelhorEnvioLabel,
  setMelhorEnvioBalance,
  setMelhorEnvioDeadline,
} from './support/fake-melhor-envio.ts';
import { customerWithOrder } from './support/orders.ts';
import { outboxSlugsTo, serverDataDir } from './support/outbox.ts';
import { screenshots } from './support/shots.ts';
import { saveSettings } from './support/store-settings.ts';
import { expect, test } from './support/test.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
// Melhor Envio's recipient needs a document: the shopper gives a (valid) CPF at checkout.
const CPF = '529.982.247-25';
const CORREIOS_CODE = /^[A-Z]{2}\d{9}BR$/;
// Melhor Envio's id of Jadlog's .Package.
const JADLOG_PACKAGE = 3;
// The settings page's words, as the owner reads them.
const VIA_TOKEN =
  'Conectado pelo token do Melhor Envio definido no servidor (MELHOR_ENVIO_TOKEN). Para desconectar, remova o token do servidor.';
const AUTO_INVOICE = 'Emitir NF-e automaticamente quando o pedido for pago';
const AUTO_INVOICE_HINT =
  'O Bling emite a NF-e assim que o pagamento é aprovado. Desligado, use "Emitir NF-e" na página do pedido.';

// The shop pushes paid orders to Bling once a minute (the stock job), and two browsers work.
test.describe.configure({ timeout: 300_000 });

/** A document the shop links to: answered 200 as a PDF. */
async function expectPdf(request: APIRequestContext, url: string): Promise<void> {
  const answer = await request.get(url);
  expect(answer.status(), url).toBe(200);
  expect(answer.headers()['content-type']).toContain('application/pdf');
  expect((await answer.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
}

/** The box 'Envio e nota fiscal' of the admin's order page (its h2's section). */
function fulfilmentBox(page: Page): Locator {
  return page
    .getByRole('main')
    .getByRole('heading', { level: 2, name: 'Envio e nota fiscal' })
    .locator('xpath=..');
}

/** The value of the detail row `label` ('Situação', 'Código de rastreio') inside `scope`. */
function detail(scope: Locator, label: string): Locator {
  return scope
    .locator('dl > div')
    .filter({ has: scope.page().getByText(label, { exact: true }) })
    .locator('dd');
}

/** Text that begins with `text`, taken literally. */
function startsWith(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widest = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(widest, `${page.url()} scrolls sideways on a phone`).toBeLessThanOrEqual(PHONE.width);
}

/**
 * Clicks `button`, which opens a tab through the panel's pending tab (about:blank first, then
 * the document), and answers the tab with the address it went to: a PDF, which Chromium may
 * show or download, is told by the tab's request for `address`; a page made in memory (blob:),
 * which makes no request, by the tab's own address.
 */
async function openedTab(
  context: BrowserContext,
  button: Locator,
  address: RegExp,
): Promise<{ tab: Page; url: string }> {
  const tabOpened = context.waitForEvent('page');
  const asked = address.source.startsWith('^blob')
    ? null
    : context.waitForEvent('request', (request) => address.test(request.url()));
  await button.click();
  const tab = await tabOpened;
  if (asked) return { tab, url: (await asked).url() };
  await tab.waitForURL(address);
  return { tab, url: tab.url() };
}

/** The owner connects Bling through its OAuth, unless an earlier test left it connected. */
async function connectBling(page: Page): Promise<void> {
  await page.goto('/admin/produtos');
  const card = page.getByRole('region', { name: 'Bling ERP' });
  const disconnected = card.getByText('Bling não conectado.');
  await expect(disconnected.or(card.getByText(/^Conectado/))).toBeVisible();
  if (!(await disconnected.isVisible())) return;
  await card.getByRole('button', { name: 'Conectar ao Bling' }).click();
  await page.waitForURL(/\/admin\/produtos$/);
  await expect(
    card.getByText('Bling conectado! Use "Sincronização completa" para trazer os produtos.'),
  ).toBeVisible();
}

test('the owner, on a phone, issues the NF-e, buys and prints the label, and the parcel is tracked to the shopper', async ({
  page,
  browser,
  request,
}) => {
  // A complete sender (name, CNPJ, address, phone) and a wallet with R$ 1.000,00.
  await saveSettings(request);
  await setMelhorEnvioBalance('1000,00');

  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  await acceptCookies(page);
  await loginThroughHeader(page, shopAdministrator());
  await page.setViewportSize(PHONE);
  // Bling first: it takes the orders paid since it was connected.
  await connectBling(page);

  const { account, order } = await customerWithOrder(request, {
    label: 'etiqueta',
    until: 'paid',
    cpf: CPF,
  });
  const itemName = order.items[0]?.product_name ?? '';
  const main = page.getByRole('main');

  // The settings: Melhor Envio connected by the server's token, its wallet, the NF-e switch.
  await page.goto('/admin/loja');
  const melhorEnvio = main.getByRole('region', { name: 'Melhor Envio' });
  await expect(melhorEnvio.getByText(VIA_TOKEN)).toBeVisible();
  await expect(melhorEnvio.getByText('Saldo no Melhor Envio: R$ 1.000,00')).toBeVisible();
  await expect(melhorEnvio.getByRole('button', { name: 'Conectar ao Melhor Envio' })).toHaveCount(
    0,
  );
  const autoInvoice = main.getByRole('switch', { name: AUTO_INVOICE });
  // Bling is connected, so it may be turned on; it stays off here (the owner issues it by hand).
  await expect(autoInvoice).toBeEnabled();
  await expect(autoInvoice).not.toBeChecked();
  await expect(main.getByText(AUTO_INVOICE_HINT)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await screenshots(page, 'fulfilment-settings-melhor-envio', {
    fullPage: false,
    before: () => melhorEnvio.evaluate((node) => node.scrollIntoView({ block: 'start' })),
  });
  await screenshots(page, 'fulfilment-settings-auto-invoice', {
    fullPage: false,
    before: () => autoInvoice.evaluate((node) => node.scrollIntoView({ block: 'center' })),
  });
  await page.setViewportSize(PHONE);

  // The paid order: nothing issued yet, every action offered, the wallet beside 'Gerar etiqueta'.
  await page.goto(`/admin/pedidos/${order.id}`);
  await expect(main.getByRole('heading', { name: `Pedido ${order.order_number}` })).toBeVisible();
  const box = fulfilmentBox(page);
  const label = box.getByRole('region', { name: 'Etiqueta' });
  const invoice = box.getByRole('region', { name: 'Nota fiscal (NF-e)' });
  await expect(label.getByText('Nenhuma etiqueta gerada.')).toBeVisible();
  await expect(label.getByText('Saldo no Melhor Envio: R$ 1.000,00')).toBeVisible();
  await expect(invoice.getByText('Nenhuma NF-e emitida.')).toBeVisible();
  await expect(box.getByRole('region', { name: 'Romaneio' }).getByRole('button')).toHaveText([
    'Romaneio (A4)',
    'Romaneio (80 mm)',
  ]);
  await expect(box.getByRole('region', { name: 'Rastreamento' })).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await screenshots(page, 'fulfilment-order-paid');
  await page.setViewportSize(PHONE);

  // The NF-e comes from the order's sales order in Bling, which the job sends within the minute.
  await expect
    .poll(blingSalesOrderNumbers, {
      message: `sales order ${order.order_number} in Bling`,
      timeout: 100_000,
      intervals: [2_000],
    })
    .toContain(order.order_number);

  await invoice.getByRole('button', { name: 'Emitir NF-e' }).click();
  await expect(detail(invoice, 'Situação')).toHaveText('Autorizada', { timeout: 15_000 });
  await expect(detail(invoice, 'Número')).toHaveText(/^\d+ · série \d+$/);
  // The 44-digit access key in blocks of 4, as on the DANFE.
  await expect(invoice.getByText(/^(\d{4} ){10}\d{4}$/)).toBeVisible();
  await expect(invoice.getByRole('button', { name: 'Emitir NF-e' })).toHaveCount(0);
  // Bling's API has no call that cancels an NF-e: the panel offers no button for it.
  await expect(invoice.getByRole('button', { name: 'Cancelar NF-e' })).toHaveCount(0);
  const danfe = invoice.getByRole('link', { name: 'DANFE', exact: true });
  await expect(danfe).toHaveAttribute('target', '_blank');
  const danfeUrl = (await danfe.getAttribute('href')) ?? '';
  await expectPdf(request, danfeUrl);
  await expectNoSidewaysScroll(page);
  await screenshots(page, 'fulfilment-order-invoice');
  await page.setViewportSize(PHONE);

  // The label: PAC at Melhor Envio's price, paid from the wallet, with a Correios code; the order
  // leaves the shop with it.
  await label.getByRole('button', { name: 'Gerar etiqueta' }).click();
  await expect(detail(label, 'Situação')).toHaveText('Pronta para imprimir', { timeout: 15_000 });
  await expect(detail(label, 'Serviço')).toHaveText('PAC');
  await expect(detail(label, 'Valor')).toHaveText('R$ 26,35');
  await expect(detail(label, 'Código de rastreio')).toHaveText(CORREIOS_CODE);
  const firstCode = (await detail(label, 'Código de rastreio').textContent()) ?? '';
  await expect(label.getByRole('button', { name: 'Gerar etiqueta' })).toHaveCount(0);
  await expect(label.getByRole('button', { name: 'Cancelar etiqueta' })).toBeVisible();
  await expect(main.getByText('Enviado', { exact: true }).first()).toBeVisible();
  expect(await melhorEnvioLabelOf(order.order_number)).toMatchObject({
    situacao: 'generated',
    servico: 'PAC',
    rastreio: firstCode,
    valor: 26.35,
  });
  expect((await melhorEnvioState()).saldo).toBe(973.65);
  await expectNoSidewaysScroll(page);
  await screenshots(page, 'fulfilment-order-label');
  await page.setViewportSize(PHONE);

  // Cancelled before posting: the wallet gets the money back and the order waits for a label.
  const history = main
    .getByRole('heading', { level: 2, name: 'Histórico' })
    .locator('xpath=..')
    .getByRole('listitem');
  await label.getByRole('button', { name: 'Cancelar etiqueta' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancelar etiqueta' });
  await expect(
    confirm.getByText('O pedido volta para Processando, à espera de uma nova etiqueta.', {
      exact: false,
    }),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancelar etiqueta' }).click();
  await expect(confirm).toBeHidden();
  await expect(detail(label, 'Situação')).toHaveText('Cancelada');
  await expect(main.getByText('Processando', { exact: true }).first()).toBeVisible();
  await expect(
    history.filter({ hasText: 'Envio desfeito: etiqueta cancelada, aguardando nova etiqueta' }),
  ).toContainText(firstCode);
  await expect(history.filter({ hasText: 'Etiqueta comprada no Melhor Envio' })).toContainText(
    'R$ 26,35',
  );
  expect((await melhorEnvioState()).saldo).toBe(1000);

  // The new label with another carrier, quoted within the deadline the shopper was promised
  // (Jadlog's set to 3 business days; the fake's PAC, at 8, is there as the shopper's choice).
  await setMelhorEnvioDeadline(JADLOG_PACKAGE, 3);
  await label.getByRole('button', { name: 'Trocar serviço' }).click();
  const services = label.getByRole('group', { name: 'Serviços disponíveis' });
  await expect(
    services.getByRole('radio', { name: /PAC \(escolhido pelo cliente\)/ }),
  ).toBeChecked();
  const jadlog = services.getByRole('radio', { name: /^Jadlog \.Package/ });
  await jadlog.check();
  await expect(label.getByText('Serviço da etiqueta: Jadlog .Package')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await screenshots(page, 'fulfilment-label-services', {
    fullPage: false,
    before: () => services.evaluate((node) => node.scrollIntoView({ block: 'center' })),
  });
  await page.setViewportSize(PHONE);
  await label.getByRole('button', { name: 'Gerar etiqueta' }).click();
  await expect(detail(label, 'Situação')).toHaveText('Pronta para imprimir', { timeout: 15_000 });
  await expect(detail(label, 'Serviço')).toHaveText('Jadlog .Package');
  await expect(detail(label, 'Valor')).toHaveText('R$ 19,80');
  const trackingCode = (await detail(label, 'Código de rastreio').textContent()) ?? '';
  expect(trackingCode).not.toBe(firstCode);
  await expect(main.getByText('Enviado', { exact: true }).first()).toBeVisible();
  const bought = await melhorEnvioLabelOf(order.order_number);
  expect(bought).toMatchObject({ situacao: 'generated', rastreio: trackingCode, valor: 19.8 });
  expect((await melhorEnvioState()).saldo).toBe(980.2);

  // 'Imprimir etiqueta': a new tab with Melhor Envio's PDF.
  const printed = await openedTab(
    page.context(),
    label.getByRole('button', { name: 'Imprimir etiqueta' }),
    /\/imprimir\/[0-9a-f]+\.pdf$/,
  );
  await expectPdf(request, printed.url);
  await printed.tab.close();

  // The packing slips, A4 and 80 mm, each in a tab of its own, listing the item.
  for (const [button, shot] of [
    ['Romaneio (A4)', 'fulfilment-packing-slip-a4'],
    ['Romaneio (80 mm)', 'fulfilment-packing-slip-80mm'],
  ] as const) {
    const slip = await openedTab(
      page.context(),
      box.getByRole('button', { name: button }),
      /^blob:/,
    );
    await expect(
      slip.tab.getByRole('heading', { name: `Romaneio ${order.order_number}` }),
    ).toBeVisible();
    // The item's cell (the A4 slip's alone, the 80 mm one's with the SKU under it), not its box.
    await expect(slip.tab.getByRole('cell', { name: startsWith(itemName) })).toBeVisible();
    await expect(slip.tab.getByText(account.name)).toBeVisible();
    await expect(slip.tab.getByText('Total: 1 unidade · 1 item')).toBeVisible();
    await screenshots(slip.tab, shot);
    await slip.tab.close();
  }

  // The list: the order's label and NF-e badges, and the bar that prints the ticked labels.
  await page.goto(`/admin/pedidos?q=${order.order_number}`);
  await expect(main.getByText('1 pedido', { exact: true })).toBeVisible();
  const card = main.getByRole('listitem').filter({ hasText: order.order_number });
  await expect(card.getByText('Etiqueta: Pronta para imprimir')).toBeVisible();
  await expect(card.getByText('NF-e: Autorizada')).toBeVisible();
  await expect(card.getByText(trackingCode)).toBeVisible();
  const bar = main.getByRole('group', { name: 'Pedidos selecionados' });
  await expect(bar.getByRole('button', { name: 'Imprimir etiquetas' })).toBeDisabled();
  await card.getByRole('checkbox', { name: `Selecionar pedido #${order.order_number}` }).check();
  await expect(bar.getByText('1 selecionado', { exact: true })).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Gerar etiquetas' })).toBeEnabled();
  await expectNoSidewaysScroll(page);
  await screenshots(page, 'fulfilment-orders-bulk-bar');
  await page.setViewportSize(PHONE);
  const bulk = await openedTab(
    page.context(),
    bar.getByRole('button', { name: 'Imprimir etiquetas' }),
    /\/imprimir\/[0-9a-f]+\.pdf$/,
  );
  await expectPdf(request, bulk.url);
  await bulk.tab.close();

  // The carrier takes the parcel, then hands it over: Melhor Envio's webhooks tell the shop.
  const id = bought?.id ?? '';
  await moveMelhorEnvioLabel(id, 'postar');
  await page.goto(`/admin/pedidos/${order.id}`);
  const tracking = box.getByRole('region', { name: 'Rastreamento' });
  await expect(detail(label, 'Situação')).toHaveText('Postada');
  await expect(tracking.getByRole('listitem')).toHaveText([/Objeto postado$/]);
  await expect(label.getByRole('button', { name: 'Cancelar etiqueta' })).toHaveCount(0);
  await screenshots(page, 'fulfilment-order-posted');
  await page.setViewportSize(PHONE);

  await moveMelhorEnvioLabel(id, 'entregar');
  await page.reload();
  await expect(detail(label, 'Situação')).toHaveText('Entregue');
  // Newest first.
  await expect(tracking.getByRole('listitem')).toHaveText([
    /Objeto entregue ao destinatário$/,
    /Objeto postado$/,
  ]);
  await expect(main.getByText('Entregue', { exact: true }).first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await screenshots(page, 'fulfilment-order-delivered');
  await page.setViewportSize(PHONE);

  await page.goto(`/admin/pedidos?q=${order.order_number}`);
  await expect(card.getByText('Etiqueta: Entregue')).toBeVisible();
  await expect(card.getByText('NF-e: Autorizada')).toBeVisible();

  // The shopper, signed in on their phone: the parcel's steps and the DANFE.
  const shopperContext = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: DESKTOP,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  const shopper = await shopperContext.newPage();
  const shopperErrors: string[] = [];
  shopper.on('pageerror', (error) => shopperErrors.push(`page error: ${error.message}`));
  shopper.on('console', (message) => {
    if (message.type() === 'error') shopperErrors.push(`console.error: ${message.text()}`);
  });
  await shopper.goto('/');
  await acceptCookies(shopper);
  await loginThroughHeader(shopper, account);
  await shopper.setViewportSize(PHONE);
  await shopper.goto(`/minha-conta/pedidos/${order.id}`);
  const mine = shopper.getByRole('main');
  await expect(mine.getByRole('heading', { name: `Pedido ${order.order_number}` })).toBeVisible();
  const steps = mine.getByRole('region', { name: 'Rastreamento' });
  await expect(steps.getByText(`Código de rastreio: ${trackingCode}`)).toBeVisible();
  await expect(steps.getByText('Transportadora: Jadlog')).toBeVisible();
  await expect(steps.getByRole('listitem')).toHaveText([
    /Objeto entregue ao destinatário$/,
    /Objeto postado$/,
  ]);
  const note = mine.getByRole('region', { name: 'Nota fiscal' });
  await expect(note.getByText(/^NF-e nº \d+$/)).toBeVisible();
  const shopperDanfe = note.getByRole('link', { name: /Ver DANFE/ });
  await expect(shopperDanfe).toHaveAttribute('href', danfeUrl);
  await expectPdf(request, danfeUrl);
  await expectNoSidewaysScroll(shopper);
  await screenshots(shopper, 'fulfilment-shopper-order');
  await shopperContext.close();
  expect(shopperErrors, "the shopper's page logged errors").toEqual([]);

  // The e-mails: the label shipped the order once (its code), the carrier delivered it.
  const dataDir = serverDataDir();
  if (dataDir) {
    const number = order.order_number.toLowerCase();
    await expect
      .poll(() => outboxSlugsTo(dataDir, account.email))
      .toEqual([
        'confirme-seu-e-mail-lumina-piercings',
        `pedido-${number}-recebido-pague-com-pix-em-ate-30-minutos`,
        `pagamento-aprovado-pedido-${number}`,
        `pedido-${number}-enviado-codigo-de-rastreio`,
        // The second label's code, after the first was cancelled.
        `pedido-${number}-enviado-codigo-de-rastreio`,
        `pedido-${number}-entregue`,
      ]);
  }
});
