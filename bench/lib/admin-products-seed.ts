// The 5,000 products of the admin product table benchmark and their 20,000 variants, written by
// two INSERT … SELECT over generate_series, so the figures do not depend on how fast the API would
// create them.
import { CATEGORY_LABELS, CATEGORY_SLUGS } from '../../packages/shared/src/catalog/categories.ts';
import type { Database } from '../../apps/api/src/db/database.ts';
import { poolOf } from '../../apps/api/src/jobs/pg-boss-db.ts';
import { normalizeText } from '../../apps/api/src/modules/catalog/search-text.ts';
import { must } from './must.ts';

/** First words of the names; with the materials, 40 kinds of jewel. */
export const SEED_KINDS = [
  'Argola Clicker',
  'Piercing Tragus',
  'Brinco Hélix',
  'Labret Cônico',
  'Ferradura',
  'Barbell Reto',
  'Nostril Curvo',
  'Pino de Umbigo',
] as const;

export const SEED_MATERIALS = [
  'Aço Cirúrgico',
  'Titânio',
  'Ouro 18k',
  'Prata 925',
  'Zircônia Cravejada',
] as const;

/**
 * How product i (1…count) stands with Bling, by i mod 10: 0–2 came from Bling and are synced,
 * 3 came from Bling with a change not pushed yet (pending), 4 was made in the shop and waits for
 * its first push (pending), 5 failed to push, 6–7 were made in the shop and pushed (synced), 8–9
 * never took part (null). So the filters hold: bling 40 %, local 40 %, pending 20 %, failed 10 %.
 */
export const SEED_FILTER_SHARES = { bling: 0.4, local: 0.4, pending: 0.2, failed: 0.1 } as const;

/**
 * The options of a product sold in several variants: 3 diameters × 2 colours, 6 variants. Product
 * i has them when i mod 5 is 2, 3 or 4 (3,000 of 5,000); the others are sold as one variant with
 * the product's SKU and no option values, as the API writes a product without options. So 2,000 +
 * 3,000 × 6 = 20,000 variants, and a page of the table mixes both kinds.
 */
export const SEED_OPTIONS = [
  { name: 'Diâmetro', values: ['6 mm', '8 mm', '10 mm'] },
  { name: 'Cor', values: ['Prata', 'Dourado'] },
] as const;

/** Variants written for `count` products (see SEED_OPTIONS). */
export function seedVariantCount(count: number): number {
  let variants = 0;
  for (let i = 1; i <= count; i += 1) variants += i % 5 >= 2 ? 6 : 1;
  return variants;
}

const hasOptions = (i: string): string => `(${i} % 5 >= 2)`;

const literal = (text: string): string => `'${text.replaceAll("'", "''")}'`;
const textArray = (values: readonly string[]): string =>
  `ARRAY[${values.map(literal).join(', ')}]::text[]`;

/**
 * The INSERT of `count` products into a migrated database. Names mix accented words, so
 * `name_key` and `search_text` are the API's own normalisation (normalizeText, applied here to
 * the word lists) of name, SKU and category label, as product-record.ts writes them. Category,
 * price, stock, visibility and sync state vary independently enough for every filter and sort to
 * have thousands of candidates.
 */
export function seedProductsSql(count: number): string {
  if (!Number.isInteger(count) || count < 1) throw new Error(`Bad product count ${count}`);
  const kinds = textArray(SEED_KINDS);
  const kindKeys = textArray(SEED_KINDS.map(normalizeText));
  const materials = textArray(SEED_MATERIALS);
  const materialKeys = textArray(SEED_MATERIALS.map(normalizeText));
  const categories = textArray(CATEGORY_SLUGS);
  const labelKeys = textArray(CATEGORY_SLUGS.map((slug) => normalizeText(CATEGORY_LABELS[slug])));
  const [diameter, colour] = SEED_OPTIONS;
  // What searchTextOf adds for a product with options: its variants' SKUs, then the option values.
  const variantSkus = diameter.values
    .flatMap((d) =>
      colour.values.map((c) => `' ' || lower(sku) || '-${variantSuffix(d, c).toLowerCase()}'`),
    )
    .join(' || ');
  const optionValueKeys = normalizeText(SEED_OPTIONS.flatMap((option) => option.values).join(' '));
  return `
WITH words AS (
  SELECT i,
    1 + i % ${SEED_KINDS.length} AS kind,
    1 + (i / ${SEED_KINDS.length}) % ${SEED_MATERIALS.length} AS material,
    1 + (i / 10) % ${CATEGORY_SLUGS.length} AS category,
    'LUM-' || lpad(i::text, 5, '0') AS sku
  FROM generate_series(1, ${count}) AS i
),
named AS (
  SELECT words.*,
    (${kinds})[kind] || ' ' || (${materials})[material] || ' #' || i AS name,
    (${kindKeys})[kind] || ' ' || (${materialKeys})[material] || ' #' || i AS name_key
  FROM words
)
INSERT INTO products (
  name, description, price_cents, category, sku, active, display_status, images,
  options, stock_quantity, search_text, name_key, created_at, updated_at
)
SELECT
  name,
  '<p>Joia de teste do benchmark.</p>',
  990 + (i * 7919) % 49000,
  (${categories})[category],
  sku,
  i % 17 <> 0,
  CASE WHEN i % 23 = 0 THEN 'hidden' WHEN i % 11 = 0 THEN 'featured' ELSE 'visible' END,
  jsonb_build_array('/images/bench/' || i || '.jpg'),
  CASE WHEN ${hasOptions('i')} THEN ${literal(JSON.stringify(SEED_OPTIONS))}::jsonb ELSE '[]'::jsonb END,
  -- The sum of the active variants seedVariantsSql writes, so the trigger finds nothing to change
  -- (an update of every product would leave the table with a dead version of each row).
  (SELECT coalesce(sum((i * 13 + position * 7) % 40) FILTER (WHERE (i + position) % 13 <> 0), 0)
    FROM generate_series(0, CASE WHEN ${hasOptions('i')} THEN 5 ELSE 0 END) AS position)::int,
  name_key || ' joia de teste do benchmark. ' || lower(sku) ||
    CASE WHEN ${hasOptions('i')} THEN ${variantSkus} || ' ${optionValueKeys}' ELSE '' END ||
    ' ' || (${labelKeys})[category],
  name_key,
  now() - make_interval(mins => ${count} - i),
  now() - make_interval(mins => i % 600)
FROM named
ORDER BY i`;
}

