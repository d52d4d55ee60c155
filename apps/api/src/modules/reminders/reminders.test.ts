// Cart and expired-PIX reminders over the real database, the real outbox and a real SMTP server,
// on an injected clock: when they go, to whom, what they list, what stops them, and the two
// links they carry (restore the cart, one-click unsubscribe).
import { REMINDER_MESSAGES } from '@lumina/shared/reminders/reminders';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carts } from '../../db/schema/carts.ts';
import { mailOutbox } from '../../db/schema/mail-outbox.ts';
import { products } from '../../db/schema/products.ts';
import { reminderMessages, reminders } from '../../db/schema/reminders.ts';
import { userConsents, type UserRow } from '../../db/schema/users.ts';
import {
  type ReceivedMail,
  startTestSmtpServer,
  type TestSmtpServer,
} from '../../integrations/mail/test-smtp-server.ts';
import { addToCart, payOrder, placeOrder } from '../../test/checkout.ts';
import { createProduct, insertProducts } from '../../test/product-builder.ts';
import { createSettingsBody } from '../../test/settings-builder.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { appJobs, type AppJobDeps } from '../../jobs/app-jobs.ts';
import { startTestJobRunner, waitUntil } from '../../jobs/testing.ts';
import { REMINDER_SCAN_JOB } from './scan-job.ts';
import { bearerHeader, createUser, signIn } from '../../test/user-builder.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const APP = 'https://loja.example.com';

let ctx: TestContext;
let smtp: TestSmtpServer;
let clock = new Date('2026-11-20T12:00:00Z');
let admin: UserRow;
let sequence = 0;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  ctx = await createTestContext({
    env: { SMTP_URL: smtp.url, APP_URL: APP, PAYMENTS_SANDBOX: 'true' },
    now: () => clock,
  });
  admin = await createUser(ctx.database, { role: 'admin', email: 'dona@lumina.example' });
  // The shop's name and PIX discount (7%) come from its settings, as every e-mail's do.
  await saveSettings();
});

async function saveSettings(overrides: Record<string, unknown> = {}) {
  const saved = await ctx.app.inject({
    method: 'PUT',
    url: '/api/admin/settings',
    headers: await headersOf(admin),
    payload: { settings: createSettingsBody(overrides) },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

afterAll(async () => {
  await ctx?.app.outbox.drain();
  await ctx?.close();
  await smtp?.close();
});

const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

/** A fresh access token: the clock moves by hours and tokens live 15 minutes. */
async function headersOf(user: Pick<UserRow, 'id' | 'role'>) {
  return bearerHeader((await signIn(ctx.app, user)).access_token);
}

/** A signed-in shopper who turned the marketing consent of /gerenciar-dados on, or never did. */
async function shopperWith(consent: boolean) {
  sequence += 1;
  const user = await createUser(ctx.database, {
    email: `cliente.lembrete${sequence}@example.com`,
    name: 'Bianca Lopes',
  });
  if (consent) {
    const on = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/consents',
      headers: await headersOf(user),
      payload: { consents: { marketingComm: true } },
    });
    expect(on.statusCode, on.body).toBe(200);
  }
  return user;
}

/** Products on sale: 'Argola N' at R$ 100,00 with 5 units, unless told. */
async function newProducts(count: number, stock = 5) {
  return insertProducts(
    ctx.database.db,
    Array.from({ length: count }, () =>
      createProduct({ price_cents: 10_000, stock_quantity: stock }),
    ),
    clock,
  );
}

/** One reminder scan, then the outbox delivered to the SMTP server. */
async function scan() {
  const result = await ctx.app.reminders.scan();
  await ctx.app.outbox.deliverDue();
  return result;
}

const mailsTo = (email: string): ReceivedMail[] =>
  smtp.received.filter((mail) => mail.recipients.includes(email.toLowerCase()));

function linkIn(mail: ReceivedMail, path: string): string {
  const link = new RegExp(`${APP}/${path}/([A-Za-z0-9_.-]+)`).exec(mail.text ?? '')?.[1];
  if (!link) throw new Error(`no ${path} link in ${mail.subject}`);
  return link;
}

async function leaveCart(user: UserRow, lines: [number, number][]) {
  const headers = await headersOf(user);
  for (const [productId, quantity] of lines) {
    await addToCart(ctx.app, headers, productId, quantity);
  }
  return headers;
}

async function setPrice(productId: number, cents: number) {
  await ctx.database.db
    .update(products)
    .set({ priceCents: cents })
    .where(eq(products.id, productId));
}

async function consentOf(user: UserRow) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/users/consents',
    headers: await headersOf(user),
  });
  return response.json<{ consents: { marketingComm: boolean } }>().consents.marketingComm;
}

