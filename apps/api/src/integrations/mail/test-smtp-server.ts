import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { type ReadMail, readMail } from './read-mail.ts';

export interface ReceivedMail extends ReadMail {
  /** The envelope recipients, as the SMTP client gave them. */
  recipients: string[];
  raw: string;
}

export interface TestSmtpServer {
  /** An smtp:// URL for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** Resolves with the first mail to `recipient`, waiting for it to arrive when needed. */
  waitForMail(recipient: string, timeoutMs?: number): Promise<ReceivedMail>;
  /**
   * While on, a message's data is read but never acknowledged: the sender waits, as on a stalled
   * server, and the message is not received (a crash test kills the sender meanwhile).
   */
  hold(on: boolean): void;
  /** Messages whose data arrived while holding. */
  readonly held: number;
  clear(): void;
  close(): Promise<void>;
}

/**
 * A real SMTP server in the test process (the mail integration's fake): plain SMTP on a free
 * loopback port (or `port`), no TLS and no login, keeping every message it receives; `onMail`
 * hears of each one as it arrives.
 */
export async function startTestSmtpServer(
  options: { port?: number; onMail?: (mail: ReceivedMail) => void } = {},
): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  let holding = false;
  let held = 0;

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // A held session never ends on its own: closing ends it after a second, not thirty.
    closeTimeout: 1000,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (holding) {
          held += 1;
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
        const mail: ReceivedMail = { ...readMail(raw), recipients, raw };
        received.push(mail);
        options.onMail?.(mail);
        for (const wake of waiters) wake();
        callback();
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  const find = (recipient: string) =>
    received.find((mail) => mail.recipients.includes(recipient.toLowerCase()));

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    waitForMail(recipient, timeoutMs = 5_000) {
      const already = find(recipient);
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no mail to ${recipient} within ${timeoutMs} ms`));
        }, timeoutMs);
        function check() {
          const mail = find(recipient);
          if (!mail) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(mail);
        }
        waiters.add(check);
      });
    },
    hold(on) {
      holding = on;
    },
    get held() {
      return held;
    },
    clear() {
      received.length = 0;
    },
    close() {
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** Subjects of the mails received for `recipient`, in arrival order. */
export function subjectsTo(smtp: Pick<TestSmtpServer, 'received'>, recipient: string): string[] {
  return smtp.received
    .filter((mail) => mail.recipients.includes(recipient.toLowerCase()))
    .map((mail) => mail.subject);
}
