import { contactSubject } from '@lumina/shared/contact/contact-messages';
import { formatDateTime } from '@lumina/shared/format/dates';
import { escapeHtml } from '../../integrations/mail/escape-html.ts';
import { mailDocument, textParagraphs } from '../mail/mail-document.ts';

export interface ContactMailInput {
  name: string;
  email: string;
  message: string;
  at: Date;
  inboxUrl: string;
  /** The shop's name now, tagging the subject in the shop's inbox. */
  shopName: string;
}

/** The header a subject becomes is one line: a name typed with line breaks stays on it. */
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

/**
 * A contact-form message as the shop receives it. Its Reply-To is the sender (set by the
 * caller), so answering is the mail client's Reply.
 */
export function contactMessageMail(input: ContactMailInput): {
  subject: string;
  text: string;
  html: string;
} {
  const { name, email, message, inboxUrl } = input;
  const subject = `[${input.shopName}] Contato de ${oneLine(name)}: ${oneLine(contactSubject(message))}`;
  const sentAt = formatDateTime(input.at);
  const text = [
    'Nova mensagem pelo formulário de contato do site.',
    `Nome: ${name}\nE-mail: ${email}\nEnviada em: ${sentAt}`,
    `Mensagem:\n${message}`,
    `Responda a este e-mail para falar com ${name} (a resposta vai para ${email}).`,
    `Mensagens no painel: ${inboxUrl}`,
  ].join('\n\n');
  const html = mailDocument(subject, [
    '<p>Nova mensagem pelo formulário de contato do site.</p>',
    `<p>Nome: ${escapeHtml(name)}<br>E-mail: <a href="mailto:${escapeHtml(email)}">${escapeHtml(email)}</a><br>Enviada em: ${escapeHtml(sentAt)}</p>`,
    '<p>Mensagem:</p>',
    `<blockquote style="margin: 0; padding: 8px 12px; border-left: 3px solid #d1d5db">${textParagraphs(message).join('')}</blockquote>`,
    `<p>Responda a este e-mail para falar com ${escapeHtml(name)} (a resposta vai para ${escapeHtml(email)}).</p>`,
    `<p><a href="${escapeHtml(inboxUrl)}">Mensagens no painel</a></p>`,
  ]);
  return { subject, text: `${text}\n`, html };
}
