import { reviewPagePath } from '@lumina/shared/reviews/review-schemas';
import type { MailMessage } from '../../integrations/mail/mailer.ts';
import { mailDocument } from '../mail/mail-document.ts';
import type { MailShop } from '../mail/mail-signature.ts';
import { type Block, blockHtml, blockText, firstName } from '../orders/order-mails.ts';

export const REVIEW_REQUEST_SUBJECT = (orderNumber: string, shopName: string) =>
  `O que você achou do pedido ${orderNumber}? Avalie na ${shopName}`;

/**
 * Seven days after delivery, once per order: the products bought and the account's page where
 * each is reviewed. Says how a review is published (first name, variant, after moderation), as
 * the privacy policy does.
 */
export function reviewRequestMail(input: {
  to: string;
  customerName: string;
  orderNumber: string;
  orderId: number;
  /** The day it was delivered, as the shopper reads it ('20/11/2026'). */
  deliveredOn: string;
  /** 'Argola (Diâmetro: 8 mm)', one per product. */
  products: readonly string[];
  appUrl: string;
  shop: MailShop;
}): MailMessage {
  const subject = REVIEW_REQUEST_SUBJECT(input.orderNumber, input.shop.name);
  const blocks: Block[] = [
    `Olá, ${firstName(input.customerName)}!`,
    `Seu pedido ${input.orderNumber} foi entregue em ${input.deliveredOn}. Conte o que achou de cada peça: sua opinião ajuda outras pessoas a escolher e ajuda a ${input.shop.name} a melhorar.`,
    ...input.products.map((product) => `• ${product}`),
    {
      link: `${input.appUrl}${reviewPagePath(input.orderId)}`,
      label: input.products.length === 1 ? 'Avaliar o produto' : 'Avaliar os produtos',
    },
    'Você dá uma nota de 1 a 5 estrelas e, se quiser, escreve um comentário e envia uma foto. A avaliação aparece na página do produto com o seu primeiro nome e a variação comprada, depois de aprovada pela loja.',
    'Este é o único e-mail que enviamos sobre as avaliações deste pedido.',
    input.shop,
  ];
  return {
    to: input.to,
    subject,
    text: blocks.map(blockText).join('\n\n'),
    html: mailDocument(subject, blocks.map(blockHtml)),
  };
}
