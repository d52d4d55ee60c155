// Restocks racing on a PostgreSQL server, where the requests really run side by side on their
// own connections: administrators saving the same count at once, and orders cancelled together,
// bring the variant back from 0 exactly once each time, and every waiting shopper is e-mailed
// once, oldest first. Runs only in `npm run test:pg`; skipped on PGlite, which serialises every
// statement.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { mailOutbox } from '../../db/schema/mail-outbox.ts';
import {
  startTestSmtpServer,
  type TestSmtpServer,
} from '../../integrations/mail/test-smtp-server.ts';
import { placeOrder } from '../../test/checkout.ts';
import { createSettingsBody } from '../../test/settings-builder.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { bearerHeader, createUser, signIn } from '../../test/user-builder.ts';

const WAITING = 12;
const ADMINS = 4;

describe.skipIf(inject('testDatabase').driver !== 'postgres')(
  'back-in-stock e-mails under concurrent restocks on PostgreSQL',
  () => {
    let ctx: TestContext;
    let smtp: TestSmtpServer;
    let admins: Record<string, string>[];
    let product: { id: number; sku: string; variants: { id: number; sku: string }[] };
    const queue: string[] = [];

    beforeAll(async () => {
      smtp = await startTestSmtpServer();
      ctx = await createTestContext({ env: { SMTP_URL: smtp.url } });
      admins = [];
      for (let i = 0; i < ADMINS; i += 1) {
        const admin = await createUser(ctx.database, { role: 'admin' });
        admins.push(bearerHeader((await signIn(ctx.app, admin)).access_token));
      }
      const settings = await ctx.app.inject({
        method: 'PUT',
        url: '/api/admin/settings',
        headers: admins[0],
        payload: {
          settings: createSettingsBody({ stock_alerts_per_unit: 2, stock_alerts_per_restock: 50 }),
        },
      });
      expect(settings.statusCode, settings.body).toBe(200);
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/products',
        headers: admins[0],
        payload: { product: body(0) },
      });
      expect(created.statusCode, created.body).toBe(201);
      product = created.json<{ product: typeof product }>().product;

      // Shoppers with verified addresses join the queue one after another.
      for (let i = 0; i < WAITING; i += 1) {
        const user = await createUser(ctx.database, {
          email: `fila${i}@example.com`,
          emailVerifiedAt: new Date(),
        });
        const asked = await ctx.app.inject({
          method: 'POST',
          url: '/api/stock_alerts',
          headers: bearerHeader((await signIn(ctx.app, user)).access_token),
          remoteAddress: `203.0.113.${i + 1}`,
          payload: { variant_id: product.variants[0]?.id, email: user.email, consent: true },
        });
        expect(asked.json(), asked.body).toMatchObject({ status: 'waiting' });
        queue.push(user.email);
      }
    }, 60_000);

    afterAll(async () => {
      await ctx?.app.outbox.drain();
      await ctx?.close();
      await smtp?.close();
    });

    /** The panel's form of a product sold as one variant, with its count. */
    function body(stock: number) {
      return {
        name: 'Argola Corrida',
        price: '59,90',
        category: 'orelha',
        sku: 'CORRIDA-ALERTA',
        stock_quantity: stock,
      };
    }

    /** Who got the e-mail so far, in the order it went out; each row of the outbox counted. */
    async function told(): Promise<{ recipients: string[]; rows: number }> {
      await ctx.app.outbox.deliverDue();
      const rows = await ctx.database.db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(eq(mailOutbox.kind, 'back_in_stock'));
      return {
        recipients: smtp.received
          .filter((mail) => mail.subject.startsWith('Chegou: '))
          .flatMap((mail) => mail.recipients),
        rows: rows.length,
      };
    }

    async function sellAll(units: number): Promise<number[]> {
      const orders: number[] = [];
      for (let i = 0; i < units; i += 1) {
        const buyer = await createUser(ctx.database);
        const headers = bearerHeader((await signIn(ctx.app, buyer)).access_token);
        const added = await ctx.app.inject({
          method: 'POST',
          url: '/api/carts/items',
          headers,
          payload: { product_id: product.id, variant_id: product.variants[0]?.id, quantity: 1 },
        });
        expect(added.statusCode, added.body).toBe(201);
        const placed = await placeOrder(ctx.app, headers);
        expect(placed.statusCode, placed.body).toBe(201);
        orders.push(placed.json<{ order: { id: number } }>().order.id);
      }
      return orders;
    }

    it('sends each waiting shopper one e-mail, oldest first, however the restocks interleave', async () => {
      // Four administrators save 3 units at the same moment: one of them finds the shelf empty.
      const saves = await Promise.all(
        admins.map((headers) =>
          ctx.app.inject({
            method: 'PUT',
            url: `/api/products/${product.id}`,
            headers,
            payload: { product: body(3) },
          }),
        ),
      );
      expect(saves.map((save) => save.statusCode)).toEqual(admins.map(() => 200));
      expect(await told()).toEqual({ recipients: queue.slice(0, 6), rows: 6 });

      // Sold out, then the three orders cancelled at once: one comes back from 0 (1 unit: 2
      // people), the others find units already there.
      const orders = await sellAll(3);
      const cancels = await Promise.all(
        orders.map((id, index) =>
          ctx.app.inject({
            method: 'POST',
            url: `/api/admin/orders/${id}/cancel`,
            headers: admins[index % ADMINS],
            payload: {},
          }),
        ),
      );
      expect(cancels.map((cancel) => cancel.statusCode)).toEqual([200, 200, 200]);
      expect(await told()).toEqual({ recipients: queue.slice(0, 8), rows: 8 });

      // Sold out again; an administrator's save and two cancellations race: whichever is first
      // calls the next ones, and nobody twice.
      const again = await sellAll(3);
      const mixed = await Promise.all([
        ctx.app.inject({
          method: 'PUT',
          url: `/api/products/${product.id}`,
          headers: admins[1],
          payload: { product: body(2) },
        }),
        ...again.slice(0, 2).map((id) =>
          ctx.app.inject({
            method: 'POST',
            url: `/api/admin/orders/${id}/cancel`,
            headers: admins[2],
            payload: {},
          }),
        ),
      ]);
      expect(mixed.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
      const { recipients, rows } = await told();
      // The first to land brought 1 unit (a cancellation: 2 people) or 2 (the save: 4 people).
      expect([10, 12]).toContain(recipients.length);
      expect(rows).toBe(recipients.length);
      expect(recipients).toEqual(queue.slice(0, recipients.length));
      expect(new Set(recipients).size).toBe(recipients.length);
    }, 120_000);
  },
);
