import { formatBRL } from '@lumina/shared/format/money';
import { calendarDateOf } from '@lumina/shared/validation/calendar-date';
import type { OrderRow, PaymentRow } from '../../db/schema/orders.ts';
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

export const BOLETO_MAIL_SUBJECT = (number: string) => `Boleto gerado - pedido ${number}`;

/** 'DD/MM/AAAA' of the Brazilian day an instant falls on. */
function brazilianDate(instant: Date): string {
  const { year, month, day } = calendarDateOf(instant);
  return `${String(day).padStart(2, '0')}/${String(month).padStart(2, '0')}/${year}`;
}

/**
 * To the shopper when a boleto is issued: its amount and due date, the digitable line to type or
 * paste in the bank's app, the PDF and the order's page, so the boleto can be paid later without
 * coming back to the shop.
 */
export function boletoIssuedMail(
  order: Pick<OrderRow, 'id' | 'orderNumber' | 'customerName'> & { customerEmail: string },
  boleto: Pick<PaymentRow, 'amountCents' | 'boletoDigitableLine' | 'boletoUrl'> & { dueAt: Date },
  appUrl: string,
  shop: MailShop,
): MailMessage {
  const subject = BOLETO_MAIL_SUBJECT(order.orderNumber);
  const blocks: Block[] = [
    `Olá, ${firstName(order.customerName)}!`,
    `O boleto do pedido ${order.orderNumber} foi gerado no valor de ${formatBRL(boleto.amountCents)}, com vencimento em ${brazilianDate(boleto.dueAt)}.`,
  ];
  if (boleto.boletoDigitableLine) {
    blocks.push('Para pagar, copie a linha digitável abaixo no app ou no site do seu banco:', {
      pre: boleto.boletoDigitableLine,
    });
  }
  if (boleto.boletoUrl) blocks.push({ link: boleto.boletoUrl, label: 'Abrir o boleto (PDF)' });
  blocks.push(
    'A confirmação do pagamento pelo banco pode levar alguns dias úteis; avisamos por e-mail quando ele for aprovado. Se o boleto não for pago até o vencimento, o pedido é cancelado e as peças voltam para o estoque.',
    orderPageLink(appUrl, order.id),
    shop,
  );
  return {
    to: order.customerEmail,
    subject,
    text: blocks.map(blockText).join('\n\n'),
    html: mailDocument(subject, blocks.map(blockHtml)),
  };
}
