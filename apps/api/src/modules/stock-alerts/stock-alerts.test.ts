// 'Avise-me quando chegar' over the real database, the real outbox and a real SMTP server: double
// opt-in for visitors, one answer whatever the address's state, the limits per address and IP,
// and the restock e-mails: 0 -> positive only, oldest first, as many as the settings allow.
import {
  STOCK_ALERT_MESSAGES,
  STOCK_ALERT_SETTINGS_MESSAGES,
} from '@lumina/shared/stock-alerts/stock-alert-schemas';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockAlerts } from '../../db/schema/stock-alerts.ts';
import type { UserRow } from '../../db/schema/users.ts';
import {
  type ReceivedMail,
  startTestSmtpServer,
  type TestSmtpServer,
} from '../../integrations/mail/test-smtp-server.ts';
import type { ErrorJson } from '../../test/accounts.ts';
import { placeOrder } from '../../test/checkout.ts';
import { createSettingsBody } from '../../test/settings-builder.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { bearerHeader, createUser, signIn } from '../../test/user-builder.ts';
import { purgeStockAlertsJob } from './purge-job.ts';
import { STOCK_ALERT_LIMITS } from './service.ts';

interface VariantJson {
  id: number;
  sku: string;
  option_values: Record<string, string>;
}
interface ProductJson {
  id: number;
  sku: string;
  name: string;
  variants: VariantJson[];
}

const APP_URL = 'http://localhost:3000';
const DAY_MS = 24 * 60 * 60 * 1000;

let ctx: TestContext;
let smtp: TestSmtpServer;
let clock = new Date('2026-12-01T12:00:00Z');
let dona: UserRow;
let skuSequence = 0;
let ipSequence = 0;
let emailSequence = 0;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  ctx = await createTestContext({
    env: { SMTP_URL: smtp.url, APP_URL },
    now: () => clock,
  });
  dona = await createUser(ctx.database, { role: 'admin', email: 'dona@aurora.example' });
});

afterAll(async () => {
  await ctx?.app.outbox.drain();
  await ctx?.close();
  await smtp?.close();
});

/** A fresh session of the owner: the tests move the clock past an access token's life. */
const owner = async () => bearerHeader((await signIn(ctx.app, dona)).access_token);

const tick = () => {
  clock = new Date(clock.getTime() + 60_000);
};
/** Each visitor from an address of their own unless a test says otherwise. */
const nextIp = () => `203.0.113.${(ipSequence += 1) % 250}`;
const newEmail = (name: string) => `${name}.${(emailSequence += 1)}@example.com`;

async function saveSettings(perUnit: number, perRestock: number) {
  const response = await ctx.app.inject({
    method: 'PUT',
    url: '/api/admin/settings',
    headers: await owner(),
    payload: {
      settings: createSettingsBody({
        stock_alerts_per_unit: perUnit,
        stock_alerts_per_restock: perRestock,
      }),
    },
  });
  expect(response.statusCode, response.body).toBe(200);
}

function productBody(product: { sku: string; name: string }, stock: number[], active = true) {
  const values = ['8 mm', '10 mm', '12 mm'].slice(0, stock.length);
  return {
    name: product.name,
    price: '89,90',
    category: 'orelha',
    sku: product.sku,
    active,
    options: [
      { name: 'Diâmetro', values },
      { name: 'Cor', values: ['Dourado'] },
    ],
    variants: stock.map((units, index) => ({
      option_values: { Diâmetro: values[index], Cor: 'Dourado' },
      stock_quantity: units,
    })),
  };
}

/** 'Argola <Aurora>' in 8 mm (and more) through the panel, with these stocks. */
async function createGrid(stock: number[]): Promise<ProductJson> {
  skuSequence += 1;
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: await owner(),
    payload: {
      product: productBody({ name: 'Argola <Aurora>', sku: `AVS-${skuSequence}` }, stock),
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ product: ProductJson }>().product;
}

