import { STAFF_INVITATION_VALIDITY_DAYS } from '@lumina/shared/admin/staff';
import { STAFF_ROLE_LABELS, type StaffRole } from '@lumina/shared/admin/staff-roles';
import { escapeHtml } from '../../integrations/mail/escape-html.ts';
import type { MailMessage } from '../../integrations/mail/mailer.ts';
import { mailDocument } from '../mail/mail-document.ts';
import type { MailShop } from '../mail/mail-signature.ts';

export function invitationMailSubject(shop: Pick<MailShop, 'name'>): string {
  return `Convite para a equipe - ${shop.name}`;
}

/** The web app's page that reads the token (DESIGN.md: /convite/{token}). */
export function invitationLink(appUrl: string, token: string): string {
  // Appended, not resolved: a store served under a path (https://example.com/loja) keeps it.
  return new URL(`${appUrl}/convite/${encodeURIComponent(token)}`).href;
}

/** pt-BR, with a plain-text part for clients that do not show HTML (and for spam filters). */
export function staffInvitationMail(
  to: string,
  role: StaffRole,
  link: string,
  shop: MailShop,
): MailMessage {
  const subject = invitationMailSubject(shop);
  const roleLabel = STAFF_ROLE_LABELS[role];
  const validity = `${STAFF_INVITATION_VALIDITY_DAYS} dias`;
  const text = [
    'Olá!',
    '',
    `Você foi convidado(a) para a equipe da ${shop.name}, com o perfil ${roleLabel}.`,
    '',
    `Para aceitar, abra o link abaixo e crie sua senha. Ele vale por ${validity} e pode ser usado uma única vez:`,
    link,
    '',
    'Se você não esperava este convite, ignore este email.',
    '',
    shop.signature.text,
  ].join('\n');

  const safeLink = escapeHtml(link);
  const html = mailDocument(subject, [
    '<p>Olá!</p>',
    `<p>Você foi convidado(a) para a equipe da ${escapeHtml(shop.name)}, com o perfil <strong>${escapeHtml(roleLabel)}</strong>.</p>`,
    `<p>Para aceitar, clique no botão abaixo e crie sua senha. O link vale por ${validity} e pode ser usado uma única vez.</p>`,
    `<p><a href="${safeLink}" style="display: inline-block; padding: 12px 20px; background: #7c3aed; color: #ffffff; text-decoration: none; border-radius: 6px">Aceitar convite</a></p>`,
    `<p>Se o botão não funcionar, copie este endereço no navegador:<br>${safeLink}</p>`,
    '<p>Se você não esperava este convite, ignore este email.</p>',
    ...shop.signature.html,
  ]);

  return { to, subject, text, html };
}
