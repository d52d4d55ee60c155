// A database made by the release before variants (migrations up to 0015), with products, carts
// and orders in it, brought up to date: every product becomes one variant keeping its SKU and
// stock, cart lines and order items point at it, and nothing is lost.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openOlderReleaseDatabase } from '../test/older-release-database.ts';
import { rowsOf } from './raw-rows.ts';

const LAST_BEFORE_VARIANTS = 15;

describe('migrating a database of the release before variants', () => {
  it('gives every product one variant with its SKU and stock, and keeps carts and orders', async () => {
    const database = await openOlderReleaseDatabase(LAST_BEFORE_VARIANTS);
    const { db } = database;
    try {
      await db.execute(sql`
        insert into users (name, email) values ('Ana', 'ana@example.com')
      `);
      await db.execute(sql`
        insert into products (name, price_cents, category, sku, stock_quantity, sizes, search_text, name_key)
        values ('Argola', 4990, 'orelha', 'ARG-1', 7, '["8 mm","10 mm"]', 'argola', 'argola'),
               ('Labret', 3990, 'orelha', 'LAB-1', 0, '[]', 'labret', 'labret')
      `);
      await db.execute(sql`insert into carts (user_id) select id from users`);
      // Two lines of one product with different free labels, and one of the other product.
      for (const [sku, quantity, key, details] of [
        ['ARG-1', 2, '["8 mm","",""]', '{"size":"8 mm"}'],
        ['ARG-1', 1, '["10 mm","",""]', '{"size":"10 mm"}'],
        ['LAB-1', 1, '', '{}'],
      ] as const) {
        await db.execute(sql`
          insert into cart_items (cart_id, product_id, quantity, variation_key, variation_details)
          select c.id, p.id, ${quantity}::integer, ${key}, ${details}::jsonb
          from carts c, products p where p.sku = ${sku}
        `);
      }
      await db.execute(sql`
        insert into orders (user_id, customer_name, shipping_address, shipping_method, shipping_name,
          shipping_delivery_days, subtotal_cents, shipping_cents, total_cents)
        select id, 'Ana', '{}'::jsonb, 'pac', 'PAC', 8, 9480, 0, 9480 from users
      `);
      await db.execute(sql`
        insert into order_items (order_id, product_id, product_name, sku, category, list_price_cents,
          unit_price_cents, quantity, total_cents, variation_details)
        select o.id, p.id, p.name, p.sku, p.category, 4990, 4740, 2, 9480, '{"size":"8 mm"}'::jsonb
        from orders o, products p where p.sku = 'ARG-1'
      `);

      await database.migrateToLatest();

      const variants = rowsOf<{ sku: string; stock_quantity: number; product_stock: number }>(
        await db.execute(sql`
          select v.sku, v.stock_quantity, p.stock_quantity as product_stock
          from product_variants v join products p on p.id = v.product_id order by v.sku
        `),
      );
      expect(variants).toEqual([
        { sku: 'ARG-1', stock_quantity: 7, product_stock: 7 },
        { sku: 'LAB-1', stock_quantity: 0, product_stock: 0 },
      ]);
      // The two labels of one product became one line with the units of both.
      const lines = rowsOf<{ sku: string; quantity: number; details: unknown }>(
        await db.execute(sql`
          select v.sku, c.quantity, c.variation_details as details
          from cart_items c join product_variants v on v.id = c.variant_id
          where v.product_id = c.product_id order by v.sku
        `),
      );
      expect(lines).toEqual([
        { sku: 'ARG-1', quantity: 3, details: { size: '8 mm' } },
        { sku: 'LAB-1', quantity: 1, details: {} },
      ]);
      const items = rowsOf<{ sku: string; variant_sku: string; quantity: number }>(
        await db.execute(sql`
          select i.sku, v.sku as variant_sku, i.quantity
          from order_items i join product_variants v on v.id = i.variant_id
        `),
      );
      expect(items).toEqual([{ sku: 'ARG-1', variant_sku: 'ARG-1', quantity: 2 }]);

      // From here the database keeps a product's count as the sum of its live variants.
      await db.execute(sql`
        insert into product_variants (product_id, sku, stock_quantity, option_values)
        select id, 'ARG-1-12', 5, '{"Diâmetro":"12 mm"}'::jsonb from products where sku = 'ARG-1'
      `);
      await db.execute(sql`update product_variants set active = false where sku = 'ARG-1'`);
      const [argola] = rowsOf<{ stock_quantity: number; stock_status: string }>(
        await db.execute(
          sql`select stock_quantity, stock_status from products where sku = 'ARG-1'`,
        ),
      );
      expect(argola).toEqual({ stock_quantity: 5, stock_status: 'in_stock' });
      await expect(
        db.execute(sql`update product_variants set stock_quantity = -1 where sku = 'ARG-1-12'`),
      ).rejects.toThrow();
    } finally {
      await database.close();
    }
  }, 60_000);
});
