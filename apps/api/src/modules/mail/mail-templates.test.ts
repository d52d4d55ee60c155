// Every e-mail template of the shop, read back the way a mail client reads it: through the real
// mailer to the test SMTP server, then its MIME parts decoded. mailparser is not installed (see
// read-mail.ts), so the HTML document's structure is checked here directly.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, type Mailer } from '../../integrations/mail/mailer.ts';
import {
  startTestSmtpServer,
  type TestSmtpServer,
} from '../../integrations/mail/test-smtp-server.ts';
import { contactMessageMail } from '../contact/contact-mail.ts';
import {
  changeEmailMail,
  changeNoticeMail,
  verifyEmailMail,
} from '../email-verification/verification-mail.ts';
import {
  orderCancelledMail,
  orderDeliveredMail,
  orderExpiredMail,
  orderReceivedMail,
  orderRefundedMail,
  orderShippedMail,
  paidAfterCancelMail,
  paymentApprovedMail,
  type ReceivedItem,
} from '../orders/order-mails.ts';
import { passwordResetMail } from '../password-resets/reset-mail.ts';
import { boletoIssuedMail } from '../payments/boleto-mail.ts';
import { refundMail } from '../payments/refund-mail.ts';
import {
  returnCancelledMail,
  returnExchangedMail,
  returnInstructionsMail,
  returnReceivedMail,
  returnRejectedMail,
  returnRequestedMail,
  type ReturnMailContext,
} from '../returns/return-mails.ts';
import { privacyAnswerMail, privacyRequestAdminMail } from '../privacy/privacy-mails.ts';
import { reviewRequestMail } from '../reviews/review-mails.ts';
import { securityAlertMail } from '../security/alert-mail.ts';
import { staffInvitationMail } from '../staff/invitation-mail.ts';
import { backInStockMail, confirmAlertMail } from '../stock-alerts/alert-mails.ts';
import { reminderMail, type ReminderMailInput } from '../reminders/reminder-mail.ts';
import { createStoreSettings } from '@lumina/shared/test-support/store-settings';
import { mailShop } from './mail-signature.ts';

const APP = 'https://loja.example.com';
const TO = 'ana@example.com';
/** The order's lines, a name with HTML to escape. */
const items: ReceivedItem[] = [
  {
    productName: 'Argola <Souza>',
    optionValues: { Diâmetro: '8 mm' },
    quantity: 2,
    unitPriceCents: 4750,
    pixPriceCents: 4750,
    listPriceCents: 5000,
    promotionDiscountCents: 0,
    couponDiscountCents: 0,
  },
  {
    productName: 'Labret & Cia',
    optionValues: {},
    quantity: 1,
    unitPriceCents: 1300,
    pixPriceCents: 1300,
    listPriceCents: 1400,
    promotionDiscountCents: 0,
    couponDiscountCents: 0,
  },
];
const order = {
  id: 7,
  orderNumber: 'LP-2026-0007',
  customerName: 'Ana <Souza> & Cia',
  customerEmail: TO,
  totalCents: 12_990,
  trackingCode: 'AA473124829BR',
  trackingCarrier: null,
  refundStatus: 'refunded' as const,
  paymentStatus: 'approved' as const,
  paymentMethod: 'pix' as const,
  shippingName: 'PAC',
  shippingCents: 2190,
  shippingDeliveryDays: 8,
  couponCode: null,
  shippingDiscountCents: 0,
  items,
};

