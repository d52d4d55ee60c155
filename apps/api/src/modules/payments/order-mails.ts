import { formatBRL } from '@lumina/shared/format/money';
import { escapeHtml } from '../../integrations/mail/escape-html.ts';
import type { MailMessage } from '../../integrations/mail/mailer.ts';
import type { OrderRow } from '../../db/schema/orders.ts';

export const ORDER_MAIL_SUBJECTS = {
  received: (number: string) => `Pedido ${number} recebido - pague com PIX em até 30 minutos`,
  approved: (number: string) => `Pagamento aprovado - pedido ${number}`,
  cancelled: (number: string) => `Pedido ${number} cancelado por falta de pagamento`,
} as const;

type MailOrder = Pick<OrderRow, 'orderNumber' | 'customerName' | 'customerEmail' | 'totalCents'>;

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

/** Paragraphs as plain text and as simple HTML; `pre` marks a PIX code to copy. */
type Block = string | { pre: string } | { link: string; label: string };

function mail(to: string, subject: string, blocks: Block[]): MailMessage {
  const text = blocks
    .map((block) =>
      typeof block === 'string'
        ? block
        : 'pre' in block
          ? block.pre
          : `${block.label}: ${block.link}`,
    )
    .join('\n\n');
  const html = `<!doctype html>
<html lang="pt-BR">
  <body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">
${blocks
  .map((block) => {
    if (typeof block === 'string') return `    <p>${escapeHtml(block)}</p>`;
    if ('pre' in block) {
      return `    <p style="font-family: monospace; word-break: break-all; background: #f3f4f6; padding: 12px">${escapeHtml(block.pre)}</p>`;
    }
    return `    <p><a href="${escapeHtml(block.link)}">${escapeHtml(block.label)}</a></p>`;
  })
  .join('\n')}
  </body>
</html>`;
  return { to, subject, text, html };
}

/** Sent when the PIX charge is issued: the code to pay and the 30-minute deadline. */
export function orderReceivedMail(
  order: MailOrder,
  pixCode: string,
  appUrl: string,
  orderId: number,
): MailMessage {
  return mail(order.customerEmail, ORDER_MAIL_SUBJECTS.received(order.orderNumber), [
    `Olá, ${firstName(order.customerName)}!`,
    `Recebemos o seu pedido ${order.orderNumber} no valor de ${formatBRL(order.totalCents)}.`,
    'Para concluir, pague com PIX em até 30 minutos: abra o app do seu banco, escolha PIX Copia e Cola e cole o código abaixo.',
    { pre: pixCode },
    'Depois desse prazo o pedido é cancelado e os produtos voltam para o estoque.',
    { link: `${appUrl}/payment-pix?order_id=${orderId}`, label: 'Ver o QR Code do pagamento' },
    'Equipe Lumina Piercings',
  ]);
}

export function paymentApprovedMail(order: MailOrder, appUrl: string): MailMessage {
  return mail(order.customerEmail, ORDER_MAIL_SUBJECTS.approved(order.orderNumber), [
    `Olá, ${firstName(order.customerName)}!`,
    `O pagamento de ${formatBRL(order.totalCents)} do pedido ${order.orderNumber} foi aprovado. Obrigado pela compra!`,
    'Agora vamos separar e embalar as suas peças; você pode acompanhar o pedido na sua conta.',
    { link: `${appUrl}/minha-conta`, label: 'Acompanhar meus pedidos' },
    'Equipe Lumina Piercings',
  ]);
}

export function orderCancelledMail(order: MailOrder, appUrl: string): MailMessage {
  return mail(order.customerEmail, ORDER_MAIL_SUBJECTS.cancelled(order.orderNumber), [
    `Olá, ${firstName(order.customerName)}!`,
    `O pagamento PIX do pedido ${order.orderNumber} não foi confirmado em 30 minutos, então o pedido foi cancelado. Nenhum valor foi cobrado.`,
    'Se ainda quiser as peças, é só fazer um novo pedido.',
    { link: `${appUrl}/produtos`, label: 'Voltar à loja' },
    'Equipe Lumina Piercings',
  ]);
}
