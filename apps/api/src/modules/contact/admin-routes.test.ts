// The panel's inbox of contact messages, and their delivery when the shop has no CONTACT_EMAIL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema/users.ts';
import {
  startTestSmtpServer,
  type TestSmtpServer,
} from '../../integrations/mail/test-smtp-server.ts';
import { addToCart, placeOrder, shopper } from '../../test/checkout.ts';
import { createProduct, insertProducts } from '../../test/product-builder.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { bearerHeader, createUser, signIn } from '../../test/user-builder.ts';

let ctx: TestContext;
let smtp: TestSmtpServer;
let clock = new Date('2026-11-20T12:00:00Z');
let admins: UserRow[];
let adminHeaders: Record<string, string>;
let customer: Awaited<ReturnType<typeof shopper>>;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  ctx = await createTestContext({ env: { SMTP_URL: smtp.url }, now: () => clock });
  admins = [
    await createUser(ctx.database, { role: 'admin', email: 'dona@lumina.example' }),
    await createUser(ctx.database, { role: 'admin', email: 'socia@lumina.example' }),
  ];
  adminHeaders = bearerHeader((await signIn(ctx.app, admins[0]!)).access_token);
  customer = await shopper(ctx.app, ctx.database);
  const [productId] = (await insertProducts(ctx.database.db, [createProduct()])) as [number];
  await addToCart(ctx.app, customer.headers, productId, 1);
  expect((await placeOrder(ctx.app, customer.headers)).statusCode).toBe(201);
});

afterAll(async () => {
  await ctx?.app.outbox.drain();
  await ctx?.close();
  await smtp?.close();
});

async function send(payload: { name: string; email: string; message: string }) {
  clock = new Date(clock.getTime() + 60_000);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/contact',
    payload,
    remoteAddress: '203.0.113.9',
  });
  expect(response.statusCode).toBe(201);
}

const list = (query = '', headers: object = adminHeaders) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/admin/contact_messages${query}`,
    headers: { ...headers },
  });

const patch = (id: number | string, payload: unknown, headers: object = adminHeaders) =>
  ctx.app.inject({
    method: 'PATCH',
    url: `/api/admin/contact_messages/${id}`,
    headers: { ...headers },
    payload: payload as object,
  });

interface Listed {
  messages: { id: number; name: string; status: string; account: unknown }[];
  total: number;
  total_pages: number;
  unread: number;
}

describe('contact messages without CONTACT_EMAIL', () => {
  it('reach every administrator, each replying to the sender', async () => {
    await send({ name: 'Bia Lima', email: 'bia@example.com', message: 'Fazem furo?' });
    for (const admin of admins) {
      const mail = await smtp.waitForMail(admin.email);
      expect(mail.recipients).toEqual([admin.email]);
      expect(mail.headers['reply-to']).toBe('bia@example.com');
      expect(mail.subject).toBe('[Lumina Piercings] Contato de Bia Lima: Fazem furo?');
    }
  });
});

describe('GET /api/admin/contact_messages', () => {
  it('lists newest first with the unread count and the sender account with its orders', async () => {
    await send({ name: 'Caio', email: customer.user.email.toUpperCase(), message: 'Meu pedido?' });
    const response = await list();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json<Listed>();
    expect(body).toMatchObject({ total: 2, page: 1, per_page: 20, total_pages: 1, unread: 2 });
    expect(body.messages).toEqual([
      expect.objectContaining({
        name: 'Caio',
        subject: 'Meu pedido?',
        status: 'new',
        status_label: 'Não lida',
        account: { id: customer.user.id, name: customer.user.name, orders_count: 1 },
      }),
      expect.objectContaining({ name: 'Bia Lima', account: null }),
    ]);
  });

  it('filters by status and pages', async () => {
    const all = (await list()).json<Listed>();
    const [newest, older] = all.messages;
    expect((await patch(older!.id, { status: 'answered' })).statusCode).toBe(200);

    const answered = (await list('?status=answered')).json<Listed>();
    expect(answered.messages.map((m) => m.id)).toEqual([older!.id]);
    expect(answered).toMatchObject({ total: 1, unread: 1 });
    expect((await list('?status=new')).json<Listed>().messages.map((m) => m.id)).toEqual([
      newest!.id,
    ]);
    const second = (await list('?per_page=1&page=2')).json<Listed>();
    expect(second).toMatchObject({ total: 2, total_pages: 2 });
    expect(second.messages.map((m) => m.id)).toEqual([older!.id]);
  });

  it.each([
    ['?status=lixo', 'Situação inválida: use new, read ou answered.'],
    ['?page=0', 'Página inválida'],
    ['?per_page=101', 'Itens por página devem estar entre 1 e 100'],
  ])('refuses %s with 422 in pt-BR', async (query, text) => {
    const response = await list(query);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ message: text });
  });
});

describe('PATCH /api/admin/contact_messages/{id}', () => {
  it('marks a message read, and the unread count drops', async () => {
    const before = (await list('?status=new')).json<Listed>();
    const target = before.messages[0]!;
    const response = await patch(target.id, { status: 'read' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Mensagem atualizada.',
      contact_message: { id: target.id, status: 'read', status_label: 'Lida' },
      unread: before.unread - 1,
    });
    expect((await list()).json<Listed>().unread).toBe(before.unread - 1);
  });

  it.each([
    [{ status: 'spam' }, 'Situação inválida: use new, read ou answered.'],
    [{}, 'Situação inválida: use new, read ou answered.'],
    [{ status: 'read', name: 'x' }, 'Situação inválida: use new, read ou answered.'],
  ])('refuses %j with 422 in pt-BR', async (payload, text) => {
    const [first] = (await list()).json<Listed>().messages;
    const response = await patch(first!.id, payload);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toMatchObject({ message: text });
  });

  it('answers 422 to a bad id and 404 to an unknown one', async () => {
    const bad = await patch('abc', { status: 'read' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ message: 'Identificador de mensagem inválido.' });
    const unknown = await patch(999_999, { status: 'read' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: 'Mensagem não encontrada.' });
  });
});

describe('the inbox is for administrators only', () => {
  it('answers 401 without a session and 403 to a customer', async () => {
    const [first] = (await list()).json<Listed>().messages;
    expect((await list('', {})).statusCode).toBe(401);
    expect((await patch(first!.id, { status: 'read' }, {})).statusCode).toBe(401);
    expect((await list('', customer.headers)).statusCode).toBe(403);
    const refused = await patch(first!.id, { status: 'answered' }, customer.headers);
    expect(refused.statusCode).toBe(403);
    expect((await list()).json<Listed>().messages[0]).toMatchObject({ status: first!.status });
  });
});
