import { ORDERS_EXPORT_MESSAGES } from '@lumina/shared/admin/orders-export';
import type { StaffRole } from '@lumina/shared/admin/staff-roles';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../../../db/schema/fulfilment.ts';
import { orderItems, orders, payments } from '../../../db/schema/orders.ts';
import { refunds } from '../../../db/schema/refunds.ts';
import { securityLogs, throttleEvents } from '../../../db/schema/security.ts';
import type { ErrorJson } from '../../../test/accounts.ts';
import { readAsSpreadsheet, startsFormula } from '../../../test/spreadsheet-csv.ts';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { bearerHeader, createUser, signIn } from '../../../test/user-builder.ts';
import { EXPORT_HEADERS } from './sheet.ts';

let ctx: TestContext;
const headersOf = new Map<StaffRole, { authorization: string }>();
const idOf = new Map<StaffRole, number>();
const NFE_KEY = '35261112345678000199550010000012341000012345';
let lateOrderNumber: string;

beforeAll(async () => {
  ctx = await createTestContext();
  for (const role of ['owner', 'manager', 'operator'] as const) {
    const user = await createUser(ctx.database, { role: 'admin', staffRole: role });
    idOf.set(role, user.id);
    headersOf.set(role, bearerHeader((await signIn(ctx.app, user)).access_token));
  }
  const customer = await createUser(ctx.database);
  const db = ctx.database.db;

  /** An order straight in the database, as checkout and payment would have left it. */
  async function createOrder(values: {
    createdAt: string;
    name?: string;
    cpf?: string;
    items: { sku: string; quantity: number; list: number; unit: number; discount?: number }[];
    shipping?: number;
    couponCode?: string;
    method?: 'pix' | 'card';
  }) {
    const subtotal = values.items.reduce((sum, item) => sum + item.unit * item.quantity, 0);
    const discount = values.items.reduce((sum, item) => sum + (item.discount ?? 0), 0);
    const shipping = values.shipping ?? 0;
    const [order] = await db
      .insert(orders)
      .values({
        userId: customer.id,
        customerName: values.name ?? 'Maria Silva',
        customerEmail: 'maria@example.com',
        customerCpf: values.cpf ?? '12345678909',
        shippingAddress: {
          street: 'Rua A',
          number: '1',
          complement: null,
          neighborhood: 'Centro',
          city: 'São Paulo',
          state: 'SP',
          zipCode: '01310100',
        },
        shippingMethod: 'pac',
        shippingName: 'PAC',
        shippingDeliveryDays: 5,
        subtotalCents: subtotal,
        shippingCents: shipping,
        discountCents: discount,
        couponCode: values.couponCode ?? null,
        totalCents: subtotal - discount + shipping,
        paymentMethod: values.method ?? 'pix',
        status: 'processing',
        paymentStatus: 'approved',
        paidAt: new Date(Date.parse(values.createdAt) + 10 * 60 * 1000),
        createdAt: new Date(values.createdAt),
      })
      .returning();
    if (!order) throw new Error('no order');
    await db.insert(orderItems).values(
      values.items.map((item) => ({
        orderId: order.id,
        productName: `Peça ${item.sku}`,
        sku: item.sku,
        category: 'argolas',
        listPriceCents: item.list,
        pixPriceCents: item.unit,
        unitPriceCents: item.unit,
        quantity: item.quantity,
        couponDiscountCents: item.discount ?? 0,
        totalCents: item.unit * item.quantity - (item.discount ?? 0),
      })),
    );
    return order;
  }

  // 23:30 in São Paulo on 30/11 is 02:30 UTC on 01/12: it belongs to November.
  const late = await createOrder({
    createdAt: '2026-12-01T02:30:00Z',
    items: [
      { sku: 'ARG-01', quantity: 2, list: 10000, unit: 9500, discount: 1900 },
      { sku: 'ARG-02', quantity: 1, list: 5000, unit: 4750 },
    ],
    shipping: 1590,
    couponCode: 'BEMVINDA',
  });
  lateOrderNumber = late.orderNumber;
  const [payment] = await db
    .insert(payments)
    .values({
      orderId: late.id,
      provider: 'mercadopago',
      status: 'approved',
      amountCents: late.totalCents,
      method: 'pix',
      feeCents: 99,
      expiresAt: new Date('2026-12-01T03:00:00Z'),
      approvedAt: new Date('2026-12-01T02:40:00Z'),
    })
    .returning();
  await db.insert(refunds).values({
    orderId: late.id,
    paymentId: payment?.id ?? 0,
    amountCents: 4750,
    method: 'mercadopago',
    status: 'completed',
    createdAt: new Date('2026-12-02T12:00:00Z'),
  });
  await db.insert(invoices).values({
    orderId: late.id,
    state: 'authorised',
    number: '1234',
    series: '1',
    accessKey: NFE_KEY,
  });
  await createOrder({
    createdAt: '2026-11-10T15:00:00Z',
    name: '=HYPERLINK("http://x")',
    items: [{ sku: '+SKU-1', quantity: 1, list: 2000, unit: 2000 }],
    method: 'card',
  });
  // 00:30 UTC on 01/11 is 21:30 on 31/10 in São Paulo: October, left out.
  await createOrder({
    createdAt: '2026-11-01T00:30:00Z',
    items: [{ sku: 'OUT-1', quantity: 1, list: 1000, unit: 1000 }],
  });
});

