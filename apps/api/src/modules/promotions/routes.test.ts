// Coupons and automatic promotions on a real database: the owner's writes with their checks,
// apply_coupon's refusals in pt-BR, the cart priced and dropping a coupon that stopped applying,
// and the promotions products and GET /api/store announce, seen at once after a write.
import { randomUUID } from 'node:crypto';
import type { CartJson } from '@lumina/shared/cart/cart-schemas';
import type { ProductDto } from '@lumina/shared/catalog/product';
import { COUPON_MESSAGES } from '@lumina/shared/promotions/coupon-messages';
import type { CartCouponJson, CouponJson } from '@lumina/shared/promotions/coupon-schema';
import type { PublicStoreJson } from '@lumina/shared/settings/store-settings';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/orders.ts';
import { couponCustomerUses, coupons, couponUses } from '../../db/schema/promotions.ts';
import { securityLogs } from '../../db/schema/security.ts';
import type { ErrorJson } from '../../test/accounts.ts';
import { announcePromotionsChange } from './changes.ts';
import { addToCart, checkoutBody, placeOrder } from '../../test/checkout.ts';
import { createProduct, insertProducts } from '../../test/product-builder.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { bearerHeader, createUser, signIn } from '../../test/user-builder.ts';

let ctx: TestContext;
let adminId: number;
let admin: Record<string, string>;
let ring: number; // orelha, R$ 49,90
let nose: number; // nariz, R$ 100,00

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

let calls = 0;

/** Each call from its own address, so apply_coupon's per-client limit meets only its own test. */
function send(
  method: Method,
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
  remoteAddress = `198.51.100.${(calls += 1) % 250}`,
) {
  return ctx.app.inject({
    method,
    url: `/api${url}`,
    headers,
    payload: payload as object,
    remoteAddress,
  });
}

async function shopperHeaders(values: { cpf?: string } = {}) {
  const user = await createUser(ctx.database, values);
  return { user, headers: bearerHeader((await signIn(ctx.app, user)).access_token) };
}

async function createCoupon(coupon: Record<string, unknown>): Promise<CouponJson> {
  const response = await send('POST', '/admin/coupons', admin, { coupon });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ coupon: CouponJson }>().coupon;
}

function apply(headers: Record<string, string>, code: string) {
  return send('POST', '/checkout/apply_coupon', headers, { code });
}

async function refusal(headers: Record<string, string>, code: string): Promise<ErrorJson> {
  const response = await apply(headers, code);
  expect(response.statusCode, response.body).toBe(422);
  const error = response.json<ErrorJson>();
  expect(error.code).toBe('coupon_rejected');
  expect(error.fields).toEqual({ code: [error.message] });
  return error;
}

async function cartOf(headers: Record<string, string>): Promise<CartJson> {
  return (await send('GET', '/carts/current', headers)).json<{ cart: CartJson }>().cart;
}

beforeAll(async () => {
  // A long catalogue cache: a promotion change must drop the cached answers itself.
  ctx = await createTestContext({ catalogCacheTtlMs: 60_000 });
  const owner = await createUser(ctx.database, { role: 'admin' });
  adminId = owner.id;
  admin = bearerHeader((await signIn(ctx.app, owner)).access_token);
  [ring, nose] = (await insertProducts(ctx.database.db, [
    createProduct({ name: 'Argola Lua', price_cents: 4990, stock_quantity: 50 }),
    createProduct({
      name: 'Nostril Sol',
      category: 'nariz',
      price_cents: 10000,
      stock_quantity: 50,
    }),
  ])) as [number, number];
});

afterAll(async () => {
  await ctx?.close();
});

