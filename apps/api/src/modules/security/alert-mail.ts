import { escapeHtml } from '../../integrations/mail/escape-html.ts';
import { mailDocument } from '../mail/mail-document.ts';

/** To the administrators: one incident a monitoring rule found, with the panel's link. */
export function securityAlertMail(input: {
  message: string;
  severity: string;
  firstSeenAt: Date;
  panelUrl: string;
  /** The shop's name now, tagging the subject in the administrators' inboxes. */
  shopName: string;
}): { subject: string; text: string; html: string } {
  const { message, severity, panelUrl } = input;
  const subject = `[${input.shopName}] Alerta de segurança: ${message}`.slice(0, 200);
  return {
    subject,
    text: `${message}.\n\nGravidade: ${severity}\nDesde: ${input.firstSeenAt.toISOString()}\n\nVeja o painel de segurança: ${panelUrl}\n`,
    html: mailDocument(subject, [
      `<p>${escapeHtml(message)}.</p>`,
      `<p>Gravidade: ${escapeHtml(severity)}</p>`,
      `<p><a href="${escapeHtml(panelUrl)}">Painel de segurança</a></p>`,
    ]),
  };
}
