// Low-stock alerts over the real database and the real outbox: one e-mail per crossing, to the
// people who manage the catalogue only, cleared by a restock, and once when sales race.
import { ADMIN_PRODUCT_MESSAGES } from '@lumina/shared/admin/product-form-schema';
import { SETTINGS_MESSAGES } from '@lumina/shared/settings/store-settings';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/mail-outbox.ts';
import { productVariants } from '../../db/schema/products.ts';
import type { UserRow } from '../../db/schema/users.ts';
import {
  startTestSmtpServer,
  type TestSmtpServer,
} from '../../integrations/mail/test-smtp-server.ts';
import type { ErrorJson } from '../../test/accounts.ts';
import { placeOrder, shopper } from '../../test/checkout.ts';
import { createSettingsBody } from '../../test/settings-builder.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { bearerHeader, createUser, signIn } from '../../test/user-builder.ts';

interface VariantJson {
  id: number;
  sku: string;
  stock_quantity: number;
  option_values: Record<string, string>;
  low_stock_threshold: number | null;
}
interface ProductJson {
  id: number;
  sku: string;
  variants: VariantJson[];
}

let ctx: TestContext;
let smtp: TestSmtpServer;
let clock = new Date('2026-11-20T12:00:00Z');
let owner: Record<string, string>;
let staff: Record<'owner' | 'manager' | 'catalogue' | 'operator', UserRow>;
let customer: Awaited<ReturnType<typeof shopper>>;
let skuSequence = 0;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  ctx = await createTestContext({ env: { SMTP_URL: smtp.url }, now: () => clock });
  staff = {
    owner: await createUser(ctx.database, { role: 'admin', email: 'dona@lumina.example' }),
    manager: await createUser(ctx.database, {
      role: 'admin',
      staffRole: 'manager',
      email: 'gerente@lumina.example',
    }),
    catalogue: await createUser(ctx.database, {
      role: 'admin',
      staffRole: 'catalogue',
      email: 'catalogo@lumina.example',
    }),
    operator: await createUser(ctx.database, {
      role: 'admin',
      staffRole: 'operator',
      email: 'expedicao@lumina.example',
    }),
  };
  owner = bearerHeader((await signIn(ctx.app, staff.owner)).access_token);
  customer = await shopper(ctx.app, ctx.database);
});

afterAll(async () => {
  await ctx?.app.outbox.drain();
  await ctx?.close();
  await smtp?.close();
});

const tick = () => {
  clock = new Date(clock.getTime() + 60_000);
};

/** 'Argola Segmentada' in 8 mm and 10 mm, golden, through the panel's write. */
async function createGrid(rows: { stock: number; threshold?: number | null }[]) {
  skuSequence += 1;
  const values = ['8 mm', '10 mm', '12 mm'].slice(0, rows.length);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: owner,
    payload: {
      product: {
        name: 'Argola Segmentada',
        price: '89,90',
        category: 'orelha',
        sku: `ASG-${skuSequence}`,
        options: [
          { name: 'Diâmetro', values },
          { name: 'Cor', values: ['Dourado'] },
        ],
        variants: rows.map((row, index) => ({
          option_values: { Diâmetro: values[index], Cor: 'Dourado' },
          stock_quantity: row.stock,
          ...(row.threshold !== undefined && { low_stock_threshold: row.threshold }),
        })),
      },
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ product: ProductJson }>().product;
}

/** A new buyer's order of some variants: what each sale does to the stock. */
async function buy(product: ProductJson, lines: [VariantJson, number][]) {
  tick();
  const buyer = await shopper(ctx.app, ctx.database);
  for (const [variant, quantity] of lines) {
    const added = await ctx.app.inject({
      method: 'POST',
      url: '/api/carts/items',
      headers: buyer.headers,
      payload: { product_id: product.id, variant_id: variant.id, quantity },
    });
    expect(added.statusCode, added.body).toBe(201);
  }
  return () => placeOrder(ctx.app, buyer.headers);
}

