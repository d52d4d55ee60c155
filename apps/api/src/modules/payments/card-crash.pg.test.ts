// A process killed (SIGKILL) after MercadoPago approved a card and before the API heard it: the
// next process applies the charge from MercadoPago's notification, once. Runs only in
// `npm run test:pg`: the processes share a PostgreSQL server (PGlite is one process's).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, openPostgres } from '../../db/database.ts';
import { orders, payments } from '../../db/schema/orders.ts';
import {
  type FakeMercadoPagoServer,
  startFakeMercadoPago,
} from '../../integrations/mercadopago/fake-mercadopago-server.ts';
import {
  startTestSmtpServer,
  subjectsTo,
  type TestSmtpServer,
} from '../../integrations/mail/test-smtp-server.ts';
import { registerUser } from '../../test/accounts.ts';
import {
  callApi,
  createDatabaseFromTemplate,
  STARTUP_TIMEOUT_MS,
  startApi,
  stopAllApis,
  stopApi,
} from '../../test/api-process.ts';
import { checkoutBody } from '../../test/checkout-body.ts';
import { stockOf } from '../../test/checkout.ts';
import { createProduct, insertProducts } from '../../test/product-builder.ts';
import { ORDER_MAIL_SUBJECTS } from '../orders/order-mails.ts';
import { mercadoPagoTestEnv } from '../../integrations/mercadopago/mercadopago-test-env.ts';

const template = inject('testDatabase');
const SECRET = 'mercadopago-secret-for-the-crash';

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not reached within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(template.driver !== 'postgres')('a card approved across a crash', () => {
  let smtp: TestSmtpServer;
  let fake: FakeMercadoPagoServer;
  let database: Database | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  let url = '';
  let productId = 0;

  beforeAll(async () => {
    if (template.driver !== 'postgres') return;
    smtp = await startTestSmtpServer();
    fake = await startFakeMercadoPago();
    const created = await createDatabaseFromTemplate(
      template.serverUrl,
      template.template,
      'lumina_card_crash',
    );
    url = created.url;
    dropDatabase = created.drop;
    database = openPostgres(url, { poolMax: 2 });
    [productId] = (await insertProducts(database.db, [
      createProduct({ name: 'Argola Sol', price_cents: 8000, stock_quantity: 5 }),
    ])) as [number];
  }, STARTUP_TIMEOUT_MS);

  afterAll(async () => {
    await stopAllApis();
    await database?.close();
    await dropDatabase?.();
    await smtp?.close();
    await fake?.close();
  }, 60_000);

  const stock = () => stockOf(database!, productId);

  it('is paid once, its stock taken once and one e-mail, from the notification after restart', async () => {
    const env = {
      SMTP_URL: smtp.url,
      // The built-in PIX with cards through MercadoPago beside it.
      ...mercadoPagoTestEnv(fake, { webhookSecret: SECRET, pix: false }),
      // Longer than the test waits: the process dies still waiting for MercadoPago's answer.
      MERCADOPAGO_TIMEOUT_MS: '60000',
    };
    const before = await stock();
    const first = await startApi(url, env);
    const email = 'cartao.sobrevivente@example.com';
    const registered = await callApi(first, 'POST', '/api/users/register', {
      body: { user: registerUser({ email }) },
    });
    expect(registered.status).toBe(201);
    const headers = { authorization: `Bearer ${String(registered.json.access_token)}` };
    const add = await callApi(first, 'POST', '/api/carts/items', {
      body: { product_id: productId, quantity: 2 },
      headers,
    });
    expect(add.status).toBe(201);
    const placed = await callApi(first, 'POST', '/api/orders', {
      body: checkoutBody({ customer_email: email }),
      headers,
    });
    expect(placed.status).toBe(201);
    const order = placed.json.order as { id: number; order_number: string };
    const afterOrder = await stock();

    // MercadoPago approves the card and its answer never comes back; the process dies waiting.
    const token = await fake.cardToken('APRO');
    const created = fake.creations;
    fake.failNext(1, 'timeout');
    const paying = callApi(first, 'POST', `/api/orders/${order.id}/payments`, {
      body: {
        method: 'card',
        token,
        installments: 1,
        payment_method_id: 'master',
        issuer_id: '24',
        payer: { cpf: '529.982.247-25' },
      },
      headers,
    }).catch(() => undefined);
    await until(() => fake.creations > created, 10_000);
    await stopApi(first, { kill: true });
    await paying;
    const charge = [...fake.payments.values()].find(
      (payment) => payment.external_reference === order.order_number,
    );
    expect(charge?.status).toBe('approved');
    const [orphan] = await database!.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, order.id));
    expect(orphan).toMatchObject({ method: 'card', status: 'pending', gatewayPaymentId: null });

    // The next process hears MercadoPago's notification (twice, as it retries) and applies it.
    const second = await startApi(url, env);
    const webhookUrl = `${second.baseUrl}/api/webhooks/mercadopago`;
    expect((await fake.notify(webhookUrl, charge!.id, { secret: SECRET })).status).toBe(200);
    expect((await fake.notify(webhookUrl, charge!.id, { secret: SECRET })).status).toBe(200);

    const [paid] = await database!.db.select().from(orders).where(eq(orders.id, order.id));
    expect(paid).toMatchObject({ status: 'processing', paymentStatus: 'approved' });
    const rows = await database!.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(rows.map((row) => [row.method, row.status, row.gatewayPaymentId])).toEqual([
      ['card', 'approved', String(charge!.id)],
    ]);
    expect(afterOrder).toBe(before - 2);
    expect(await stock()).toBe(afterOrder);
    await until(
      () => subjectsTo(smtp, email).includes(ORDER_MAIL_SUBJECTS.approved(order.order_number)),
      20_000,
    );
    // A moment more: a duplicate would arrive now.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(
      subjectsTo(smtp, email).filter(
        (subject) => subject === ORDER_MAIL_SUBJECTS.approved(order.order_number),
      ),
    ).toHaveLength(1);
    await stopApi(second);
  }, 120_000);
});
