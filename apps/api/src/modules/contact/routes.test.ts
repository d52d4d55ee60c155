import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contactMessages } from '../../db/schema/contact-messages.ts';
import { mailOutbox } from '../../db/schema/mail-outbox.ts';
import {
  startTestSmtpServer,
  type TestSmtpServer,
} from '../../integrations/mail/test-smtp-server.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { truncateAll } from '../../test/test-database.ts';
import { CONTACT_LIMIT } from './service.ts';

const SHOP = 'contato@lumina.example';

let ctx: TestContext;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  ctx = await createTestContext({ env: { SMTP_URL: smtp.url, CONTACT_EMAIL: SHOP } });
});

beforeEach(async () => {
  await ctx.app.outbox.drain();
  await truncateAll(ctx.database);
  await ctx.database.db.delete(mailOutbox);
  smtp.clear();
});

afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

const message = { name: 'Ana Souza', email: 'ana@example.com', message: 'Vocês têm argola 6 mm?' };

function send(payload: Record<string, unknown>, remoteAddress = '203.0.113.7') {
  return ctx.app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress });
}

function storedMessages() {
  const { name, email, message, ip } = contactMessages;
  return ctx.database.db
    .select({ name, email, message, ip })
    .from(contactMessages)
    .orderBy(contactMessages.id);
}

describe('POST /api/contact', () => {
  it('stores the message and confirms in pt-BR', async () => {
    const response = await send({ ...message, name: '  Ana Souza ' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      success: true,
      message: 'Mensagem enviada com sucesso! Responderemos em breve.',
    });
    expect(await storedMessages()).toEqual([{ ...message, ip: '203.0.113.7' }]);
  });

  it.each([
    ['name', { ...message, name: '' }, 'Nome é obrigatório'],
    ['name', { ...message, name: 'a'.repeat(101) }, 'Nome deve ter no máximo 100 caracteres'],
    ['email', { ...message, email: 'ana@' }, 'Email inválido'],
    ['email', { name: 'Ana', message: 'Oi' }, 'Email é obrigatório'],
    [
      'message',
      { ...message, message: 'x'.repeat(1001) },
      'Mensagem deve ter no máximo 1000 caracteres',
    ],
    ['message', { ...message, message: '   ' }, 'Mensagem é obrigatória'],
  ])('refuses a bad %s with 422 and the spec message', async (field, payload, text) => {
    const response = await send(payload);
    expect(response.statusCode).toBe(422);
    const body = response.json<{ message: string; fields: Record<string, string[]> }>();
    expect(body.message).toBe(text);
    expect(body.fields[field]).toContain(text);
    expect(await storedMessages()).toEqual([]);
  });

  it("e-mails the message to the shop's contact address, replying to the sender", async () => {
    const response = await send({
      ...message,
      message: 'Vocês têm argola 6 mm?\nDe titânio, de preferência.',
    });
    expect(response.statusCode).toBe(201);

    // Queued with the message, in its transaction: the row is there whatever SMTP does.
    const [stored] = await ctx.database.db.select().from(contactMessages);
    const queued = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'contact_message'));
    expect(queued).toEqual([
      expect.objectContaining({
        dedupeKey: `contact-message:${stored?.id}`,
        toAddress: SHOP,
        replyTo: 'ana@example.com',
      }),
    ]);

    const mail = await smtp.waitForMail(SHOP);
    expect(mail.recipients).toEqual([SHOP]);
    expect(mail.headers['reply-to']).toBe('ana@example.com');
    expect(mail.subject).toBe('[Lumina Piercings] Contato de Ana Souza: Vocês têm argola 6 mm?');
    expect(mail.text).toContain('Nome: Ana Souza\nE-mail: ana@example.com');
    expect(mail.text).toContain('Mensagem:\nVocês têm argola 6 mm?\nDe titânio, de preferência.');
    expect(mail.text).toContain('http://localhost:3000/admin/mensagens');
    expect(mail.html).toContain('Vocês têm argola 6 mm?<br>De titânio, de preferência.');
  });

  it('escapes what the sender typed in the HTML part', async () => {
    await send({ ...message, name: 'Ana <b>Souza</b>', message: '<script>x</script> & oi' });
    const mail = await smtp.waitForMail(SHOP);
    expect(mail.html).toContain('Ana &lt;b&gt;Souza&lt;/b&gt;');
    expect(mail.html).toContain('&lt;script&gt;x&lt;/script&gt; &amp; oi');
    expect(mail.html).not.toContain('<script>');
  });

  it('accepts the longest allowed message', async () => {
    const response = await send({ ...message, message: 'x'.repeat(1000) });
    expect(response.statusCode).toBe(201);
  });

  it('throttles one address, not the others', async () => {
    for (let i = 0; i < CONTACT_LIMIT.messages; i += 1) {
      expect((await send(message)).statusCode).toBe(201);
    }
    const refused = await send(message);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'contact_throttled',
      message: 'Você já enviou várias mensagens. Aguarde alguns minutos antes de enviar outra.',
    });
    expect((await send(message, '198.51.100.1')).statusCode).toBe(201);
    expect(await storedMessages()).toHaveLength(CONTACT_LIMIT.messages + 1);
  });

  it('refuses a NUL character instead of failing in the database', async () => {
    const response = await send({ ...message, message: 'oi\u0000' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid_characters' });
  });
});
