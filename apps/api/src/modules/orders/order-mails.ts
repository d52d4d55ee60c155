import { trackingUrlOf } from '@lumina/shared/fulfilment/label-tracking';
import {
  CONTRACT_SUMMARY_TEXTS,
  itemRow,
  summaryRows,
  type SummaryRow,
} from '@lumina/shared/checkout/contract-summary';
import { formatBRL } from '@lumina/shared/format/money';
import { INVOICE_MESSAGES } from '@lumina/shared/fulfilment/invoice-messages';
import { paidWithText } from '@lumina/shared/payments/payment-labels';
import { COUPON_MESSAGES } from '@lumina/shared/promotions/coupon-messages';
import { POLICY_PAGES } from '@lumina/shared/settings/policy-pages';
import { escapeHtml } from '../../integrations/mail/escape-html.ts';
import type { MailMessage } from '../../integrations/mail/mailer.ts';
import { CORREIOS_TRACKING_URL } from '@lumina/shared/orders/tracking-code';
import type { OrderItemRow, OrderRow, PaymentRow } from '../../db/schema/orders.ts';
import { mailDocument } from '../mail/mail-document.ts';
import type { MailShop } from '../mail/mail-signature.ts';
import type { OrderMailKind } from './lifecycle.ts';
import { paymentMethodFactsOf } from './order-json.ts';

export const ORDER_MAIL_SUBJECTS = {
  received: (number: string) => `Pedido ${number} recebido - pague com PIX em até 30 minutos`,
  approved: (number: string) => `Pagamento aprovado - pedido ${number}`,
  expired: (number: string) => `Pedido ${number} cancelado por falta de pagamento`,
  cancelled: (number: string) => `Pedido ${number} cancelado`,
  shipped: (number: string) => `Pedido ${number} enviado - código de rastreio`,
  delivered: (number: string) => `Pedido ${number} entregue`,
  refunded: (number: string) => `Pedido ${number} reembolsado`,
  paidAfterCancel: (number: string) => `[Loja] Pagamento recebido após cancelamento - ${number}`,
  duplicatePayment: (number: string) => `[Loja] Pagamento em duplicidade - ${number}`,
} as const;

type MailOrder = Pick<
  OrderRow,
  | 'id'
  | 'orderNumber'
  | 'customerName'
  | 'totalCents'
  | 'trackingCode'
  | 'trackingCarrier'
  | 'refundStatus'
  | 'paymentStatus'
  | 'paymentMethod'
> & { customerEmail: string };

/** The order with its customer's address, or null when the account was erased (no e-mail). */
export function reachable<T extends { customerEmail: string | null }>(
  order: T,
): (T & { customerEmail: string }) | null {
  return order.customerEmail === null ? null : { ...order, customerEmail: order.customerEmail };
}

/** Only the ways the shop really offers: the WhatsApp when the owner gave one. */
function contactWays(shop: MailShop): string {
  return shop.whatsapp
    ? 'pelo WhatsApp ou pelo formulário de contato'
    : 'pelo formulário de contato';
}

export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

/**
 * Paragraphs as plain text and as simple HTML; `pre` marks a PIX code to copy, `rows` a table of
 * labels and amounts (the order's summary), a MailShop the shop's signature (mail-signature.ts).
 */
export type Block =
  | string
  | { pre: string }
  | { link: string; label: string }
  | { rows: readonly SummaryRow[] }
  | MailShop;

/** A block as the text part reads it. */
export function blockText(block: Block): string {
  if (typeof block === 'string') return block;
  if ('signature' in block) return block.signature.text;
  if ('rows' in block) return block.rows.map((row) => `${row.label}: ${row.value}`).join('\n');
  return 'pre' in block ? block.pre : `${block.label}: ${block.link}`;
}

/** Labels on the left, amounts on the right, as narrow as a phone's mail client needs. */
function rowsHtml(rows: readonly SummaryRow[]): string {
  const cells = rows.map(
    (row) =>
      `<tr><td style="padding: 4px 12px 4px 0; border-bottom: 1px solid #e5e7eb">${escapeHtml(row.label)}</td><td style="padding: 4px 0; border-bottom: 1px solid #e5e7eb; text-align: right; white-space: nowrap">${escapeHtml(row.value)}</td></tr>`,
  );
  return `<table role="presentation" style="border-collapse: collapse; width: 100%; max-width: 520px; font-size: 14px">${cells.join('')}</table>`;
}

/** A block as the HTML part shows it, escaped: one paragraph (the signature: its own). */
export function blockHtml(block: Block): string {
  if (typeof block === 'string') return `<p>${escapeHtml(block)}</p>`;
  if ('signature' in block) return block.signature.html.join('\n');
  if ('rows' in block) return rowsHtml(block.rows);
  if ('pre' in block) {
    return `<p style="font-family: monospace; word-break: break-all; background: #f3f4f6; padding: 12px">${escapeHtml(block.pre)}</p>`;
  }
  return `<p><a href="${escapeHtml(block.link)}">${escapeHtml(block.label)}</a></p>`;
}