const restore = (token: string, headers: Record<string, string>) =>
  ctx.app.inject({ method: 'GET', url: `/api/carts/restore/${token}`, headers });

const anonymous = () => ({ 'x-session-id': crypto.randomUUID() });

async function anonymousCart(headers: Record<string, string>) {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/anonymous_carts', headers });
  return response.json<{
    cart: { items: { product_id: number; quantity: number; price_cents: number }[] };
  }>().cart;
}

describe('cart reminders', () => {
  it('waits the hours of the settings, sends one with the current prices, a second a day later and never a third', async () => {
    const user = await shopperWith(true);
    const [ring, stud] = await newProducts(2);
    await leaveCart(user, [
      [ring!, 2],
      [stud!, 1],
    ]);

    advance(4 * HOUR - 60_000);
    await scan();
    expect(mailsTo(user.email)).toHaveLength(0);

    // The price changed while the cart waited: the e-mail says today's.
    await setPrice(ring!, 8_000);
    advance(60_000);
    expect((await scan()).sent).toBeGreaterThanOrEqual(1);
    const [first] = mailsTo(user.email);
    expect(first?.subject).toBe('Suas peças continuam no seu carrinho - Ateliê Aurora');
    expect(first?.text).toContain('Olá, Bianca!');
    expect(first?.text).toMatch(/2 × Argola Teste \d+: R\$ 160,00 \(R\$ 148,80 no PIX\)/);
    expect(first?.text).toMatch(/1 × Argola Teste \d+: R\$ 100,00 \(R\$ 93,00 no PIX\)/);
    expect(first?.text).toContain(`${APP}/carrinho/recuperar/`);
    expect(first?.text).toContain(`${APP}/descadastrar/`);
    // RFC 8058: the one-click address in the headers, the POST it takes beside it.
    const unsubscribeToken = linkIn(first!, 'descadastrar');
    expect(first?.headers['list-unsubscribe']).toBe(`<${APP}/api/unsubscribe/${unsubscribeToken}>`);
    expect(first?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    advance(DAY - 60_000);
    await scan();
    expect(mailsTo(user.email)).toHaveLength(1);

    advance(60_000);
    await scan();
    const second = mailsTo(user.email)[1];
    expect(second?.subject).toBe(
      'Último lembrete: suas peças continuam no seu carrinho - Ateliê Aurora',
    );
    // Each e-mail has links of its own.
    expect(linkIn(second!, 'carrinho/recuperar')).not.toBe(linkIn(first!, 'carrinho/recuperar'));

    for (let day = 0; day < 10; day += 1) {
      advance(DAY);
      await scan();
    }
    expect(mailsTo(user.email)).toHaveLength(2);
  });

  it("are in the shopper's data export, each e-mail with when it was sent", async () => {
    const user = await shopperWith(true);
    const [ring] = await newProducts(1);
    await leaveCart(user, [[ring!, 1]]);
    advance(4 * HOUR);
    await scan();
    expect(mailsTo(user.email)).toHaveLength(1);

    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/me/export',
      headers: await headersOf(user),
    });
    expect(response.statusCode, response.body).toBe(200);
    const { reminders } = response.json<{
      reminders: { kind: string; stopped_at: string | null; emails: { sent_at: string }[] }[];
    }>();
    expect(reminders).toEqual([
      expect.objectContaining({ kind: 'cart', stopped_at: null, emails: [expect.any(Object)] }),
    ]);
  });

  it('follows the delay the owner sets in the settings', async () => {
    await saveSettings({ reminder_delay_hours: '0,5' });
    try {
      const user = await shopperWith(true);
      const [ring] = await newProducts(1);
      await leaveCart(user, [[ring!, 1]]);
      advance(29 * 60_000);
      await scan();
      expect(mailsTo(user.email)).toHaveLength(0);
      advance(60_000);
      await scan();
      expect(mailsTo(user.email)).toHaveLength(1);
    } finally {
      await saveSettings();
    }
  });

  it('sends nothing to a shopper whose marketing consent is off', async () => {
    const user = await shopperWith(false);
    const [ring] = await newProducts(1);
    await leaveCart(user, [[ring!, 1]]);
    for (let step = 0; step < 3; step += 1) {
      advance(12 * HOUR);
      await scan();
    }
    expect(mailsTo(user.email)).toEqual([]);
    expect(
      await ctx.database.db.select().from(reminders).where(eq(reminders.userId, user.id)),
    ).toEqual([]);
  });

  it('stops when the consent goes off after the first e-mail', async () => {
    const user = await shopperWith(true);
    const [ring] = await newProducts(1);
    await leaveCart(user, [[ring!, 1]]);
    advance(4 * HOUR);
    await scan();
    expect(mailsTo(user.email)).toHaveLength(1);
    const off = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/consents',
      headers: await headersOf(user),
      payload: { consents: { marketingComm: false } },
    });
    expect(off.statusCode).toBe(200);
    advance(DAY);
    await scan();
    expect(mailsTo(user.email)).toHaveLength(1);
  });

  it('stops once the shopper orders, and lists only what is still for sale', async () => {
    const user = await shopperWith(true);
    const [ring, gone, soldOut] = await newProducts(3);
    await leaveCart(user, [
      [ring!, 1],
      [gone!, 1],
      [soldOut!, 1],
    ]);
    await ctx.database.db.update(products).set({ active: false }).where(eq(products.id, gone!));
    await ctx.database.db.execute(
      sql`update product_variants set stock_quantity = 0 where product_id = ${soldOut!}::integer`,
    );
    advance(4 * HOUR);
    await scan();
    const [mail] = mailsTo(user.email);
    expect(mail?.text).toContain('2 peças esgotaram ou saíram da loja e ficaram de fora.');
    expect(mail?.text?.match(/ × Argola Teste/g)).toHaveLength(1);

    // The shopper came back and ordered what was still for sale.
    advance(HOUR);
    const headers = await headersOf(user);
    await ctx.app.inject({ method: 'DELETE', url: '/api/carts/clear', headers });
    await addToCart(ctx.app, headers, ring!, 1);
    const placed = await placeOrder(ctx.app, headers);
    expect(placed.statusCode, placed.body).toBe(201);
    advance(DAY);
    await scan();
    expect(mailsTo(user.email)).toHaveLength(1);
    const [row] = await ctx.database.db
      .select()
      .from(reminders)
      .where(eq(reminders.userId, user.id));
    expect(row).toMatchObject({ sentCount: 1 });
    expect(['purchase', 'cart_changed']).toContain(row?.stopReason);
  });

  it('stops on any new order of the shopper even while the cart stays as it was', async () => {
    const user = await shopperWith(true);
    const [ring, other] = await newProducts(2);
    await leaveCart(user, [[ring!, 1]]);
    advance(4 * HOUR);
    await scan();
    expect(mailsTo(user.email)).toHaveLength(1);
    // An order placed from the cart, then the cart filled again exactly as it was before
    // cannot be told apart by the cart alone: the order itself stops the sequence.
    const cart = await ctx.database.db.select().from(carts).where(eq(carts.userId, user.id));
    const headers = await headersOf(user);
    await ctx.app.inject({ method: 'DELETE', url: '/api/carts/clear', headers });
    await addToCart(ctx.app, headers, other!, 1);
    expect((await placeOrder(ctx.app, headers)).statusCode).toBe(201);
    await ctx.database.db
      .execute(sql`insert into cart_items (cart_id, product_id, variant_id, quantity)
        select ${cart[0]!.id}::integer, p.id, v.id, 1 from products p join product_variants v on v.product_id = p.id
        where p.id = ${ring!}::integer`);
    await ctx.database.db
      .update(carts)
      .set({ updatedAt: cart[0]!.updatedAt })
      .where(eq(carts.id, cart[0]!.id));
    advance(DAY);
    await scan();
    expect(mailsTo(user.email)).toHaveLength(1);
    const [row] = await ctx.database.db
      .select()
      .from(reminders)
      .where(eq(reminders.userId, user.id));
    expect(row?.stopReason).toBe('purchase');
  });

  it('sends each e-mail once when scans run at once or a step is replayed', async () => {
    const user = await shopperWith(true);
    const [ring] = await newProducts(1);
    await leaveCart(user, [[ring!, 1]]);
    advance(4 * HOUR);
    await Promise.all([ctx.app.reminders.scan(), ctx.app.reminders.scan()]);
    await ctx.app.outbox.deliverDue();
    expect(mailsTo(user.email)).toHaveLength(1);

    // A scan that read the sequence before the first e-mail was recorded (another process):
    // the e-mail's own row is already claimed, so nothing is queued again.
    await ctx.database.db
      .update(reminders)
      .set({ sentCount: 0, nextDueAt: clock })
      .where(eq(reminders.userId, user.id));
    await scan();
    expect(mailsTo(user.email)).toHaveLength(1);
    const outbox = await ctx.database.db
      .select({ key: mailOutbox.dedupeKey })
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, user.email));
    expect(outbox).toHaveLength(1);
  });
});

