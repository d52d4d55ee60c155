import type { PayByMethodResponse } from '@lumina/shared/payments/payment-by-method';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/mail-outbox.ts';
import { orderEvents, payments } from '../../db/schema/orders.ts';
import { refunds } from '../../db/schema/refunds.ts';
import {
  type FakeMercadoPagoServer,
  startFakeMercadoPago,
} from '../../integrations/mercadopago/fake-mercadopago-server.ts';
import { mercadoPagoTestEnv } from '../../integrations/mercadopago/mercadopago-test-env.ts';
import { returnsFixture, type ReturnsFixture } from '../../test/returns.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { createUser } from '../../test/user-builder.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { DUPLICATE_REFUND_REASON } from './service.ts';

/**
 * An order paid twice (a MercadoPago PIX superseded by a card, then paid anyway): the order stays
 * paid once and the second payment goes back in full at MercadoPago, once.
 */

const SECRET = 'mercadopago-secret-duplicate';

describe('a second payment of an order already paid', () => {
  let ctx: TestContext;
  let fake: FakeMercadoPagoServer;
  let shop: ReturnsFixture;
  let webhookUrl: string;
  let admin: UserRow;

  beforeAll(async () => {
    fake = await startFakeMercadoPago();
    ctx = await createTestContext({
      env: {
        ...mercadoPagoTestEnv(fake, { webhookSecret: SECRET }),
        MERCADOPAGO_TIMEOUT_MS: '5000',
      },
    });
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    webhookUrl = `${address}/api/webhooks/mercadopago`;
    shop = returnsFixture(ctx.app, ctx.database);
    admin = await createUser(ctx.database, { role: 'admin', email: 'dona.duplicidade@loja.test' });
  });

  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
  });

  async function rowsOf(orderId: number) {
    return ctx.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, orderId))
      .orderBy(payments.id);
  }

  async function mailsOf(orderId: number, kind: string) {
    return ctx.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.orderId, orderId), eq(mailOutbox.kind, kind)));
  }

  it('refunds the superseded PIX paid after the card, once, and keeps the order paid', async () => {
    const ring = await shop.ring();
    const placed = await shop.placed([
      { productId: ring.productId, variantId: ring.eight, quantity: 1 },
    ]);
    const token = await fake.cardToken('APRO');
    const paid = await shop.call(placed.buyer, 'POST', `/orders/${placed.order.id}/payments`, {
      method: 'card',
      token,
      installments: 1,
      payment_method_id: 'master',
      issuer_id: '24',
      payer: { cpf: '529.982.247-25' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json<PayByMethodResponse>().payment.status).toBe('approved');
    const [pix, card] = await rowsOf(placed.order.id);
    expect([pix?.method, pix?.status, card?.method, card?.status]).toEqual([
      'pix',
      'cancelled',
      'card',
      'approved',
    ]);
    const stockAfterCard = await shop.variantStock(ring.eight);

    // MercadoPago reports the PIX paid all the same (paid while it was being cancelled).
    const pixId = String(pix?.gatewayPaymentId);
    fake.setStatus(pixId, 'approved', 'accredited');
    expect((await fake.notify(webhookUrl, pixId, { secret: SECRET })).status).toBe(200);
    // A replayed notification refunds nothing more.
    expect((await fake.notify(webhookUrl, pixId, { secret: SECRET })).status).toBe(200);

    expect(fake.refunds.get(pixId)).toHaveLength(1);
    expect(fake.refunds.get(String(card?.gatewayPaymentId))).toBeUndefined();
    expect(fake.payments.get(pixId)?.status).toBe('refunded');
    const after = await rowsOf(placed.order.id);
    expect(after.map((row) => [row.method, row.status])).toEqual([
      ['pix', 'refunded'],
      ['card', 'approved'],
    ]);
    const refundRows = await ctx.database.db
      .select()
      .from(refunds)
      .where(eq(refunds.orderId, placed.order.id));
    expect(refundRows).toEqual([
      expect.objectContaining({
        paymentId: pix?.id,
        amountCents: pix?.amountCents,
        status: 'completed',
        method: 'mercadopago',
        reason: DUPLICATE_REFUND_REASON,
      }),
    ]);

    expect(await shop.orderOf(placed.buyer, placed.order.id)).toMatchObject({
      status: 'processing',
      payment_status: 'approved',
    });
    expect(await shop.variantStock(ring.eight)).toBe(stockAfterCard);
    expect(await mailsOf(placed.order.id, 'payment_approved')).toHaveLength(1);
    expect(await mailsOf(placed.order.id, 'order_refund')).toHaveLength(1);
    expect(await mailsOf(placed.order.id, 'order_refunded')).toHaveLength(0);
    expect(await mailsOf(placed.order.id, 'admin_duplicate_payment')).toHaveLength(0);
    const events = await ctx.database.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, placed.order.id));
    expect(events.filter((event) => event.action === 'duplicate_payment')).toHaveLength(1);

    // The card's charge is still the order's to refund in full.
    const detail = await shop.call(admin, 'GET', `/admin/orders/${placed.order.id}`);
    expect(detail.json<{ refundable: number }>().refundable).toBe((card?.amountCents ?? 0) / 100);
  });
});
