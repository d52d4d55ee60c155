// LGPD requests completed by the shop: access and export hand the person their data; deletion
// erases the account everywhere, keeping only the fiscal data of the orders for the legal period.
// The table list below is the guard: a new table fails this test until someone decides here
// whether it holds personal data and what erasure does with it.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/raw-rows.ts';
import { mailOutbox } from '../../db/schema/mail-outbox.ts';
import { orders } from '../../db/schema/orders.ts';
import { users, type UserRow } from '../../db/schema/users.ts';
import {
  startTestSmtpServer,
  type TestSmtpServer,
} from '../../integrations/mail/test-smtp-server.ts';
import { registerAddress, registerThroughApi, validCpf } from '../../test/accounts.ts';
import { addToCart, checkoutBody, payOrder, placeOrder } from '../../test/checkout.ts';
import { createProduct, firstVariantId, insertProducts } from '../../test/product-builder.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { bearerHeader, createUser, signIn } from '../../test/user-builder.ts';

/**
 * Every table of the schema and what it may still hold of an erased person (the markers below,
 * by name). Anything else found is a leak. Keep the reason beside each table.
 */
const TABLES: Record<string, { keeps: readonly Marker[]; why: string }> = {
  users: { keeps: [], why: 'anonymised: the row stays for the orders that point at it' },
  user_consents: { keeps: [], why: 'deleted with the account' },
  addresses: { keeps: [], why: 'deleted' },
  refresh_tokens: { keeps: [], why: 'deleted: every session ends' },
  password_resets: { keeps: [], why: 'deleted' },
  email_verifications: { keeps: [], why: 'deleted' },
  login_codes: { keeps: [], why: 'deleted' },
  carts: { keeps: [], why: 'deleted' },
  cart_items: { keeps: [], why: 'deleted with the cart' },
  wishlist_items: { keeps: [], why: 'deleted' },
  orders: {
    keeps: ['name', 'cpf', 'street'],
    why: 'fiscal data (LGPD art. 16, I) until retained_until; e-mail, phone, birth date, notes go',
  },
  order_items: { keeps: [], why: 'products and values only' },
  sales_days: { keeps: [], why: 'sums per day and payment method, nobody named' },
  sales_lines: { keeps: [], why: "the items' categories, SKUs and values by day" },
  order_events: { keeps: [], why: "the customer's IPs go; admin actions stay" },
  payments: { keeps: [], why: 'amounts and the charge (the shop is the receiver)' },
  payment_events: { keeps: [], why: "the provider's raw answers (naming the payer) go" },
  refunds: { keeps: [], why: 'amounts, the PIX E2E id or the provider refund id, who refunded' },
  return_requests: {
    keeps: [],
    why: "withdrawals and exchanges stay with their orders; the shopper's reason goes",
  },
  return_items: { keeps: [], why: 'order items and quantities only' },
  mail_outbox: {
    keeps: [],
    why: 'e-mails to or about the person go; the answer is cleared once sent',
  },
  contact_messages: { keeps: [], why: "messages sent from the person's addresses go" },
  security_logs: {
    keeps: ['email'],
    why: 'kept 12 months for security and Marco Civil art. 15, then purged',
  },
  security_alerts: { keeps: ['email'], why: 'security incidents, purged with the log' },
  throttle_events: { keeps: [], why: "counters keyed by the person's e-mail go" },
  captcha_challenges: { keeps: [], why: 'no personal data' },
  privacy_requests: { keeps: [], why: 'the request stays for accountability; its export goes' },
  products: { keeps: [], why: 'catalogue' },
  product_variants: { keeps: [], why: 'catalogue' },
  stock_movements: { keeps: [], why: 'stock only' },
  bling_connection: { keeps: [], why: "the shop's ERP connection" },
  bling_oauth_states: { keeps: [], why: "the shop's ERP connection" },
  bling_rate_limit: { keeps: [], why: 'ERP call counter' },
  bling_webhook_events: { keeps: [], why: 'product and stock events' },
  bling_resource_versions: { keeps: [], why: 'product versions' },
  bling_product_links: { keeps: [], why: "Bling's ids and sync state of products" },
  bling_variant_links: { keeps: [], why: "Bling's ids of product variants" },
  store_settings: { keeps: [], why: "the shop's own settings; who saved them is a staff id" },
  store_settings_versions: { keeps: [], why: "the shop's settings history, by staff id" },
  coupons: { keeps: [], why: "the shop's coupons and automatic promotions" },
  coupon_uses: { keeps: [], why: 'the order and the amount stay; the CPF goes' },
  coupon_customer_uses: { keeps: [], why: "the person's per-customer counters go" },
  bling_sales_orders: {
    keeps: [],
    why: "ids of the sales orders in Bling (the contact there is the shop's fiscal record)",
  },
  shipping_labels: {
    keeps: [],
    why: "the label's ids, state and tracking code; the address is the order's",
  },
  tracking_events: { keeps: [], why: "the parcel's steps, in the shop's own words" },
  melhor_envio_connection: { keeps: [], why: "the shop's Melhor Envio connection" },
  melhor_envio_oauth_states: { keeps: [], why: "the shop's Melhor Envio connection" },
  melhor_envio_webhook_events: { keeps: [], why: 'label events by Melhor Envio id' },
  staff_invitations: {
    keeps: [],
    why: "invitations to the person's addresses go; those they sent keep their staff id",
  },
  invoices: {
    keeps: [],
    why: 'the NF-e number, key and links: a fiscal record kept as the order is (LGPD art. 16, I)',
  },
  stock_alerts: { keeps: [], why: "back-in-stock alerts of the person's addresses go" },
  reminders: { keeps: [], why: "the person's reminder sequences go" },
  reminder_messages: {
    keeps: [],
    why: 'their e-mails go with the sequences; a restore they followed forgets them',
  },
  whatsapp_connection: { keeps: [], why: "the shop's WhatsApp Cloud API number and token" },
  whatsapp_messages: {
    keeps: [],
    why: "the phone and the message's values go (already once sent); kind and state stay",
  },
  product_reviews: {
    keeps: [],
    why: "the person's reviews go, published ones too, as the privacy policy says",
  },
  review_requests: { keeps: [], why: 'which order was asked for reviews, and when' },
};

