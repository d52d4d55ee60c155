import { isCategorySlug } from '@lumina/shared/catalog/categories';
import type {
  OptionFacet,
  ProductListResponse,
  ProductResponse,
  SubcategoriesResponse,
} from '@lumina/shared/catalog/product';
import { groupOptionFilters } from '@lumina/shared/catalog/option-filter';
import type { ProductQuery } from '@lumina/shared/catalog/product-query';
import { AppError } from '../../http/app-error.ts';
import type { PriceRules } from '@lumina/shared/catalog/pricing';
import type { CouponRule } from '@lumina/shared/promotions/coupon-rules';
import { toProductDto } from './product-dto.ts';
import type { CatalogRepository } from './repository.ts';
import { searchTerms } from './search-text.ts';

export const PRODUCT_NOT_FOUND = 'Produto não encontrado';
export const CATEGORY_NOT_FOUND = 'Categoria não encontrada';

export { parseProductId } from '@lumina/shared/catalog/product-id';

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base' });

export function createCatalogService({
  repository,
  priceRules,
  promotionRules = () => Promise.resolve([]),
  now = () => new Date(),
}: {
  repository: CatalogRepository;
  /** The store settings' price rules now (`storeSettings`): products' PIX prices follow them. */
  priceRules: () => PriceRules;
  /**
   * The automatic promotions (from memory): each answer names the one on now. Answers are
   * cached for seconds only (app.ts) and dropped on any promotion change, so a promotion's start
   * or end shows within that lifetime.
   */
  promotionRules?: () => Promise<CouponRule[]>;
  now?: () => Date;
}) {
  const promotionsNow = async () => ({ rules: await promotionRules(), now: now() });

  return {
    /**
     * `facets` may answer the option facets from elsewhere (the route's cache): they depend on
     * the filters only, so every page and order of one listing can share one count.
     */
    async listProducts(
      query: ProductQuery,
      options: {
        facets?: (load: () => Promise<OptionFacet[]>) => Promise<OptionFacet[]>;
      } = {},
    ): Promise<ProductListResponse> {
      const filter = {
        category: query.category?.toLowerCase(),
        searchTerms: query.search ? searchTerms(query.search) : [],
        displayStatus: query.display_status,
        options: groupOptionFilters(query.opcao),
      };
      const listing = repository.listProducts({
        ...filter,
        sort: query.sort,
        limit: query.per_page,
        offset: (query.page - 1) * query.per_page,
      });
      const [{ rows, total }, sync_stats, option_facets, promotions] = await Promise.all([
        listing,
        repository.syncStats(),
        options.facets
          ? options.facets(() => repository.optionFacets(filter))
          : repository.optionFacets(filter),
        promotionsNow(),
      ]);
      return {
        products: rows.map((row) => toProductDto(row, priceRules(), promotions)),
        total,
        page: query.page,
        per_page: query.per_page,
        total_pages: Math.ceil(total / query.per_page),
        sync_stats,
        option_facets,
      };
    },

    /**
     * A product of the storefront: hidden ones are withdrawn from it and inactive ones (retired in
     * the panel, deleted in Bling) are no longer sold, so both answer 404 like unknown ids. Only
     * administrators may read an inactive one (`includeInactive`), as the panel shows it.
     */
    async getProduct(
      id: number | null,
      options: { includeInactive?: boolean } = {},
    ): Promise<ProductResponse> {
      const row = id === null ? undefined : await repository.findProductById(id);
      if (!row || row.displayStatus === 'hidden' || (!row.active && !options.includeInactive)) {
        throw new AppError('not_found', PRODUCT_NOT_FOUND, { code: 'product_not_found' });
      }
      return { product: toProductDto(row, priceRules(), await promotionsNow()) };
    },

    async listSubcategories(slug: string): Promise<SubcategoriesResponse> {
      const category = slug.toLowerCase();
      if (!isCategorySlug(category)) {
        throw new AppError('not_found', CATEGORY_NOT_FOUND, { code: 'category_not_found' });
      }
      const rows = await repository.listSubcategories(category);
      return {
        category,
        subcategories: rows
          .map((row) => ({ name: row.name, product_count: row.productCount }))
          .sort((a, b) => collator.compare(a.name, b.name)),
      };
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
