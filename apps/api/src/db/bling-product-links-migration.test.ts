// A database of the release that kept the ERP's word on each product in the products table
// (migrations up to 0018), brought up to date: Bling ids and sync state move to the ERP's own
// table unchanged, products that never took part get no row, and nothing is lost.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openOlderReleaseDatabase } from '../test/older-release-database.ts';
import { rowsOf } from './raw-rows.ts';

const LAST_WITH_SYNC_STATE_ON_PRODUCTS = 18;

describe("migrating the products' Bling state to the ERP's table", () => {
  it('moves every Bling id and sync state, leaves local products without a row', async () => {
    const database = await openOlderReleaseDatabase(LAST_WITH_SYNC_STATE_ON_PRODUCTS);
    const { db } = database;
    try {
      await db.execute(sql`
        insert into products (name, price_cents, category, sku, search_text, name_key, bling_id,
          last_sync, sync_status, sync_error, bling_synced_at)
        values
          ('Argola', 4990, 'orelha', 'ARG-1', 'argola', 'argola', '16001',
            '2026-03-01T10:00:00Z', 'synced', null, '2026-03-02T11:00:00Z'),
          ('Labret', 3990, 'boca', 'LAB-1', 'labret', 'labret', '16002',
            '2026-03-01T10:00:00Z', 'failed', 'Bling respondeu 422: NCM inválido', '2026-03-01T10:00:00Z'),
          ('Nostril', 2990, 'nariz', 'NOS-1', 'nostril', 'nostril', null,
            null, 'pending', null, null),
          ('Umbigo', 5990, 'umbigo', 'UMB-1', 'umbigo', 'umbigo', null,
            null, null, null, null)
      `);
      await db.execute(sql`
        insert into product_variants (product_id, sku, stock_quantity)
        select id, sku, 3 from products
      `);
      await db.execute(sql`
        insert into bling_variant_links (variant_id, bling_id, synced_at)
        select v.id, '26001', '2026-03-02T11:00:00Z' from product_variants v where v.sku = 'ARG-1'
      `);

      await database.migrateToLatest();

      const links = rowsOf<Record<string, unknown>>(
        await db.execute(sql`
          select p.sku, l.bling_id, l.sync_status, l.sync_error,
            l.product_synced_at::text as product_synced_at, l.synced_at::text as synced_at
          from bling_product_links l join products p on p.id = l.product_id order by p.sku
        `),
      );
      expect(links).toEqual([
        {
          sku: 'ARG-1',
          bling_id: '16001',
          sync_status: 'synced',
          sync_error: null,
          product_synced_at: '2026-03-01 10:00:00+00',
          synced_at: '2026-03-02 11:00:00+00',
        },
        {
          sku: 'LAB-1',
          bling_id: '16002',
          sync_status: 'failed',
          sync_error: 'Bling respondeu 422: NCM inválido',
          product_synced_at: '2026-03-01 10:00:00+00',
          synced_at: '2026-03-01 10:00:00+00',
        },
        {
          sku: 'NOS-1',
          bling_id: null,
          sync_status: 'pending',
          sync_error: null,
          product_synced_at: null,
          synced_at: null,
        },
      ]);
      // The products themselves stay, without the columns that moved.
      const columns = rowsOf<{ column_name: string }>(
        await db.execute(sql`
          select column_name from information_schema.columns
          where table_name = 'products' and column_name in
            ('bling_id', 'last_sync', 'sync_status', 'sync_error', 'bling_synced_at')
        `),
      );
      expect(columns).toEqual([]);
      const [count] = rowsOf<{ n: number; variants: number; variant_links: number }>(
        await db.execute(sql`
          select (select count(*)::integer from products) as n,
            (select count(*)::integer from product_variants) as variants,
            (select count(*)::integer from bling_variant_links) as variant_links
        `),
      );
      expect(count).toEqual({ n: 4, variants: 4, variant_links: 1 });

      // The ERP's table keeps its rules: one product per Bling id, known states only, and the
      // row goes with its product.
      await expect(
        db.execute(sql`
          insert into bling_product_links (product_id, bling_id)
          select id, '16001' from products where sku = 'UMB-1'
        `),
      ).rejects.toThrow();
      await expect(
        db.execute(sql`
          insert into bling_product_links (product_id, sync_status)
          select id, 'whatever' from products where sku = 'UMB-1'
        `),
      ).rejects.toThrow();
      await db.execute(sql`delete from products where sku = 'LAB-1'`);
      const [left] = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::integer as n from bling_product_links`),
      );
      expect(left?.n).toBe(2);
    } finally {
      await database.close();
    }
  }, 60_000);
});