/** The panel's save of the grid with new counts (the admin's restock). */
async function setStock(product: ProductJson, stock: number[], active = true) {
  tick();
  const body = productBody(product, stock, active);
  const response = await ctx.app.inject({
    method: 'PUT',
    url: `/api/products/${product.id}`,
    headers: await owner(),
    payload: {
      product: {
        ...body,
        variants: body.variants.map((variant, index) => ({
          ...variant,
          id: product.variants[index]?.id,
          sku: product.variants[index]?.sku,
        })),
      },
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  await ctx.app.outbox.deliverDue();
}

function ask(
  variantId: number,
  email: string,
  options: { ip?: string; headers?: Record<string, string>; consent?: unknown } = {},
) {
  tick();
  return ctx.app.inject({
    method: 'POST',
    url: '/api/stock_alerts',
    remoteAddress: options.ip ?? nextIp(),
    headers: options.headers ?? {},
    payload: {
      variant_id: variantId,
      email,
      ...('consent' in options ? { consent: options.consent } : { consent: true }),
    },
  });
}

const follow = (action: 'confirm' | 'cancel', token: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/stock_alerts/${action}/${token}`,
    remoteAddress: nextIp(),
  });

async function mailsTo(email: string, subject: RegExp): Promise<ReceivedMail[]> {
  await ctx.app.outbox.deliverDue();
  return smtp.received.filter(
    (mail) => mail.recipients.includes(email) && subject.test(mail.subject),
  );
}

const CONFIRM = /^Confirme seu aviso de chegada/;
const BACK = /^Chegou: /;

function tokenIn(mail: ReceivedMail | undefined, action: 'confirmar' | 'cancelar'): string {
  const token = new RegExp(`${APP_URL}/avise-me/${action}\\?token=([\\w-]+)`).exec(
    mail?.text ?? '',
  )?.[1];
  expect(token, `a /avise-me/${action} link in the e-mail`).toBeTruthy();
  return token ?? '';
}

/** A visitor who asks and follows the confirmation link: then in the queue. */
async function visitorWaits(variantId: number, email: string) {
  const asked = await ask(variantId, email);
  expect(asked.statusCode, asked.body).toBe(202);
  const [mail] = await mailsTo(email, CONFIRM);
  const confirmed = await follow('confirm', tokenIn(mail, 'confirmar'));
  expect(confirmed.statusCode, confirmed.body).toBe(200);
}

/** The back-in-stock e-mails sent so far to these addresses, in the order they went out. */
async function backInStockTo(emails: readonly string[]): Promise<string[]> {
  await ctx.app.outbox.deliverDue();
  return smtp.received
    .filter((mail) => BACK.test(mail.subject))
    .flatMap((mail) => mail.recipients.filter((to) => emails.includes(to)));
}

async function statusOf(variantId: number, email: string) {
  const [row] = await ctx.database.db
    .select({ status: stockAlerts.status })
    .from(stockAlerts)
    .where(sql`${stockAlerts.variantId} = ${variantId} and ${stockAlerts.email} = ${email}`);
  return row?.status ?? null;
}

/** A buyer's order of `units` of the variant, placed (it takes the stock). */
async function buy(product: ProductJson, variant: VariantJson, units: number) {
  const buyer = await createUser(ctx.database);
  const headers = bearerHeader((await signIn(ctx.app, buyer)).access_token);
  const added = await ctx.app.inject({
    method: 'POST',
    url: '/api/carts/items',
    headers,
    payload: { product_id: product.id, variant_id: variant.id, quantity: units },
  });
  expect(added.statusCode, added.body).toBe(201);
  const placed = await placeOrder(ctx.app, headers);
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json<{ order: { id: number } }>().order.id;
}

describe('asking for a back-in-stock e-mail', () => {
  it('double opt-in for a visitor: nothing waits until the link is followed, once', async () => {
    const product = await createGrid([0]);
    const [variant] = product.variants as [VariantJson];
    const email = newEmail('Visitante');
    const lower = email.toLowerCase();

    const asked = await ask(variant.id, email);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toEqual({
      success: true,
      status: 'pending',
      message: STOCK_ALERT_MESSAGES.confirmationSent(lower),
    });
    expect(asked.headers['cache-control']).toBe('no-store');
    expect(await statusOf(variant.id, lower)).toBe('pending');

    const [mail] = await mailsTo(lower, CONFIRM);
    expect(mail?.text).toContain('Argola <Aurora> (8 mm, Dourado)');
    expect(mail?.html).toContain('Argola &lt;Aurora&gt; (8 mm, Dourado)');
    const token = tokenIn(mail, 'confirmar');
    tokenIn(mail, 'cancelar');

    // A restock before the confirmation tells nobody.
    await setStock(product, [2]);
    expect(await backInStockTo([lower])).toEqual([]);
    await setStock(product, [0]);

    const forged = await follow('confirm', 'x'.repeat(43));
    expect(forged.statusCode).toBe(422);
    expect(forged.json<ErrorJson>().message).toBe(STOCK_ALERT_MESSAGES.invalidLink);
    expect(await statusOf(variant.id, lower)).toBe('pending');

    const confirmed = await follow('confirm', token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({
      success: true,
      message: STOCK_ALERT_MESSAGES.confirmed,
      product: {
        name: 'Argola <Aurora>',
        variant: 'Argola <Aurora> (8 mm, Dourado)',
        path: `/produto/${product.id}?variante=${variant.sku}`,
      },
    });
    expect(await statusOf(variant.id, lower)).toBe('waiting');
    const reused = await follow('confirm', token);
    expect(reused.statusCode).toBe(422);
    expect(reused.json<ErrorJson>().message).toBe(STOCK_ALERT_MESSAGES.invalidLink);
  });

  it('answers the same for a new address and one already waiting, and sends no second link', async () => {
    const product = await createGrid([0]);
    const [variant] = product.variants as [VariantJson];
    const waiting = newEmail('espera');
    await visitorWaits(variant.id, waiting);
    const fresh = newEmail('nova');

    const again = await ask(variant.id, waiting);
    const first = await ask(variant.id, fresh);
    expect(again.statusCode).toBe(first.statusCode);
    const masked = (body: string, email: string) => body.replaceAll(email, '<e-mail>');
    expect(masked(again.body, waiting)).toBe(masked(first.body, fresh));
    expect(again.json<{ status: string }>().status).toBe('pending');
    // The one already waiting got no new link: nothing tells its owner or anyone else.
    expect(await mailsTo(waiting, CONFIRM)).toHaveLength(1);
    expect(await mailsTo(fresh, CONFIRM)).toHaveLength(1);
    expect(await statusOf(variant.id, waiting)).toBe('waiting');
  });

  it("puts a signed-in shopper's own verified address in the queue without a link", async () => {
    const product = await createGrid([0]);
    const [variant] = product.variants as [VariantJson];
    const verified = await createUser(ctx.database, {
      email: newEmail('conta'),
      emailVerifiedAt: clock,
    });
    const headers = bearerHeader((await signIn(ctx.app, verified)).access_token);

    const asked = await ask(variant.id, verified.email.toUpperCase(), { headers });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toEqual({
      success: true,
      status: 'waiting',
      message: STOCK_ALERT_MESSAGES.waiting,
    });
    expect(await statusOf(variant.id, verified.email)).toBe('waiting');
    expect(await mailsTo(verified.email, CONFIRM)).toEqual([]);

    // Another address, or an account whose address is not verified: the visitor's way.
    const other = newEmail('outra');
    expect((await ask(variant.id, other, { headers })).json()).toMatchObject({
      status: 'pending',
    });
    const unverified: UserRow = await createUser(ctx.database, { email: newEmail('semconfirmar') });
    const unverifiedHeaders = bearerHeader((await signIn(ctx.app, unverified)).access_token);
    const pending = await ask(variant.id, unverified.email, { headers: unverifiedHeaders });
    expect(pending.json()).toMatchObject({ status: 'pending' });
    expect(await mailsTo(unverified.email, CONFIRM)).toHaveLength(1);
  });

  it('refuses what cannot be waited for with 422 in pt-BR', async () => {
    const product = await createGrid([3, 0]);
    const [inStock, empty] = product.variants as [VariantJson, VariantJson];
    const email = newEmail('recusa');
    const cases: [Awaited<ReturnType<typeof ask>>, string][] = [
      [await ask(inStock.id, email), STOCK_ALERT_MESSAGES.inStock],
      [await ask(999_999, email), STOCK_ALERT_MESSAGES.variant],
      [await ask(empty.id, email, { consent: false }), STOCK_ALERT_MESSAGES.consent],
      [await ask(empty.id, email, { consent: undefined }), STOCK_ALERT_MESSAGES.consent],
      [await ask(empty.id, 'sem-arroba'), 'Email inválido'],
    ];
    for (const [response, message] of cases) {
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json<ErrorJson>().message).toBe(message);
    }
    // A hidden product is not on sale: nobody waits for it.
    await setStock(product, [3, 0], false);
    const hidden = await ask(empty.id, email);
    expect(hidden.statusCode).toBe(422);
    expect(hidden.json<ErrorJson>().message).toBe(STOCK_ALERT_MESSAGES.unavailable);
    const [row] = await ctx.database.db
      .select({ total: sql<number>`count(*)::integer` })
      .from(stockAlerts)
      .where(eq(stockAlerts.email, email));
    expect(row?.total).toBe(0);
  });

  it('limits sign-ups per address and per IP with 429 in pt-BR', async () => {
    const product = await createGrid([0, 0, 0]);
    const variants = product.variants;
    const email = newEmail('limite');
    const { perEmail, perIp } = STOCK_ALERT_LIMITS;
    for (let i = 0; i < perEmail.max; i += 1) {
      const response = await ask(variants[i % 3]!.id, email);
      expect(response.statusCode, response.body).toBe(202);
    }
    const refused = await ask(variants[0]!.id, email);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<ErrorJson>().message).toBe(STOCK_ALERT_MESSAGES.throttled);

    const ip = '198.51.100.77';
    for (let i = 0; i < perIp.max; i += 1) {
      const response = await ask(variants[0]!.id, newEmail('ip'), { ip });
      expect(response.statusCode, response.body).toBe(202);
    }
    const fromIp = await ask(variants[0]!.id, newEmail('ip'), { ip });
    expect(fromIp.statusCode).toBe(429);
    expect(fromIp.json<ErrorJson>().message).toBe(STOCK_ALERT_MESSAGES.throttled);
    // An hour later both are welcome again.
    clock = new Date(clock.getTime() + 61 * 60_000);
    expect((await ask(variants[1]!.id, email, { ip })).statusCode).toBe(202);
  });
});

describe('the restock', () => {
  it('e-mails the oldest waiting first, as many as the settings allow per unit and per restock', async () => {
    await saveSettings(2, 5);
    const product = await createGrid([0]);
    const [variant] = product.variants as [VariantJson];
    const queue: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      const email = newEmail(`fila${i}`);
      await visitorWaits(variant.id, email);
      queue.push(email);
    }

    // 3 units at 2 a unit would be 6: the ceiling of 5 a restock holds.
    await setStock(product, [3]);
    expect(await backInStockTo(queue)).toEqual(queue.slice(0, 5));
    const [mail] = await mailsTo(queue[0]!, BACK);
    expect(mail?.subject).toBe('Chegou: Argola <Aurora> (8 mm, Dourado) - Ateliê Aurora');
    expect(mail?.text).toContain(`Veja na loja: ${APP_URL}/produto/${product.id}?variante=`);
    expect(mail?.text).toContain(variant.sku);
    expect(mail?.html).toContain('Argola &lt;Aurora&gt; (8 mm, Dourado)');

    // Sold out again, then 1 unit: the next 2 in line, never the first ones again.
    await buy(product, variant, 3);
    await setStock(product, [1]);
    expect(await backInStockTo(queue)).toEqual(queue.slice(0, 7));
    expect(await statusOf(variant.id, queue[7]!)).toBe('waiting');
    expect(await statusOf(variant.id, queue[6]!)).toBe('sent');

    // The 'Cancelar aviso' of the e-mail erases the address, once.
    const cancel = tokenIn(mail, 'cancelar');
    const cancelled = await follow('cancel', cancel);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ message: STOCK_ALERT_MESSAGES.cancelled });
    expect(await statusOf(variant.id, queue[0]!)).toBeNull();
    expect((await follow('cancel', cancel)).statusCode).toBe(422);
    await saveSettings(3, 50);
  });

  it('calls only on a return from 0 (not 2 -> 5), and through an order cancelled', async () => {
    await saveSettings(1, 50);
    const product = await createGrid([0]);
    const [variant] = product.variants as [VariantJson];
    const queue: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      const email = newEmail(`volta${i}`);
      await visitorWaits(variant.id, email);
      queue.push(email);
    }

    await setStock(product, [1]);
    expect(await backInStockTo(queue)).toEqual(queue.slice(0, 1));
    await setStock(product, [2]);
    await setStock(product, [5]);
    expect(await backInStockTo(queue)).toEqual(queue.slice(0, 1));

    // Everything sold, then the order cancelled: its 5 units come back from 0.
    const order = await buy(product, variant, 5);
    const cancelled = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order}/cancel`,
      headers: await owner(),
      payload: {},
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await backInStockTo(queue)).toEqual(queue);
    await saveSettings(3, 50);
  });

  it('keeps the queue while the product is hidden', async () => {
    const product = await createGrid([0]);
    const [variant] = product.variants as [VariantJson];
    const email = newEmail('oculto');
    await visitorWaits(variant.id, email);
    await setStock(product, [0], false);
    await setStock(product, [4], false);
    expect(await backInStockTo([email])).toEqual([]);
    expect(await statusOf(variant.id, email)).toBe('waiting');
  });
});

