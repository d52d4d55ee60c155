import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type Nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type StreamTransport from 'nodemailer/lib/stream-transport';

export const DEFAULT_MAIL_FROM = 'Lumina Piercings <nao-responda@lumina.local>';

/** A mail as the modules write it: pt-BR, always with a plain-text part beside the HTML one. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A stable Message-ID (the outbox sets one per e-mail, so a re-sent copy is recognisable). */
  messageId?: string;
  /** Where a reply goes instead of the shop's contact address (a contact message's sender). */
  replyTo?: string;
  attachments?: MailAttachment[];
  /**
   * Headers of its own: a marketing e-mail's List-Unsubscribe and List-Unsubscribe-Post
   * (RFC 8058), which mail clients turn into their one-click 'unsubscribe' button.
   */
  headers?: Record<string, string>;
}

/** A small text file sent with the message (a data export), as nodemailer takes it. */
export interface MailAttachment {
  filename: string;
  content: string;
  contentType: string;
}

export interface Mailer {
  /** 'smtp' sends through SMTP_URL; 'outbox' writes .eml files to DATA_DIR/outbox. */
  readonly transport: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerConfig {
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The shop's contact address (CONTACT_EMAIL): every message's Reply-To unless it sets one. */
  contactEmail?: string | undefined;
  dataDir: string;
  /** Connection, greeting and each reply of the SMTP server (default 30 s). */
  mailTimeoutMs?: number;
}

/** The part of a pino logger the outbox needs, so tests can pass a recorder. */
export interface MailLogger {
  info(details: Record<string, unknown>, message: string): void;
}

/**
 * SMTP when SMTP_URL is set; otherwise the offline default: each message becomes an RFC 822
 * file in DATA_DIR/outbox that any mail client opens, and a log line says where. The log names
 * the file and the subject only: the body holds a link that works as a password.
 * `sender` gives From and Reply-To at each send (the store settings as they are then); without
 * it, MAIL_FROM and CONTACT_EMAIL.
 */
export function createMailer(
  config: MailerConfig,
  logger: MailLogger,
  sender?: () => MailSender,
): Mailer {
  // The sender is a no-reply address: a reply reaches the shop only through Reply-To.
  const fixed: MailSender = {
    from: config.mailFrom,
    ...(config.contactEmail && { replyTo: config.contactEmail }),
  };
  const headers = sender ?? (() => fixed);
  return config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, headers, config.mailTimeoutMs ?? 30_000)
    : createOutboxMailer(join(config.dataDir, 'outbox'), headers, logger);
}

/** Who a message is from and where replies go, unless the message sets its own Reply-To. */
export interface MailSender {
  /** 'loja@example.com', 'Loja <loja@example.com>', or an address with a name to encode. */
  from: string | { name: string; address: string };
  replyTo?: string;
}

/** The message as nodemailer takes it: the sender's headers under the message's own. */
function withSender(message: MailMessage, sender: MailSender) {
  return { ...message, from: sender.from, replyTo: message.replyTo ?? sender.replyTo };
}

/**
 * nodemailer (about 15 MB) is loaded with the first e-mail rather than with the server; the
 * transporter is made then and kept.
 */
function lazyTransporter<T>(create: (mailer: typeof Nodemailer) => Transporter<T>): {
  get(): Promise<Transporter<T>>;
  close(): void;
} {
  let transporter: Promise<Transporter<T>> | undefined;
  return {
    get() {
      transporter ??= import('nodemailer').then(({ default: mailer }) => create(mailer));
      return transporter;
    },
    close() {
      void transporter?.then((made) => made.close()).catch(() => undefined);
    },
  };
}

function createSmtpMailer(smtpUrl: string, sender: () => MailSender, timeoutMs: number): Mailer {
  // nodemailer waits 2 min for a connection and 10 min for a stalled reply by default: bounded
  // here, so the outbox's lease on an e-mail (twice this) always outlives one attempt.
  const transporter = lazyTransporter<SMTPTransport.SentMessageInfo>((mailer) =>
    mailer.createTransport({
      url: smtpUrl,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
    }),
  );
  return {
    transport: 'smtp',
    async send(message) {
      await (await transporter.get()).sendMail(withSender(message, sender()));
    },
    close() {
      transporter.close();
    },
  };
}

function createOutboxMailer(
  outboxDir: string,
  sender: () => MailSender,
  logger: MailLogger,
): Mailer {
  const transporter = lazyTransporter<StreamTransport.SentMessageInfo>((mailer) =>
    mailer.createTransport({ streamTransport: true, buffer: true }),
  );
  return {
    transport: 'outbox',
    async send(message) {
      const info = await (await transporter.get()).sendMail(withSender(message, sender()));
      // With `buffer: true` the stream transport hands back the whole message as a Buffer.
      const raw = info.message as Buffer;
      await mkdir(outboxDir, { recursive: true });
      const path = await writeNewFile(outboxDir, outboxFileName(new Date(), message.subject), raw);
      logger.info({ path, subject: message.subject }, 'mail written to the outbox');
    },
    close() {
      transporter.close();
    },
  };
}

/** '2026-11-22T01-22-55-195Z-redefinicao-de-senha': sorts by time, readable in a file list. */
export function outboxFileName(at: Date, subject: string): string {
  const stamp = at.toISOString().replaceAll(':', '-').replace('.', '-');
  const slug = subject
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${stamp}-${slug || 'mensagem'}`;
}

/** Two mails in the same millisecond with the same subject get -2, -3... instead of one lost. */
async function writeNewFile(dir: string, baseName: string, content: Buffer): Promise<string> {
  for (let attempt = 1; ; attempt += 1) {
    const path = join(dir, `${baseName}${attempt === 1 ? '' : `-${attempt}`}.eml`);
    try {
      await writeFile(path, content, { flag: 'wx', mode: 0o600 });
      return path;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 100) throw error;
    }
  }
}
