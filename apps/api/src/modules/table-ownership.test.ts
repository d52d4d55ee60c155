// DESIGN.md: a module writes only its own tables; others ask it. The catalogue owns products and
// their variants, the ERP its links to Bling, payments their refunds, returns the withdrawal and
// exchange requests. This reads the modules' source and names every
// write (drizzle's insert/update/delete, or SQL text) of such a table from another module.
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';

const MODULES_DIR = fileURLToPath(new URL('.', import.meta.url));
const SCHEMA_DIR = fileURLToPath(new URL('../db/schema/', import.meta.url));

/** Each owned table (its SQL name) and the one module folder that may write it. */
const OWNERS: Record<string, string> = {
  users: 'users',
  products: 'catalog',
  product_variants: 'catalog',
  bling_product_links: 'erp',
  bling_variant_links: 'erp',
  bling_connection: 'erp',
  bling_oauth_states: 'erp',
  bling_rate_limit: 'erp',
  bling_webhook_events: 'erp',
  bling_resource_versions: 'erp',
  bling_sales_orders: 'erp',
  store_settings: 'settings',
  store_settings_versions: 'settings',
  refunds: 'payments',
  return_requests: 'returns',
  return_items: 'returns',
  coupons: 'promotions',
  coupon_uses: 'promotions',
  coupon_customer_uses: 'promotions',
  shipping_labels: 'fulfilment',
  tracking_events: 'fulfilment',
  melhor_envio_connection: 'fulfilment',
  melhor_envio_oauth_states: 'fulfilment',
  melhor_envio_webhook_events: 'fulfilment',
  invoices: 'fulfilment',
  // Written by the database's own triggers (migration 0032) and by no module.
  sales_days: 'orders',
  sales_lines: 'orders',
  stock_alerts: 'stock-alerts',
  reminders: 'reminders',
  reminder_messages: 'reminders',
  whatsapp_connection: 'whatsapp',
  whatsapp_messages: 'whatsapp',
  product_reviews: 'reviews',
  review_requests: 'reviews',
};

/** Every table the schema files export, by the name code uses for it (`productVariants`). */
async function schemaTables(): Promise<Map<string, string>> {
  const tables = new Map<string, string>();
  for (const file of await readdir(SCHEMA_DIR)) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    const schema = (await import(join(SCHEMA_DIR, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(schema)) {
      if (is(value, PgTable)) tables.set(name, getTableName(value));
    }
  }
  return tables;
}

/** Comments out of the way (line numbers kept): prose may say "update products". */
function withoutComments(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, (block) => block.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:'"`\\])\/\/[^\n]*/g, '$1');
}

/** The names a file gives the schema's tables: its own imports, aliases included. */
function importedTables(source: string, tables: Map<string, string>): Map<string, string> {
  const local = new Map<string, string>();
  const imports = /import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*'[^']*db\/schema\/[\w-]+\.ts'/g;
  for (const match of source.matchAll(imports)) {
    for (const part of (match[1] ?? '').split(',')) {
      const [name, alias] = part
        .replace(/^\s*type\s+/, '')
        .split(/\s+as\s+/)
        .map((word) => word.trim());
      const table = name ? tables.get(name) : undefined;
      if (table) local.set(alias || name!, table);
    }
  }
  return local;
}

const IDENTIFIER = '[A-Za-z_$][\\w$]*';
const WRITE_SQL = String.raw`insert\s+into|update|delete\s+from`;

/** The owned tables a source writes, with the line of each write. */
export function tableWrites(
  source: string,
  tables: Map<string, string>,
): { table: string; line: number }[] {
  const code = withoutComments(source);
  const names = importedTables(code, tables);
  const writes: { table: string; line: number }[] = [];
  const lineOf = (index: number) => code.slice(0, index).split('\n').length;
  const patterns: [RegExp, (name: string) => string | undefined][] = [
    // db.insert(products), tx.update(productVariants), tx.delete(link)
    [
      new RegExp(String.raw`\.(?:insert|update|delete)\(\s*(${IDENTIFIER})\s*\)`, 'g'),
      (n) => names.get(n),
    ],
    // sql`update ${products} ...`
    [
      new RegExp(String.raw`\b(?:${WRITE_SQL})\s+\$\{\s*(${IDENTIFIER})\s*\}`, 'gi'),
      (n) => names.get(n),
    ],
    // sql`insert into products ...`, `update "public"."product_variants" ...`
    [
      new RegExp(String.raw`\b(?:${WRITE_SQL})\s+(?:"?public"?\.)?"?([a-z_]+)"?`, 'gi'),
      (n) => (n.toLowerCase() in OWNERS ? n.toLowerCase() : undefined),
    ],
  ];
  for (const [pattern, resolve] of patterns) {
    for (const match of code.matchAll(pattern)) {
      const table = resolve(match[1] ?? '');
      if (table && table in OWNERS) writes.push({ table, line: lineOf(match.index ?? 0) });
    }
  }
  return writes;
}

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .filter((entry) => !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('table ownership', () => {
  it('finds writes however they are spelt', async () => {
    const tables = await schemaTables();
    const source = `
      import { products as p, productVariants } from '../../db/schema/products.ts';
      import { blingProductLinks } from '../../db/schema/bling.ts';
      // update products set name = 'x' (a comment, not a write)
      await tx.update(p).set({ active: false });
      await db.insert(productVariants).values(rows);
      await tx.delete(blingProductLinks).where(x);
      await db.execute(sql\`UPDATE \${productVariants} SET stock_quantity = 0\`);
      await db.execute(sql\`insert into "bling_variant_links" (variant_id) values (1)\`);
      await db.execute(sql\`delete from products where id = 1\`);
      await db.select().from(p).for('update');
      await db.execute(sql\`insert into ... on conflict (id) do update set x = 1\`);
    `;
    expect(tableWrites(source, tables).map((write) => `${write.table}:${write.line}`)).toEqual([
      'products:5',
      'product_variants:6',
      'bling_product_links:7',
      'product_variants:8',
      'bling_variant_links:9',
      'products:10',
    ]);
  });

  it('lets only the owning module write products, variants, links to Bling, settings, refunds and returns', async () => {
    const tables = await schemaTables();
    const misplaced: string[] = [];
    for (const file of await sourceFiles(MODULES_DIR)) {
      const path = relative(MODULES_DIR, file).split(sep).join('/');
      const module = path.split('/')[0];
      for (const { table, line } of tableWrites(await readFile(file, 'utf8'), tables)) {
        if (OWNERS[table] !== module) {
          misplaced.push(`${path}:${line} writes ${table} (owned by ${OWNERS[table]})`);
        }
      }
    }
    expect(misplaced).toEqual([]);
  });
});
