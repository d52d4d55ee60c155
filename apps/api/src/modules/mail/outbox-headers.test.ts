// The headers every e-mail of the outbox carries: a Message-ID no other e-mail ever had, and a
// Reply-To that reaches the shop (or the person a contact message came from).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/mail-outbox.ts';
import {
  startTestSmtpServer,
  type TestSmtpServer,
} from '../../integrations/mail/test-smtp-server.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';

const SHOP = 'contato@lumina.example';

let ctx: TestContext;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  ctx = await createTestContext({ env: { SMTP_URL: smtp.url, CONTACT_EMAIL: SHOP } });
});

beforeEach(() => smtp.clear());

afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

async function sendOne(to: string, replyTo?: string) {
  await ctx.app.outbox.enqueue(ctx.database.db, {
    key: `test:${to}:${Date.now()}`,
    kind: 'test',
    message: {
      to,
      subject: 'Teste',
      text: 'Olá!',
      html: '<p>Olá!</p>',
      ...(replyTo && { replyTo }),
    },
  });
  await ctx.app.outbox.deliverDue();
  return smtp.waitForMail(to);
}

describe('outbox e-mail headers', () => {
  it('never repeats a Message-ID, even when the row ids start again', async () => {
    const ids: string[] = [];
    for (let reset = 0; reset < 3; reset += 1) {
      // What a database reset or a move to a new server does to the row ids.
      await ctx.database.db.execute(sql`TRUNCATE ${mailOutbox} RESTART IDENTITY`);
      const mail = await sendOne(`cliente${reset}@example.com`);
      const [row] = await ctx.database.db.select({ id: mailOutbox.id }).from(mailOutbox);
      expect(row?.id).toBe(1);
      ids.push(mail.headers['message-id'] ?? '');
    }
    for (const id of ids) expect(id).toMatch(/^<[0-9a-f-]{36}@localhost>$/);
    expect(new Set(ids).size).toBe(3);
  });

  it("keeps one e-mail's Message-ID across its retries", async () => {
    await ctx.database.db.execute(sql`TRUNCATE ${mailOutbox} RESTART IDENTITY`);
    const first = await sendOne('repetido@example.com');
    // A crash after the server accepted it: the row is sent again.
    await ctx.database.db.update(mailOutbox).set({ status: 'pending', sentAt: null });
    smtp.clear();
    await ctx.app.outbox.deliverDue();
    const again = await smtp.waitForMail('repetido@example.com');
    expect(again.headers['message-id']).toBe(first.headers['message-id']);
  });

  it("carries Reply-To the shop's contact address, or the one the e-mail names", async () => {
    expect((await sendOne('ana@example.com')).headers['reply-to']).toBe(SHOP);
    const contact = await sendOne('dona@lumina.example', 'bia@example.com');
    expect(contact.headers['reply-to']).toBe('bia@example.com');
  });
});