describe('expired PIX reminders', () => {
  it("reminds of an order whose PIX expired, with the order's items, and stops after a paid order", async () => {
    const user = await shopperWith(true);
    const [ring] = await newProducts(1);
    const headers = await leaveCart(user, [[ring!, 2]]);
    const placed = await placeOrder(ctx.app, headers);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<{ order: { id: number; order_number: string } }>().order;
    expect((await payOrder(ctx.app, headers, order.id)).statusCode).toBe(200);
    advance(31 * 60_000);
    await ctx.app.payments.expireOverdue();
    await ctx.app.outbox.deliverDue();
    const expiredMails = mailsTo(user.email).length;

    advance(4 * HOUR);
    await scan();
    const mails = mailsTo(user.email).slice(expiredMails);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `O PIX do pedido ${order.order_number} expirou: suas peças ainda estão disponíveis`,
    ]);
    expect(mails[0]?.text).toMatch(/2 × Argola Teste \d+: R\$ 200,00 \(R\$ 186,00 no PIX\)/);

    // A new order paid: no second reminder.
    const again = await headersOf(user);
    await addToCart(ctx.app, again, ring!, 1);
    const next = (await placeOrder(ctx.app, again)).json<{ order: { id: number } }>().order;
    expect((await payOrder(ctx.app, again, next.id)).statusCode).toBe(200);
    const approved = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${next.id}/simulate_payment`,
      headers: again,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    advance(DAY);
    await scan();
    expect(
      mailsTo(user.email)
        .slice(expiredMails)
        .filter((mail) => mail.subject.includes('expirou')),
    ).toHaveLength(1);
  });
});

describe('one-click unsubscribe', () => {
  async function remindedShopper() {
    const user = await shopperWith(true);
    const [ring] = await newProducts(1);
    await leaveCart(user, [[ring!, 1]]);
    advance(4 * HOUR);
    await scan();
    const [mail] = mailsTo(user.email);
    if (!mail) throw new Error('no reminder');
    return { user, mail, token: linkIn(mail, 'descadastrar') };
  }

  it('turns the marketing consent off with the POST a mail client sends, no cookies, 200, no redirect', async () => {
    const { user, token } = await remindedShopper();
    // GET (the page asking first) changes nothing.
    const status = await ctx.app.inject({ method: 'GET', url: `/api/unsubscribe/${token}` });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({
      unsubscribe: { email: `c***@example.com`, subscribed: true },
    });
    expect(await consentOf(user)).toBe(true);

    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/unsubscribe/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers.location).toBeUndefined();
    expect(response.json()).toEqual({
      unsubscribed: true,
      message: REMINDER_MESSAGES.unsubscribed,
    });
    expect(await consentOf(user)).toBe(false);
    // Recorded as every consent change is: a row of the history, with where it came from.
    const history = await ctx.database.db
      .select()
      .from(userConsents)
      .where(and(eq(userConsents.userId, user.id), eq(userConsents.consent, 'marketing')));
    expect(history.at(-1)).toMatchObject({ accepted: false });
    expect(history.at(-1)?.ip).toBeTruthy();

    // The second e-mail never goes; a second click answers the same.
    advance(DAY);
    await scan();
    expect(mailsTo(user.email)).toHaveLength(1);
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/unsubscribe/${token}`,
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      payload:
        '--xyz\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--xyz--\r\n',
    });
    expect(again.statusCode).toBe(200);
  });

  it('refuses a forged, a malformed or an expired link with a pt-BR message and changes nothing', async () => {
    const { user, token } = await remindedShopper();
    const [random] = token.split('.');
    const forged = `${random}.${'A'.repeat(22)}`;
    for (const bad of [forged, 'abc', `${token}x`]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/unsubscribe/${bad}`,
        payload: { 'List-Unsubscribe': 'One-Click' },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: REMINDER_MESSAGES.unsubscribeInvalid });
    }
    // Without the one-click field: refused, consent untouched.
    const empty = await ctx.app.inject({
      method: 'POST',
      url: `/api/unsubscribe/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'unsubscribe=yes',
    });
    expect(empty.statusCode).toBe(422);
    expect(await consentOf(user)).toBe(true);

    advance(91 * DAY);
    const expired = await ctx.app.inject({
      method: 'POST',
      url: `/api/unsubscribe/${token}`,
      payload: { 'List-Unsubscribe': 'One-Click' },
    });
    expect(expired.statusCode).toBe(409);
    expect(expired.json()).toMatchObject({ message: REMINDER_MESSAGES.unsubscribeExpired });
    expect(await consentOf(user)).toBe(true);
  });
});

