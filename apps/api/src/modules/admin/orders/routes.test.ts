import type {
  AdminOrderActionResponse,
  AdminOrderDetail,
  AdminOrderListResponse,
} from '@lumina/shared/admin/admin-orders';
import { ORDER_MESSAGES } from '@lumina/shared/orders/order-messages';
import { CORREIOS_TRACKING_URL } from '@lumina/shared/orders/tracking-code';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityLogs } from '../../../db/schema/security.ts';
import {
  startTestSmtpServer,
  subjectsTo,
  type TestSmtpServer,
} from '../../../integrations/mail/test-smtp-server.ts';
import type { ErrorJson } from '../../../test/accounts.ts';
import {
  addToCart,
  checkoutBody,
  orderStatusOf,
  payOrder,
  placeOrder,
  shopper,
  stockOf,
} from '../../../test/checkout.ts';
import { createProduct, insertProducts } from '../../../test/product-builder.ts';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { bearerHeader, createUser, signIn } from '../../../test/user-builder.ts';
import { ORDER_MAIL_SUBJECTS } from '../../orders/order-mails.ts';
import { calendarDateOf } from '@lumina/shared/validation/calendar-date';

const TRACKING = 'AA473124829BR';

let ctx: TestContext;
let smtp: TestSmtpServer;
let admin: { authorization: string };
let adminId: number;
let sequence = 0;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  ctx = await createTestContext({
    env: { SMTP_URL: smtp.url, APP_URL: 'http://loja.test', PAYMENTS_SANDBOX: 'true' },
  });
  const user = await createUser(ctx.database, { role: 'admin', email: 'dona@loja.test' });
  adminId = user.id;
  admin = bearerHeader((await signIn(ctx.app, user)).access_token);
});

afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

/** A customer's order of `quantity` units of a new product holding `stock`, with its PIX issued. */
async function placedOrder(
  options: { stock?: number; quantity?: number; name?: string; cpf?: string } = {},
) {
  const [productId] = (await insertProducts(ctx.database.db, [
    createProduct({ name: 'Argola Lua', price_cents: 10000, stock_quantity: options.stock ?? 5 }),
  ])) as [number];
  const buyer = await shopper(ctx.app, ctx.database);
  await addToCart(ctx.app, buyer.headers, productId, options.quantity ?? 2);
  sequence += 1;
  const email = `cliente.admin${sequence}@example.com`;
  const placed = await placeOrder(
    ctx.app,
    buyer.headers,
    checkoutBody({
      customer_email: email,
      ...(options.name ? { customer_name: options.name } : {}),
      ...(options.cpf ? { customer_cpf: options.cpf } : {}),
    }),
  );
  expect(placed.statusCode).toBe(201);
  const order = placed.json<{ order: { id: number; order_number: string } }>().order;
  expect((await payOrder(ctx.app, buyer.headers, order.id)).statusCode).toBe(200);
  return { ...buyer, productId, order, email };
}

function adminCall(method: 'GET' | 'POST', url: string, payload?: object, headers = admin) {
  return ctx.app.inject({ method, url: `/api/admin${url}`, headers: { ...headers }, payload });
}

async function act(orderId: number, action: string, payload?: object) {
  const response = await adminCall('POST', `/orders/${orderId}/${action}`, payload);
  return { status: response.statusCode, body: response.json<AdminOrderActionResponse>() };
}

describe('admin order operations: who may call them', () => {
  it('answers 401 to visitors and 403 to customers on every path, never data', async () => {
    const { order, headers } = await placedOrder();
    const paths: ['GET' | 'POST', string][] = [
      ['GET', '/orders'],
      ['GET', `/orders/${order.id}`],
      ['POST', `/orders/${order.id}/confirm_payment`],
      ['POST', `/orders/${order.id}/ship`],
      ['POST', `/orders/${order.id}/deliver`],
      ['POST', `/orders/${order.id}/cancel`],
    ];
    for (const [method, url] of paths) {
      const anonymous = await ctx.app.inject({ method, url: `/api/admin${url}` });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const customer = await adminCall(method, url, undefined, headers);
      expect(customer.statusCode, `${method} ${url}`).toBe(403);
      expect(customer.json<ErrorJson>()).not.toHaveProperty('orders');
    }
    expect(await orderStatusOf(ctx.app, headers, order.id)).toMatchObject({ status: 'pending' });
  });

  it('answers 404 for unknown and malformed order ids', async () => {
    for (const id of ['999999', 'abc', '0', '1e3']) {
      expect((await adminCall('GET', `/orders/${id}`)).statusCode).toBe(404);
      expect((await act(Number(id) || 999999, 'deliver')).status).toBe(404);
    }
  });
});