const at = new Date('2026-11-26T12:00:00Z');
const request = {
  id: 3,
  protocol: 'DEV-2026-000003',
  orderId: order.id,
  userId: 9,
  type: 'withdrawal' as const,
  status: 'requested' as const,
  reason: 'Não serviu <oi>',
  answerBy: new Date('2026-12-01T12:00:00Z'),
  instructions: { kind: 'authorization_code' as const, code: 'AUT-123456', address: null },
  instructionsSentAt: at,
  instructionsBy: 1,
  receivedAt: null,
  receivedBy: null,
  refundedAt: null,
  refundedBy: null,
  refundedCents: null,
  exchangedAt: null,
  exchangedBy: null,
  exchangeTrackingCode: 'AA473124829BR',
  rejectedAt: null,
  rejectedBy: null,
  rejectionReason: 'Peça usada <oi>',
  createdAt: at,
  updatedAt: at,
};
const returnContext: ReturnMailContext = {
  request,
  orderNumber: order.orderNumber,
  customerName: order.customerName,
  customerEmail: TO,
  lines: ['Argola <Souza> (Diâmetro: 8 mm) x 1'],
  shop: mailShop(createStoreSettings({ trade_name: 'Ateliê <Aurora>' })),
};

type Content = { subject: string; text: string; html: string };

/** A reminder of a cart: a name with HTML to escape, a PIX price below the list price. */
const reminder = (overrides: Partial<ReminderMailInput> = {}): ReminderMailInput => ({
  kind: 'cart',
  number: 1,
  to: TO,
  customerName: 'Ana <Souza>',
  orderNumber: null,
  items: [
    {
      name: 'Argola <Souza>',
      optionValues: { Diâmetro: '8 mm' },
      quantity: 2,
      unitCents: 5000,
      pixUnitCents: 4750,
    },
    { name: 'Labret & Cia', optionValues: {}, quantity: 1, unitCents: 1400, pixUnitCents: 1400 },
  ],
  missing: 1,
  restoreUrl: `${APP}/carrinho/recuperar/t<oi>`,
  unsubscribeUrl: `${APP}/descadastrar/t<oi>`,
  shop: mailShop(createStoreSettings({ trade_name: 'Ateliê <Aurora>' })),
  ...overrides,
});

/** A shop that filled in everything, its name with an accent and HTML to escape. */
const SHOP = mailShop(createStoreSettings({ trade_name: 'Ateliê <Aurora>' }));

/** A variant waited for, its name with HTML to escape. */
const WAITED = {
  id: 4,
  sku: 'ARG-8MM',
  optionValues: { Diâmetro: '8 mm' },
  stockQuantity: 3,
  sellable: true,
  productId: 12,
  productName: 'Argola <oi>',
  options: [{ name: 'Diâmetro', values: ['8 mm'] }],
};

