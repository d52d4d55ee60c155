import type { OptionFilterGroup } from '@lumina/shared/catalog/option-filter';
import type { OptionFacet, ProductSort, SyncStats } from '@lumina/shared/catalog/product';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { blingProductLinks } from '../../db/schema/bling.ts';
import { products, productVariants } from '../../db/schema/products.ts';
import type { ProductReadRow, VariantReadRow } from './product-dto.ts';
import {
  type ProductInput,
  toProductValues,
  toVariantValues,
  variantInputsOf,
} from './product-record.ts';
import { containsPattern } from './search-text.ts';

export interface ProductListFilter {
  /** Already lower case; an unknown slug simply matches nothing. */
  category?: string;
  /** Normalised words (see search-text.ts); each one must appear in the search column. */
  searchTerms: string[];
  displayStatus?: 'visible' | 'featured';
  /** `opcao`: one live, active variant must hold one of each group's values. */
  options: OptionFilterGroup[];
  sort: ProductSort;
  limit: number;
  offset: number;
}

// Everything but the two helper columns, which only the SQL uses.
const { searchText: _searchText, nameKey: _nameKey, ...productColumns } = getTableColumns(products);

/**
 * A product's live variants in the grid's order, in the same statement as the product: a read
 * stays one round trip. The product's id is written qualified: drizzle renders a column of the
 * selected table unqualified, which inside this subquery would name the variant's own id. Retired
 * variants (kept only for orders and carts) are left out. For any select from `products` (the
 * panel's product table reads it too).
 */
export const variantsOfProduct = sql<VariantReadRow[]>`(
  select coalesce(json_agg(json_build_object(
    'id', v.id, 'sku', v.sku, 'option_values', v.option_values, 'stock_quantity', v.stock_quantity,
    'price_cents', v.price_cents, 'sale_price_cents', v.sale_price_cents,
    'pix_price_cents', v.pix_price_cents, 'weight_grams', v.weight_grams, 'gtin', v.gtin,
    'image', v.image, 'active', v.active, 'low_stock_threshold', v.low_stock_threshold
  ) order by v.position, v.id), '[]'::json)
  from ${productVariants} v where v.product_id = "products"."id" and v.retired_at is null
)`;

/**
 * What a product read answers: the product's columns, its variants, and where it stands with
 * the ERP, read from the ERP's own table (select from products left-joined on `erpLinkOfProduct`).
 */
export const productReadColumns = {
  ...productColumns,
  blingId: blingProductLinks.blingId,
  lastSync: blingProductLinks.productSyncedAt,
  variants: variantsOfProduct,
};
export const erpLinkOfProduct = eq(blingProductLinks.productId, products.id);
const readColumns = productReadColumns;

/** Spec 000 section 4: only active products shown as visible or featured are listed. */
const listable = and(
  eq(products.active, true),
  inArray(products.displayStatus, ['visible', 'featured']),
);

/** Whether variant `v`'s value of the group's option is one of the chosen values. */
function variantHas(group: OptionFilterGroup): SQL {
  const values = sql.join(
    group.values.map((value) => sql`${value}`),
    sql`, `,
  );
  return sql`(v.option_values ->> ${group.name}) in (${values})`;
}

/**
 * The `opcao` filter: some live, active variant holds a chosen value of every filtered option
 * (stock does not matter). One variant for all of them, so 8 mm and Prata means a piece sold
 * in 8 mm Prata, not an 8 mm Dourado beside a 6 mm Prata.
 */
function hasVariantWith(groups: OptionFilterGroup[]): SQL | undefined {
  if (groups.length === 0) return undefined;
  return sql`exists (select 1 from ${productVariants} v where v.product_id = "products"."id" and v.retired_at is null and v.active and ${and(...groups.map(variantHas))})`;
}

type BaseListFilter = Pick<ProductListFilter, 'category' | 'searchTerms' | 'displayStatus'>;

function listWhere(filter: BaseListFilter & { options?: OptionFilterGroup[] }): SQL | undefined {
  return and(
    listable,
    filter.category === undefined ? undefined : eq(products.category, filter.category),
    filter.displayStatus === undefined
      ? undefined
      : eq(products.displayStatus, filter.displayStatus),
    ...filter.searchTerms.map(
      (term) => sql`${products.searchText} LIKE ${containsPattern(term)} ESCAPE '\\'`,
    ),
    hasVariantWith(filter.options ?? []),
  );
}