/** The shopper's page of one order (web routes.tsx: /minha-conta/pedidos/:id). */
export function orderPageLink(appUrl: string, orderId: number, label = 'Ver o pedido'): Block {
  return { link: `${appUrl}/minha-conta/pedidos/${orderId}`, label };
}

function orderMail(to: string, subject: string, blocks: Block[]): MailMessage {
  const text = blocks.map(blockText).join('\n\n');
  return { to, subject, text, html: mailDocument(subject, blocks.map(blockHtml)) };
}

/** What was bought, as the received e-mail's summary lists it. */
export type ReceivedItem = Pick<
  OrderItemRow,
  | 'productName'
  | 'optionValues'
  | 'quantity'
  | 'unitPriceCents'
  | 'listPriceCents'
  | 'pixPriceCents'
  | 'promotionDiscountCents'
  | 'couponDiscountCents'
>;

export type ReceivedOrder = MailOrder &
  Pick<
    OrderRow,
    | 'shippingName'
    | 'shippingCents'
    | 'shippingDeliveryDays'
    | 'couponCode'
    | 'shippingDiscountCents'
  > & {
    items: readonly ReceivedItem[];
  };

/**
 * The summary's rows with what the order took off: the automatic promotions' and the coupon's
 * discounts under the subtotal, the freight a coupon or promotion waived, and the total the
 * order charges (the shared rows add the items at their prices and the freight only).
 */
export function withDiscountRows(rows: readonly SummaryRow[], order: ReceivedOrder): SummaryRow[] {
  const promotion = order.items.reduce((sum, item) => sum + item.promotionDiscountCents, 0);
  const coupon = order.items.reduce((sum, item) => sum + item.couponDiscountCents, 0);
  const discounts: SummaryRow[] = [];
  if (promotion > 0) {
    discounts.push({
      label: COUPON_MESSAGES.mailPromotionLine,
      value: COUPON_MESSAGES.mailDiscountValue(promotion),
    });
  }
  if (coupon > 0) {
    discounts.push({
      label: COUPON_MESSAGES.mailCouponLine(order.couponCode ?? ''),
      value: COUPON_MESSAGES.mailDiscountValue(coupon),
    });
  }
  const totalLabel = CONTRACT_SUMMARY_TEXTS.methods[order.paymentMethod].total;
  const out: SummaryRow[] = [];
  for (const row of rows) {
    if (row.label === totalLabel && discounts.length > 0) {
      out.push({ ...row, value: formatBRL(order.totalCents) });
    } else if (row.label.startsWith('Frete (') && order.shippingDiscountCents > 0) {
      out.push({ ...row, value: COUPON_MESSAGES.mailFreeShipping(order.shippingDiscountCents) });
    } else {
      out.push(row);
    }
    if (row.label.startsWith('Subtotal')) out.push(...discounts);
  }
  return out;
}

/**
 * The contract's summary the checkout showed, confirmed (Decreto 7.962/2013 art. 4): the items,
 * subtotal, freight and its delivery time, the payment method, the total and, for PIX when the
 * order's prices had a PIX discount, the total without it; then the right of withdrawal and the
 * returns policy's page when the shop wrote one. Who sells is the signature's.
 */
function contractSummaryBlocks(order: ReceivedOrder, appUrl: string, shop: MailShop): Block[] {
  const method = order.paymentMethod;
  const items = order.items.map((item) => ({
    name: item.productName,
    optionValues: item.optionValues,
    quantity: item.quantity,
    unitCents: item.pixPriceCents,
    listUnitCents: item.listPriceCents,
  }));
  const shipping = {
    name: order.shippingName,
    costCents: order.shippingCents,
    deliveryDays: order.shippingDeliveryDays,
  };
  const blocks: Block[] = [
    `${CONTRACT_SUMMARY_TEXTS.title}:`,
    // The prices stored with the order tell whether it had a PIX discount, whatever the settings say now.
    {
      rows: withDiscountRows(
        [
          ...items.map((item) => itemRow(item, method)),
          ...summaryRows({ items, shipping, pixDiscount: true, method }),
        ],
        order,
      ),
    },
    CONTRACT_SUMMARY_TEXTS.withdrawal,
  ];
  if (shop.returnsPolicy) {
    blocks.push({
      link: `${appUrl}${POLICY_PAGES.returns.path}`,
      label: CONTRACT_SUMMARY_TEXTS.returnsPolicy,
    });
  }
  return blocks;
}

