// Administrators refunding the same withdrawal (or the same order) at the same moment, on a
// PostgreSQL server where the requests really run side by side on their own connections: exactly
// one refund reaches MercadoPago and the refunds table, the others are told it is done or under
// way. Runs only in `npm run test:pg`; skipped on PGlite, which serialises every statement.
import type { CreateReturnResponse } from '@lumina/shared/returns/return-schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { refunds } from '../../db/schema/refunds.ts';
import type { UserRow } from '../../db/schema/users.ts';
import {
  type FakeMercadoPagoServer,
  startFakeMercadoPago,
} from '../../integrations/mercadopago/fake-mercadopago-server.ts';
import { returnsFixture, type ReturnsFixture, TRACKING } from '../../test/returns.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { createUser } from '../../test/user-builder.ts';
import { mercadoPagoTestEnv } from '../../integrations/mercadopago/mercadopago-test-env.ts';

const ADMINS = 4;
const ROUNDS = 3;

describe.skipIf(inject('testDatabase').driver !== 'postgres')(
  'refunds by several administrators at once on PostgreSQL',
  () => {
    let ctx: TestContext;
    let fake: FakeMercadoPagoServer;
    let shop: ReturnsFixture;
    let admins: UserRow[];

    beforeAll(async () => {
      fake = await startFakeMercadoPago();
      ctx = await createTestContext({
        env: {
          ...mercadoPagoTestEnv(fake, { webhookSecret: 'race-secret', cards: false }),
          APP_URL: 'https://loja.test',
        },
      });
      shop = returnsFixture(ctx.app, ctx.database);
      admins = [];
      for (let i = 0; i < ADMINS; i += 1) {
        admins.push(await createUser(ctx.database, { role: 'admin', email: `dona${i}@race.test` }));
      }
    });

    afterAll(async () => {
      await ctx?.close();
      await fake?.close();
    });

    async function deliveredOrder() {
      const ring = await shop.ring();
      const placed = await shop.placed([
        { productId: ring.productId, variantId: ring.eight, quantity: 2 },
      ]);
      fake.setStatus(placed.payment.gateway_payment_id, 'approved');
      expect((await shop.call(placed.buyer, 'POST', '/my_orders/verify_pix')).statusCode).toBe(200);
      await shop.adminAct(admins[0]!, placed.order.id, 'ship', { tracking_code: TRACKING });
      await shop.adminAct(admins[0]!, placed.order.id, 'deliver');
      return { ...placed, gatewayId: placed.payment.gateway_payment_id };
    }

    async function rowsOf(orderId: number) {
      return ctx.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    }

    /** Every administrator sends `url` at once; the statuses, sorted. */
    async function atOnce(url: string, body: object): Promise<number[]> {
      const headers = await Promise.all(admins.map((admin) => shop.headersOf(admin)));
      const answers = await Promise.all(
        headers.map((header) =>
          ctx.app.inject({ method: 'POST', url: `/api${url}`, headers: header, payload: body }),
        ),
      );
      return answers.map((answer) => answer.statusCode).sort();
    }

    it(`refunds a withdrawal once when ${ADMINS} administrators press 'Reembolsar' together`, async () => {
      for (let round = 0; round < ROUNDS; round += 1) {
        const placed = await deliveredOrder();
        const created = await shop.call(
          placed.buyer,
          'POST',
          `/orders/${placed.order.id}/returns`,
          {
            return: {
              type: 'withdrawal',
              items: [{ order_item_id: placed.order.items[0]!.id, quantity: 1 }],
            },
          },
        );
        const request = created.json<CreateReturnResponse>().return;
        await shop.call(admins[0]!, 'POST', `/admin/returns/${request.id}/receive`, {
          items: [{ return_item_id: request.items[0]!.id, resellable: true }],
        });

        const statuses = await atOnce(`/admin/returns/${request.id}/refund`, {});
        expect(statuses).toEqual([200, ...Array.from({ length: ADMINS - 1 }, () => 409)]);
        expect(fake.refunds.get(placed.gatewayId)).toHaveLength(1);
        expect((await rowsOf(placed.order.id)).map((row) => row.status)).toEqual(['completed']);
        expect(await shop.orderOf(placed.buyer, placed.order.id)).toMatchObject({
          status: 'partially_returned',
          refunded_total: placed.order.items[0]!.price,
        });
      }
    }, 120_000);

    it('gives the rest of an order back once when several refund it in full together', async () => {
      for (let round = 0; round < ROUNDS; round += 1) {
        const placed = await deliveredOrder();
        const statuses = await atOnce(`/admin/orders/${placed.order.id}/refunds`, {});
        expect(statuses).toEqual([200, ...Array.from({ length: ADMINS - 1 }, () => 409)]);
        expect(fake.refunds.get(placed.gatewayId)?.map((refund) => refund.amount)).toEqual([
          placed.order.total,
        ]);
        const rows = await rowsOf(placed.order.id);
        expect(rows.map((row) => [row.status, row.amountCents])).toEqual([
          ['completed', placed.order.total_cents],
        ]);
        expect(await shop.orderOf(placed.buyer, placed.order.id)).toMatchObject({
          status: 'refunded',
          payment_status: 'refunded',
        });
      }
    }, 120_000);
  },
);
