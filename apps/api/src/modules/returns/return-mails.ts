import { CORREIOS_TRACKING_URL } from '@lumina/shared/orders/tracking-code';
import { RETURN_TYPE_LABELS } from '@lumina/shared/returns/return-schemas';
import type { MailMessage } from '../../integrations/mail/mailer.ts';
import type { ReturnRequestRow } from '../../db/schema/returns.ts';
import { mailDocument } from '../mail/mail-document.ts';
import type { MailShop } from '../mail/mail-signature.ts';
import {
  type Block,
  blockHtml,
  blockText,
  firstName,
  orderPageLink,
} from '../orders/order-mails.ts';
import { formatStoreDay } from './rules.ts';

export const RETURN_MAIL_SUBJECTS = {
  requested: (protocol: string, order: string) =>
    `Recebemos seu pedido de devolução ${protocol} - pedido ${order}`,
  cancelled: (protocol: string, order: string) =>
    `Cancelamento do pedido ${order} - protocolo ${protocol}`,
  instructions: (protocol: string) => `Como enviar as peças de volta - protocolo ${protocol}`,
  received: (protocol: string) => `Recebemos as peças - protocolo ${protocol}`,
  rejected: (protocol: string) => `Pedido de devolução ${protocol} recusado`,
  exchanged: (protocol: string) => `Sua troca foi enviada - protocolo ${protocol}`,
} as const;

export interface ReturnMailContext {
  request: ReturnRequestRow;
  orderNumber: string;
  customerName: string;
  customerEmail: string;
  /** 'Argola Lua (Diâmetro: 8 mm) x 2' per item. */
  lines: string[];
  /** The shop as its settings are when the e-mail is written: the signature. */
  shop: MailShop;
}

/** The order's own page, where the shopper follows the request. */
function orderLink(context: ReturnMailContext, appUrl: string): Block {
  return orderPageLink(appUrl, context.request.orderId, 'Acompanhar na minha conta');
}

function send(context: ReturnMailContext, subject: string, blocks: Block[]): MailMessage {
  const all = [`Olá, ${firstName(context.customerName)}!`, ...blocks, context.shop];
  return {
    to: context.customerEmail,
    subject,
    text: all.map(blockText).join('\n\n'),
    html: mailDocument(subject, all.map(blockHtml)),
  };
}

/** Decreto 7.962/2013 art. 5 §3: the withdrawal is acknowledged at once, with its protocol. */
export function returnRequestedMail(context: ReturnMailContext, appUrl: string): MailMessage {
  const { request } = context;
  return send(context, RETURN_MAIL_SUBJECTS.requested(request.protocol, context.orderNumber), [
    `Recebemos o seu pedido de ${RETURN_TYPE_LABELS[request.type].toLowerCase()} do pedido ${context.orderNumber}. O número de protocolo é:`,
    { pre: request.protocol },
    `Itens: ${context.lines.join('; ')}.`,
    request.type === 'withdrawal'
      ? 'Pelo Código de Defesa do Consumidor (art. 49), você tem direito a desistir da compra em até 7 dias do recebimento e a receber de volta todo o valor pago pelas peças devolvidas, incluindo o frete quando o pedido inteiro volta.'
      : 'A troca é feita por outra variação do mesmo produto, de mesmo preço, assim que as peças chegarem de volta.',
    `Vamos responder com as instruções de envio até ${formatStoreDay(request.answerBy)}.`,
    orderLink(context, appUrl),
  ]);
}

/** A withdrawal before shipping: the order is cancelled and the money goes back. */
export function returnCancelledMail(
  context: ReturnMailContext,
  refundedNow: boolean,
  appUrl: string,
): MailMessage {
  const { request } = context;
  return send(context, RETURN_MAIL_SUBJECTS.cancelled(request.protocol, context.orderNumber), [
    `Recebemos a sua desistência da compra do pedido ${context.orderNumber}, que ainda não tinha sido enviado, e o pedido foi cancelado. O número de protocolo é:`,
    { pre: request.protocol },
    refundedNow
      ? 'O valor pago foi estornado integralmente e volta para a sua conta conforme o prazo do seu banco.'
      : 'O valor pago será devolvido integralmente por PIX para a conta de onde veio o pagamento; avisaremos por e-mail quando a devolução for feita.',
    orderLink(context, appUrl),
  ]);
}

export function returnInstructionsMail(context: ReturnMailContext, appUrl: string): MailMessage {
  const { request } = context;
  const instructions = request.instructions;
  const how: Block[] =
    instructions?.kind === 'authorization_code'
      ? [
          'Leve as peças bem embaladas a uma agência dos Correios e informe este código de autorização de postagem (você não paga o envio):',
          { pre: instructions.code ?? '' },
        ]
      : [
          'Envie as peças bem embaladas para este endereço, com o número do protocolo dentro da embalagem:',
          { pre: instructions?.address ?? '' },
        ];
  return send(context, RETURN_MAIL_SUBJECTS.instructions(request.protocol), [
    `Estas são as instruções para devolver as peças do pedido ${context.orderNumber} (protocolo ${request.protocol}).`,
    ...how,
    `Itens: ${context.lines.join('; ')}.`,
    orderLink(context, appUrl),
  ]);
}

export function returnReceivedMail(context: ReturnMailContext, appUrl: string): MailMessage {
  const { request } = context;
  return send(context, RETURN_MAIL_SUBJECTS.received(request.protocol), [
    `As peças do protocolo ${request.protocol} (pedido ${context.orderNumber}) chegaram à loja.`,
    request.type === 'withdrawal'
      ? 'Agora fazemos a devolução do valor; você recebe outro e-mail quando ela for feita.'
      : 'Agora separamos a peça da troca; você recebe o código de rastreio por e-mail quando ela for postada.',
    orderLink(context, appUrl),
  ]);
}

export function returnRejectedMail(context: ReturnMailContext, appUrl: string): MailMessage {
  const { request } = context;
  return send(context, RETURN_MAIL_SUBJECTS.rejected(request.protocol), [
    `O pedido de ${RETURN_TYPE_LABELS[request.type].toLowerCase()} ${request.protocol} (pedido ${context.orderNumber}) foi recusado pela loja pelo seguinte motivo:`,
    { pre: request.rejectionReason ?? '' },
    'Se tiver alguma dúvida, fale com a gente pelo WhatsApp ou pelo formulário de contato.',
    orderLink(context, appUrl),
  ]);
}

export function returnExchangedMail(context: ReturnMailContext, appUrl: string): MailMessage {
  const { request } = context;
  return send(context, RETURN_MAIL_SUBJECTS.exchanged(request.protocol), [
    `A peça da sua troca (protocolo ${request.protocol}, pedido ${context.orderNumber}) foi postada nos Correios. O código de rastreio é:`,
    { pre: request.exchangeTrackingCode ?? '' },
    { link: CORREIOS_TRACKING_URL, label: 'Rastrear nos Correios' },
    orderLink(context, appUrl),
  ]);
}
