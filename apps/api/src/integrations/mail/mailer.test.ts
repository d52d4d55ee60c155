import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, DEFAULT_MAIL_FROM, type MailMessage, outboxFileName } from './mailer.ts';
import { readMail } from './read-mail.ts';
import { startTestSmtpServer, type TestSmtpServer } from './test-smtp-server.ts';

const message: MailMessage = {
  to: 'ana@example.com',
  subject: 'Redefinição de senha',
  text: 'Olá, Ana! Use este link: http://localhost:3000/redefinir-senha?token=segredo-123',
  html: '<p>Olá, Ana! <a href="http://localhost:3000/redefinir-senha?token=segredo-123">Redefinir</a></p>',
};

function recordingLogger() {
  const lines: { details: Record<string, unknown>; message: string }[] = [];
  return {
    lines,
    info: (details: Record<string, unknown>, text: string) =>
      void lines.push({ details, message: text }),
  };
}

describe('outbox mailer (no SMTP_URL)', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('writes each message as an .eml file with both parts and logs the path, not the link', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lumina-mail-'));
    dirs.push(dataDir);
    const logger = recordingLogger();
    const mailer = createMailer(
      { smtpUrl: undefined, mailFrom: DEFAULT_MAIL_FROM, dataDir },
      logger,
    );
    expect(mailer.transport).toBe('outbox');

    await mailer.send(message);
    await mailer.send(message);

    const files = readdirSync(join(dataDir, 'outbox')).sort();
    expect(files).toHaveLength(2);
    expect(files[0]).toMatch(
      /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-redefinicao-de-senha(-\d+)?\.eml$/,
    );
    const path = join(dataDir, 'outbox', files[0]!);
    expect(statSync(path).mode & 0o777).toBe(0o600);

    const mail = readMail(readFileSync(path, 'utf8'));
    expect(mail.subject).toBe('Redefinição de senha');
    expect(mail.from).toContain('nao-responda@lumina.local');
    expect(mail.to).toBe('ana@example.com');
    expect(mail.text).toBe(message.text);
    expect(mail.html).toBe(message.html);

    expect(logger.lines).toHaveLength(2);
    expect(logger.lines.map((line) => line.details.path).sort()).toEqual(
      files.map((file) => join(dataDir, 'outbox', file)),
    );
    expect(JSON.stringify(logger.lines)).not.toContain('segredo-123');
    mailer.close();
  });
});

describe('SMTP mailer (SMTP_URL set)', () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it('delivers the message to the SMTP server with the configured sender', async () => {
    const logger = recordingLogger();
    const mailer = createMailer(
      { smtpUrl: smtp.url, mailFrom: 'Loja <loja@example.com>', dataDir: '/nonexistent' },
      logger,
    );
    expect(mailer.transport).toBe('smtp');
    await mailer.send(message);

    const mail = await smtp.waitForMail('ana@example.com');
    expect(mail.recipients).toEqual(['ana@example.com']);
    expect(mail.from).toBe('Loja <loja@example.com>');
    expect(mail.subject).toBe('Redefinição de senha');
    expect(mail.text).toBe(message.text);
    expect(mail.html).toBe(message.html);
    expect(logger.lines).toEqual([]);
    mailer.close();
  });

  it('fails loudly when the server cannot be reached', async () => {
    const mailer = createMailer(
      { smtpUrl: 'smtp://127.0.0.1:1', mailFrom: DEFAULT_MAIL_FROM, dataDir: '/nonexistent' },
      recordingLogger(),
    );
    await expect(mailer.send(message)).rejects.toThrow();
    mailer.close();
  });
});

describe('outboxFileName', () => {
  it.each([
    ['Redefinição de senha', '2026-01-02T03-04-05-006Z-redefinicao-de-senha'],
    ['!!!', '2026-01-02T03-04-05-006Z-mensagem'],
    ['Pedido #12 / Confirmação', '2026-01-02T03-04-05-006Z-pedido-12-confirmacao'],
  ])('%s -> %s', (subject, name) => {
    expect(outboxFileName(new Date('2026-01-02T03:04:05.006Z'), subject)).toBe(name);
  });
});