/**
 * Where a value first appears when the listed products' options are read in id order: the
 * product's id, then the option's place, then the value's (at most 3 options of 30 values).
 */
const FIRST_SEEN_PRODUCT = 100_000;
const FIRST_SEEN_OPTION = 1_000;

/**
 * The price a product's card shows ('a partir de' when its variants differ; web display-price.ts,
 * cardPrices), which 'Menor preço' orders by: the cheapest of its live, active variants' shown
 * prices, sold out or not. A variant's shown price is its PIX price, else its price, each its own
 * or the product's as variantPrices (shared variant-prices.ts) gives them: with a price of its own
 * a variant does not inherit the product's PIX price, so COALESCE in this order is that rule.
 * Without an active variant, the product's own PIX price, else its price. The product's columns
 * are written qualified, as in variantsOfProduct: the variant has columns of the same names.
 */
const displayedPrice = sql`COALESCE(
  (select min(COALESCE(v.pix_price_cents, v.price_cents, "products"."pix_price_cents", "products"."price_cents"))
    from ${productVariants} v
    where v.product_id = "products"."id" and v.retired_at is null and v.active),
  "products"."pix_price_cents", "products"."price_cents")`;

// C collation on the normalised name: the same A-Z on PGlite and on any server's locale.
const nameOrder = sql`${products.nameKey} COLLATE "C"`;

/**
 * The default order (name) shows featured products first; an order the shopper picks is that
 * order and nothing else: 'Menor preço' strictly by the price shown, featured or not. Each ends on
 * the id, so pages of 100 never repeat or skip a product.
 */
function orderBy(sort: ProductSort, price: SQL | SQL.Aliased = displayedPrice): SQL[] {
  const featuredFirst = sql`(${products.displayStatus} = 'featured') DESC`;
  switch (sort) {
    case 'price':
      return [asc(price), asc(nameOrder), asc(products.id)];
    case 'newest':
      return [desc(products.createdAt), desc(products.id)];
    case 'name':
      return [featuredFirst, asc(nameOrder), asc(products.id)];
  }
}

