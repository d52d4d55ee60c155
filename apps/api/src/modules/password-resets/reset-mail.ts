import { escapeHtml } from '../../integrations/mail/escape-html.ts';
import type { MailMessage } from '../../integrations/mail/mailer.ts';
import { mailDocument } from '../mail/mail-document.ts';
import type { MailShop } from '../mail/mail-signature.ts';

export function resetMailSubject(shop: Pick<MailShop, 'name'>): string {
  return `Redefinição de senha - ${shop.name}`;
}

/** The page of the web app that reads the token (spec 000 §1, spec 001 §2). */
export function resetLink(appUrl: string, token: string): string {
  // Appended, not resolved: a store served under a path (https://example.com/loja) keeps it.
  const url = new URL(`${appUrl}/redefinir-senha`);
  url.searchParams.set('token', token);
  return url.href;
}

/** pt-BR, with a plain-text part for clients that do not show HTML (and for spam filters). */
export function passwordResetMail(
  to: string,
  name: string,
  link: string,
  shop: MailShop,
): MailMessage {
  const subject = resetMailSubject(shop);
  const firstName = name.trim().split(/\s+/)[0] ?? name;
  const text = [
    `Olá, ${firstName}!`,
    '',
    `Recebemos um pedido para redefinir a senha da sua conta na ${shop.name}.`,
    '',
    'Para criar uma nova senha, abra o link abaixo. Ele vale por 2 horas e pode ser usado uma única vez:',
    link,
    '',
    'Se você não pediu a redefinição, ignore este email: sua senha continua a mesma.',
    '',
    shop.signature.text,
  ].join('\n');

  const safeLink = escapeHtml(link);
  const html = mailDocument(subject, [
    `<p>Olá, ${escapeHtml(firstName)}!</p>`,
    `<p>Recebemos um pedido para redefinir a senha da sua conta na ${escapeHtml(shop.name)}.</p>`,
    '<p>Para criar uma nova senha, clique no botão abaixo. O link vale por 2 horas e pode ser usado uma única vez.</p>',
    `<p><a href="${safeLink}" style="display: inline-block; padding: 12px 20px; background: #7c3aed; color: #ffffff; text-decoration: none; border-radius: 6px">Redefinir senha</a></p>`,
    `<p>Se o botão não funcionar, copie este endereço no navegador:<br>${safeLink}</p>`,
    '<p>Se você não pediu a redefinição, ignore este email: sua senha continua a mesma.</p>',
    ...shop.signature.html,
  ]);

  return { to, subject, text, html };
}
