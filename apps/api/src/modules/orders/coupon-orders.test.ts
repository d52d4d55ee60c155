import { COUPON_MESSAGES } from '@lumina/shared/promotions/coupon-messages';
import type { CouponRule } from '@lumina/shared/promotions/coupon-rules';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carts } from '../../db/schema/carts.ts';
import { orders } from '../../db/schema/orders.ts';
import {
  couponCustomerUses,
  coupons as couponsTable,
  couponUses,
} from '../../db/schema/promotions.ts';
import type { ErrorJson } from '../../test/accounts.ts';
import {
  addToCart,
  checkoutBody,
  orderOf,
  payOrder,
  placeOrder,
  shopper as newShopper,
} from '../../test/checkout.ts';
import { insertCoupon, promotionRulesFrom, usesCountOf } from '../../test/coupon-builder.ts';
import { createProduct, insertProducts } from '../../test/product-builder.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { bearerHeader, createUser, signIn } from '../../test/user-builder.ts';
import { createLowStockAlerts } from '../catalog/low-stock.ts';
import { createStockAlerts } from '../stock-alerts/service.ts';
import { PIX_PAYMENT_WINDOW_MS } from '../payments/service.ts';
import type { OrderJson } from './order-json.ts';
import { createOrderLifecycle } from './lifecycle-service.ts';
import { repriceForMethod } from './reprice.ts';

let ctx: TestContext;
let clock = new Date('2026-11-23T12:00:00.000Z');
let ring: number; // 100,00, 5% PIX rule -> 95,00

const CPF = '529.982.247-25';

beforeAll(async () => {
  ctx = await createTestContext({
    env: { PAYMENTS_SANDBOX: 'true' },
    now: () => clock,
    promotionRules: promotionRulesFrom(() => ctx.database.db),
  });
  [ring] = (await insertProducts(ctx.database.db, [
    createProduct({ name: 'Argola Lua', price_cents: 10000, stock_quantity: 500 }),
  ])) as [number];
});

afterAll(async () => {
  await ctx?.close();
});

/** A new shopper with `quantity` rings in the cart and `coupon` applied to it. */
async function shopperWith(coupon: CouponRule | null, quantity = 2) {
  const buyer = await newShopper(ctx.app, ctx.database);
  await addToCart(ctx.app, buyer.headers, ring, quantity);
  // The apply route is the promotions module's: here the cart is given its code directly.
  await ctx.database.db
    .update(carts)
    .set({ couponCode: coupon?.code ?? null })
    .where(eq(carts.userId, buyer.user.id));
  return buyer;
}

async function order(headers: object, overrides: Record<string, unknown> = {}) {
  return placeOrder(ctx.app, headers, checkoutBody(overrides));
}

async function placed(headers: object, overrides: Record<string, unknown> = {}) {
  const response = await order(headers, overrides);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ order: OrderJson }>().order;
}

function expectRejected(response: { statusCode: number; json: <T>() => T }, reason: string) {
  expect(response.statusCode).toBe(422);
  expect(response.json<ErrorJson>()).toMatchObject({
    message: reason,
    code: 'coupon_rejected',
    fields: { coupon: [reason] },
  });
}

async function usesOf(orderId: number) {
  return ctx.database.db.select().from(couponUses).where(eq(couponUses.orderId, orderId));
}

async function counterOf(couponId: number, key: string) {
  const [row] = await ctx.database.db
    .select({ uses: couponCustomerUses.uses })
    .from(couponCustomerUses)
    .where(and(eq(couponCustomerUses.couponId, couponId), eq(couponCustomerUses.customerKey, key)));
  return row?.uses ?? 0;
}

