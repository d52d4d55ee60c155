import { CATEGORY_SLUGS } from '@lumina/shared/catalog/categories';
import { PRIVATE_PAGE_PATHS } from '@lumina/shared/storefront/page-paths';
import { escapeHtml } from '../../integrations/mail/escape-html.ts';
import { shopUrl } from './pages.ts';
import { POLICY_PAGES } from '@lumina/shared/settings/policy-pages';
import type { PolicyKey } from '@lumina/shared/settings/store-settings';

/** The sitemap protocol's limit for one file; a shop of 999 products is far below it. */
const MAX_URLS = 50_000;

export interface SitemapEntry {
  path: string;
  lastmod?: Date;
}

/**
 * /sitemap.xml: the home page, the listings, each category, every listed product, the privacy
 * policy and the shop's policies that are written (`policies`: the ones with a page).
 */
export function renderSitemap(
  appUrl: string,
  products: readonly { id: number; updatedAt: Date }[],
  policies: readonly PolicyKey[] = [],
): string {
  const newest = products.reduce<Date | undefined>(
    (latest, p) => (latest === undefined || p.updatedAt > latest ? p.updatedAt : latest),
    undefined,
  );
  const entries: SitemapEntry[] = [
    { path: '/', lastmod: newest },
    { path: '/produtos', lastmod: newest },
    { path: '/categorias', lastmod: newest },
    ...CATEGORY_SLUGS.map((slug) => ({ path: `/categorias?categoria=${slug}`, lastmod: newest })),
    ...products.map((p) => ({ path: `/produto/${p.id}`, lastmod: p.updatedAt })),
    { path: '/politica-privacidade' },
    ...policies.map((key) => ({ path: POLICY_PAGES[key].path })),
  ].slice(0, MAX_URLS);
  const urls = entries.map((entry) => {
    const lastmod = entry.lastmod ? `<lastmod>${entry.lastmod.toISOString()}</lastmod>` : '';
    return `  <url><loc>${escapeHtml(shopUrl(appUrl, entry.path))}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.join('\n')}
</urlset>
`;
}

/**
 * /robots.txt: everything public may be crawled; the API, the account, checkout, payment and
 * admin pages may not (their pages also say noindex), and the sitemap is named.
 */
export function renderRobots(appUrl: string): string {
  const disallowed = [
    '/api/',
    ...new Set(
      PRIVATE_PAGE_PATHS.map((path) => path.replace(/\/:.*$/, '').replace(/^\/admin.*$/, '/admin')),
    ),
  ];
  return [
    'User-agent: *',
    'Allow: /',
    ...disallowed.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${shopUrl(appUrl, '/sitemap.xml')}`,
    '',
  ].join('\n');
}