describe('the owner’s coupons', () => {
  it('are for administrators only', async () => {
    expect((await send('GET', '/admin/coupons', {})).statusCode).toBe(401);
    const { headers } = await shopperHeaders();
    expect((await send('GET', '/admin/coupons', headers)).statusCode).toBe(403);
  });

  it('creates, lists and changes a coupon, in upper case, logged', async () => {
    const coupon = await createCoupon({
      code: ' verao10 ',
      kind: 'percent',
      value: '12,5',
      min_order: '80,00',
      starts_at: '2026-01-10T09:30',
      ends_at: null,
    });
    expect(coupon).toMatchObject({
      automatic: false,
      code: 'VERAO10',
      kind: 'percent',
      value: 12.5,
      min_order_cents: 8000,
      starts_at: '2026-01-10T12:30:00.000Z',
      starts_at_local: '2026-01-10T09:30',
      state: 'Ativo',
      stats: { uses: 0, paid_orders: 0, discount_cents: 0, revenue_cents: 0 },
    });
    expect(coupon.description).toContain('12,5% de desconto em toda a loja');

    const list = (await send('GET', '/admin/coupons', admin)).json<{ coupons: CouponJson[] }>();
    expect(list.coupons.map((row) => row.code)).toContain('VERAO10');

    const changed = await send('PUT', `/admin/coupons/${coupon.id}`, admin, {
      coupon: { code: 'VERAO10', kind: 'fixed', value: '15,00', active: false },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<{ coupon: CouponJson }>().coupon).toMatchObject({
      kind: 'fixed',
      value: 15,
      value_cents: 1500,
      state: 'Pausado',
    });
    const logged = await ctx.database.db
      .select()
      .from(securityLogs)
      .where(and(eq(securityLogs.type, 'admin_coupon_change'), eq(securityLogs.userId, adminId)));
    expect(logged.map((row) => row.message)).toEqual(
      expect.arrayContaining(['Cupom VERAO10 criado', 'Cupom VERAO10 alterado']),
    );
    expect(
      (
        await send('PUT', '/admin/coupons/999999', admin, {
          coupon: { code: 'NADA', kind: 'percent', value: 5 },
        })
      ).statusCode,
    ).toBe(404);
  });

  it.each([
    [
      'odd characters in the code',
      { code: 'a b!', kind: 'percent', value: 10 },
      'code',
      COUPON_MESSAGES.code,
    ],
    [
      'a percent of 0',
      { code: 'ZERO', kind: 'percent', value: 0 },
      'value',
      COUPON_MESSAGES.percent,
    ],
    [
      'a negative percent',
      { code: 'NEG', kind: 'percent', value: -5 },
      'value',
      COUPON_MESSAGES.percent,
    ],
    [
      'a percent over 100',
      { code: 'MUITO', kind: 'percent', value: 101 },
      'value',
      COUPON_MESSAGES.percent,
    ],
    [
      'an end before the start',
      {
        code: 'DATAS',
        kind: 'percent',
        value: 10,
        starts_at: '2026-03-10T10:00',
        ends_at: '2026-03-09T10:00',
      },
      'ends_at',
      COUPON_MESSAGES.endBeforeStart,
    ],
    [
      'a fixed discount over the minimum order',
      { code: 'FIXO', kind: 'fixed', value: '50,00', min_order: '40,00' },
      'value',
      COUPON_MESSAGES.fixedOverMinOrder,
    ],
    [
      'an automatic promotion with a usage limit',
      { automatic: true, name: 'Semana do nariz', kind: 'percent', value: 10, usage_limit: 5 },
      'usage_limit',
      COUPON_MESSAGES.automaticOnly,
    ],
  ])('refuses %s (422 on the field)', async (_case, coupon, field, message) => {
    const response = await send('POST', '/admin/coupons', admin, { coupon });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json<ErrorJson>().fields?.[field]).toContain(message);
  });

  it('refuses a code already taken, whatever its case', async () => {
    await createCoupon({ code: 'UNICO', kind: 'percent', value: 5 });
    const response = await send('POST', '/admin/coupons', admin, {
      coupon: { code: 'unico', kind: 'percent', value: 7 },
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json<ErrorJson>().fields).toEqual({ code: [COUPON_MESSAGES.codeTaken] });
  });

  it('deletes an unused coupon, and refuses (409) one an order used', async () => {
    const unused = await createCoupon({ code: 'SOBRA', kind: 'percent', value: 5 });
    expect((await send('DELETE', `/admin/coupons/${unused.id}`, admin)).statusCode).toBe(204);
    expect((await send('DELETE', `/admin/coupons/${unused.id}`, admin)).statusCode).toBe(404);

    const used = await createCoupon({ code: 'USADO', kind: 'percent', value: 5 });
    const { headers, user } = await shopperHeaders();
    await addToCart(ctx.app, headers, ring, 1);
    const placed = await placeOrder(ctx.app, headers, checkoutBody());
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json<{ order: { id: number } }>().order.id;
    await ctx.database.db
      .insert(couponUses)
      .values({ couponId: used.id, orderId, userId: user.id, discountCents: 249 });
    await ctx.database.db.update(orders).set({ paidAt: new Date() }).where(eq(orders.id, orderId));

    const refused = await send('DELETE', `/admin/coupons/${used.id}`, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ErrorJson>().message).toBe(COUPON_MESSAGES.usedCannotDelete);
    const list = (await send('GET', '/admin/coupons', admin)).json<{ coupons: CouponJson[] }>();
    expect(list.coupons.find((row) => row.id === used.id)?.stats).toMatchObject({
      uses: 1,
      paid_orders: 1,
      discount_cents: 249,
    });
  });
});

describe('apply_coupon', () => {
  it('puts a coupon on a visitor’s cart (X-Session-ID), priced by both bases, and takes it off', async () => {
    await createCoupon({ code: 'VISITA', kind: 'percent', value: 10 });
    const visitor = { 'x-session-id': randomUUID() };
    const added = await send('POST', '/anonymous_carts/add_item', visitor, {
      product_id: nose,
      quantity: 2,
    });
    expect(added.statusCode, added.body).toBe(200);

    const response = await apply(visitor, ' visita ');
    expect(response.statusCode, response.body).toBe(200);
    const { coupon, cart } = response.json<{ coupon: CartCouponJson; cart: CartJson }>();
    // List 2 x 100,00 -> 20,00 off; PIX (5 % off by default) 2 x 95,00 -> 19,00 off.
    expect(coupon).toMatchObject({
      code: 'VISITA',
      discount_cents: 2000,
      pix_discount_cents: 1900,
    });
    expect(cart.coupon?.code).toBe('VISITA');
    expect(cart.pricing?.list).toEqual({
      subtotal_cents: 20_000,
      promotion_discount_cents: 0,
      coupon_discount_cents: 2000,
      total_cents: 18_000,
    });
    expect(cart.pricing?.pix.total_cents).toBe(17_100);

    const read = (await send('GET', '/anonymous_carts', visitor)).json<{ cart: CartJson }>().cart;
    expect(read.coupon?.code).toBe('VISITA');

    const removed = await send('DELETE', '/checkout/coupon', visitor);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<{ cart: CartJson }>().cart.coupon).toBeNull();
  });

  it('limits the codes one client types in a minute', async () => {
    const visitor = { 'x-session-id': randomUUID() };
    const typed = [];
    for (let i = 0; i < 21; i += 1) {
      typed.push(
        await send('POST', '/checkout/apply_coupon', visitor, { code: `X${i}XX` }, '203.0.113.7'),
      );
    }
    expect(typed.slice(0, 20).map((response) => response.statusCode)).toEqual(Array(20).fill(422));
    expect(typed[20]?.statusCode).toBe(429);
  });

  it('needs a cart owner', async () => {
    expect((await apply({}, 'VISITA')).statusCode).toBe(400);
  });

  it('refuses unknown codes and automatic promotions', async () => {
    const { headers } = await shopperHeaders();
    await addToCart(ctx.app, headers, ring, 1);
    expect((await refusal(headers, 'NAOEXISTE')).message).toBe(COUPON_MESSAGES.invalid);
    await createCoupon({
      automatic: true,
      name: 'Promo Sem Codigo',
      kind: 'percent',
      value: 5,
      active: false,
    });
    expect((await refusal(headers, 'Promo Sem Codigo')).message).toBe(COUPON_MESSAGES.invalid);
  });

  it('says what the engine finds: minimum order, dates, paused, no item in scope', async () => {
    const { headers } = await shopperHeaders();
    await addToCart(ctx.app, headers, ring, 1);
    await createCoupon({ code: 'MINIMO', kind: 'percent', value: 10, min_order: '100,00' });
    expect((await refusal(headers, 'MINIMO')).message).toBe(COUPON_MESSAGES.minOrder(10_000));
    await createCoupon({
      code: 'PASSOU',
      kind: 'percent',
      value: 10,
      starts_at: '2020-01-01T00:00',
      ends_at: '2020-02-01T00:00',
    });
    expect((await refusal(headers, 'PASSOU')).message).toBe(COUPON_MESSAGES.expired);
    await createCoupon({ code: 'PAUSADO', kind: 'percent', value: 10, active: false });
    expect((await refusal(headers, 'PAUSADO')).message).toBe(COUPON_MESSAGES.invalid);
    await createCoupon({
      code: 'SONARIZ',
      kind: 'percent',
      value: 10,
      scope: { categories: ['nariz'] },
    });
    expect((await refusal(headers, 'SONARIZ')).message).toBe(COUPON_MESSAGES.noEligibleItems);
  });

  it('refuses a coupon out of uses', async () => {
    const { headers } = await shopperHeaders();
    await addToCart(ctx.app, headers, ring, 1);
    const coupon = await createCoupon({
      code: 'ULTIMO',
      kind: 'percent',
      value: 10,
      usage_limit: 1,
    });
    await ctx.database.db.update(coupons).set({ usesCount: 1 }).where(eq(coupons.id, coupon.id));
    expect((await refusal(headers, 'ULTIMO')).message).toBe(COUPON_MESSAGES.exhausted);
  });

  it('counts per customer by account and by CPF: a second account of the same CPF is refused', async () => {
    const coupon = await createCoupon({
      code: 'UMAVEZ',
      kind: 'percent',
      value: 10,
      per_customer_limit: 1,
    });
    const cpf = '52998224725';
    const first = await shopperHeaders({ cpf });
    await ctx.database.db.insert(couponCustomerUses).values([
      { couponId: coupon.id, customerKey: `u:${first.user.id}`, uses: 1 },
      { couponId: coupon.id, customerKey: `cpf:${cpf}`, uses: 1 },
    ]);
    await addToCart(ctx.app, first.headers, ring, 1);
    expect((await refusal(first.headers, 'UMAVEZ')).message).toBe(COUPON_MESSAGES.alreadyUsed);

    const second = await shopperHeaders({ cpf });
    await addToCart(ctx.app, second.headers, ring, 1);
    expect((await refusal(second.headers, 'UMAVEZ')).message).toBe(COUPON_MESSAGES.alreadyUsed);

    const other = await shopperHeaders({ cpf: '11144477735' });
    await addToCart(ctx.app, other.headers, ring, 1);
    expect((await apply(other.headers, 'UMAVEZ')).statusCode).toBe(200);
  });

  it('keeps a first-purchase coupon for shoppers without a paid order', async () => {
    await createCoupon({ code: 'PRIMEIRA', kind: 'percent', value: 10, first_purchase_only: true });
    const { headers } = await shopperHeaders();
    await addToCart(ctx.app, headers, ring, 1);
    const placed = await placeOrder(ctx.app, headers, checkoutBody());
    expect(placed.statusCode, placed.body).toBe(201);
    await addToCart(ctx.app, headers, ring, 1);
    // An unpaid order is no purchase yet.
    expect((await apply(headers, 'PRIMEIRA')).statusCode).toBe(200);
    await ctx.database.db
      .update(orders)
      .set({ paidAt: new Date() })
      .where(eq(orders.id, placed.json<{ order: { id: number } }>().order.id));
    expect((await refusal(headers, 'PRIMEIRA')).message).toBe(COUPON_MESSAGES.firstPurchase);
  });

  it('moves a visitor’s coupon into the user’s cart at login', async () => {
    await createCoupon({ code: 'LEVA', kind: 'percent', value: 5 });
    const visitor = { 'x-session-id': randomUUID() };
    await send('POST', '/anonymous_carts/add_item', visitor, { product_id: ring, quantity: 1 });
    expect((await apply(visitor, 'LEVA')).statusCode).toBe(200);
    const { headers } = await shopperHeaders();
    const merged = await send('POST', '/anonymous_carts/migrate_to_user', {
      ...headers,
      ...visitor,
    });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json<{ cart: CartJson }>().cart.coupon?.code).toBe('LEVA');
  });
});

