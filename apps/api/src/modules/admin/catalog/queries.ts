import type { AdminProductListQuery } from '@lumina/shared/admin/admin-products';
import { ADMIN_PRODUCTS_PER_PAGE } from '@lumina/shared/admin/admin-products';
import { and, asc, desc, eq, isNotNull, like, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { blingProductLinks as link } from '../../../db/schema/bling.ts';
import { products } from '../../../db/schema/products.ts';
import { erpLinkOfProduct, variantsOfProduct } from '../../catalog/repository.ts';
import { containsPattern, searchTerms } from '../../catalog/search-text.ts';

/**
 * Whether the product's link to the ERP (at most one row, keyed by the product's id) matches
 * `condition`. Asked with EXISTS on the ERP's table rather than by joining it to every product:
 * 'local' is then an anti-join against only the links that make a product not local, instead
 * of a join of every link followed by a filter, and the page query needs no join at all.
 */
const erpLinkWhere = (condition: SQL | undefined) =>
  sql`exists (select 1 from ${link} where ${erpLinkOfProduct} and ${condition})`;

const FILTERS: Record<AdminProductListQuery['filter'], SQL | undefined> = {
  all: undefined,
  bling: erpLinkWhere(isNotNull(link.blingId)),
  // Made in the shop and not waiting for (or failing) a push to the ERP: no link row, or one
  // with no Bling id whose state is none or 'synced'. Its complement is a link with a Bling id
  // or with any other state (`<>` is not true for a missing state), so NOT EXISTS of that.
  local: sql`not ${erpLinkWhere(or(isNotNull(link.blingId), ne(link.syncStatus, 'synced')))}`,
  pending: erpLinkWhere(eq(link.syncStatus, 'pending')),
  failed: erpLinkWhere(eq(link.syncStatus, 'failed')),
};

const SORTS = {
  id: products.id,
  name: products.nameKey,
  price: products.priceCents,
  category: products.category,
} as const;

/** The administrator's product table (spec 001 §2): every product, hidden and inactive too. */
export function createAdminCatalogQueries(db: Db) {
  return {
    async list(query: AdminProductListQuery) {
      // Name or SKU, any case or accent, every word (the storefront's search columns).
      const terms = searchTerms(query.q ?? '');
      const where = and(
        FILTERS[query.filter],
        ...terms.map((term) => like(products.searchText, containsPattern(term))),
      );
      const order = query.direction === 'asc' ? asc : desc;
      const offset = (query.page - 1) * ADMIN_PRODUCTS_PER_PAGE;
      // The page is chosen on narrow rows (id and count) and only its products are read whole,
      // with their variants: the count over the whole filter then buffers ids instead of full
      // rows (which spilled to disk with all 5,000 products), and the variants' subquery runs
      // for the page's rows, not for every row skipped before it (400 times on page 40).
      const page = db
        .select({ id: products.id, total: sql<number>`count(*) over ()`.as('total') })
        .from(products)
        .where(where)
        // The id breaks ties, so pages never repeat or skip a product.
        .orderBy(order(SORTS[query.sort]), order(products.id))
        .limit(ADMIN_PRODUCTS_PER_PAGE)
        .offset(offset)
        .as('page');
      const rows = await db
        .select({
          product: products,
          blingId: link.blingId,
          syncStatus: link.syncStatus,
          syncError: link.syncError,
          blingSyncedAt: link.syncedAt,
          // The catalogue's own read of them: the table's answer keeps the fields it shows.
          variants: variantsOfProduct,
          total: page.total,
        })
        .from(page)
        .innerJoin(products, eq(products.id, page.id))
        .leftJoin(link, erpLinkOfProduct)
        .orderBy(order(SORTS[query.sort]), order(products.id));
      let total = Number(rows[0]?.total ?? 0);
      if (rows.length === 0 && offset > 0) {
        const [counted] = await db
          .select({ count: sql<number>`count(*)::integer` })
          .from(products)
          .where(where);
        total = Number(counted?.count ?? 0);
      }
      return {
        rows: rows.map(({ product, total: _total, ...rest }) => ({ ...product, ...rest })),
        total,
      };
    },
  };
}
