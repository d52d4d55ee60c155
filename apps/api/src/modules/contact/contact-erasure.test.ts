// An e-mail about a contact message is the writer's personal data: LGPD erasure removes it with
// the message, even while it still waits in the outbox (the shop's mail server down).
import { eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../db/schema/contact-messages.ts';
import { mailOutbox } from '../../db/schema/mail-outbox.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { bearerHeader, createUser, signIn } from '../../test/user-builder.ts';

const WRITER = 'zuleica.contato@example.com';

let ctx: TestContext;

beforeAll(async () => {
  // Nothing listens on port 1: every delivery fails and the e-mails stay pending.
  ctx = await createTestContext({
    env: { SMTP_URL: 'smtp://127.0.0.1:1', CONTACT_EMAIL: 'contato@lumina.example' },
  });
});

afterAll(async () => {
  await ctx?.app.outbox.drain();
  await ctx?.close();
});

const aboutWriter = () =>
  ctx.database.db
    .select({ kind: mailOutbox.kind, status: mailOutbox.status })
    .from(mailOutbox)
    .where(or(eq(mailOutbox.replyTo, WRITER), eq(mailOutbox.toAddress, WRITER)));

describe('erasing the writer of a contact message', () => {
  it('removes the message and its e-mail to the shop, sent or not', async () => {
    const writer = await createUser(ctx.database, { email: WRITER, name: 'Zuleica Prado' });
    const admin = await createUser(ctx.database, { role: 'admin' });
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Zuleica Prado', email: WRITER, message: 'Vocês entregam em Belém?' },
    });
    expect(sent.statusCode).toBe(201);
    await ctx.app.outbox.drain();
    expect(await aboutWriter()).toEqual([{ kind: 'contact_message', status: 'pending' }]);

    const asked = await ctx.app.inject({
      method: 'POST',
      url: '/api/privacy_requests',
      headers: bearerHeader((await signIn(ctx.app, writer)).access_token),
      payload: { type: 'deletion' },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const id = asked.json<{ request: { id: number } }>().request.id;
    const done = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/privacy_requests/${id}/complete`,
      headers: bearerHeader((await signIn(ctx.app, admin)).access_token),
      payload: {},
    });
    expect(done.statusCode, done.body).toBe(200);

    expect(await ctx.database.db.select().from(contactMessages)).toEqual([]);
    // Only the answer to the person, which is cleared once sent, may name them now.
    expect((await aboutWriter()).map((mail) => mail.kind)).toEqual(['privacy_answer']);
  });
});