describe('admin order list', () => {
  it('filters by status, payment status, search (number, name, e-mail, CPF digits) and pages', async () => {
    const one = await placedOrder({ name: 'Beatriz Quintana', cpf: '111.444.777-35' });
    const two = await placedOrder();
    await act(two.order.id, 'confirm_payment');

    const list = async (query: string) => {
      const response = await adminCall('GET', `/orders?${query}`);
      expect(response.statusCode, query).toBe(200);
      return response.json<AdminOrderListResponse>();
    };
    const all = await list('per_page=100');
    expect(all.orders.map((row) => row.id)).toEqual(
      expect.arrayContaining([one.order.id, two.order.id]),
    );
    // Newest first.
    expect(all.orders[0]!.created_at >= all.orders.at(-1)!.created_at).toBe(true);
    // Each row counts its own items and names its own payment's provider (2 units, built-in PIX).
    for (const placed of [one, two]) {
      expect(all.orders.find((row) => row.id === placed.order.id)).toMatchObject({
        items_count: 2,
        payment_provider: 'pix_builtin',
      });
    }

    const paid = await list('status=processing&per_page=100');
    expect(paid.orders.every((row) => row.status === 'processing')).toBe(true);
    expect(paid.orders.some((row) => row.id === two.order.id)).toBe(true);
    const approved = await list('payment_status=approved&per_page=100');
    expect(approved.orders.every((row) => row.payment_status === 'approved')).toBe(true);

    expect((await list(`q=${one.order.order_number}`)).orders.map((row) => row.id)).toEqual([
      one.order.id,
    ]);
    expect((await list('q=quintana')).orders.map((row) => row.id)).toEqual([one.order.id]);
    expect((await list(`q=${one.email}`)).orders.map((row) => row.id)).toEqual([one.order.id]);
    // CPF typed with its mask or as digits.
    for (const cpf of ['111.444.777-35', '11144477735']) {
      expect((await list(`q=${cpf}`)).orders.map((row) => row.id)).toEqual([one.order.id]);
    }
    expect((await list('q=100%25')).total).toBe(0);

    const firstPage = await list('per_page=1&page=1');
    expect(firstPage).toMatchObject({ per_page: 1, page: 1, total: all.total });
    expect(firstPage.total_pages).toBe(all.total);
    expect(firstPage.orders).toHaveLength(1);
    const pastTheEnd = await list(`per_page=1&page=${all.total + 5}`);
    expect(pastTheEnd).toMatchObject({ orders: [], total: all.total });

    // The filter's days are the shop's (America/Sao_Paulo): from 21:00 to 24:00 there, UTC is
    // already on the next day.
    const { year, month, day } = calendarDateOf(new Date());
    const today = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    expect((await list(`from=2000-01-01&to=2000-01-31`)).total).toBe(0);
    expect((await list(`from=${today}&to=${today}&per_page=100`)).total).toBeGreaterThan(0);
  });

  it('refuses bad filters with 422 and a pt-BR message', async () => {
    for (const query of [
      'status=lost',
      'payment_status=paid',
      'from=2026-02-30',
      'from=ontem',
      'from=2026-03-01&to=2026-02-01',
      'page=0',
      'per_page=500',
      `q=${'x'.repeat(101)}`,
      'status=pending&status=processing',
    ]) {
      const response = await adminCall('GET', `/orders?${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(response.json<ErrorJson>().message, query).toMatch(/[a-zà-ú]/);
    }
  });
});

describe('admin order actions', () => {
  it('confirms a built-in PIX, ships it, delivers it; each step e-mailed once and logged', async () => {
    const { order, headers, email, productId } = await placedOrder({ stock: 5, quantity: 2 });

    const confirmed = await act(order.id, 'confirm_payment');
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({
      changed: true,
      message: 'Pagamento confirmado. O cliente foi avisado por e-mail.',
      order: { status: 'processing', payment_status: 'approved', payment_confirmed_by: adminId },
      available_actions: ['ship', 'cancel'],
    });
    expect(confirmed.body.payments[0]).toMatchObject({ status: 'approved' });
    const again = await act(order.id, 'confirm_payment');
    expect(again.body).toMatchObject({ changed: false, order: { status: 'processing' } });

    expect((await act(order.id, 'ship', { tracking_code: 'AA473124828BR' })).status).toBe(422);
    expect((await act(order.id, 'ship', {})).status).toBe(422);
    const shipped = await act(order.id, 'ship', { tracking_code: 'aa 473124829 br' });
    expect(shipped.body).toMatchObject({
      changed: true,
      order: { status: 'shipped', tracking_code: TRACKING, tracking_url: CORREIOS_TRACKING_URL },
      available_actions: ['deliver'],
    });
    expect((await act(order.id, 'ship', { tracking_code: TRACKING })).body.changed).toBe(false);
    expect((await act(order.id, 'ship', { tracking_code: 'AA000000014BR' })).status).toBe(409);
    expect((await act(order.id, 'cancel')).status).toBe(409);

    const delivered = await act(order.id, 'deliver');
    expect(delivered.body).toMatchObject({ changed: true, order: { status: 'delivered' } });
    expect((await act(order.id, 'deliver')).body.changed).toBe(false);
    const refused = await act(order.id, 'cancel');
    expect(refused.status).toBe(409);
    expect((refused.body as unknown as ErrorJson).message).toBe(
      'Pedidos enviados ou entregues não podem ser cancelados.',
    );
    expect(await stockOf(ctx.database, productId)).toBe(3);

    // The customer sees each step, with the code linking to the Correios page.
    const mine = await ctx.app.inject({ method: 'GET', url: '/api/my_orders', headers });
    expect(mine.json<{ orders: object[] }>().orders[0]).toMatchObject({
      status: 'delivered',
      payment_status: 'approved',
      tracking_code: TRACKING,
      tracking_url: CORREIOS_TRACKING_URL,
    });

    await ctx.app.outbox.drain();
    expect(subjectsTo(smtp, email)).toEqual([
      ORDER_MAIL_SUBJECTS.received(order.order_number),
      ORDER_MAIL_SUBJECTS.approved(order.order_number),
      ORDER_MAIL_SUBJECTS.shipped(order.order_number),
      ORDER_MAIL_SUBJECTS.delivered(order.order_number),
    ]);
    const shippedMail = smtp.received.find(
      (mail) => mail.subject === ORDER_MAIL_SUBJECTS.shipped(order.order_number),
    );
    expect(shippedMail?.text).toContain(TRACKING);
    expect(shippedMail?.text).toContain(CORREIOS_TRACKING_URL);

    const detail = (await adminCall('GET', `/orders/${order.id}`)).json<AdminOrderDetail>();
    expect(detail.events.map((event) => [event.action, event.actor, event.to_status])).toEqual([
      ['confirm_payment', 'admin', 'processing'],
      ['ship', 'admin', 'shipped'],
      ['deliver', 'admin', 'delivered'],
    ]);
    expect(detail.events[0]).toMatchObject({ admin_id: adminId, admin_name: 'Ana Souza' });
    expect(detail.emails.map((mail) => [mail.kind, mail.status])).toEqual([
      ['order_received', 'sent'],
      ['payment_approved', 'sent'],
      ['order_shipped', 'sent'],
      ['order_delivered', 'sent'],
    ]);
    const logged = await ctx.database.db
      .select()
      .from(securityLogs)
      .where(and(eq(securityLogs.type, 'admin_order_action'), eq(securityLogs.userId, adminId)));
    const forOrder = logged.filter((row) => row.metadata.order_id === order.id);
    expect(forOrder.map((row) => row.metadata.action)).toEqual([
      'confirm_payment',
      'ship',
      'deliver',
    ]);
    expect(forOrder.every((row) => row.ip !== null)).toBe(true);
  });

  it('refuses to ship an unpaid order (409) and cancels it, returning its stock once', async () => {
    const { order, productId, email } = await placedOrder({ stock: 5, quantity: 2 });
    expect(await stockOf(ctx.database, productId)).toBe(3);
    const ship = await act(order.id, 'ship', { tracking_code: TRACKING });
    expect(ship.status).toBe(409);
    expect((ship.body as unknown as ErrorJson).message).toBe(
      'Só pedidos pagos podem ser enviados.',
    );

    const cancelled = await act(order.id, 'cancel', { reason: 'Cliente desistiu' });
    expect(cancelled.body).toMatchObject({
      changed: true,
      order: { status: 'cancelled', payment_status: 'cancelled', refund_status: 'none' },
    });
    expect(cancelled.body.payments[0]).toMatchObject({ status: 'cancelled' });
    expect((await act(order.id, 'cancel')).body.changed).toBe(false);
    expect(await stockOf(ctx.database, productId)).toBe(5);
    await ctx.app.outbox.drain();
    expect(subjectsTo(smtp, email)).toEqual([
      ORDER_MAIL_SUBJECTS.received(order.order_number),
      ORDER_MAIL_SUBJECTS.cancelled(order.order_number),
    ]);
  });

  it('cancels a paid built-in PIX order with its stock back and a manual refund pending', async () => {
    const { order, productId } = await placedOrder({ stock: 4, quantity: 1 });
    await act(order.id, 'confirm_payment');
    const cancelled = await act(order.id, 'cancel');
    expect(cancelled.body).toMatchObject({
      changed: true,
      order: { status: 'cancelled', payment_status: 'approved', refund_status: 'manual_pending' },
    });
    expect(cancelled.body.message).toMatch(/Devolva o valor ao cliente por PIX/);
    expect(await stockOf(ctx.database, productId)).toBe(4);
  });

  it('restores a cancelled built-in PIX order whose money arrived late, if the stock is there', async () => {
    const { order, productId } = await placedOrder({ stock: 3, quantity: 2 });
    await act(order.id, 'cancel');
    expect(await stockOf(ctx.database, productId)).toBe(3);
    const restored = await act(order.id, 'confirm_payment');
    expect(restored.body).toMatchObject({
      changed: true,
      order: { status: 'processing', payment_status: 'approved' },
    });
    expect(await stockOf(ctx.database, productId)).toBe(1);

    const other = await placedOrder({ stock: 1, quantity: 1 });
    await act(other.order.id, 'cancel');
    // Someone bought the last unit meanwhile: the restore is refused and nothing changes.
    const rival = await shopper(ctx.app, ctx.database);
    await addToCart(ctx.app, rival.headers, other.productId, 1);
    expect((await placeOrder(ctx.app, rival.headers)).statusCode).toBe(201);
    const refused = await act(other.order.id, 'confirm_payment');
    expect(refused.status).toBe(409);
    expect(await stockOf(ctx.database, other.productId)).toBe(0);
  });

  it('lets two administrators click at once: one transition, one e-mail, stock back once', async () => {
    const secondAdmin = await createUser(ctx.database, { role: 'admin' });
    const second = bearerHeader((await signIn(ctx.app, secondAdmin)).access_token);
    const confirm = await placedOrder({ stock: 5, quantity: 2 });
    const confirmations = await Promise.all(
      [admin, second, admin, second].map((headers) =>
        adminCall('POST', `/orders/${confirm.order.id}/confirm_payment`, undefined, headers),
      ),
    );
    expect(confirmations.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
    expect(
      confirmations.filter((response) => response.json<AdminOrderActionResponse>().changed),
    ).toHaveLength(1);

    const cancel = await placedOrder({ stock: 5, quantity: 2 });
    const cancels = await Promise.all(
      [admin, second, admin, second].map((headers) =>
        adminCall('POST', `/orders/${cancel.order.id}/cancel`, undefined, headers),
      ),
    );
    expect(
      cancels.filter((response) => response.json<AdminOrderActionResponse>().changed),
    ).toHaveLength(1);
    expect(await stockOf(ctx.database, cancel.productId)).toBe(5);

    await ctx.app.outbox.drain();
    expect(subjectsTo(smtp, confirm.email)).toEqual([
      ORDER_MAIL_SUBJECTS.received(confirm.order.order_number),
      ORDER_MAIL_SUBJECTS.approved(confirm.order.order_number),
    ]);
    expect(subjectsTo(smtp, cancel.email)).toEqual([
      ORDER_MAIL_SUBJECTS.received(cancel.order.order_number),
      ORDER_MAIL_SUBJECTS.cancelled(cancel.order.order_number),
    ]);
  });
});

describe('unpaid orders per customer', () => {
  it('refuses a 4th unpaid order with a pt-BR message, and allows one again once one is paid', async () => {
    const [productId] = (await insertProducts(ctx.database.db, [
      createProduct({ name: 'Tragus Estrela', price_cents: 5000, stock_quantity: 50 }),
    ])) as [number];
    const buyer = await shopper(ctx.app, ctx.database);
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      await addToCart(ctx.app, buyer.headers, productId, 1);
      const placed = await placeOrder(ctx.app, buyer.headers);
      expect(placed.statusCode).toBe(201);
      ids.push(placed.json<{ order: { id: number } }>().order.id);
    }
    await addToCart(ctx.app, buyer.headers, productId, 1);
    const fourth = await placeOrder(ctx.app, buyer.headers);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json<ErrorJson>()).toMatchObject({
      code: 'too_many_unpaid_orders',
      message: ORDER_MESSAGES.tooManyUnpaid,
    });
    expect(await stockOf(ctx.database, productId)).toBe(47);

    await act(ids[0]!, 'confirm_payment');
    expect((await placeOrder(ctx.app, buyer.headers)).statusCode).toBe(201);
  });
});