/**
 * Where the products seedProductsSql wrote stand with Bling (the ERP's bling_product_links,
 * product i found by its SKU): 4 in 10 came from Bling, and the sync states vary so every
 * filter of the panel has its share. A product with no state and no Bling id gets no row.
 */
export function seedBlingLinksSql(): string {
  return `
WITH seeded AS (
  SELECT id, substr(sku, 5)::int AS i FROM products
)
INSERT INTO bling_product_links (
  product_id, bling_id, sync_status, sync_error, product_synced_at, synced_at
)
SELECT
  id,
  CASE WHEN i % 10 < 4 THEN 'BL' || (900000 + i) END,
  CASE
    WHEN i % 10 IN (0, 1, 2, 6, 7) THEN 'synced'
    WHEN i % 10 IN (3, 4) THEN 'pending'
    WHEN i % 10 = 5 THEN 'failed'
  END,
  CASE WHEN i % 10 = 5 THEN 'Bling respondeu 422: NCM inválido' END,
  CASE WHEN i % 10 < 4 THEN now() - make_interval(mins => i) END,
  CASE WHEN i % 10 IN (0, 1, 2, 6, 7) THEN now() - make_interval(mins => i) END
FROM seeded
WHERE i % 10 < 8
ORDER BY i`;
}

/** '6 mm' and 'Dourado' → '06-DO': the end of a variant's SKU. */
function variantSuffix(diameter: string, colour: string): string {
  return `${diameter.replace(' mm', '').padStart(2, '0')}-${colour.slice(0, 2).toUpperCase()}`;
}

/**
 * The variants of the products seedProductsSql wrote (product i is found by its SKU): one per
 * product without options (its SKU, option values {}), six per product with options, SKU
 * 'LUM-00042-06-PR'. Stock varies per variant (0 to 39, so some are sold out), one variant in
 * 13 is inactive and the gold ones cost R$ 10 more. seedProductsSql already wrote each product's
 * stock as the sum of its active variants, which the trigger checks (and would correct).
 */
export function seedVariantsSql(): string {
  const [diameter, colour] = SEED_OPTIONS;
  const combinations = diameter.values.flatMap((d, di) =>
    colour.values.map((c, ci) => ({
      position: di * colour.values.length + ci,
      suffix: variantSuffix(d, c),
      values: { [diameter.name]: d, [colour.name]: c },
      premium: c === 'Dourado',
    })),
  );
  const rows = combinations
    .map(
      (combination) =>
        `(${combination.position}, ${literal(combination.suffix)}, ${literal(JSON.stringify(combination.values))}::jsonb, ${combination.premium})`,
    )
    .join(',\n    ');
  return `
WITH seeded AS (
  SELECT id, sku, price_cents, created_at, substr(sku, 5)::int AS i FROM products
),
combinations (position, suffix, option_values, premium) AS (
  VALUES
    ${rows}
)
INSERT INTO product_variants (
  product_id, sku, option_values, position, stock_quantity, price_cents, active, created_at,
  updated_at
)
SELECT
  seeded.id,
  CASE WHEN ${hasOptions('seeded.i')} THEN seeded.sku || '-' || combinations.suffix ELSE seeded.sku END,
  CASE WHEN ${hasOptions('seeded.i')} THEN combinations.option_values ELSE '{}'::jsonb END,
  combinations.position,
  (seeded.i * 13 + combinations.position * 7) % 40,
  CASE WHEN ${hasOptions('seeded.i')} AND combinations.premium THEN seeded.price_cents + 1000 END,
  (seeded.i + combinations.position) % 13 <> 0,
  seeded.created_at,
  seeded.created_at
FROM seeded
JOIN combinations ON ${hasOptions('seeded.i')} OR combinations.position = 0
ORDER BY seeded.id, combinations.position`;
}

/**
 * Writes `count` products and their variants into a migrated database, and with `blingLinks`
 * where they stand with Bling; then gathers the statistics. Logs how long it took.
 */
export async function seedCatalogue(
  database: Database,
  count: number,
  { blingLinks }: { blingLinks: boolean },
): Promise<void> {
  const pool = poolOf(database);
  must(pool, 'openPostgres returned no pg.Pool');
  const started = performance.now();
  await pool.query(seedProductsSql(count));
  await pool.query(seedVariantsSql());
  if (blingLinks) await pool.query(seedBlingLinksSql());
  // What autovacuum would do shortly after such an import: the planner needs the statistics
  // (and the trigger's update of every product's stock left dead rows behind), also the link
  // table's, else its rows are guessed from its size on disk.
  await pool.query('VACUUM ANALYZE products');
  await pool.query('ANALYZE product_variants');
  if (blingLinks) await pool.query('ANALYZE bling_product_links');
  console.error(
    `· ${count} products, ${seedVariantCount(count)} variants written in ${Math.round(performance.now() - started)} ms`,
  );
}
