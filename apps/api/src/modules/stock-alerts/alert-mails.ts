import { VARIANT_QUERY_PARAM } from '@lumina/shared/catalog/variants';
import { escapeHtml } from '../../integrations/mail/escape-html.ts';
import type { MailMessage } from '../../integrations/mail/mailer.ts';
import { lowVariantName } from '../catalog/low-stock.ts';
import { mailDocument } from '../mail/mail-document.ts';
import type { MailShop } from '../mail/mail-signature.ts';
import type { AlertVariant } from './repository.ts';

export const CONFIRM_ALERT_SUBJECT = (shop: Pick<MailShop, 'name'>) =>
  `Confirme seu aviso de chegada - ${shop.name}`;
export const BACK_IN_STOCK_SUBJECT = (what: string, shop: Pick<MailShop, 'name'>) =>
  `Chegou: ${what} - ${shop.name}`.slice(0, 200);

/** 'Argola Segmentada (8 mm, Dourado)': the product and the variant's values. */
export function alertVariantName(variant: AlertVariant): string {
  return lowVariantName(variant);
}

/** The product page with the variant chosen (a product without options has nothing to choose). */
export function variantPath(variant: AlertVariant): string {
  const path = `/produto/${variant.productId}`;
  if (variant.options.length === 0) return path;
  return `${path}?${new URLSearchParams({ [VARIANT_QUERY_PARAM]: variant.sku }).toString()}`;
}

/** The web app's pages that follow the links (they ask for a click: mail scanners open links). */
export function alertLink(appUrl: string, action: 'confirmar' | 'cancelar', token: string): string {
  // Appended, not resolved: a store served under a path (https://example.com/loja) keeps it.
  const url = new URL(`${appUrl}/avise-me/${action}`);
  url.searchParams.set('token', token);
  return url.href;
}

function button(link: string, label: string): string {
  return `<a href="${escapeHtml(link)}" style="display: inline-block; padding: 12px 20px; background: #7c3aed; color: #ffffff; text-decoration: none; border-radius: 6px">${label}</a>`;
}

function page(shop: MailShop, subject: string, paragraphs: readonly string[]): string {
  return mailDocument(subject, [...paragraphs.map((p) => `<p>${p}</p>`), ...shop.signature.html]);
}

/** Double opt-in: a visitor's address waits for nothing until its owner follows this link. */
export function confirmAlertMail(input: {
  to: string;
  variant: AlertVariant;
  confirmLink: string;
  cancelLink: string;
  shop: MailShop;
}): MailMessage {
  const { to, variant, confirmLink, cancelLink, shop } = input;
  const subject = CONFIRM_ALERT_SUBJECT(shop);
  const what = alertVariantName(variant);
  const ignore =
    'Se não foi você, ignore este e-mail: sem a confirmação nada será enviado, e o endereço é apagado em 3 dias.';
  const text = [
    'Olá!',
    '',
    `Recebemos um pedido para avisar este e-mail quando este produto voltar ao estoque na ${shop.name}:`,
    what,
    '',
    'Para confirmar o aviso, abra o link abaixo. Ele vale por 3 dias:',
    confirmLink,
    '',
    ignore,
    '',
    'Depois de confirmar, você pode cancelar o aviso quando quiser por este link:',
    cancelLink,
    '',
    shop.signature.text,
  ].join('\n');
  const html = page(shop, subject, [
    'Olá!',
    `Recebemos um pedido para avisar este e-mail quando este produto voltar ao estoque na ${escapeHtml(shop.name)}:<br><strong>${escapeHtml(what)}</strong>`,
    'Para confirmar o aviso, clique no botão abaixo. O link vale por 3 dias.',
    button(confirmLink, 'Confirmar aviso'),
    `Se o botão não funcionar, copie este endereço no navegador:<br>${escapeHtml(confirmLink)}`,
    escapeHtml(ignore),
    `Depois de confirmar, você pode <a href="${escapeHtml(cancelLink)}">cancelar o aviso</a> quando quiser.`,
  ]);
  return { to, subject, text, html };
}

/** The one e-mail an alert sends: the variant is back, with its page and 'Cancelar aviso'. */
export function backInStockMail(input: {
  to: string;
  variant: AlertVariant;
  appUrl: string;
  cancelLink: string;
  shop: MailShop;
}): MailMessage {
  const { to, variant, appUrl, cancelLink, shop } = input;
  const what = alertVariantName(variant);
  const subject = BACK_IN_STOCK_SUBJECT(what, shop);
  const link = `${appUrl}${variantPath(variant)}`;
  const queue =
    'O estoque é limitado: avisamos poucas pessoas por vez, na ordem em que pediram. Este é o único aviso que enviaremos sobre este pedido.';
  const erase =
    'Seu e-mail fica na nossa lista só mais 30 dias e depois é apagado. Para apagá-lo agora, use o link abaixo:';
  const text = [
    'Olá!',
    '',
    `Chegou o que você esperava na ${shop.name}:`,
    what,
    '',
    `Veja na loja: ${link}`,
    '',
    queue,
    '',
    erase,
    cancelLink,
    '',
    shop.signature.text,
  ].join('\n');
  const html = page(shop, subject, [
    'Olá!',
    `Chegou o que você esperava na ${escapeHtml(shop.name)}:<br><strong>${escapeHtml(what)}</strong>`,
    button(link, 'Ver na loja'),
    escapeHtml(queue),
    `Seu e-mail fica na nossa lista só mais 30 dias e depois é apagado. <a href="${escapeHtml(cancelLink)}">Cancelar aviso e apagar meu e-mail agora</a>.`,
  ]);
  return { to, subject, text, html };
}
