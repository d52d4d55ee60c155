// A process killed (SIGKILL) between a state change and its e-mails: the e-mails still go out,
// once each, from the next process, and the shopper's retry answers the paid order. Runs only in
// `npm run test:pg`: the processes share a PostgreSQL server (PGlite is one process's).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, openPostgres } from '../../db/database.ts';
import { mailOutbox } from '../../db/schema/mail-outbox.ts';
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
import { createProduct, insertProducts } from '../../test/product-builder.ts';
import { ORDER_MAIL_SUBJECTS } from '../orders/order-mails.ts';

const template = inject('testDatabase');
const MAIL_TIMEOUT_MS = 5_000;

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not reached within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(template.driver !== 'postgres')('e-mails across a crash', () => {
  let smtp: TestSmtpServer;
  let database: Database | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  let url = '';
  let productId = 0;

  beforeAll(async () => {
    if (template.driver !== 'postgres') return;
    smtp = await startTestSmtpServer();
    const created = await createDatabaseFromTemplate(
      template.serverUrl,
      template.template,
      'lumina_crash',
    );
    url = created.url;
    dropDatabase = created.drop;
    database = openPostgres(url, { poolMax: 2 });
    [productId] = (await insertProducts(database.db, [
      createProduct({ name: 'Argola Lua', stock_quantity: 5 }),
    ])) as [number];
  }, STARTUP_TIMEOUT_MS);

  afterAll(async () => {
    await stopAllApis();
    await database?.close();
    await dropDatabase?.();
    await smtp?.close();
  }, 60_000);

  it('sends each promised e-mail once after a SIGKILL, and the retry answers the paid order', async () => {
    const env = { SMTP_URL: smtp.url, MAIL_TIMEOUT_MS: String(MAIL_TIMEOUT_MS) };
    const first = await startApi(url, env);
    const email = 'sobrevivente@example.com';
    const registered = await callApi(first, 'POST', '/api/users/register', {
      body: { user: registerUser({ email }) },
    });
    expect(registered.status).toBe(201);
    // The account's confirmation link goes first; waited for, so the e-mail held below is the
    // order's whatever the timing.
    await smtp.waitForMail(email, 20_000);
    smtp.clear();
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

    // The mail server stalls: the order-received e-mail is on the wire, unacknowledged.
    smtp.hold(true);
    const paid = await callApi(first, 'POST', `/api/orders/${order.id}/mercadopago_payment`, {
      body: { payment_method: 'pix' },
      headers,
    });
    expect(paid.status).toBe(200);
    await until(() => smtp.held >= 1, 3_000);
    const approved = await callApi(first, 'POST', `/api/orders/${order.id}/simulate_payment`, {
      body: {},
      headers,
    });
    expect(approved.json).toMatchObject({ status: 'approved', order_status: 'processing' });

    // The process dies with the approval committed and no e-mail delivered.
    await stopApi(first, { kill: true });
    smtp.hold(false);
    expect(subjectsTo(smtp, email)).toEqual([]);
    const queued = await database!.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.orderId, order.id));
    expect(queued.map((row) => [row.kind, row.status])).toEqual([
      ['order_received', 'pending'],
      ['payment_approved', 'pending'],
    ]);
    // The held e-mail's lease outlives the dead sender by design; the next process takes it after.
    const leaseEnd = Math.max(...queued.map((row) => row.lockedUntil?.getTime() ?? 0));
    await new Promise((resolve) => setTimeout(resolve, Math.max(leaseEnd - Date.now() + 200, 0)));

    const second = await startApi(url, env);
    // The shopper's page retries its click: it is told the order is paid, nothing moves twice.
    const retried = await callApi(second, 'POST', `/api/orders/${order.id}/simulate_payment`, {
      body: {},
      headers,
    });
    expect(retried.status).toBe(200);
    expect(retried.json).toMatchObject({ status: 'approved', order_status: 'processing' });

    await until(() => subjectsTo(smtp, email).length >= 2, 20_000);
    // A moment more: a duplicate would arrive now.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(subjectsTo(smtp, email)).toEqual([
      ORDER_MAIL_SUBJECTS.received(order.order_number),
      ORDER_MAIL_SUBJECTS.approved(order.order_number),
    ]);
    const sent = await database!.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.orderId, order.id));
    expect(sent.map((row) => row.status)).toEqual(['sent', 'sent']);
    await stopApi(second);
  }, 120_000);
});