describe('the cart’s coupon', () => {
  it('is dropped once the cart falls below its minimum, said once', async () => {
    await createCoupon({ code: 'CEM', kind: 'fixed', value: '10,00', min_order: '100,00' });
    const { headers } = await shopperHeaders();
    await addToCart(ctx.app, headers, ring, 3);
    expect((await apply(headers, 'CEM')).statusCode).toBe(200);
    const lineId = (await cartOf(headers)).items[0]!.id;

    const shrunk = await send('PATCH', `/carts/items/${lineId}`, headers, { quantity: 1 });
    const cart = shrunk.json<{ cart: CartJson }>().cart;
    expect(cart.coupon).toBeNull();
    expect(cart.coupon_notice).toBe(
      COUPON_MESSAGES.dropped('CEM', COUPON_MESSAGES.minOrder(10_000)),
    );
    expect(cart.pricing?.list.coupon_discount_cents).toBe(0);
    const again = await cartOf(headers);
    expect(again.coupon).toBeNull();
    expect(again.coupon_notice).toBeNull();
  });

  it('is dropped when the owner pauses it', async () => {
    const coupon = await createCoupon({ code: 'PAUSA', kind: 'percent', value: 5 });
    const { headers } = await shopperHeaders();
    await addToCart(ctx.app, headers, ring, 1);
    expect((await apply(headers, 'PAUSA')).statusCode).toBe(200);
    await send('PUT', `/admin/coupons/${coupon.id}`, admin, {
      coupon: { code: 'PAUSA', kind: 'percent', value: 5, active: false },
    });
    const cart = await cartOf(headers);
    expect(cart.coupon).toBeNull();
    expect(cart.coupon_notice).toBe(COUPON_MESSAGES.dropped('PAUSA', COUPON_MESSAGES.invalid));
  });
});