const PERSON = {
  name: 'Quitéria Zambelli Nunes',
  email: 'quiteria.zambelli@example.com',
  orderEmail: 'quiteria.pedidos@example.com',
  cpf: validCpf('123456789'),
  phone: '11976543210',
  birth: '1987-03-09',
  street: 'Rua Xaxim Zambelli',
} as const;
type Marker = keyof typeof PERSON;

let ctx: TestContext;
let smtp: TestSmtpServer;
let clock = new Date();
let owner: UserRow;
let adminHeaders: Record<string, string>;
let productId: number;
let soldOutId: number;
let shopper: Awaited<ReturnType<typeof busyShopper>>;
let exportRequest: { id: number; user: UserRow };

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  ctx = await createTestContext({ env: { SMTP_URL: smtp.url }, now: () => clock });
  owner = await createUser(ctx.database, { role: 'admin', email: 'dona.lgpd@example.com' });
  adminHeaders = bearerHeader((await signIn(ctx.app, owner)).access_token);
  [productId, soldOutId] = (await insertProducts(ctx.database.db, [
    createProduct({ stock_quantity: 50 }),
    createProduct({ name: 'Argola Esgotada', stock_quantity: 0 }),
  ])) as [number, number];
});

afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: object, payload?: object) =>
  ctx.app.inject({ method, url: `/api${url}`, headers: { ...headers }, payload });

async function request(headers: object, type: string): Promise<number> {
  const response = await call('POST', '/privacy_requests', headers, { type });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ request: { id: number } }>().request.id;
}

const complete = (id: number, payload: object = {}) =>
  call('POST', `/admin/privacy_requests/${id}/complete`, adminHeaders, payload);