/** The catalogue's SQL. A repository made from a transaction runs inside it. */
export function createCatalogRepository(db: Db) {
  async function countWhere(where: SQL | undefined): Promise<number> {
    const [row] = await db.select({ total: count() }).from(products).where(where);
    return row?.total ?? 0;
  }

  return {
    /**
     * One round trip for the page and the total (a window count over the filtered rows). The page
     * is chosen on narrow rows (id, count and, for 'Menor preço', the price it orders by) and only
     * its products are read whole: the variants' subquery then runs for the page's rows, not for
     * every row skipped before it (4,000 times for page 40 at 100 a page), as in the panel's table.
     */
    async listProducts(
      filter: ProductListFilter,
    ): Promise<{ rows: ProductReadRow[]; total: number }> {
      const where = listWhere(filter);
      const byPrice = filter.sort === 'price';
      const page = db
        .select({
          id: products.id,
          total: sql<number>`count(*) over()`.as('total'),
          // Read once per filtered row for the order, then reused for the page's own order. Drizzle
          // names it unqualified there: the name must stay unlike any column of products.
          price: (byPrice ? displayedPrice : sql`null`).as('page_price'),
        })
        .from(products)
        .where(where)
        .orderBy(...orderBy(filter.sort))
        .limit(filter.limit)
        .offset(filter.offset)
        .as('page');
      const rows = await db
        .select({ ...readColumns, total: sql<number>`${page.total}`.mapWith(Number) })
        .from(page)
        .innerJoin(products, eq(products.id, page.id))
        .leftJoin(blingProductLinks, erpLinkOfProduct)
        .orderBy(...orderBy(filter.sort, page.price));
      const first = rows[0];
      if (first) return { rows, total: first.total };
      // Past the last page the window has no row to report on: count separately, rarely.
      return { rows: [], total: filter.offset > 0 ? await countWhere(where) : 0 };
    },

    /**
     * The listing's option facets in one statement: every live, active variant of the products
     * the base filter lists, exploded into its (option, value) pairs with jsonb_each_text, counted
     * per distinct product. A pair counts when the variant also holds a chosen value of every
     * other filtered option, but its own option's choice is ignored (the faceting rule).
     */
    async optionFacets(
      filter: BaseListFilter & { options: OptionFilterGroup[] },
    ): Promise<OptionFacet[]> {
      const others = filter.options.map(
        (group) => sql`(kv.key = ${group.name} or ${variantHas(group)})`,
      );
      const result = await db.execute(sql`
        with listed as (
          select "products"."id" as id, "products"."options" as options
          from ${products} where ${listWhere({ ...filter, options: [] }) ?? sql`true`}
        )
        select kv.key as name, kv.value as value, count(distinct l.id)::int as count,
          min(
            l.id::float8 * ${FIRST_SEEN_PRODUCT} + coalesce(pos.oi, 99) * ${FIRST_SEEN_OPTION}
            + coalesce(pos.vi, 999)
          )::float8 as first_seen
        from listed l
        join ${productVariants} v
          on v.product_id = l.id and v.retired_at is null and v.active
        cross join lateral jsonb_each_text(v.option_values) kv
        left join lateral (
          select o.oi, vv.vi
          from jsonb_array_elements(l.options) with ordinality o(opt, oi)
          cross join lateral jsonb_array_elements_text(o.opt -> 'values') with ordinality vv(val, vi)
          where o.opt ->> 'name' = kv.key and vv.val = kv.value
          limit 1
        ) pos on true
        ${others.length > 0 ? sql`where ${and(...others)}` : sql``}
        group by kv.key, kv.value
      `);
      const rows = rowsOf<{ name: string; value: string; count: number; first_seen: number }>(
        result,
      ).sort((a, b) => Number(a.first_seen) - Number(b.first_seen));
      // Sorted by first appearance, an option's first row also places the option itself.
      const facets = new Map<string, OptionFacet>();
      for (const row of rows) {
        const facet = facets.get(row.name) ?? { name: row.name, values: [] };
        facet.values.push({ value: row.value, count: Number(row.count) });
        facets.set(row.name, facet);
      }
      return [...facets.values()];
    },

    /** Every product the storefront lists, for the sitemap: its id and last change. */
    async listedProductStamps(): Promise<{ id: number; updatedAt: Date }[]> {
      return db
        .select({ id: products.id, updatedAt: products.updatedAt })
        .from(products)
        .where(listable)
        .orderBy(asc(products.id));
    },

    /**
     * Every product the storefront lists, whole, with its live variants, in id order: the
     * catalogue feeds read it in one statement (5,000 products are one round trip, not 5,000).
     */
    async listedProducts(): Promise<ProductReadRow[]> {
      return db
        .select(readColumns)
        .from(products)
        .leftJoin(blingProductLinks, erpLinkOfProduct)
        .where(listable)
        .orderBy(asc(products.id));
    },

    async findProductById(id: number): Promise<ProductReadRow | undefined> {
      const [row] = await db
        .select(readColumns)
        .from(products)
        .leftJoin(blingProductLinks, erpLinkOfProduct)
        .where(eq(products.id, id));
      return row;
    },

    async listSubcategories(category: string): Promise<{ name: string; productCount: number }[]> {
      return db
        .select({ name: sql<string>`${products.subcategory}`, productCount: count() })
        .from(products)
        .where(and(listable, eq(products.category, category), isNotNull(products.subcategory)))
        .groupBy(products.subcategory);
    },

    async insertProducts(inputs: ProductInput[], now: Date): Promise<number[]> {
      if (inputs.length === 0) return [];
      const rows = await db
        .insert(products)
        .values(inputs.map((input) => toProductValues(input, now)))
        .returning({ id: products.id });
      const ids = rows.map((row) => row.id);
      const variants = inputs.flatMap((input, index) =>
        variantInputsOf(input).map((variant, position) =>
          toVariantValues(ids[index] ?? 0, variant, position, now),
        ),
      );
      await db.insert(productVariants).values(variants);
      return ids;
    },

    /** Where the whole catalogue stands with the ERP (spec 001 §7's sync_stats). */
    async syncStats(): Promise<SyncStats> {
      const [row] = await db
        .select({
          synced:
            sql<number>`count(*) filter (where ${blingProductLinks.syncStatus} = 'synced')`.mapWith(
              Number,
            ),
          local_only:
            sql<number>`count(*) filter (where ${blingProductLinks.syncStatus} is null)`.mapWith(
              Number,
            ),
          pending:
            sql<number>`count(*) filter (where ${blingProductLinks.syncStatus} in ('pending', 'failed'))`.mapWith(
              Number,
            ),
        })
        .from(products)
        .leftJoin(blingProductLinks, erpLinkOfProduct);
      return row ?? { synced: 0, local_only: 0, pending: 0 };
    },

    async countProducts(): Promise<number> {
      return countWhere(undefined);
    },
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