describe('an order with a coupon', () => {
  it('takes the percent off the PIX prices; items, order and PIX charge agree', async () => {
    const coupon = await insertCoupon(ctx.database.db, { code: 'DEZ', value: 1000 });
    const { headers } = await shopperWith(coupon);
    const created = await placed(headers);
    // 2 x 95,00 = 190,00; 10 % = 19,00.
    expect(created).toMatchObject({
      subtotal_cents: 19000,
      discount_cents: 1900,
      coupon_discount_cents: 1900,
      promotion_discount_cents: 0,
      coupon_code: 'DEZ',
      shipping_discount_cents: 0,
    });
    expect(created.items).toMatchObject([
      { unit_price_cents: 9500, coupon_discount_cents: 1900, total_cents: 17100 },
    ]);
    const items = created.items.reduce((sum, item) => sum + item.total_cents, 0);
    expect(items).toBe(created.subtotal_cents - created.discount_cents);
    expect(created.total_cents).toBe(items + created.shipping_cost_cents);

    const payment = await payOrder(ctx.app, headers, created.id);
    expect(payment.statusCode, payment.body).toBe(200);
    const charge = payment.json<{ amount: number; pricing: { discount: number } }>();
    expect(Math.round(charge.amount * 100)).toBe(created.total_cents);
    expect(charge.pricing.discount).toBe(19);

    expect(await usesOf(created.id)).toMatchObject([
      { couponId: coupon.id, discountCents: 1900, releasedAt: null },
    ]);
    expect(await usesCountOf(ctx.database.db, coupon.id)).toBe(1);
  });

  it('re-priced for a card, takes the coupon off the list prices and keeps its one use', async () => {
    // Not stacking with PIX: by PIX the coupon gives only what it saves below the PIX price.
    const coupon = await insertCoupon(ctx.database.db, {
      code: 'DEZSEMPIX',
      value: 1000,
      combinesWithPix: false,
    });
    const { headers, user } = await shopperWith(coupon);
    const created = await placed(headers);
    // 200,00 - 10 % = 180,00 against 190,00 by PIX: 10,00 off.
    expect(created).toMatchObject({ subtotal_cents: 19000, coupon_discount_cents: 1000 });
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, created.id));
    const card = await ctx.database.db.transaction((tx) =>
      repriceForMethod(
        tx,
        // The application's own lifecycle writer, so the re-pricing is recorded as in production.
        createOrderLifecycle({
          now: () => clock,
          outbox: ctx.app.outbox,
          appUrl: 'http://localhost',
          storeSettings: () => ctx.app.settings.storeSettings(),
          stockWatch: {
            lowStock: createLowStockAlerts({
              outbox: ctx.app.outbox,
              appUrl: 'http://localhost',
              storeSettings: () => ctx.app.settings.storeSettings(),
            }),
            restock: createStockAlerts({
              db: ctx.database.db,
              outbox: ctx.app.outbox,
              throttle: ctx.app.services.throttle,
              appUrl: 'http://localhost',
              storeSettings: () => ctx.app.settings.storeSettings(),
              now: () => clock,
            }).watch,
          },
        }),
        row!,
        'card',
        { actor: 'customer', userId: user.id },
        clock,
      ),
    );
    expect(card).toMatchObject({
      paymentMethod: 'card',
      subtotalCents: 20000,
      discountCents: 2000,
      totalCents: 18000 + created.shipping_cost_cents,
      couponCode: 'DEZSEMPIX',
    });
    expect((await orderOf(ctx.app, headers, created.id)).items).toMatchObject([
      { unit_price_cents: 10000, coupon_discount_cents: 2000, total_cents: 18000 },
    ]);
    expect(await usesOf(created.id)).toMatchObject([{ discountCents: 1000 }]);
    expect(await usesCountOf(ctx.database.db, coupon.id)).toBe(1);
  });

  it('refuses a coupon whose problem the cart has not shown yet (minimum order)', async () => {
    const coupon = await insertCoupon(ctx.database.db, { code: 'MIN500', minOrderCents: 50000 });
    const { headers } = await shopperWith(coupon);
    expectRejected(await order(headers), COUPON_MESSAGES.minOrder(50000));
  });

  it('counts the per-customer limit by CPF across two accounts', async () => {
    const coupon = await insertCoupon(ctx.database.db, { code: 'UMAVEZ', perCustomerLimit: 1 });
    const first = await shopperWith(coupon);
    const created = await placed(first.headers, { customer_cpf: CPF });
    expect(created.coupon_code).toBe('UMAVEZ');
    expect(await counterOf(coupon.id, 'cpf:52998224725')).toBe(1);
    expect(await counterOf(coupon.id, `u:${first.user.id}`)).toBe(1);

    const second = await shopperWith(coupon);
    expectRejected(await order(second.headers, { customer_cpf: CPF }), COUPON_MESSAGES.alreadyUsed);
    // The refusal rolled the whole order back: no use, no order, the counters as they were.
    expect(await usesCountOf(ctx.database.db, coupon.id)).toBe(1);
    expect(await counterOf(coupon.id, 'cpf:52998224725')).toBe(1);
    expect(
      await ctx.database.db.select().from(orders).where(eq(orders.userId, second.user.id)),
    ).toEqual([]);
    // The same account again, without a CPF: its own counter refuses.
    await addToCart(ctx.app, first.headers, ring, 1);
    await ctx.database.db
      .update(carts)
      .set({ couponCode: 'UMAVEZ' })
      .where(eq(carts.userId, first.user.id));
    expectRejected(await order(first.headers), COUPON_MESSAGES.alreadyUsed);
  });

  it('refuses a first-purchase coupon after a paid order of the account or of its CPF', async () => {
    const coupon = await insertCoupon(ctx.database.db, {
      code: 'PRIMEIRA',
      firstPurchaseOnly: true,
    });
    const buyer = await shopperWith(null, 1);
    const paid = await placed(buyer.headers, { customer_cpf: CPF });
    expect((await payOrder(ctx.app, buyer.headers, paid.id)).statusCode).toBe(200);
    const approved = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${paid.id}/simulate_payment`,
      headers: buyer.headers,
    });
    expect(approved.statusCode, approved.body).toBe(200);

    await addToCart(ctx.app, buyer.headers, ring, 1);
    await ctx.database.db
      .update(carts)
      .set({ couponCode: coupon.code })
      .where(eq(carts.userId, buyer.user.id));
    expectRejected(await order(buyer.headers), COUPON_MESSAGES.firstPurchase);

    const sameCpf = await shopperWith(coupon);
    expectRejected(
      await order(sameCpf.headers, { customer_cpf: CPF }),
      COUPON_MESSAGES.firstPurchase,
    );
    const newcomer = await shopperWith(coupon);
    expect((await placed(newcomer.headers)).coupon_code).toBe('PRIMEIRA');
  });

  it('gives the use back when the unpaid order expires, once', async () => {
    const coupon = await insertCoupon(ctx.database.db, {
      code: 'ULTIMO',
      usageLimit: 1,
      perCustomerLimit: 1,
    });
    const first = await shopperWith(coupon);
    const created = await placed(first.headers);
    expect((await payOrder(ctx.app, first.headers, created.id)).statusCode).toBe(200);
    const late = await shopperWith(coupon);
    expectRejected(await order(late.headers), COUPON_MESSAGES.exhausted);

    await ctx.app.payments.expireOverdue();
    clock = new Date(clock.getTime() + PIX_PAYMENT_WINDOW_MS + 1000);
    await ctx.app.payments.expireOverdue();
    await ctx.app.payments.expireOverdue();
    const [expired] = await ctx.database.db.select().from(orders).where(eq(orders.id, created.id));
    expect(expired?.status).toBe('cancelled');
    expect(await usesOf(created.id)).toMatchObject([{ releasedAt: clock }]);
    expect(await usesCountOf(ctx.database.db, coupon.id)).toBe(0);
    expect(await counterOf(coupon.id, `u:${first.user.id}`)).toBe(0);

    // The freed use goes to the next shopper (a new one: the first's session has expired too).
    const next = await shopperWith(coupon);
    expect((await placed(next.headers)).coupon_code).toBe('ULTIMO');
    expect(await usesCountOf(ctx.database.db, coupon.id)).toBe(1);
  });
});

describe('a cancelled order restored by a late payment', () => {
  it('holds its use again below the limit; past it, keeps the discount it was paid at', async () => {
    const owner = await createUser(ctx.database, { role: 'admin' });
    const admin = bearerHeader((await signIn(ctx.app, owner)).access_token);
    const act = (orderId: number, action: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${orderId}/${action}`,
        headers: admin,
      });
    const coupon = await insertCoupon(ctx.database.db, { code: 'VOLTA', usageLimit: 1 });
    const buyer = await shopperWith(coupon);
    const created = await placed(buyer.headers);
    expect((await payOrder(ctx.app, buyer.headers, created.id)).statusCode).toBe(200);
    expect((await act(created.id, 'cancel')).statusCode).toBe(200);
    expect(await usesCountOf(ctx.database.db, coupon.id)).toBe(0);
    expect((await act(created.id, 'confirm_payment')).statusCode).toBe(200);
    expect(await usesCountOf(ctx.database.db, coupon.id)).toBe(1);
    expect(await usesOf(created.id)).toMatchObject([{ releasedAt: null }]);

    // Another order whose use went to another shopper while it was cancelled: still restored.
    const last = await insertCoupon(ctx.database.db, { code: 'VOLTAULTIMO', usageLimit: 1 });
    const late = await shopperWith(last);
    const lateOrder = await placed(late.headers);
    expect((await payOrder(ctx.app, late.headers, lateOrder.id)).statusCode).toBe(200);
    expect((await act(lateOrder.id, 'cancel')).statusCode).toBe(200);
    const other = await shopperWith(last);
    expect((await placed(other.headers)).coupon_code).toBe('VOLTAULTIMO');
    const restored = await act(lateOrder.id, 'confirm_payment');
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await usesCountOf(ctx.database.db, last.id)).toBe(1);
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, lateOrder.id));
    expect(row).toMatchObject({ status: 'processing', discountCents: 1900 });
  });
});