/** A shopper who used every part of the shop, with the markers above as their data. */
async function busyShopper() {
  const session = await registerThroughApi(ctx.app, {
    name: PERSON.name,
    email: PERSON.email,
    cpf: PERSON.cpf,
    phone: PERSON.phone,
    birth_date: PERSON.birth,
  });
  const headers = bearerHeader(session.accessToken);
  const address = await call(
    'POST',
    '/addresses',
    headers,
    registerAddress({ street: PERSON.street }),
  );
  expect(address.statusCode, address.body).toBe(201);
  expect(
    (await call('PUT', '/users/consents', headers, { consents: { performance: true } })).statusCode,
  ).toBe(200);
  expect((await call('POST', '/wishlist', headers, { product_id: productId })).statusCode).toBe(
    201,
  );
  const contact = await call(
    'POST',
    '/contact',
    {},
    {
      name: PERSON.name,
      email: PERSON.email,
      message: 'Vocês têm argola 8 mm?',
    },
  );
  expect(contact.statusCode).toBe(201);
  const failed = await call(
    'POST',
    '/auth/login',
    {},
    { email: PERSON.email, password: 'Errada123' },
  );
  expect(failed.statusCode).toBe(401);
  expect((await call('POST', '/password_resets', {}, { email: PERSON.email })).statusCode).toBe(
    200,
  );
  const alert = await call('POST', '/stock_alerts', headers, {
    variant_id: await firstVariantId(ctx.database.db, soldOutId),
    email: PERSON.email,
    consent: true,
  });
  expect(alert.statusCode, alert.body).toBe(202);

  const order = async () => {
    await addToCart(ctx.app, headers, productId, 1);
    const placed = await placeOrder(
      ctx.app,
      headers,
      checkoutBody({
        customer_name: PERSON.name,
        customer_email: PERSON.orderEmail,
        customer_phone: PERSON.phone,
        customer_cpf: PERSON.cpf,
        customer_street: PERSON.street,
        notes: `Presente para ${PERSON.name}`,
      }),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const id = placed.json<{ order: { id: number } }>().order.id;
    expect((await payOrder(ctx.app, headers, id)).statusCode).toBe(200);
    return id;
  };
  const delivered = await order();
  expect(
    (await call('POST', `/orders/${delivered}/simulate_payment`, headers, {})).statusCode,
  ).toBe(200);
  for (const [action, payload] of [
    ['ship', { tracking_code: 'AA473124829BR' }],
    ['deliver', {}],
  ] as const) {
    const step = await call('POST', `/admin/orders/${delivered}/${action}`, adminHeaders, payload);
    expect(step.statusCode, step.body).toBe(200);
  }
  // A review of the delivered piece, signed with the full name as some people do.
  const reviewed = await call('POST', `/orders/${delivered}/reviews`, headers, {
    review: { product_id: productId, rating: 5, text: `Amei a peça! ${PERSON.name}` },
  });
  expect(reviewed.statusCode, reviewed.body).toBe(201);
  // The second order with a coupon limited per customer: its use and counters name the CPF.
  const coupon = await call('POST', '/admin/coupons', adminHeaders, {
    coupon: { code: 'LGPD10', kind: 'percent', value: 10, per_customer_limit: 1 },
  });
  expect(coupon.statusCode, coupon.body).toBe(201);
  await addToCart(ctx.app, headers, productId, 1);
  const applied = await call('POST', '/checkout/apply_coupon', headers, { code: 'lgpd10' });
  expect(applied.statusCode, applied.body).toBe(200);
  const pending = await order();
  await addToCart(ctx.app, headers, productId, 2);
  await ctx.app.outbox.deliverDue();
  smtp.clear();
  return { session, headers, delivered, pending };
}

/** Where each marker still appears: every row of every table, as JSON text. */
async function findMarkers(): Promise<Record<string, Marker[]>> {
  const found: Record<string, Marker[]> = {};
  for (const table of await tableNames()) {
    const rows = rowsOf<{ row: string }>(
      await ctx.database.db.execute(
        sql.raw(`select row_to_json(t)::text as row from "${table}" t`),
      ),
    );
    const text = rows.map((r) => r.row.normalize('NFC').toLowerCase()).join('\n');
    const hits = (Object.keys(PERSON) as Marker[]).filter((marker) =>
      text.includes(PERSON[marker].normalize('NFC').toLowerCase()),
    );
    if (hits.length > 0) found[table] = hits;
  }
  return found;
}

async function tableNames(): Promise<string[]> {
  const rows = rowsOf<{ name: string }>(
    await ctx.database.db.execute(sql`
      select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name
    `),
  );
  return rows.map((row) => row.name);
}

describe('completing LGPD requests', () => {
  it('knows every table of the schema (a new one must be classified above)', async () => {
    expect(await tableNames()).toEqual(Object.keys(TABLES).sort());
  });

  it('answers access with the data file, by e-mail and on the page, to its owner only', async () => {
    shopper = await busyShopper();
    const { headers } = shopper;
    const mine = await call('GET', '/users/me/export', headers);
    expect(mine.statusCode, mine.body).toBe(200);
    const data = mine.json<Record<string, unknown>>();
    expect(data).toMatchObject({
      personalInfo: {
        name: PERSON.name,
        email: PERSON.email,
        cpf: PERSON.cpf,
        phone: PERSON.phone,
      },
      preferences: { performance: true, privacyPolicy: true, termsOfService: true },
      // The one typed in the book and the one checkout saved.
      addresses: [
        { full_address: expect.stringContaining(PERSON.street) as string },
        { full_address: expect.stringContaining(PERSON.street) as string },
      ],
      wishlist: [{ product_name: expect.any(String) as string }],
      reviews: [{ rating: 5, text: `Amei a peça! ${PERSON.name}`, author: 'Quitéria' }],
      cart: [{ quantity: 2 }],
      stock_alerts: [{ product_name: 'Argola Esgotada', email: PERSON.email, status: 'pending' }],
      purpose: expect.stringContaining('LGPD') as string,
    });
    expect(data.orders).toHaveLength(2);
    expect(JSON.stringify(data)).not.toMatch(/argon2|password_hash|token/i);

    const id = await request(headers, 'access');
    const done = await complete(id, { note: 'Qualquer dúvida, responda este e-mail.' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      message: 'Solicitação concluída. O titular recebeu a resposta por e-mail.',
      request: { status: 'completed', status_label: 'Concluído', export_available: true },
    });
    // Asking again answers the first completion.
    expect((await complete(id)).json()).toMatchObject({
      message: 'Esta solicitação já foi concluída.',
    });

    const listed = await call('GET', '/privacy_requests', headers);
    expect(listed.json()).toMatchObject({
      requests: [{ id, status_label: 'Concluído', export_available: true }],
    });
    const file = await call('GET', `/privacy_requests/${id}/export`, headers);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/attachment; filename="meus-dados-lumina-/);
    expect(file.json()).toMatchObject({ personalInfo: { email: PERSON.email } });
    const stranger = bearerHeader(
      (await signIn(ctx.app, await createUser(ctx.database))).access_token,
    );
    expect((await call('GET', `/privacy_requests/${id}/export`, stranger)).statusCode).toBe(404);

    const mail = await smtp.waitForMail(PERSON.email);
    await ctx.app.outbox.deliverDue();
    expect(mail.subject).toBe('Sua solicitação LGPD foi concluída: Acesso aos dados');
    expect(mail.text).toContain('Qualquer dúvida, responda este e-mail.');
    expect(mail.attachments).toHaveLength(1);
    expect(JSON.parse(mail.attachments[0]?.content ?? '{}')).toMatchObject({
      personalInfo: { cpf: PERSON.cpf },
    });
    // Once sent, the shop keeps no copy of the file in its outbox.
    const [answer] = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, `privacy-request:${id}:answer`));
    expect(answer).toMatchObject({
      status: 'sent',
      toAddress: '',
      textBody: '',
      attachments: null,
    });
  });

  it('erases the account everywhere but the fiscal data of its orders', async () => {
    const { session, headers, pending, delivered } = shopper;
    const id = await request(headers, 'deletion');
    // Asking twice is one request.
    const again = await call('POST', '/privacy_requests', headers, { type: 'deletion' });
    expect(again.json()).toMatchObject({ created: false, request: { id } });

    // An order still moving must end first: the shop says which.
    const refused = await complete(id);
    expect(refused.statusCode).toBe(409);
    const [open] = await ctx.database.db
      .select({ number: orders.orderNumber })
      .from(orders)
      .where(eq(orders.id, pending));
    expect(refused.json<{ message: string }>().message).toContain(open?.number ?? '?');
    expect(
      (await call('POST', `/admin/orders/${pending}/cancel`, adminHeaders, {})).statusCode,
    ).toBe(200);
    await ctx.app.outbox.deliverDue();
    smtp.clear();

    const done = await complete(id, { note: 'Atendido pela Dona.' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      request: {
        status: 'completed',
        user_email: expect.stringMatching(/@anonimizado\.invalid$/) as string,
      },
    });
    await ctx.app.outbox.deliverDue();

    // The answer reaches the person once, and says what was kept, why and until when.
    const mail = await smtp.waitForMail(PERSON.email);
    expect(mail.subject).toBe('Sua solicitação LGPD foi concluída: Exclusão dos dados');
    expect(mail.text).toContain('Sua conta e seus dados pessoais foram excluídos');
    expect(mail.text).toContain('avaliações de produtos (com as fotos)');
    expect(mail.text).toContain('LGPD, art. 16, I');
    expect(mail.text).toContain('nome, CPF, endereço de entrega, itens e valores, até 01/01/2032');
    expect(mail.text).toContain('Atendido pela Dona.');

    // Nothing of the person is left but what the table list allows.
    const found = await findMarkers();
    for (const [table, markers] of Object.entries(found)) {
      expect(TABLES[table]?.keeps ?? [], `${table} still holds ${markers.join(', ')}`).toEqual(
        expect.arrayContaining(markers),
      );
    }
    expect(found.orders).toEqual(expect.arrayContaining(['name', 'cpf', 'street']));

    const kept = await ctx.database.db.select().from(orders).where(eq(orders.id, delivered));
    expect(kept[0]).toMatchObject({
      customerName: PERSON.name,
      customerCpf: PERSON.cpf,
      customerEmail: null,
      customerPhone: null,
      notes: null,
      retainedUntil: new Date('2032-01-01T03:00:00Z'),
    });
    const [account] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.id, session.userId));
    expect(account).toMatchObject({ name: 'Conta excluída', passwordHash: null, cpf: null });
    expect(account?.erasedAt).toBeInstanceOf(Date);

    // The account cannot be used: no login, no refresh, no data behind the old access token.
    const login = await call(
      'POST',
      '/auth/login',
      {},
      { email: PERSON.email, password: 'Segura123' },
    );
    expect(login.statusCode).toBe(401);
    const refresh = await call(
      'POST',
      '/auth/refresh',
      {},
      { refresh_token: session.refreshToken },
    );
    expect(refresh.statusCode).toBe(401);
    expect((await call('GET', '/users/me/export', headers)).statusCode).toBe(401);

    // The e-mail is free for a new account, which starts empty.
    const fresh = await registerThroughApi(ctx.app, { email: PERSON.email, name: 'Quitéria Nova' });
    expect(fresh.userId).not.toBe(session.userId);
    const history = await call('GET', '/privacy_requests', bearerHeader(fresh.accessToken));
    expect(history.json()).toEqual({ requests: [] });
  });

  it('is for administrators only, and checks what it is given', async () => {
    const other = await createUser(ctx.database);
    const shopperHeaders = bearerHeader((await signIn(ctx.app, other)).access_token);
    const id = await request(shopperHeaders, 'export');
    expect(
      (await call('POST', `/admin/privacy_requests/${id}/complete`, shopperHeaders, {})).statusCode,
    ).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/api/admin/privacy_requests/${id}/complete` }))
        .statusCode,
    ).toBe(401);
    expect((await complete(999999)).statusCode).toBe(404);
    expect((await complete(id, { note: 'x'.repeat(2001) })).statusCode).toBe(422);
    expect((await complete(id, { other: true })).statusCode).toBe(422);
    expect(
      (await call('POST', '/admin/privacy_requests/abc/complete', adminHeaders, {})).statusCode,
    ).toBe(422);
    expect((await complete(id)).statusCode).toBe(200);
    expect((await call('GET', `/privacy_requests/${id}/export`, shopperHeaders)).statusCode).toBe(
      200,
    );
    exportRequest = { id, user: other };
  });
  it('forgets the fiscal data when the retention ends, and old export files after 30 days', async () => {
    clock = new Date('2032-01-02T12:00:00Z');
    try {
      expect(await ctx.app.privacy.purgeExpired()).toEqual({ exports: 1, orders: 2 });
      // Nothing that names the person is left; their e-mail only in the security records of
      // the period (and in the new account that took it: its row, its login counters, its
      // confirmation link and the e-mail carrying it).
      // That e-mail names the address until it is delivered (delivery drops it), which the
      // outbox may or may not have done by now: either is right.
      const { mail_outbox: outbox = [], ...found } = await findMarkers();
      expect(['email'].slice(0, outbox.length)).toEqual(outbox);
      expect(found).toEqual({
        email_verifications: ['email'],
        security_logs: ['email'],
        throttle_events: ['email'],
        users: ['email'],
      });
      const [order] = await ctx.database.db
        .select()
        .from(orders)
        .where(eq(orders.id, shopper.delivered));
      expect(order).toMatchObject({
        customerName: 'Titular excluído',
        customerCpf: null,
        retainedUntil: null,
        shippingAddress: { city: 'São Paulo', state: 'SP', street: '' },
      });
      // The other shopper's export file is past its 30 days.
      const file = await call(
        'GET',
        `/privacy_requests/${exportRequest.id}/export`,
        bearerHeader((await signIn(ctx.app, exportRequest.user)).access_token),
      );
      expect(file.statusCode).toBe(404);
    } finally {
      clock = new Date();
    }
  });
});

describe('erasing one account', () => {
  /** The throttle counters kept under keys that end with `email`. */
  async function countersOf(email: string): Promise<number> {
    const rows = rowsOf<{ key: string }>(
      await ctx.database.db.execute(sql`select key from throttle_events`),
    );
    return rows.filter(({ key }) => key.endsWith(`:${email}`)).length;
  }

  it("leaves other accounts' login and reset counters alone, even where a wildcard would match them", async () => {
    // '_' is a LIKE wildcard: 'ana_b@…' as a pattern also matches 'anaxb@…' and 'ana-b@…'.
    const erased = 'ana_b@example.com';
    const others = ['anaxb@example.com', 'ana-b@example.com'];
    const session = await registerThroughApi(ctx.app, { email: erased, name: 'Ana Bê' });
    for (const email of [erased, ...others]) {
      const failed = await call('POST', '/auth/login', {}, { email, password: 'Errada123' });
      expect(failed.statusCode).toBe(401);
      expect((await call('POST', '/password_resets', {}, { email })).statusCode).toBe(200);
    }
    const before = await Promise.all(others.map(countersOf));
    expect(before.every((count) => count >= 3)).toBe(true);
    expect(await countersOf(erased)).toBeGreaterThanOrEqual(3);

    const id = await request(bearerHeader(session.accessToken), 'deletion');
    const done = await complete(id);
    expect(done.statusCode, done.body).toBe(200);

    expect(await countersOf(erased)).toBe(0);
    expect(await Promise.all(others.map(countersOf))).toEqual(before);
  });
});