afterAll(async () => {
  await ctx?.close();
});

/** Each test starts with every allowance back: the rate limit has a test of its own. */
async function exportAs(role: StaffRole, query: string) {
  await ctx.database.db.delete(throttleEvents);
  return ctx.app.inject({
    method: 'GET',
    url: `/api/admin/orders/export?${query}`,
    headers: headersOf.get(role),
  });
}

const NOVEMBER = 'from=2026-11-01&to=2026-11-30';

describe('GET /api/admin/orders/export', () => {
  it('writes November’s orders as CSV for pt-BR Excel, one line per item', async () => {
    const response = await exportAs('owner', `${NOVEMBER}&format=csv`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="pedidos-2026-11-01-a-2026-11-30.csv"',
    );
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...lines] = readAsSpreadsheet(response.body.slice(1), ';');
    // The header is the one the route declares, in its order; the names themselves are held
    // below, each with the value it heads, so a renamed or shifted column fails there.
    expect(header).toEqual([...EXPORT_HEADERS]);
    // The October order (21:30 on 31/10 in São Paulo) is not there; the late one is last.
    expect(lines.map((line) => line[8])).toEqual(["'+SKU-1", 'ARG-01', 'ARG-02']);
    const [, first, second] = lines;
    const column = (line: string[] | undefined, name: string) =>
      line?.[header?.indexOf(name) ?? -1];
    expect(column(first, 'número do pedido')).toBe(lateOrderNumber);
    expect(column(first, 'cliente')).toBe('Maria Silva');
    expect(column(first, 'e-mail')).toBe('maria@example.com');
    expect(column(first, 'SKU')).toBe('ARG-01');
    expect(column(first, 'produto')).toBe('Peça ARG-01');
    expect(column(first, 'parcelas')).toBe('');
    expect(column(first, 'data do pedido')).toBe('30/11/2026 23:30');
    expect(column(first, 'data do pagamento')).toBe('30/11/2026 23:40');
    expect(column(first, 'status')).toBe('Processando');
    expect(column(first, 'CPF')).toBe('12345678909');
    expect(column(first, 'item')).toBe('1');
    expect(column(second, 'item')).toBe('2');
    expect(column(first, 'quantidade')).toBe('2');
    expect(column(first, 'preço unitário')).toBe('100,00');
    expect(column(first, 'valor do item')).toBe('171,00');
    // 19,00 of the coupon and 12,50 of the PIX price: 250,00 - 31,50 + 15,90 = 234,40.
    expect(column(first, 'descontos')).toBe('31,50');
    expect(column(first, 'cupom')).toBe('BEMVINDA');
    expect(column(first, 'frete')).toBe('15,90');
    expect(column(first, 'total')).toBe('234,40');
    expect(column(first, 'forma de pagamento')).toBe('PIX');
    expect(column(first, 'taxa')).toBe('0,99');
    expect(column(first, 'valor reembolsado')).toBe('47,50');
    expect(column(first, 'valor líquido')).toBe('185,91');
    expect(column(first, 'NF-e número')).toBe('1234');
    expect(column(first, 'NF-e chave')).toBe(NFE_KEY);
    expect(column(second, 'total')).toBe('234,40');
    const [card] = lines;
    expect(column(card, 'forma de pagamento')).toBe('Cartão');
    expect(column(card, 'taxa')).toBe('');
    expect(column(card, 'valor líquido')).toBe('20,00');
  });

  it('keeps a customer’s text from running as a formula', async () => {
    const csv = (await exportAs('owner', `${NOVEMBER}&format=csv`)).body.slice(1);
    const cells = readAsSpreadsheet(csv, ';').flat();
    expect(cells).toContain('\'=HYPERLINK("http://x")');
    expect(cells.filter(startsFormula)).toEqual([]);
  });

  it('shows the CPF whole to the owner and masked to a manager', async () => {
    const manager = await exportAs('manager', `${NOVEMBER}&format=csv`);
    expect(manager.statusCode).toBe(200);
    expect(manager.body).not.toContain('12345678909');
    expect(manager.body).toContain('***.456.789-**');
  });

  it('writes an Excel workbook with numbers, dates and text that is never a formula', async () => {
    const response = await exportAs('owner', `${NOVEMBER}&format=xlsx`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="pedidos-2026-11-01-a-2026-11-30.xlsx"',
    );
    const files = unzipSync(new Uint8Array(response.rawPayload));
    expect(Object.keys(files).sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml'] ?? new Uint8Array());
    expect(sheet).not.toContain('<f>');
    expect(sheet).toContain(
      '<c r="F2" t="inlineStr"><is><t xml:space="preserve">=HYPERLINK(&quot;http://x&quot;)</t></is></c>',
    );
    // Row 3: the late order's first item. Money as numbers in the money style, the date as a
    // serial on São Paulo's clock (30/11/2026 23:30).
    expect(sheet).toContain('<c r="Q3" s="3"><v>234.4</v></c>');
    expect(sheet).toContain('<c r="K3" s="4"><v>2</v></c>');
    const serial = /<c r="C3" s="2"><v>([\d.]+)<\/v><\/c>/.exec(sheet)?.[1];
    expect(Number(serial)).toBeCloseTo(Date.UTC(2026, 10, 30, 23, 30) / 86_400_000 + 25_569, 6);
    expect(sheet).toContain(`<t xml:space="preserve">${NFE_KEY}</t>`);
  });

  it('refuses a bad period or format with the reasons in pt-BR', async () => {
    const cases: [string, string, string][] = [
      ['from=2025-01-01&to=2026-01-02&format=csv', 'to', ORDERS_EXPORT_MESSAGES.tooLong],
      ['from=2026-11-30&to=2026-11-01&format=csv', 'from', ORDERS_EXPORT_MESSAGES.order],
      [`${NOVEMBER}&format=pdf`, 'format', ORDERS_EXPORT_MESSAGES.format],
      [NOVEMBER, 'format', ORDERS_EXPORT_MESSAGES.format],
      ['from=2026-02-30&to=2026-03-01&format=csv', 'from', ORDERS_EXPORT_MESSAGES.from],
    ];
    for (const [query, field, message] of cases) {
      const response = await exportAs('owner', query);
      expect(response.statusCode, query).toBe(422);
      expect(response.json<ErrorJson>().fields?.[field], query).toEqual([message]);
    }
    // A leap year's 366 days are one export.
    expect((await exportAs('owner', 'from=2028-01-01&to=2028-12-31&format=csv')).statusCode).toBe(
      200,
    );
  });

  it('refuses the 11th export in 10 minutes', async () => {
    await ctx.database.db.delete(throttleEvents);
    const call = () =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/admin/orders/export?${NOVEMBER}&format=csv`,
        headers: headersOf.get('manager'),
      });
    for (let i = 0; i < 10; i += 1) expect((await call()).statusCode).toBe(200);
    const refused = await call();
    expect(refused.statusCode).toBe(429);
    expect(refused.json<ErrorJson>().message).toBe(ORDERS_EXPORT_MESSAGES.throttled);
  });

  it('is refused to an operator, and the path is not taken for an order id', async () => {
    const response = await exportAs('operator', `${NOVEMBER}&format=csv`);
    expect(response.statusCode).toBe(403);
    expect(response.json<ErrorJson>().code).toBe('permission_denied');
  });

  it('writes each export to the security log', async () => {
    await exportAs('owner', 'from=2026-11-01&to=2026-11-15&format=xlsx');
    const all = await ctx.database.db
      .select()
      .from(securityLogs)
      .where(eq(securityLogs.type, 'orders_exported'));
    const last = all.filter((row) => row.userId === idOf.get('owner')).at(-1);
    expect(last?.message).toBe(
      'Pedidos exportados (Excel (.xlsx)) de 01/11/2026 a 15/11/2026: 1 pedido',
    );
    expect(last?.metadata).toMatchObject({
      from: '2026-11-01',
      to: '2026-11-15',
      format: 'xlsx',
      orders: 1,
      cpf: 'full',
    });
  });

  it('is described in the API documentation with its query', async () => {
    const docs = await ctx.app.inject({ url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    const path = docs.json<{
      paths: Record<string, { get?: { parameters?: { name: string; in: string }[] } }>;
    }>().paths['/api/admin/orders/export'];
    expect(path?.get?.parameters?.map((parameter) => parameter.name).sort()).toEqual([
      'format',
      'from',
      'to',
    ]);
  });
});
