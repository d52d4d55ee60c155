import { expect } from '@playwright/test';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The data folder of the server under test. playwright.config.ts creates it for the server it
 * starts and hands it to the workers; against E2E_BASE_URL it is known only when E2E_DATA_DIR is
 * given.
 */
export function serverDataDir(): string | undefined {
  return process.env.E2E_DATA_DIR;
}

/**
 * Undoes quoted-printable (RFC 2045): nodemailer wraps lines at 76 characters with a soft break
 * ('=' at the end of a line) and writes '=' itself as '=3D', so a link in the file is cut and
 * escaped. Bytes are gathered before decoding so multi-byte UTF-8 (Olá) comes back whole.
 */
export function decodeQuotedPrintable(source: string): string {
  const joined = source.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index += 1) {
    const hex = joined.slice(index + 1, index + 3);
    if (joined[index] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(joined[index] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

const RESET_LINK = /https?:\/\/[^\s"<>]+\/redefinir-senha\?token=[\w\-.~%]+/;
const VERIFICATION_LINK = /https?:\/\/[^\s"<>]+\/confirmar-email\?token=[\w\-.~%]+/;
const INVITATION_LINK = /https?:\/\/[^\s"<>]+\/convite\/[\w\-.~%]+/;
const STOCK_ALERT_LINK = {
  confirmar: /https?:\/\/[^\s"<>]+\/avise-me\/confirmar\?token=[\w\-.~%]+/,
  cancelar: /https?:\/\/[^\s"<>]+\/avise-me\/cancelar\?token=[\w\-.~%]+/,
} as const;
/** The product page with its variant, as the back-in-stock e-mail links it. */
const VARIANT_PAGE_LINK = /https?:\/\/[^\s"<>]+\/produto\/\d+\?variante=[\w\-.~%]+/;
const RESTORE_LINK = /https?:\/\/[^\s"<>]+\/carrinho\/recuperar\/[\w\-.~%]+/;
const UNSUBSCRIBE_LINK = /https?:\/\/[^\s"<>]+\/descadastrar\/[\w\-.~%]+/;

/**
 * The first `pattern` link of the newest outbox mail to `email` that has one, or null while none
 * arrived. Mails without such a link (an order e-mail, a notice) are passed over.
 */
async function newestLink(outbox: string, email: string, pattern: RegExp): Promise<string | null> {
  let names: string[];
  try {
    names = await readdir(outbox);
  } catch {
    return null; // The folder appears with the first mail.
  }
  // File names start with an ISO time stamp, so the newest sorts last.
  const mails = names.filter((name) => name.endsWith('.eml')).sort((a, b) => b.localeCompare(a));
  for (const name of mails) {
    const raw = await readFile(join(outbox, name), 'utf8');
    const to = /^To:\s*(.+)$/im.exec(raw)?.[1] ?? '';
    if (!to.toLowerCase().includes(email.toLowerCase())) continue;
    const link = pattern.exec(decodeQuotedPrintable(raw))?.[0];
    if (link) return link;
  }
  return null;
}

/**
 * Waits for a mail to `email` in DATA_DIR/outbox with a `pattern` link other than `previous`,
 * and answers the link's path and query. The host in the mail is APP_URL, which need not be the
 * address the tests reach the server on, so the page is opened on the test's own base URL.
 */
async function waitForLink(
  dataDir: string,
  email: string,
  pattern: RegExp,
  what: string,
  previous?: string,
): Promise<string> {
  const outbox = join(dataDir, 'outbox');
  const fresh = async (): Promise<string | null> => {
    const link = await newestLink(outbox, email, pattern);
    if (!link) return null;
    const url = new URL(link);
    const path = url.pathname + url.search;
    return path === previous ? null : path;
  };
  await expect
    .poll(fresh, { message: `a ${what} mail to ${email} in ${outbox}`, timeout: 10_000 })
    .not.toBeNull();
  const path = await fresh();
  if (!path) throw new Error(`the ${what} mail to ${email} went away`);
  return path;
}

/** A reminder e-mail's two links (their paths) and its RFC 8058 headers. */
export interface ReminderMail {
  restorePath: string;
  unsubscribePath: string;
  listUnsubscribe: string;
  listUnsubscribePost: string;
}

/**
 * The newest reminder e-mail (its restore link '/carrinho/recuperar/...') to `email`, waiting for
 * the scan that sends it (the store setting's hours, REMINDER_SCAN_SECONDS) up to `timeoutMs`.
 */
export async function waitForReminder(
  dataDir: string,
  email: string,
  timeoutMs: number,
): Promise<ReminderMail> {
  const outbox = join(dataDir, 'outbox');
  const find = async (): Promise<ReminderMail | null> => {
    let names: string[];
    try {
      names = await readdir(outbox);
    } catch {
      return null;
    }
    const mails = names.filter((name) => name.endsWith('.eml')).sort((a, b) => b.localeCompare(a));
    for (const name of mails) {
      const raw = await readFile(join(outbox, name), 'utf8');
      const to = /^To:\s*(.+)$/im.exec(raw)?.[1] ?? '';
      if (!to.toLowerCase().includes(email.toLowerCase())) continue;
      const text = decodeQuotedPrintable(raw);
      const restore = RESTORE_LINK.exec(text)?.[0];
      const unsubscribe = UNSUBSCRIBE_LINK.exec(text)?.[0];
      if (!restore || !unsubscribe) continue;
      // Headers continue on lines that start with white space (RFC 5322 folding).
      const head = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
      const header = (field: string) =>
        new RegExp(`^${field}:\\s*(.+)$`, 'im').exec(head)?.[1]?.trim() ?? '';
      return {
        restorePath: new URL(restore).pathname,
        unsubscribePath: new URL(unsubscribe).pathname,
        listUnsubscribe: header('List-Unsubscribe'),
        listUnsubscribePost: header('List-Unsubscribe-Post'),
      };
    }
    return null;
  };
  await expect
    .poll(find, { message: `a reminder mail to ${email} in ${outbox}`, timeout: timeoutMs })
    .not.toBeNull();
  const mail = await find();
  if (!mail) throw new Error(`the reminder mail to ${email} went away`);
  return mail;
}

/** The password-reset link to `email` ('/redefinir-senha?token=...'), once its mail arrived. */
export function waitForResetLink(dataDir: string, email: string): Promise<string> {
  return waitForLink(dataDir, email, RESET_LINK, 'reset');
}

/**
 * The newest e-mail confirmation link to `email` ('/confirmar-email?token=...'), once its mail
 * arrived; after 'Reenviar link', pass the link known before to wait for the new one.
 */
export function waitForVerificationLink(
  dataDir: string,
  email: string,
  previous?: string,
): Promise<string> {
  return waitForLink(dataDir, email, VERIFICATION_LINK, 'verification', previous);
}

/** The staff invitation link to `email` ('/convite/...'), once its mail arrived. */
export function waitForInvitationLink(dataDir: string, email: string): Promise<string> {
  return waitForLink(dataDir, email, INVITATION_LINK, 'invitation');
}

/** A back-in-stock alert's link to `email` ('/avise-me/confirmar?token=...'), once it arrived. */
export function waitForStockAlertLink(
  dataDir: string,
  email: string,
  action: keyof typeof STOCK_ALERT_LINK,
): Promise<string> {
  return waitForLink(dataDir, email, STOCK_ALERT_LINK[action], `stock alert ${action}`);
}

/** The variant's page ('/produto/12?variante=SKU') the back-in-stock e-mail to `email` links. */
export function waitForVariantPageLink(dataDir: string, email: string): Promise<string> {
  return waitForLink(dataDir, email, VARIANT_PAGE_LINK, 'back-in-stock');
}

/**
 * What the outbox holds for `email`, oldest first, as the subjects' slugs the server names the
 * files after ('pagamento-aprovado-pedido-lp001001'): enough to tell which e-mails were sent.
 */
export async function outboxSlugsTo(dataDir: string, email: string): Promise<string[]> {
  const outbox = join(dataDir, 'outbox');
  let names: string[];
  try {
    names = (await readdir(outbox)).filter((name) => name.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  const slugs: string[] = [];
  for (const name of names) {
    const raw = await readFile(join(outbox, name), 'utf8');
    const to = /^To:\s*(.+)$/im.exec(raw)?.[1] ?? '';
    if (!to.toLowerCase().includes(email.toLowerCase())) continue;
    slugs.push(/^\d{4}-\d{2}-\d{2}T[\d-]+Z-(.+?)(-\d+)?\.eml$/.exec(name)?.[1] ?? name);
  }
  return slugs;
}