/**
 * Sent when the PIX charge is issued: the code to pay and the 30-minute deadline, then the
 * order's summary.
 */
export function orderReceivedMail(
  order: ReceivedOrder,
  pixCode: string,
  appUrl: string,
  orderId: number,
  shop: MailShop,
): MailMessage {
  return orderMail(order.customerEmail, ORDER_MAIL_SUBJECTS.received(order.orderNumber), [
    `Olá, ${firstName(order.customerName)}!`,
    `Recebemos o seu pedido ${order.orderNumber} no valor de ${formatBRL(order.totalCents)}.`,
    'Para concluir, pague com PIX em até 30 minutos: abra o app do seu banco, escolha PIX Copia e Cola e cole o código abaixo.',
    { pre: pixCode },
    'Depois desse prazo o pedido é cancelado e os produtos voltam para o estoque.',
    { link: `${appUrl}/payment-pix?order_id=${orderId}`, label: 'Ver o QR Code do pagamento' },
    ...contractSummaryBlocks(order, appUrl, shop),
    shop,
  ]);
}

/** `payment`: the row that paid, whose method (card brand, end, instalments) the e-mail names. */
export function paymentApprovedMail(
  order: MailOrder,
  appUrl: string,
  shop: MailShop,
  payment: PaymentRow | null = null,
): MailMessage {
  return orderMail(order.customerEmail, ORDER_MAIL_SUBJECTS.approved(order.orderNumber), [
    `Olá, ${firstName(order.customerName)}!`,
    `O pagamento de ${formatBRL(order.totalCents)} do pedido ${order.orderNumber} foi aprovado. Obrigado pela compra!`,
    ...(payment ? [`${paidWithText(paymentMethodFactsOf(payment))}.`] : []),
    'Agora vamos separar e embalar as suas peças; você pode acompanhar o pedido na sua conta.',
    orderPageLink(appUrl, order.id, 'Acompanhar o pedido'),
    shop,
  ]);
}

/** Why an unpaid order was cancelled, in the words of the way it was to be paid. */
function expiredReason(order: MailOrder): string {
  const number = order.orderNumber;
  switch (order.paymentMethod) {
    case 'boleto':
      return `O boleto do pedido ${number} não foi pago até o vencimento, então o pedido foi cancelado e as peças voltaram ao estoque. Nenhum valor foi cobrado.`;
    case 'card':
      return `O pagamento com cartão do pedido ${number} não foi confirmado, então o pedido foi cancelado. Nenhum valor foi cobrado.`;
    default:
      return `O pagamento PIX do pedido ${number} não foi confirmado em 30 minutos, então o pedido foi cancelado. Nenhum valor foi cobrado.`;
  }
}

export function orderExpiredMail(order: MailOrder, appUrl: string, shop: MailShop): MailMessage {
  return orderMail(order.customerEmail, ORDER_MAIL_SUBJECTS.expired(order.orderNumber), [
    `Olá, ${firstName(order.customerName)}!`,
    expiredReason(order),
    'Se ainda quiser as peças, é só fazer um novo pedido.',
    { link: `${appUrl}/produtos`, label: 'Voltar à loja' },
    shop,
  ]);
}

export function orderCancelledMail(order: MailOrder, appUrl: string, shop: MailShop): MailMessage {
  const refund =
    order.refundStatus === 'refunded'
      ? 'O valor pago foi estornado e volta para a sua conta conforme o prazo do seu banco.'
      : order.refundStatus === 'manual_pending'
        ? 'O valor pago será devolvido por PIX para a conta de onde veio; entraremos em contato se precisarmos de algum dado.'
        : 'Nenhum valor foi cobrado.';
  return orderMail(order.customerEmail, ORDER_MAIL_SUBJECTS.cancelled(order.orderNumber), [
    `Olá, ${firstName(order.customerName)}!`,
    `O pedido ${order.orderNumber} foi cancelado pela loja e as peças voltaram ao estoque.`,
    refund,
    `Se tiver alguma dúvida, fale com a gente ${contactWays(shop)}.`,
    orderPageLink(appUrl, order.id),
    shop,
  ]);
}