describe('automatic promotions', () => {
  it('show on the products they cover, in /api/store and in the cart, and go at once when paused', async () => {
    const product = async (id: number) =>
      (await send('GET', `/products/${id}`, {})).json<{ product: ProductDto }>().product;
    const store = async () =>
      (await send('GET', '/store', {})).json<{ store: PublicStoreJson }>().store;
    // Cached before the promotion exists: the write must drop these answers.
    expect((await product(nose)).promotion).toBeNull();
    expect((await store()).promotions).toEqual([]);

    const promotion = await createCoupon({
      automatic: true,
      name: 'Semana do Nariz',
      kind: 'percent',
      value: 10,
      scope: { categories: ['nariz'] },
    });
    expect((await product(nose)).promotion).toMatchObject({
      id: promotion.id,
      name: 'Semana do Nariz',
      percent: 10,
    });
    expect((await product(ring)).promotion).toBeNull();
    const listed = (await send('GET', '/products?category=nariz', {})).json<{
      products: ProductDto[];
    }>();
    expect(listed.products.find((row) => row.id === nose)?.promotion?.id).toBe(promotion.id);
    expect((await store()).promotions?.map((row) => row.name)).toEqual(['Semana do Nariz']);

    const { headers } = await shopperHeaders();
    await addToCart(ctx.app, headers, nose, 1);
    await addToCart(ctx.app, headers, ring, 1);
    const cart = await cartOf(headers);
    expect(cart.promotions?.map((row) => row.id)).toEqual([promotion.id]);
    expect(cart.pricing?.list).toMatchObject({
      subtotal_cents: 14_990,
      promotion_discount_cents: 1000,
    });

    await send('PUT', `/admin/coupons/${promotion.id}`, admin, {
      coupon: {
        automatic: true,
        name: 'Semana do Nariz',
        kind: 'percent',
        value: 10,
        active: false,
      },
    });
    expect((await product(nose)).promotion).toBeNull();
    expect((await store()).promotions).toEqual([]);
    expect((await cartOf(headers)).promotions).toEqual([]);
  });

  it('are read again when another process announces a change (NOTIFY)', async () => {
    // Another process's write: the row and the notice, without this process's service.
    await ctx.database.db.transaction(async (tx) => {
      await tx.insert(coupons).values({
        name: 'Frete Grátis SP',
        kind: 'free_shipping',
        value: 0,
        states: ['SP'],
      });
      await announcePromotionsChange(tx);
    });
    const names = async () =>
      (
        (await send('GET', '/store', {})).json<{ store: PublicStoreJson }>().store.promotions ?? []
      ).map((row) => row.name);
    await expect.poll(names, { timeout: 5_000 }).toContain('Frete Grátis SP');
  });
});
