import { formatBRL } from '@lumina/shared/format/money';
import type { OrderRow, PaymentRow } from '../../db/schema/orders.ts';
import type { RefundRow } from '../../db/schema/refunds.ts';
import type { MailMessage } from '../../integrations/mail/mailer.ts';
import { mailDocument } from '../mail/mail-document.ts';
import type { MailShop } from '../mail/mail-signature.ts';
import {
  type Block,
  blockHtml,
  blockText,
  firstName,
  orderPageLink,
} from '../orders/order-mails.ts';

type PaymentMethod = PaymentRow['method'];

export const REFUND_MAIL_SUBJECT = (number: string) => `Reembolso do pedido ${number}`;

/**
 * How the money comes back, by the way it was paid: a card's refund to its invoice, a PIX's and a
 * boleto's to the account that paid (REFERENCE.md, MercadoPago refunds; a devolução PIX).
 */
function howItReturns(
  refund: Pick<RefundRow, 'method' | 'e2eId'>,
  paidWith: PaymentMethod,
): string {
  if (paidWith === 'card') {
    return 'O valor volta na fatura do cartão de crédito usado no pagamento, conforme o prazo da operadora do cartão.';
  }
  if (paidWith === 'boleto') {
    return 'O valor volta para a conta de quem pagou o boleto, conforme o prazo do banco.';
  }
  const transfer =
    refund.method === 'mercadopago' || !refund.e2eId
      ? ''
      : ` (identificador da transferência: ${refund.e2eId})`;
  return `O valor volta por PIX para a conta de onde veio o pagamento${transfer}.`;
}

const PAID_WITH: Record<PaymentMethod, string> = {
  pix: 'PIX',
  card: 'cartão de crédito',
  boleto: 'boleto',
};

/** To the shopper: how much of the order came back, and how. */
export function refundMail(
  order: Pick<OrderRow, 'id' | 'orderNumber' | 'customerName'> & { customerEmail: string },
  refund: Pick<RefundRow, 'amountCents' | 'method' | 'e2eId'>,
  paidWith: PaymentMethod,
  appUrl: string,
  shop: MailShop,
): MailMessage {
  const subject = REFUND_MAIL_SUBJECT(order.orderNumber);
  const how = howItReturns(refund, paidWith);
  const blocks: Block[] = [
    `Olá, ${firstName(order.customerName)}!`,
    `Devolvemos ${formatBRL(refund.amountCents)} do pedido ${order.orderNumber}, pago com ${PAID_WITH[paidWith]}.`,
    how,
    orderPageLink(appUrl, order.id),
    shop,
  ];
  return {
    to: order.customerEmail,
    subject,
    text: blocks.map(blockText).join('\n\n'),
    html: mailDocument(subject, blocks.map(blockHtml)),
  };
}