/** Every template, by the file that holds it (a new template file must be added here). */
const TEMPLATES: Record<string, Record<string, () => Content>> = {
  'orders/order-mails.ts': {
    orderReceivedMail: () => orderReceivedMail(order, '00020126PIX', APP, order.id, SHOP),
    paymentApprovedMail: () => paymentApprovedMail(order, APP, SHOP),
    orderExpiredMail: () => orderExpiredMail(order, APP, SHOP),
    orderCancelledMail: () => orderCancelledMail(order, APP, SHOP),
    orderShippedMail: () => orderShippedMail(order, APP, SHOP),
    orderDeliveredMail: () => orderDeliveredMail(order, APP, SHOP),
    orderRefundedMail: () => orderRefundedMail(order, APP, SHOP),
    paidAfterCancelMail: () => paidAfterCancelMail(order, 'dona@lumina.example', APP),
  },
  'returns/return-mails.ts': {
    returnRequestedMail: () => returnRequestedMail(returnContext, APP),
    returnCancelledMail: () => returnCancelledMail(returnContext, false, APP),
    returnInstructionsMail: () => returnInstructionsMail(returnContext, APP),
    returnReceivedMail: () => returnReceivedMail(returnContext, APP),
    returnRejectedMail: () => returnRejectedMail(returnContext, APP),
    returnExchangedMail: () =>
      returnExchangedMail({ ...returnContext, request: { ...request, type: 'exchange' } }, APP),
  },
  'payments/refund-mail.ts': {
    refundMail: () =>
      refundMail(
        order,
        { amountCents: 4990, method: 'pix_manual', e2eId: 'D1823612' },
        'pix',
        APP,
        SHOP,
      ),
  },
  'payments/boleto-mail.ts': {
    boletoIssuedMail: () =>
      boletoIssuedMail(
        order,
        {
          amountCents: 13_990,
          boletoDigitableLine: '23790123456789012345678901234567890123456789012',
          boletoUrl: 'https://www.mercadopago.com.br/payments/1/ticket?hash=a<b',
          dueAt: new Date('2026-11-30T02:59:59.999Z'),
        },
        APP,
        SHOP,
      ),
  },
  'password-resets/reset-mail.ts': {
    passwordResetMail: () =>
      passwordResetMail(TO, 'Ana Souza', `${APP}/redefinir-senha?token=t`, SHOP),
  },
  'email-verification/verification-mail.ts': {
    verifyEmailMail: () => verifyEmailMail(TO, 'Ana Souza', `${APP}/confirmar-email?token=t`, SHOP),
    changeEmailMail: () => changeEmailMail(TO, 'Ana Souza', `${APP}/confirmar-email?token=t`, SHOP),
    changeNoticeMail: () =>
      changeNoticeMail(
        TO,
        'Ana Souza',
        'nova@example.com',
        APP,
        `${APP}/api/email/cancel?token=t`,
        SHOP,
      ),
  },
  'privacy/privacy-mails.ts': {
    privacyRequestAdminMail: () =>
      privacyRequestAdminMail({
        requester: 'Ana Souza',
        label: 'Exportação completa',
        deadline: '17/12/2026',
        queueUrl: `${APP}/admin/privacidade`,
        shop: SHOP,
      }),
    privacyAnswerMail: () =>
      privacyAnswerMail({
        name: 'Ana Souza',
        label: 'Exportação completa',
        response: 'Seus dados foram exportados.\n\nObservação da loja: <oi>',
        pageUrl: `${APP}/gerenciar-dados`,
        shop: SHOP,
      }),
  },
  'security/alert-mail.ts': {
    securityAlertMail: () =>
      securityAlertMail({
        message: '5 falhas de login para ana@example.com',
        severity: 'warning',
        firstSeenAt: new Date('2026-11-26T12:00:00Z'),
        panelUrl: `${APP}/admin/seguranca`,
        shopName: SHOP.name,
      }),
  },
  'staff/invitation-mail.ts': {
    staffInvitationMail: () => staffInvitationMail(TO, 'operator', `${APP}/convite/t<oi>`, SHOP),
  },
  'stock-alerts/alert-mails.ts': {
    confirmAlertMail: () =>
      confirmAlertMail({
        to: TO,
        variant: WAITED,
        confirmLink: `${APP}/avise-me/confirmar?token=t`,
        cancelLink: `${APP}/avise-me/cancelar?token=t`,
        shop: SHOP,
      }),
    backInStockMail: () =>
      backInStockMail({
        to: TO,
        variant: WAITED,
        appUrl: APP,
        cancelLink: `${APP}/avise-me/cancelar?token=t`,
        shop: SHOP,
      }),
  },
  'reminders/reminder-mail.ts': {
    reminderMail: () => reminderMail(reminder()),
    secondPixReminderMail: () =>
      reminderMail(
        reminder({ kind: 'pix_expired', number: 2, orderNumber: 'LP001007', missing: 0 }),
      ),
  },
  'reviews/review-mails.ts': {
    reviewRequestMail: () =>
      reviewRequestMail({
        to: TO,
        customerName: order.customerName,
        orderNumber: order.orderNumber,
        orderId: order.id,
        deliveredOn: '20/11/2026',
        products: ['Argola <Souza> (Diâmetro: 8 mm)', 'Labret & Cia'],
        appUrl: APP,
        shop: SHOP,
      }),
  },
  'contact/contact-mail.ts': {
    contactMessageMail: () =>
      contactMessageMail({
        name: 'Ana Souza',
        email: TO,
        message: 'Vocês têm argola 6 mm?\nDe titânio.',
        at: new Date('2026-11-26T12:00:00Z'),
        inboxUrl: `${APP}/admin/mensagens`,
        shopName: SHOP.name,
      }),
  },
};

