import { escapeHtml } from '../../integrations/mail/escape-html.ts';
import type { MailMessage } from '../../integrations/mail/mailer.ts';
import { mailDocument } from '../mail/mail-document.ts';
import type { MailShop } from '../mail/mail-signature.ts';

/** Subjects end with the shop's name as it is when the e-mail is written. */
export const VERIFY_MAIL_SUBJECT = (shop: Pick<MailShop, 'name'>) =>
  `Confirme seu e-mail - ${shop.name}`;
export const CHANGE_MAIL_SUBJECT = (shop: Pick<MailShop, 'name'>) =>
  `Confirme seu novo e-mail - ${shop.name}`;
export const CHANGE_NOTICE_SUBJECT = (shop: Pick<MailShop, 'name'>) =>
  `Pedido de troca do e-mail da sua conta - ${shop.name}`;

/** The page of the web app that reads the token and confirms it. */
export function verificationLink(appUrl: string, token: string): string {
  // Appended, not resolved: a store served under a path (https://example.com/loja) keeps it.
  const url = new URL(`${appUrl}/confirmar-email`);
  url.searchParams.set('token', token);
  return url.href;
}

/**
 * 'Cancelar troca' in the notice to the address in use: the API's own page, which asks for a
 * click before it cancels (mail scanners open links), and works without signing in.
 */
export function cancelChangeLink(appUrl: string, token: string): string {
  const url = new URL(`${appUrl}/api/email_change_cancellations`);
  url.searchParams.set('token', token);
  return url.href;
}

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

/** The paragraphs (HTML already escaped) and the shop's signature. */
function page(shop: MailShop, subject: string, paragraphs: readonly string[]): string {
  return mailDocument(subject, [...paragraphs.map((p) => `<p>${p}</p>`), ...shop.signature.html]);
}

function button(link: string, label: string): string {
  return `<a href="${escapeHtml(link)}" style="display: inline-block; padding: 12px 20px; background: #7c3aed; color: #ffffff; text-decoration: none; border-radius: 6px">${label}</a>`;
}

/** Registration (or a resend): confirm the account's address. */
export function verifyEmailMail(
  to: string,
  name: string,
  link: string,
  shop: MailShop,
): MailMessage {
  const subject = VERIFY_MAIL_SUBJECT(shop);
  const text = [
    `Olá, ${firstName(name)}!`,
    '',
    `Sua conta na ${shop.name} foi criada. Para confirmar que este e-mail é seu, abra o link abaixo. Ele vale por 48 horas:`,
    link,
    '',
    'Se você não criou esta conta, ignore este e-mail: sem a confirmação, ninguém poderá usar este endereço como administrador da loja nem vinculá-lo a outra conta.',
    '',
    shop.signature.text,
  ].join('\n');
  const html = page(shop, subject, [
    `Olá, ${escapeHtml(firstName(name))}!`,
    `Sua conta na ${escapeHtml(shop.name)} foi criada. Para confirmar que este e-mail é seu, clique no botão abaixo. O link vale por 48 horas.`,
    button(link, 'Confirmar e-mail'),
    `Se o botão não funcionar, copie este endereço no navegador:<br>${escapeHtml(link)}`,
    'Se você não criou esta conta, ignore este e-mail.',
  ]);
  return { to, subject, text, html };
}

/** An e-mail change: the new address confirms before it becomes the account's. */
export function changeEmailMail(
  to: string,
  name: string,
  link: string,
  shop: MailShop,
): MailMessage {
  const subject = CHANGE_MAIL_SUBJECT(shop);
  const text = [
    `Olá, ${firstName(name)}!`,
    '',
    `Recebemos um pedido para usar este e-mail na sua conta da ${shop.name}. Para confirmar, abra o link abaixo. Ele vale por 48 horas:`,
    link,
    '',
    'Até a confirmação, a conta continua com o e-mail anterior. Se você não pediu a troca, ignore este e-mail.',
    '',
    shop.signature.text,
  ].join('\n');
  const html = page(shop, subject, [
    `Olá, ${escapeHtml(firstName(name))}!`,
    `Recebemos um pedido para usar este e-mail na sua conta da ${escapeHtml(shop.name)}. Para confirmar, clique no botão abaixo. O link vale por 48 horas.`,
    button(link, 'Confirmar novo e-mail'),
    `Se o botão não funcionar, copie este endereço no navegador:<br>${escapeHtml(link)}`,
    'Até a confirmação, a conta continua com o e-mail anterior. Se você não pediu a troca, ignore este e-mail.',
  ]);
  return { to, subject, text, html };
}

/** 'maria@example.com' -> 'ma***@example.com': enough for the owner to recognise it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email.slice(0, Math.min(2, at))}***${email.slice(at)}`;
}

/** To the address in use: someone signed in asked to move the account elsewhere. */
export function changeNoticeMail(
  to: string,
  name: string,
  newEmail: string,
  appUrl: string,
  cancelLink: string,
  shop: MailShop,
): MailMessage {
  const subject = CHANGE_NOTICE_SUBJECT(shop);
  const masked = maskEmail(newEmail);
  const text = [
    `Olá, ${firstName(name)}!`,
    '',
    `Foi pedida a troca do e-mail da sua conta na ${shop.name} para ${masked}. A troca só acontece quando o link enviado ao novo endereço for aberto; até lá, nada muda.`,
    '',
    "Se não foi você, abra o link abaixo e clique em 'Cancelar troca' (não é preciso entrar na conta). Ele vale enquanto a troca estiver pendente:",
    cancelLink,
    '',
    `Depois, entre na sua conta (${appUrl}/minha-conta) e altere sua senha; se não conseguir entrar, use 'Esqueceu sua senha?' com este e-mail. Trocar a senha também cancela a troca de e-mail.`,
    '',
    shop.signature.text,
  ].join('\n');
  const html = page(shop, subject, [
    `Olá, ${escapeHtml(firstName(name))}!`,
    `Foi pedida a troca do e-mail da sua conta na ${escapeHtml(shop.name)} para <strong>${escapeHtml(masked)}</strong>. A troca só acontece quando o link enviado ao novo endereço for aberto; até lá, nada muda.`,
    'Se não foi você, cancele a troca (não é preciso entrar na conta):',
    button(cancelLink, 'Cancelar troca'),
    `Depois, entre na <a href="${escapeHtml(`${appUrl}/minha-conta`)}">sua conta</a> e altere sua senha; se não conseguir entrar, use 'Esqueceu sua senha?' com este e-mail. Trocar a senha também cancela a troca de e-mail.`,
  ]);
  return { to, subject, text, html };
}