describe('automatic promotions and free shipping', () => {
  it('applies an automatic percent promotion and a free-shipping coupon to the order', async () => {
    const promotion = await insertCoupon(ctx.database.db, {
      code: null,
      name: '5% na orelha',
      value: 500,
      categories: ['orelha'],
    });
    const coupon = await insertCoupon(ctx.database.db, {
      code: 'FRETEGRATIS',
      kind: 'free_shipping',
      value: 0,
      states: ['SP'],
    });
    const { headers } = await shopperWith(coupon);
    const quote = await ctx.app.inject({
      method: 'POST',
      url: '/api/carts/calculate_shipping',
      headers,
      payload: { zip_code: '01310100', service: 'sedex' },
    });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(
      quote.json<{ shipping: { cost_cents: number; description: string } }>().shipping,
    ).toEqual(
      expect.objectContaining({
        cost_cents: 0,
        description: COUPON_MESSAGES.freeShippingByCoupon('FRETEGRATIS'),
      }),
    );

    const created = await placed(headers, { shipping_method: 'sedex' });
    // 2 x 95,00 = 190,00; the promotion's 5 % = 9,50.
    expect(created).toMatchObject({
      subtotal_cents: 19000,
      promotion_discount_cents: 950,
      coupon_discount_cents: 0,
      discount_cents: 950,
      shipping_cost_cents: 0,
      coupon_code: 'FRETEGRATIS',
      total_cents: 18050,
    });
    expect(created.shipping_discount_cents).toBeGreaterThan(0);
    expect(await usesOf(created.id)).toMatchObject([
      { couponId: coupon.id, discountCents: created.shipping_discount_cents },
    ]);
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, created.id));
    expect(row?.pricingRules?.promotions.map((rule) => rule.id)).toEqual([promotion.id]);
    // Tests added after this one start without it.
    await ctx.database.db
      .update(couponsTable)
      .set({ active: false })
      .where(eq(couponsTable.id, promotion.id));
  });
});
