// Target for the administrator's product table, and how one measured case is judged.

/** Targets of the admin product table benchmark (bench/README.md, Admin product table). */
export const ADMIN_PRODUCTS_TARGETS = {
  /** p50 of `GET /api/admin/products`, one request at a time, on PostgreSQL, strictly below. */
  p50Ms: 20,
  /** p99 of the same, at most: with 20,000 variants the rows carry theirs (spec of variants). */
  p99Ms: 20,
} as const;

/** One page of the table as the panel asks for it (the query string of the route). */
export interface AdminProductsPage {
  filter: 'all' | 'bling' | 'local' | 'pending' | 'failed';
  sort: 'id' | 'name' | 'price' | 'category';
  direction: 'asc' | 'desc';
  q?: string;
  page: number;
}

/** `/api/admin/products?…` for a page, parameters in a fixed order, `q` only when given. */
export function adminProductsPath(page: AdminProductsPage): string {
  const params = new URLSearchParams({
    filter: page.filter,
    sort: page.sort,
    direction: page.direction,
  });
  if (page.q !== undefined) params.set('q', page.q);
  params.set('page', String(page.page));
  return `/api/admin/products?${params.toString()}`;
}

export interface AdminProductsFigures {
  p50Ms: number;
  p99Ms: number;
  /** Answers other than 200, and 200s whose page was not the one asked for. */
  wrongAnswers: number;
}

/** What a case misses: the latency targets (NaN, not measured, is a miss) and any wrong answer. */
export function adminProductsMisses(figures: AdminProductsFigures): string[] {
  const misses: string[] = [];
  if (!(figures.p50Ms < ADMIN_PRODUCTS_TARGETS.p50Ms)) misses.push('p50');
  if (!(figures.p99Ms <= ADMIN_PRODUCTS_TARGETS.p99Ms)) misses.push('p99');
  if (figures.wrongAnswers > 0) misses.push(`${figures.wrongAnswers} wrong answers`);
  return misses;
}

/**
 * Whether an answer is the page asked for: `rows` products, the count a page of `perPage` must
 * hold given `total` (full pages, then the remainder, never an empty page past a non-empty one).
 */
export function isExpectedPage(
  answer: { rows: number; total: number; page: number },
  page: number,
  perPage: number,
): boolean {
  if (answer.page !== page || !Number.isInteger(answer.total) || answer.total < 0) return false;
  const expected = Math.max(0, Math.min(perPage, answer.total - (page - 1) * perPage));
  return answer.rows === expected;
}