/** `danfeUrl`: the order's authorised NF-e (its DANFE), when it has one. */
export function orderShippedMail(
  order: MailOrder,
  appUrl: string,
  shop: MailShop,
  danfeUrl: string | null = null,
): MailMessage {
  const code = order.trackingCode ?? '';
  const carrier = order.trackingCarrier;
  // A label bought from another carrier than the Correios is followed on Melhor Rastreio.
  const follow = carrier
    ? [
        `O pedido ${order.orderNumber} foi enviado pela ${carrier}. O código de rastreio é:`,
        { pre: code },
        'Para acompanhar a entrega, abra a página de rastreamento:',
        { link: trackingUrlOf(code, carrier) ?? '', label: `Rastrear o envio (${carrier})` },
      ]
    : [
        `O pedido ${order.orderNumber} foi postado nos Correios. O código de rastreio é:`,
        { pre: code },
        'Para acompanhar a entrega, abra a página de rastreamento dos Correios e cole o código.',
        { link: CORREIOS_TRACKING_URL, label: 'Rastrear nos Correios' },
      ];
  return orderMail(order.customerEmail, ORDER_MAIL_SUBJECTS.shipped(order.orderNumber), [
    `Olá, ${firstName(order.customerName)}!`,
    ...follow,
    ...(danfeUrl ? [{ link: danfeUrl, label: INVOICE_MESSAGES.danfeLink }] : []),
    orderPageLink(appUrl, order.id),
    shop,
  ]);
}

export function orderDeliveredMail(order: MailOrder, appUrl: string, shop: MailShop): MailMessage {
  return orderMail(order.customerEmail, ORDER_MAIL_SUBJECTS.delivered(order.orderNumber), [
    `Olá, ${firstName(order.customerName)}!`,
    `O pedido ${order.orderNumber} foi entregue. Esperamos que você goste das suas peças!`,
    `Se algo não chegou como esperado, fale com a gente ${contactWays(shop)}.`,
    orderPageLink(appUrl, order.id),
    shop,
  ]);
}

export function orderRefundedMail(order: MailOrder, appUrl: string, shop: MailShop): MailMessage {
  return orderMail(order.customerEmail, ORDER_MAIL_SUBJECTS.refunded(order.orderNumber), [
    `Olá, ${firstName(order.customerName)}!`,
    `O pagamento de ${formatBRL(order.totalCents)} do pedido ${order.orderNumber} foi estornado.`,
    orderPageLink(appUrl, order.id),
    shop,
  ]);
}

/** To each administrator: money arrived for an order that had been cancelled. */
export function paidAfterCancelMail(
  order: Omit<MailOrder, 'customerEmail'>,
  adminEmail: string,
  appUrl: string,
): MailMessage {
  return orderMail(adminEmail, ORDER_MAIL_SUBJECTS.paidAfterCancel(order.orderNumber), [
    `O pagamento de ${formatBRL(order.totalCents)} do pedido ${order.orderNumber} (${order.customerName}) foi aprovado depois que o pedido já estava cancelado e as peças tinham voltado ao estoque.`,
    'Abra o pedido no painel e escolha: restaurar o pedido (se as peças ainda estiverem em estoque) ou devolver o valor ao cliente.',
    { link: `${appUrl}/admin/pedidos/${order.id}`, label: 'Abrir o pedido no painel' },
  ]);
}

/**
 * To each administrator: an order already paid was paid again (two tabs, a superseded PIX paid
 * anyway) and this provider does not give money back by itself: the shop refunds it.
 */
export function duplicatePaymentMail(
  order: Pick<OrderRow, 'id' | 'orderNumber' | 'customerName'>,
  amountCents: number,
  adminEmail: string,
  appUrl: string,
): MailMessage {
  return orderMail(adminEmail, ORDER_MAIL_SUBJECTS.duplicatePayment(order.orderNumber), [
    `O pedido ${order.orderNumber} (${order.customerName}) já estava pago e recebeu outro pagamento de ${formatBRL(amountCents)}.`,
    'O pedido segue pago uma vez só, pelo outro pagamento. Devolva ao cliente o valor deste segundo pagamento pelo banco da loja; o botão Reembolsar do pedido devolveria o pagamento que ficou valendo.',
    { link: `${appUrl}/admin/pedidos/${order.id}`, label: 'Abrir o pedido no painel' },
  ]);
}

/** The customer's e-mail a change promises (the admin alert has its own recipients). */
export function customerMail(
  kind: Exclude<OrderMailKind, 'admin_paid_after_cancel'>,
  order: MailOrder,
  appUrl: string,
  shop: MailShop,
  /** The approved e-mail's payment (paymentOfRecord); the other e-mails do not read it. */
  payment: PaymentRow | null = null,
  /** The shipped e-mail's DANFE link (the order's authorised NF-e), when there is one. */
  danfeUrl: string | null = null,
): MailMessage {
  switch (kind) {
    case 'payment_approved':
      return paymentApprovedMail(order, appUrl, shop, payment);
    case 'order_shipped':
      return orderShippedMail(order, appUrl, shop, danfeUrl);
    case 'order_delivered':
      return orderDeliveredMail(order, appUrl, shop);
    case 'order_cancelled':
      return orderCancelledMail(order, appUrl, shop);
    case 'order_expired':
      return orderExpiredMail(order, appUrl, shop);
    case 'order_refunded':
      return orderRefundedMail(order, appUrl, shop);
  }
}