async function setStock(product: ProductJson, stock: number[]) {
  tick();
  const response = await ctx.app.inject({
    method: 'PUT',
    url: `/api/products/${product.id}`,
    headers: owner,
    payload: {
      product: {
        name: 'Argola Segmentada',
        price: '89,90',
        category: 'orelha',
        sku: product.sku,
        options: [
          { name: 'Diâmetro', values: product.variants.map((v) => v.option_values['Diâmetro']) },
          { name: 'Cor', values: ['Dourado'] },
        ],
        variants: product.variants.map((variant, index) => ({
          id: variant.id,
          sku: variant.sku,
          option_values: variant.option_values,
          stock_quantity: stock[index],
        })),
      },
    },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** The low-stock e-mails queued so far naming `sku`, one row per recipient. */
async function alertsFor(sku: string) {
  const rows = await ctx.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.kind, 'low_stock'))
    .orderBy(asc(mailOutbox.id));
  return rows.filter((row) => row.textBody.includes(`SKU: ${sku}\n`));
}

const catalogueStaff = () => [staff.owner.email, staff.manager.email, staff.catalogue.email].sort();

async function alertedAt(variantId: number) {
  const [row] = await ctx.database.db
    .select({ at: productVariants.lowStockAlertedAt })
    .from(productVariants)
    .where(eq(productVariants.id, variantId));
  return row?.at ?? null;
}

describe('low-stock alerts', () => {
  it('e-mail the catalogue staff once when a sale crosses the threshold, again after a restock', async () => {
    const product = await createGrid([{ stock: 5, threshold: 2 }]);
    const [variant] = product.variants as [VariantJson];
    expect(variant.low_stock_threshold).toBe(2);
    const sku = variant.sku;

    // 5 -> 3: still above.
    expect((await (await buy(product, [[variant, 2]]))()).statusCode).toBe(201);
    expect(await alertsFor(sku)).toHaveLength(0);

    // 3 -> 2: at the threshold, one e-mail to each of owner, manager and catalogue.
    expect((await (await buy(product, [[variant, 1]]))()).statusCode).toBe(201);
    const first = await alertsFor(sku);
    expect(first.map((row) => row.toAddress).sort()).toEqual(catalogueStaff());
    expect(await alertedAt(variant.id)).toBeInstanceOf(Date);

    await ctx.app.outbox.deliverDue();
    const mail = await smtp.waitForMail(staff.catalogue.email);
    expect(mail.subject).toContain('Estoque baixo: Argola Segmentada (8 mm, Dourado)');
    expect(mail.text).toContain(`SKU: ${sku}`);
    expect(mail.text).toContain('Restam: 2 unidades');
    expect(mail.text).toContain('Aviso a partir de: 2 unidades');
    expect(mail.text).toContain(`/admin/produtos?q=${product.sku}`);
    expect(mail.html).toContain('Ver no painel');
    // Neither the operator (no catalogue permission) nor a customer hears of it.
    const recipients = smtp.received.flatMap((received) => received.recipients);
    expect(recipients).not.toContain(staff.operator.email);
    expect(recipients).not.toContain(customer.user.email);

    // 2 -> 1: already told, no new e-mail.
    expect((await (await buy(product, [[variant, 1]]))()).statusCode).toBe(201);
    expect(await alertsFor(sku)).toHaveLength(3);

    // Restocked above the threshold in the panel: the mark goes, and the next crossing is told.
    await setStock(product, [6]);
    expect(await alertedAt(variant.id)).toBeNull();
    expect(await alertsFor(sku)).toHaveLength(3);
    expect((await (await buy(product, [[variant, 4]]))()).statusCode).toBe(201);
    expect(await alertsFor(sku)).toHaveLength(6);
  });

  it('take the store default when the variant has none, and list an order’s crossings in one e-mail', async () => {
    // Default 3: 10 -> 3 and 4 -> 0 in one order.
    const product = await createGrid([{ stock: 10 }, { stock: 4, threshold: null }]);
    const [eight, ten] = product.variants as [VariantJson, VariantJson];
    expect(eight.low_stock_threshold).toBeNull();
    expect(
      (
        await (
          await buy(product, [
            [eight, 7],
            [ten, 4],
          ])
        )()
      ).statusCode,
    ).toBe(201);
    const rows = await alertsFor(eight.sku);
    expect(rows.map((row) => row.toAddress).sort()).toEqual(catalogueStaff());
    expect(await alertsFor(ten.sku)).toEqual(rows);
    expect(rows[0]?.subject).toContain('Estoque baixo: 2 variantes');
    expect(rows[0]?.textBody).toContain('Restam: 3 unidades');
    expect(rows[0]?.textBody).toContain('Restam: 0 unidades');
  });

  it('send one e-mail when two orders cross the threshold at once', async () => {
    const product = await createGrid([{ stock: 4, threshold: 3 }]);
    const [variant] = product.variants as [VariantJson];
    const orders = await Promise.all([buy(product, [[variant, 1]]), buy(product, [[variant, 1]])]);
    const placed = await Promise.all(orders.map((place) => place()));
    expect(placed.map((response) => response.statusCode)).toEqual([201, 201]);
    expect((await alertsFor(variant.sku)).map((row) => row.toAddress).sort()).toEqual(
      catalogueStaff(),
    );
  });

  it('refuse a negative threshold with 422 in pt-BR, on the variant and in the settings', async () => {
    skuSequence += 1;
    const variant = await ctx.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: owner,
      payload: {
        product: {
          name: 'Argola Segmentada',
          price: '89,90',
          category: 'orelha',
          options: [{ name: 'Diâmetro', values: ['8 mm'] }],
          variants: [{ option_values: { Diâmetro: '8 mm' }, low_stock_threshold: -1 }],
        },
      },
    });
    expect(variant.statusCode, variant.body).toBe(422);
    expect(variant.json<ErrorJson>().message).toBe(ADMIN_PRODUCT_MESSAGES.lowStockThreshold);

    const put = (settings: object) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/admin/settings',
        headers: owner,
        payload: { settings },
      });
    const refused = await put(createSettingsBody({ low_stock_threshold: -1 }));
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json<ErrorJson>().message).toBe(SETTINGS_MESSAGES.lowStockThreshold);

    const saved = await put(createSettingsBody({ low_stock_threshold: 0 }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ settings: { low_stock_threshold: number } }>().settings).toMatchObject({
      low_stock_threshold: 0,
    });
    // A body from before the setting existed parses, with the default.
    const older = await put(createSettingsBody());
    expect(older.statusCode, older.body).toBe(200);
    expect(older.json<{ settings: { low_stock_threshold: number } }>().settings).toMatchObject({
      low_stock_threshold: 3,
    });
  });
});