const CASES = Object.entries(TEMPLATES).flatMap(([file, templates]) =>
  Object.entries(templates).map(([name, build]) => ({ file, name, build })),
);

const MODULES = join(import.meta.dirname, '..');
/** Sends the templates above to every administrator; builds none of its own. */
const NOT_TEMPLATES = new Set(['mail/admin-mail.ts']);

function templateFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return templateFiles(path);
    const file = relative(MODULES, path);
    return /-mails?\.ts$/.test(entry.name) && !NOT_TEMPLATES.has(file) ? [file] : [];
  });
}

/** The text a reader sees in a piece of HTML: tags dropped, entities decoded, spaces joined. */
function visibleText(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&')
    .replace(/\s+/g, ' ')
    .trim();
}

const GREETING = /^(Olá|Oi|Prezad[oa])\b/;

let smtp: TestSmtpServer;
let mailer: Mailer;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  mailer = createMailer(
    { smtpUrl: smtp.url, mailFrom: 'Loja <nao-responda@lumina.example>', dataDir: '/nonexistent' },
    { info: () => undefined },
  );
});

afterAll(async () => {
  mailer?.close();
  await smtp?.close();
});

describe('e-mail templates', () => {
  it('are all in the table below', () => {
    expect(templateFiles(MODULES).sort()).toEqual(Object.keys(TEMPLATES).sort());
    for (const file of Object.keys(TEMPLATES)) {
      const source = readFileSync(join(MODULES, file), 'utf8');
      expect(source, `${file} builds its HTML through mailDocument`).toContain('mailDocument(');
      expect(source, `${file} writes no document of its own`).not.toMatch(/<!doctype|<html/i);
    }
  });

  it.each(CASES)('$file $name: a full pt-BR document with the greeting of its text', async (c) => {
    const content = c.build();
    const to = `${c.name.toLowerCase()}@example.com`;
    await mailer.send({ ...content, to });
    const mail = await smtp.waitForMail(to);
    expect(mail.headers['content-type']).toMatch(/^multipart\/alternative/);
    expect(mail.subject).toBe(content.subject);
    expect(mail.text).toBe(content.text);
    const html = mail.html ?? '';
    expect(html).toBe(content.html);

    expect(html).toMatch(
      /^<!doctype html>\s*<html lang="pt-BR">\s*<head>\s*<meta charset="utf-8">[\s\S]*<title>[^<]+<\/title>\s*<\/head>\s*<body[^>]*>[\s\S]*<\/body>\s*<\/html>$/,
    );
    for (const tag of ['html', 'head', 'body', 'title']) {
      expect(html.match(new RegExp(`<${tag}[\\s>]`, 'g')), `one <${tag}>`).toHaveLength(1);
      expect(html.match(new RegExp(`</${tag}>`, 'g')), `one </${tag}>`).toHaveLength(1);
    }
    for (const tag of ['p', 'a', 'strong', 'blockquote']) {
      const opened = html.match(new RegExp(`<${tag}[\\s>]`, 'g'))?.length ?? 0;
      expect(html.match(new RegExp(`</${tag}>`, 'g'))?.length ?? 0, `<${tag}> closed`).toBe(opened);
    }
    // Nothing the template was given reaches the HTML unescaped.
    expect(html).not.toMatch(/<(Souza|oi)>/);

    const body = /<body[^>]*>([\s\S]*)<\/body>/.exec(html)?.[1] ?? '';
    const firstParagraph = visibleText(/<p[^>]*>([\s\S]*?)<\/p>/.exec(body)?.[1] ?? '');
    const firstLine = content.text.split('\n')[0] ?? '';
    if (GREETING.test(firstLine)) {
      expect(firstParagraph).toBe(firstLine);
    } else {
      expect(firstParagraph).not.toMatch(GREETING);
    }
  });

  // An order's e-mail opens that order's page (its items, refunds, withdrawal and exchange), not
  // the account's first tab; the PIX e-mail leads to its payment, an expired order to the shop.
  const OWN_LINK = new Set(['orderReceivedMail', 'orderExpiredMail', 'paidAfterCancelMail']);
  it.each(
    CASES.filter((c) => /^(orders|returns|payments)\//.test(c.file) && !OWN_LINK.has(c.name)),
  )("$file $name: links to the shopper's page of the order", (c) => {
    const { text, html } = c.build();
    const page = `${APP}/minha-conta/pedidos/${order.id}`;
    expect(text).toContain(`: ${page}\n`);
    expect(html).toContain(`<a href="${page}">`);
    expect(text).not.toMatch(/\/minha-conta(\s|$)/);
  });
});

describe('order-received e-mail', () => {
  it("repeats the checkout's summary: items, freight, delivery time, PIX, both totals, withdrawal", () => {
    const mail = orderReceivedMail(order, '00020126PIX', APP, order.id, SHOP);
    expect(mail.text).toContain(
      [
        'Resumo do pedido:',
        '',
        '2 × Argola <Souza> (Diâmetro: 8 mm): R$ 95,00',
        '1 × Labret & Cia: R$ 13,00',
        'Subtotal (3 itens): R$ 108,00',
        'Frete (PAC): R$ 21,90',
        'Prazo de entrega: até 8 dias úteis',
        'Forma de pagamento: PIX',
        'Total no PIX: R$ 129,90',
        'Total sem o desconto do PIX: R$ 135,90',
        '',
        'Você pode desistir da compra em até 7 dias após o recebimento.',
        '',
        `Política de trocas e devoluções: ${APP}/trocas-e-devolucoes`,
      ].join('\n'),
    );
    // Who sells: the signature's, once.
    expect(mail.text.match(/CNPJ 11\.222\.333\/0001-81/g)).toHaveLength(1);
    expect(mail.html).toContain('2 × Argola &lt;Souza&gt; (Diâmetro: 8 mm)</td>');
    expect(mail.html).toContain('Labret &amp; Cia</td>');
    expect(mail.html).toContain(`<a href="${APP}/trocas-e-devolucoes">`);
    expect(mail.html).toMatch(/>Total sem o desconto do PIX<\/td><td[^>]*>R\$ 135,90<\/td>/);
  });

  it('links no policy the shop did not write and states no discount the order did not have', () => {
    const shop = mailShop(
      createStoreSettings({ policies: { terms: '', returns: '', shipping: '' } }),
    );
    const plain = {
      ...order,
      totalCents: 12_790,
      shippingCents: 0,
      items: order.items.map((item) => ({ ...item, listPriceCents: item.unitPriceCents })),
    };
    const mail = orderReceivedMail(plain, '00020126PIX', APP, order.id, shop);
    expect(mail.text).toContain('Frete (PAC): Grátis');
    expect(mail.text).toContain('Total no PIX: R$ 108,00');
    expect(mail.text).not.toContain('sem o desconto');
    expect(mail.text).toContain('Você pode desistir da compra em até 7 dias após o recebimento.');
    expect(mail.text).not.toContain('trocas-e-devolucoes');
  });
});

describe('order-received e-mail with discounts', () => {
  it("names the promotion's and the coupon's discounts, the waived freight and the order's total", () => {
    const discounted = {
      ...order,
      couponCode: 'BEMVINDA',
      shippingCents: 0,
      shippingDiscountCents: 2190,
      totalCents: 9_800,
      items: [
        { ...items[0]!, promotionDiscountCents: 500 },
        { ...items[1]!, couponDiscountCents: 500 },
      ],
    };
    const mail = orderReceivedMail(discounted, '00020126PIX', APP, order.id, SHOP);
    expect(mail.text).toContain(
      [
        'Subtotal (3 itens): R$ 108,00',
        'Promoção: - R$ 5,00',
        'Desconto (BEMVINDA): - R$ 5,00',
        'Frete (PAC): Grátis (economia de R$ 21,90)',
        'Prazo de entrega: até 8 dias úteis',
        'Forma de pagamento: PIX',
        'Total no PIX: R$ 98,00',
      ].join('\n'),
    );
  });
});

describe('payment method in the order e-mails', () => {
  it('a card order shows its list prices and no PIX saving; its expiry speaks of the card', () => {
    const card = { ...order, paymentMethod: 'card' as const };
    const mail = orderReceivedMail(card, '00020126PIX', APP, order.id, SHOP);
    expect(mail.text).toContain('2 × Argola <Souza> (Diâmetro: 8 mm): R$ 100,00');
    expect(mail.text).toContain('Forma de pagamento: Cartão de crédito');
    expect(mail.text).toContain('Total no cartão: R$ 135,90');
    expect(mail.text).not.toContain('desconto do PIX');
    expect(orderExpiredMail(card, APP, SHOP).text).toContain(
      'O pagamento com cartão do pedido LP-2026-0007 não foi confirmado',
    );
  });

  it('an order waiting for a boleto is cancelled in the words of the boleto, not the PIX', () => {
    const mail = orderExpiredMail({ ...order, paymentMethod: 'boleto' }, APP, SHOP);
    expect(mail.text).toContain(
      'O boleto do pedido LP-2026-0007 não foi pago até o vencimento, então o pedido foi cancelado',
    );
    expect(mail.text).not.toMatch(/PIX|30 minutos/);
  });

  it('the boleto e-mail gives the amount, the due date, the digitable line, the PDF and the order', () => {
    const mail = boletoIssuedMail(
      order,
      {
        amountCents: 13_990,
        boletoDigitableLine: '23790123456789012345678901234567890123456789012',
        boletoUrl: 'https://boleto.example/1.pdf',
        // 23:59 in Brasília on 29/11 is already 30/11 in UTC.
        dueAt: new Date('2026-11-30T02:59:59.999Z'),
      },
      APP,
      SHOP,
    );
    expect(mail.subject).toBe('Boleto gerado - pedido LP-2026-0007');
    expect(mail.text).toContain('no valor de R$ 139,90, com vencimento em 29/11/2026.');
    expect(mail.text).toContain('\n23790123456789012345678901234567890123456789012\n');
    expect(mail.text).toContain('Abrir o boleto (PDF): https://boleto.example/1.pdf');
    expect(mail.text).toContain(`${APP}/minha-conta/pedidos/${order.id}`);
  });
});

describe('shipped e-mail', () => {
  it('sends a Correios code to the Correios page', () => {
    const mail = orderShippedMail(order, APP, SHOP);
    expect(mail.text).toContain('foi postado nos Correios');
    expect(mail.html).toContain('https://rastreamento.correios.com.br/');
  });

  it("names another carrier's label and sends its code to Melhor Rastreio, not the Correios", () => {
    const mail = orderShippedMail(
      { ...order, trackingCode: 'JD0012345678', trackingCarrier: 'Jadlog' },
      APP,
      SHOP,
    );
    expect(mail.text).toContain(`O pedido ${order.orderNumber} foi enviado pela Jadlog.`);
    expect(mail.text).toContain('JD0012345678');
    expect(mail.html).toContain('https://melhorrastreio.com.br/rastreio/JD0012345678');
    expect(mail.html).toContain('Rastrear o envio (Jadlog)');
    expect(mail.text).not.toContain('Correios');
  });
});
