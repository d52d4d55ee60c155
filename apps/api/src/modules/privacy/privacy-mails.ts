import { escapeHtml } from '../../integrations/mail/escape-html.ts';
import { mailDocument, textParagraphs } from '../mail/mail-document.ts';
import type { MailShop } from '../mail/mail-signature.ts';

/** To the administrators: a new LGPD request and its deadline. */
export function privacyRequestAdminMail(input: {
  requester: string;
  label: string;
  deadline: string;
  queueUrl: string;
  shop: MailShop;
}): { subject: string; text: string; html: string } {
  const { requester, label, deadline, queueUrl } = input;
  const subject = `[${input.shop.name}] Nova solicitação LGPD: ${label} (prazo ${deadline})`;
  return {
    subject,
    text: `${requester} pediu: ${label}.\nPrazo de resposta (LGPD, 15 dias úteis): ${deadline}.\n\nFila de solicitações: ${queueUrl}\n`,
    html: mailDocument(subject, [
      `<p>Nova solicitação LGPD: <strong>${escapeHtml(label)}</strong>.</p>`,
      `<p>Prazo de resposta: ${escapeHtml(deadline)}.</p>`,
      `<p><a href="${escapeHtml(queueUrl)}">Fila de solicitações</a></p>`,
    ]),
  };
}

/** To the person: the shop's answer; the page's link unless the account is gone. */
export function privacyAnswerMail(input: {
  name: string;
  label: string;
  response: string;
  pageUrl: string | undefined;
  shop: MailShop;
}): { subject: string; text: string; html: string } {
  const greeting = `Olá, ${input.name.split(' ')[0] ?? ''}.`;
  const subject = `Sua solicitação LGPD foi concluída: ${input.label}`;
  return {
    subject,
    text: `${greeting}\n\n${input.response}${input.pageUrl ? `\n\nGerenciar Dados: ${input.pageUrl}` : ''}\n\n${input.shop.signature.text}\n`,
    html: mailDocument(subject, [
      `<p>${escapeHtml(greeting)}</p>`,
      ...textParagraphs(input.response),
      ...(input.pageUrl
        ? [`<p><a href="${escapeHtml(input.pageUrl)}">Gerenciar Dados</a></p>`]
        : []),
      ...input.shop.signature.html,
    ]),
  };
}