describe('the panel and the LGPD', () => {
  it('shows the catalogue how many wait for each variant', async () => {
    const product = await createGrid([0, 0]);
    const [eight, ten] = product.variants as [VariantJson, VariantJson];
    await visitorWaits(eight.id, newEmail('painel'));
    await visitorWaits(eight.id, newEmail('painel'));
    expect((await ask(ten.id, newEmail('painel'))).statusCode).toBe(202);

    const catalogue = await createUser(ctx.database, { role: 'admin', staffRole: 'catalogue' });
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/stock_alerts?product_id=${product.id}`,
      headers: bearerHeader((await signIn(ctx.app, catalogue)).access_token),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      variants: [
        { variant_id: eight.id, waiting: 2, pending: 0 },
        { variant_id: ten.id, waiting: 0, pending: 1 },
      ],
    });
    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/stock_alerts?product_id=abc',
      headers: await owner(),
    });
    expect(bad.statusCode).toBe(422);
  });

  it("lists the account address's alerts in the data export", async () => {
    const product = await createGrid([0]);
    const [variant] = product.variants as [VariantJson];
    const user = await createUser(ctx.database, { email: newEmail('export') });
    await visitorWaits(variant.id, user.email);
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/me/export',
      headers: bearerHeader((await signIn(ctx.app, user)).access_token),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ stock_alerts: unknown[] }>().stock_alerts).toEqual([
      expect.objectContaining({
        product_name: 'Argola <Aurora> (8 mm, Dourado)',
        email: user.email,
        status: 'waiting',
        notified_at: null,
      }),
    ]);
  });

  it('purges unconfirmed visitors after 3 days; their link dies with them', async () => {
    const product = await createGrid([0]);
    const [variant] = product.variants as [VariantJson];
    const email = newEmail('esquecido');
    expect((await ask(variant.id, email)).statusCode).toBe(202);
    const token = tokenIn((await mailsTo(email, CONFIRM))[0], 'confirmar');
    const kept = newEmail('confirmado');
    await visitorWaits(variant.id, kept);

    clock = new Date(clock.getTime() + 3 * DAY_MS + 60_000);
    expect((await follow('confirm', token)).statusCode).toBe(422);
    const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
    await purgeStockAlertsJob({ db: ctx.database.db, now: () => clock }).run(
      {},
      { jobId: 'test', log: { ...log, child: () => log } as never },
    );
    expect(await statusOf(variant.id, email)).toBeNull();
    expect(await statusOf(variant.id, kept)).toBe('waiting');
  });

  it('refuses settings out of their range with 422 in pt-BR, and takes the defaults', async () => {
    const put = async (settings: object) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/admin/settings',
        headers: await owner(),
        payload: { settings },
      });
    const zero = await put(createSettingsBody({ stock_alerts_per_unit: 0 }));
    expect(zero.statusCode).toBe(422);
    expect(zero.json<ErrorJson>().message).toBe(STOCK_ALERT_SETTINGS_MESSAGES.perUnit);
    const huge = await put(createSettingsBody({ stock_alerts_per_restock: 5000 }));
    expect(huge.statusCode).toBe(422);
    expect(huge.json<ErrorJson>().message).toBe(STOCK_ALERT_SETTINGS_MESSAGES.perRestock);
    const older = await put(createSettingsBody());
    expect(older.statusCode, older.body).toBe(200);
    expect(older.json<{ settings: object }>().settings).toMatchObject({
      stock_alerts_per_unit: 3,
      stock_alerts_per_restock: 50,
    });
  });
});
