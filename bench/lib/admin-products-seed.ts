// The 5,000 products of the admin product table benchmark, written by one INSERT … SELECT over
// generate_series, so the figures do not depend on how fast the API would create them.
import { CATEGORY_LABELS, CATEGORY_SLUGS } from '../../packages/shared/src/catalog/categories.ts';
import { normalizeText } from '../../apps/api/src/modules/catalog/search-text.ts';

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
  name, description, price_cents, category, sku, bling_id, active, display_status, images,
  stock_quantity, search_text, name_key, last_sync, sync_status, sync_error, bling_synced_at,
  created_at, updated_at
)
SELECT
  name,
  '<p>Joia de teste do benchmark.</p>',
  990 + (i * 7919) % 49000,
  (${categories})[category],
  sku,
  CASE WHEN i % 10 < 4 THEN 'BL' || (900000 + i) END,
  i % 17 <> 0,
  CASE WHEN i % 23 = 0 THEN 'hidden' WHEN i % 11 = 0 THEN 'featured' ELSE 'visible' END,
  jsonb_build_array('/images/bench/' || i || '.jpg'),
  (i * 13) % 40,
  name_key || ' joia de teste do benchmark. ' || lower(sku) || ' ' || (${labelKeys})[category],
  name_key,
  CASE WHEN i % 10 < 4 THEN now() - make_interval(mins => i) END,
  CASE
    WHEN i % 10 IN (0, 1, 2, 6, 7) THEN 'synced'
    WHEN i % 10 IN (3, 4) THEN 'pending'
    WHEN i % 10 = 5 THEN 'failed'
  END,
  CASE WHEN i % 10 = 5 THEN 'Bling respondeu 422: NCM inválido' END,
  CASE WHEN i % 10 IN (0, 1, 2, 6, 7) THEN now() - make_interval(mins => i) END,
  now() - make_interval(mins => ${count} - i),
  now() - make_interval(mins => i % 600)
FROM named
ORDER BY i`;
}
