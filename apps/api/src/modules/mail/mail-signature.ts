import { DEMO_WHATSAPP, sellerLines, shopName } from '@lumina/shared/settings/settings-rules';
import type { StoreSettings } from '@lumina/shared/settings/store-settings';
import { escapeHtml } from '../../integrations/mail/escape-html.ts';
import type { MailSender } from '../../integrations/mail/mailer.ts';

/** Stands in for the shop's name while the owner has filled in neither the trade nor the legal one. */
const UNNAMED_SHOP = 'Loja';

/** Who an e-mail speaks for, from the store settings as they are when it is written. */
export interface MailShop {
  /** The trade name (else the legal name): in subjects, texts and the signature. */
  name: string;
  /** Whether the shop has a WhatsApp a text may send shoppers to. */
  whatsapp: boolean;
  /** Whether the shop wrote its returns policy: only then may an e-mail link its page. */
  returnsPolicy: boolean;
  /** The closing block, as plain text and as HTML paragraphs. */
  signature: { text: string; html: string[] };
}

/**
 * The signature every e-mail to a shopper ends with: 'Equipe <trade name>', then who sells as
 * Decreto 7.962/2013 art. 2 asks (legal name, CNPJ or CPF, address, SAC and phones), each line
 * only when the owner filled it in, so no e-mail carries a placeholder.
 */
export function mailSignature(settings: StoreSettings): MailShop['signature'] {
  const team = `Equipe ${shopName(settings) || UNNAMED_SHOP}`;
  const seller = sellerLines(settings);
  const text = seller.length > 0 ? `${team}\n\n--\n${seller.join('\n')}` : team;
  const html = [`<p>${escapeHtml(team)}</p>`];
  if (seller.length > 0) {
    html.push(
      `<p style="margin-top: 24px; padding-top: 12px; border-top: 1px solid #e5e7eb; font-size: 12px; color: #6b7280">${seller.map(escapeHtml).join('<br>')}</p>`,
    );
  }
  return { text, html };
}

export function mailShop(settings: StoreSettings): MailShop {
  return {
    name: shopName(settings) || UNNAMED_SHOP,
    whatsapp: settings.whatsapp !== '' && settings.whatsapp !== DEMO_WHATSAPP,
    returnsPolicy: settings.policies.returns !== '',
    signature: mailSignature(settings),
  };
}

/** 'Nome <email@loja>' or a bare address, as the settings' `mail_from` holds it. */
const NAMED_MAILBOX = /^([^<>"]*)<([^<>\s]+)>$/;

/**
 * From and Reply-To of the shop's e-mails from the store settings, read when each is sent: the
 * settings' sender (a bare address gets the shop's name beside it), else MAIL_FROM; replies go
 * to `reply_to`, else to the SAC e-mail, so a reply to the no-reply sender still reaches a person.
 */
export function mailSender(settings: StoreSettings, fallbackFrom: string): MailSender {
  const replyTo = settings.reply_to || settings.sac_email;
  const name = shopName(settings);
  const mailbox = settings.mail_from.trim();
  const from =
    mailbox === ''
      ? fallbackFrom
      : NAMED_MAILBOX.test(mailbox) || name === ''
        ? mailbox
        : { name, address: mailbox };
  return { from, ...(replyTo && { replyTo }) };
}
