// Reading a Lighthouse result (LHR): category scores, metric values, and the audits that cost points.

export const LIGHTHOUSE_TARGETS = {
  performance: 0.98,
  accessibility: 1,
  'best-practices': 1,
  seo: 1,
} as const;

export type CategoryId = keyof typeof LIGHTHOUSE_TARGETS;
export const CATEGORY_IDS = Object.keys(LIGHTHOUSE_TARGETS) as CategoryId[];

export const METRIC_IDS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
] as const;

/** The part of Lighthouse's result shape this module reads (LH.Result is assignable to it). */
export interface LhrLike {
  finalDisplayedUrl: string;
  runtimeError?: { code: string; message: string };
  runWarnings: string[];
  environment: { benchmarkIndex: number };
  categories: Record<
    string,
    { score: number | null; auditRefs: { id: string; weight: number }[] } | undefined
  >;
  audits: Record<
    string,
    | {
        id: string;
        title: string;
        score: number | null;
        scoreDisplayMode: string;
        displayValue?: string;
        /** Lighthouse's table or list of offending items; its shape depends on the audit. */
        details?: unknown;
      }
    | undefined
  >;
}

export interface FailingAudit {
  id: string;
  title: string;
  score: number;
  weight: number;
  displayValue?: string;
  /** Up to MAX_EXAMPLES offending items (element, URL or message), so that the cause can be found. */
  examples?: string[];
}

export interface PageSummary {
  url: string;
  scores: Record<CategoryId, number | null>;
  metrics: Record<string, string>;
  /** Per category under its target: the audits scored below 1, heaviest first. */
  failing: Partial<Record<CategoryId, FailingAudit[]>>;
  /**
   * The largest paint's element and how its time splits (TTFB, load delay, load time, render
   * delay), whatever the score: the figures a change to the main picture moves.
   */
  lcp: string[];
  benchmarkIndex: number;
  warnings: string[];
  /** Set when Lighthouse could not measure the page (NO_FCP, NO_NAVSTART…): the run is void. */
  runtimeError?: string;
}

const SCORED_MODES = new Set(['binary', 'numeric', 'metricSavings']);
const MAX_EXAMPLES = 5;

/** One line for an item of an audit's table, or undefined for rows that name nothing useful. */
function describeItem(item: Record<string, unknown>): string | undefined {
  const node = item.node as { selector?: string; snippet?: string } | undefined;
  if (node) return [node.selector, node.snippet].filter(Boolean).join(' ');
  // LCP breakdown rows: which phase of the largest paint took the time.
  if (typeof item.phase === 'string' && typeof item.timing === 'number') {
    return `${item.phase}: ${Math.round(item.timing)} ms`;
  }
  // Console errors carry a source and a message; resources a URL.
  if (typeof item.source === 'string' && typeof item.description === 'string') {
    return [item.source, item.description, item.url].filter((v) => typeof v === 'string').join(' ');
  }
  if (typeof item.url === 'string') return item.url;
  return undefined;
}

/**
 * Up to MAX_EXAMPLES offending items: elements (selector and snippet), LCP phases, console
 * errors or URLs. Insight audits nest tables in a list, hence one level of recursion.
 */
export function auditExamples(details: unknown, depth = 0): string[] {
  if (typeof details !== 'object' || details === null || !('items' in details)) return [];
  const { items } = details;
  if (!Array.isArray(items)) return [];
  const examples: string[] = [];
  for (const item of items as Record<string, unknown>[]) {
    if (examples.length >= MAX_EXAMPLES) break;
    if (depth === 0 && typeof item === 'object' && item !== null && 'items' in item) {
      examples.push(...auditExamples(item, 1).slice(0, MAX_EXAMPLES - examples.length));
      continue;
    }
    const text = describeItem(item);
    if (text) examples.push(text.slice(0, 200));
  }
  return examples;
}

export function meetsTarget(category: CategoryId, score: number | null): boolean {
  return score !== null && score >= LIGHTHOUSE_TARGETS[category];
}

export function failingAudits(lhr: LhrLike, category: CategoryId): FailingAudit[] {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  const failing: FailingAudit[] = [];
  for (const ref of refs) {
    const audit = lhr.audits[ref.id];
    if (!audit || audit.score === null || audit.score >= 1) continue;
    if (!SCORED_MODES.has(audit.scoreDisplayMode)) continue;
    const examples = auditExamples(audit.details);
    failing.push({
      id: audit.id,
      title: audit.title,
      score: audit.score,
      weight: ref.weight,
      ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
      ...(examples.length ? { examples } : {}),
    });
  }
  return failing.sort((a, b) => b.weight - a.weight || a.score - b.score);
}

export function summarizeLhr(lhr: LhrLike): PageSummary {
  const scores = Object.fromEntries(
    CATEGORY_IDS.map((id) => [id, lhr.categories[id]?.score ?? null]),
  ) as Record<CategoryId, number | null>;
  const failing: PageSummary['failing'] = {};
  for (const id of CATEGORY_IDS) {
    if (!meetsTarget(id, scores[id])) failing[id] = failingAudits(lhr, id);
  }
  const metrics: Record<string, string> = {};
  for (const id of METRIC_IDS) metrics[id] = lhr.audits[id]?.displayValue ?? 'n/a';
  const warnings = [...lhr.runWarnings];
  if (lhr.runtimeError) warnings.unshift(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  return {
    url: lhr.finalDisplayedUrl,
    scores,
    metrics,
    failing,
    lcp: auditExamples(lhr.audits['largest-contentful-paint-element']?.details),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    warnings,
    ...(lhr.runtimeError ? { runtimeError: lhr.runtimeError.code } : {}),
  };
}

/** Lighthouse's advice: of several runs keep the one with the median performance score. */
export function medianRun<T extends { scores: Record<CategoryId, number | null> }>(runs: T[]): T {
  if (runs.length === 0) throw new Error('No Lighthouse run to choose from');
  const sorted = [...runs].sort(
    (a, b) => (a.scores.performance ?? -1) - (b.scores.performance ?? -1),
  );
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}
