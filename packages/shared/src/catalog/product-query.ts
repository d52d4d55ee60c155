import { z } from 'zod';
import { PRODUCTS_PER_REQUEST, SEARCH_MAX_LENGTH } from '../constants/storefront-constants.ts';
import { TEXT_LIMIT_MESSAGES } from '../validation/text-limits.ts';
import {
  canonicalOptionFilters,
  OPTION_FILTER_ENTRY_MAX,
  OPTION_FILTER_MAX_ENTRIES,
  parseOptionFilter,
} from './option-filter.ts';
import { PRODUCT_SORTS } from './product.ts';

/**
 * Spec 000 section 9: the storefront asks for 100 products per request, which is also the most
 * the API gives; a larger per_page is refused (422) rather than silently cut.
 */
export const PRODUCTS_PER_PAGE_DEFAULT = PRODUCTS_PER_REQUEST;
export const PRODUCTS_PER_PAGE_MAX = 100;
/** Far past any real catalogue; it only keeps OFFSET arithmetic small. */
export const PRODUCTS_PAGE_MAX = 100_000;

export const PRODUCT_QUERY_MESSAGES = {
  perPage: `O parâmetro per_page deve ser um número inteiro entre 1 e ${PRODUCTS_PER_PAGE_MAX}`,
  page: `O parâmetro page deve ser um número inteiro entre 1 e ${PRODUCTS_PAGE_MAX}`,
  category: 'O parâmetro category deve ser um texto',
  search: TEXT_LIMIT_MESSAGES.search,
  searchType: 'O parâmetro search deve ser um texto',
  sort: 'Ordenação inválida. Use name, price ou newest',
  displayStatus: 'O parâmetro display_status deve ser visible ou featured',
  option: `O parâmetro opcao deve ser Nome:valor, até ${OPTION_FILTER_MAX_ENTRIES} vezes e com até ${OPTION_FILTER_ENTRY_MAX} caracteres cada`,
} as const;

/**
 * A query-string integer: digits only, so '1e2', '-1', ' 5', '5.0' and repeated parameters
 * (which arrive as arrays) are all refused with the same pt-BR message. An empty value
 * (`?page=`, as HTML forms send it) means "not given".
 */
function integerParam(message: string, min: number, max: number, fallback: number) {
  return z
    .string({ error: message })
    .regex(/^\d{0,9}$/, { error: message })
    .optional()
    .transform((value) => (value ? Number(value) : fallback))
    .pipe(z.number().int().min(min, { error: message }).max(max, { error: message }));
}

function textParam(typeMessage: string, max: number, maxMessage: string) {
  return z
    .string({ error: typeMessage })
    .max(max, { error: maxMessage })
    .optional()
    .transform((value) => value?.trim() || undefined);
}

/**
 * `opcao`, once or repeated (Fastify gives a string or an array): each `Nome:valor`. Empty values
 * (as HTML forms send them) are left out; the rest must all be well formed, and the answer is
 * their canonical list (see option-filter.ts) so equal filters share one cache entry.
 */
const optionFilterParam = z
  .union([z.string(), z.array(z.string())], { error: PRODUCT_QUERY_MESSAGES.option })
  .optional()
  .transform((value) => (value === undefined ? [] : [value].flat().filter((entry) => entry !== '')))
  .pipe(
    z
      .array(z.string())
      .max(OPTION_FILTER_MAX_ENTRIES, { error: PRODUCT_QUERY_MESSAGES.option })
      // On the whole list, so the message is filed under `opcao` rather than `opcao.3`.
      .refine(
        (entries) =>
          entries.every(
            (entry) => entry.length <= OPTION_FILTER_ENTRY_MAX && parseOptionFilter(entry) !== null,
          ),
        { error: PRODUCT_QUERY_MESSAGES.option },
      ),
  )
  .transform(canonicalOptionFilters);

/**
 * Query of GET /api/products, shared by the API (validation) and the web (building links).
 * Unknown parameters are ignored; `category` is compared case-insensitively and an unknown
 * category gives an empty list rather than an error, as storefront links can be typed by hand.
 */
export const productQuerySchema = z.object({
  per_page: integerParam(
    PRODUCT_QUERY_MESSAGES.perPage,
    1,
    PRODUCTS_PER_PAGE_MAX,
    PRODUCTS_PER_PAGE_DEFAULT,
  ),
  page: integerParam(PRODUCT_QUERY_MESSAGES.page, 1, PRODUCTS_PAGE_MAX, 1),
  category: textParam(PRODUCT_QUERY_MESSAGES.category, 50, PRODUCT_QUERY_MESSAGES.category),
  search: textParam(
    PRODUCT_QUERY_MESSAGES.searchType,
    SEARCH_MAX_LENGTH,
    PRODUCT_QUERY_MESSAGES.search,
  ),
  sort: z
    .enum([...PRODUCT_SORTS, ''], { error: PRODUCT_QUERY_MESSAGES.sort })
    .optional()
    .transform((value) => value || 'name'),
  display_status: z
    .enum(['visible', 'featured', ''], { error: PRODUCT_QUERY_MESSAGES.displayStatus })
    .optional()
    .transform((value) => value || undefined),
  opcao: optionFilterParam,
});

/** What the API receives after validation (defaults applied). */
export type ProductQuery = z.output<typeof productQuerySchema>;
/** What a client may send. */
export type ProductQueryInput = Partial<
  Record<Exclude<keyof ProductQuery, 'opcao'>, string> & { opcao: string | string[] }
>;