describe('restore link', () => {
  it("puts the still-available items, at today's prices, in another session's cart, once", async () => {
    const user = await shopperWith(true);
    const [ring, stud, gone] = await newProducts(3, 3);
    await leaveCart(user, [
      [ring!, 2],
      [stud!, 3],
      [gone!, 1],
    ]);
    advance(4 * HOUR);
    await scan();
    const token = linkIn(mailsTo(user.email)[0]!, 'carrinho/recuperar');

    // Meanwhile: the price moved, one item left the shop, another sold down to one unit.
    await setPrice(ring!, 12_345);
    await ctx.database.db.update(products).set({ active: false }).where(eq(products.id, gone!));
    await ctx.database.db.execute(
      sql`update product_variants set stock_quantity = 1 where product_id = ${stud!}::integer`,
    );

    const phone = anonymous();
    const response = await restore(token, phone);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<{
      cart: { items: { product_id: number; quantity: number; price_cents: number }[] };
      restored: { lines: number; units: number; missing: number };
      message: string;
    }>();
    // What the e-mail listed, less what left the shop since; the rest within today's stock.
    expect(answer.restored).toEqual({ lines: 2, units: 3, missing: 1 });
    expect(answer.message).toBe(REMINDER_MESSAGES.restoredPartly);
    const items = (await anonymousCart(phone)).items.map((item) => [
      item.product_id,
      item.quantity,
      item.price_cents,
    ]);
    expect(items).toEqual([
      [ring, 2, 12_345],
      [stud, 1, 10_000],
    ]);
    // The link signs nobody in: the answer carries no token, the visitor stays anonymous.
    expect(response.body).not.toMatch(/access_token|refresh_token/);
    expect(response.headers['set-cookie']).toBeUndefined();

    // Used once: a second use, in any session, is refused and changes nothing.
    const other = anonymous();
    const reused = await restore(token, other);
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({ message: REMINDER_MESSAGES.restoreUsed });
    expect((await anonymousCart(other)).items).toEqual([]);

    // The sequence ends with the restore: no second e-mail.
    advance(DAY);
    await scan();
    expect(mailsTo(user.email)).toHaveLength(1);
  });

  it('refuses a forged or an expired link with a pt-BR message and changes nothing', async () => {
    const user = await shopperWith(true);
    const [ring] = await newProducts(1);
    await leaveCart(user, [[ring!, 1]]);
    advance(4 * HOUR);
    await scan();
    const token = linkIn(mailsTo(user.email)[0]!, 'carrinho/recuperar');
    const [random] = token.split('.');
    const visitor = anonymous();

    for (const bad of [
      `${random}.${'B'.repeat(22)}`,
      'nada',
      linkIn(mailsTo(user.email)[0]!, 'descadastrar'),
    ]) {
      const response = await restore(bad, visitor);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: REMINDER_MESSAGES.restoreInvalid });
    }

    advance(7 * DAY + 1);
    const expired = await restore(token, visitor);
    expect(expired.statusCode).toBe(409);
    expect(expired.json()).toMatchObject({ message: REMINDER_MESSAGES.restoreExpired });
    expect((await anonymousCart(visitor)).items).toEqual([]);
    const [message] = await ctx.database.db
      .select({ restoredAt: reminderMessages.restoredAt })
      .from(reminderMessages)
      .innerJoin(reminders, eq(reminders.id, reminderMessages.reminderId))
      .where(eq(reminders.userId, user.id));
    expect(message?.restoredAt).toBeNull();
  });

  it("does not add the restored lines twice when the shopper signs in there, as another visitor's lines would be", async () => {
    const user = await shopperWith(true);
    const [ring] = await newProducts(1);
    await leaveCart(user, [[ring!, 1]]);
    advance(4 * HOUR);
    await scan();
    const token = linkIn(mailsTo(user.email)[0]!, 'carrinho/recuperar');
    const phone = anonymous();
    expect((await restore(token, phone)).statusCode).toBe(200);

    const signIn = (session: Record<string, string>, headers: Record<string, string>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/anonymous_carts/migrate_to_user',
        headers: { ...session, ...headers },
      });
    const merged = await signIn(phone, await headersOf(user));
    expect(merged.statusCode, merged.body).toBe(200);
    const quantities = (answer: typeof merged) =>
      answer
        .json<{ cart: { items: { product_id: number; quantity: number }[] } }>()
        .cart.items.map((item) => [item.product_id, item.quantity]);
    // The account's cart already held the ring the link restored: still one.
    expect(quantities(merged)).toEqual([[ring, 1]]);

    // A visitor's own line of the same ring, in a session no link filled, adds up as before.
    const laptop = anonymous();
    const added = await ctx.app.inject({
      method: 'POST',
      url: '/api/anonymous_carts/add_item',
      headers: laptop,
      payload: { product_id: ring, quantity: 1 },
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(quantities(await signIn(laptop, await headersOf(user)))).toEqual([[ring, 2]]);
  });

  it('needs a session or a signed-in shopper to fill a cart', async () => {
    const user = await shopperWith(true);
    const [ring] = await newProducts(1);
    await leaveCart(user, [[ring!, 1]]);
    advance(4 * HOUR);
    await scan();
    const token = linkIn(mailsTo(user.email)[0]!, 'carrinho/recuperar');
    const response = await ctx.app.inject({ method: 'GET', url: `/api/carts/restore/${token}` });
    expect(response.statusCode).toBe(400);
    // Refused before the link was spent: it still works.
    expect((await restore(token, anonymous())).statusCode).toBe(200);
  });
});

