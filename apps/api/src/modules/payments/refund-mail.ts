import { formatBRL } from '@lumina/shared/format/money';
import type { OrderRow } from '../../db/schema/orders.ts';
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

export const REFUND_MAIL_SUBJECT = (number: string) => `Reembolso do pedido ${number}`;

/** To the shopper: how much of the order came back, and how. */
export function refundMail(
  order: Pick<OrderRow, 'id' | 'orderNumber' | 'customerName'> & { customerEmail: string },
  refund: Pick<RefundRow, 'amountCents' | 'method' | 'e2eId'>,
  appUrl: string,
  shop: MailShop,
): MailMessage {
  const subject = REFUND_MAIL_SUBJECT(order.orderNumber);
  const how =
    refund.method === 'mercadopago'
      ? 'O estorno foi feito pelo MercadoPago e aparece na conta ou no cartão usado no pagamento conforme o prazo do seu banco.'
      : `Devolvemos o valor por PIX para a conta de onde veio o pagamento (identificador da transferência: ${refund.e2eId ?? ''}).`;
  const blocks: Block[] = [
    `Olá, ${firstName(order.customerName)}!`,
    `Devolvemos ${formatBRL(refund.amountCents)} do pedido ${order.orderNumber}.`,
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