describe('the panel', () => {
  it("counts the reminders sent, the restored carts that became paid orders and their revenue ('reports')", async () => {
    const before = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/reminders/stats?period=7',
      headers: await headersOf(admin),
    });
    expect(before.statusCode, before.body).toBe(200);
    const base = before.json<{
      reminders: {
        sent: number;
        restored: number;
        carts_recovered: number;
        revenue_recovered: number;
      };
    }>().reminders;

    const user = await shopperWith(true);
    const [ring] = await newProducts(1);
    await leaveCart(user, [[ring!, 1]]);
    advance(4 * HOUR);
    await scan();
    const token = linkIn(mailsTo(user.email)[0]!, 'carrinho/recuperar');
    // Followed signed in on another device: the lines are already there, no double.
    const headers = await headersOf(user);
    expect((await restore(token, headers)).statusCode).toBe(200);
    const placed = await placeOrder(ctx.app, headers);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<{
      order: { id: number; total: number; items: { quantity: number }[] };
    }>().order;
    expect(order.items.map((item) => item.quantity)).toEqual([1]);
    expect((await payOrder(ctx.app, headers, order.id)).statusCode).toBe(200);
    const paid = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/simulate_payment`,
      headers,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const [{ total } = { total: 0 }] = await ctx.database.db
      .select({ total: sql<number>`total_cents` })
      .from(sql`orders`)
      .where(sql`id = ${order.id}::integer`);

    const after = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/reminders/stats?period=7',
      headers: await headersOf(admin),
    });
    const figures = after.json<{
      reminders: {
        sent: number;
        restored: number;
        carts_recovered: number;
        revenue_recovered: number;
      };
    }>().reminders;
    expect(figures.sent - base.sent).toBeGreaterThanOrEqual(1);
    expect(figures.restored - base.restored).toBe(1);
    expect(figures.carts_recovered - base.carts_recovered).toBe(1);
    expect(Math.round((figures.revenue_recovered - base.revenue_recovered) * 100)).toBe(total);

    const customer = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/reminders/stats',
      headers: await headersOf(user),
    });
    expect(customer.statusCode).toBe(403);
  });
});

describe('the scan job', () => {
  it('runs every 5 minutes (REMINDER_SCAN_SECONDS) through the job runner', async () => {
    const deps: AppJobDeps = {
      db: ctx.database.db,
      now: () => clock,
      payments: ctx.app.payments,
      outbox: ctx.app.outbox,
      erp: ctx.app.erp,
      monitoring: ctx.app.monitoring,
      privacy: ctx.app.privacy,
      backups: { takeBackup: () => Promise.reject(new Error('no backups here')) },
      reminders: ctx.app.reminders,
    };
    const scheduleOf = (more: Partial<AppJobDeps>) =>
      appJobs({ ...deps, ...more }).find((job) => job.name === REMINDER_SCAN_JOB);
    expect(scheduleOf({})).toMatchObject({
      schedule: { cron: '*/5 * * * *' },
      policy: 'singleton',
    });
    expect(scheduleOf({ reminderScanSeconds: 5 })?.schedule).toEqual({ everySeconds: 5 });

    const user = await shopperWith(true);
    const [ring] = await newProducts(1);
    await leaveCart(user, [[ring!, 1]]);
    advance(4 * HOUR);
    const job = scheduleOf({});
    if (!job) throw new Error('no scan job');
    const { schedule: _schedule, ...unscheduled } = job;
    const runner = await startTestJobRunner({ database: ctx.database, jobs: [unscheduled] });
    try {
      await runner.send(REMINDER_SCAN_JOB);
      await waitUntil(async () => {
        await ctx.app.outbox.deliverDue();
        return mailsTo(user.email).length === 1;
      }, 20_000);
    } finally {
      await runner.stop();
    }
  });
});
