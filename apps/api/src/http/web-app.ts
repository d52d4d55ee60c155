import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pathToFileURL } from 'node:url';
import type { PolicyKey } from '@lumina/shared/settings/store-settings';
import { AppError } from './app-error.ts';
import { type CachedJson, type JsonCache, sendCached } from './cached-json.ts';
import { applyPageHead, scriptSafeJson } from '../modules/storefront/page-head.ts';
import { loggableUrl } from './logger.ts';
import type { PageResolver } from '../modules/storefront/pages.ts';
import { errorBody } from './error-handler.ts';
import { deferAppScripts, stylesheetHref } from './deferred-hydration.ts';
import { criticalCss, parseStylesheet, type ParsedStylesheet } from './critical-css.ts';
import { pageAddress } from '../modules/storefront/page-address.ts';
import { createTaskGate, GateFullError } from '../lib/task-gate.ts';
import { createClientRateLimit } from './client-rate-limit.ts';
import { sendTooManyPages } from './too-many-pages.ts';

/** Vite names files under assets/ by content hash: a changed file is a new URL. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** index.html must be revalidated so a new deployment's hashed files are picked up at once. */
export const HTML_CACHE = 'no-cache';
/** Unhashed public files (favicon, logo, product pictures): short enough to update in an hour. */
export const PUBLIC_FILE_CACHE = 'public, max-age=3600';

const API_NOT_FOUND = new AppError('not_found', 'Endereço da API não encontrado.', {
  code: 'route_not_found',
});
const FILE_NOT_FOUND = new AppError('not_found', 'Arquivo não encontrado.', {
  code: 'file_not_found',
});

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

function sendNotFound(reply: FastifyReply, error: AppError): void {
  void reply.code(404).header('cache-control', 'no-store').send(errorBody(error));
}

/** What every page says while payments are simulated; the web app shows a slim notice for it. */
export const SANDBOX_META = '<meta name="lumina-payments" content="sandbox">';

/** index.html as served: with the test-payments marker in its head while the sandbox is on. */
export function pageHtml(indexHtml: string, paymentsSandbox: boolean): string {
  if (!paymentsSandbox) return indexHtml;
  const headEnd = indexHtml.search(/<\/head>/i);
  // A simulated-payments shop must never look like a real one: no head, no start.
  if (headEnd < 0) throw new Error('index.html has no </head> to carry the sandbox marker');
  return `${indexHtml.slice(0, headEnd)}    ${SANDBOX_META}\n  ${indexHtml.slice(headEnd)}`;
}

/**
 * Weak validator of the HTML as served (marker included), so a browser revalidating a page gets a
 * 304 only when it holds exactly this HTML: toggling the sandbox or a new build changes it.
 */
export function pageEtag(html: string): string {
  return `W/"${createHash('sha1').update(html).digest('base64url')}"`;
}

const ROOT = '<div id="root"></div>';

/** The server renderer of this build, when the build has one (DIST/ssr/entry-server.js). */
async function loadRenderer(
  distDir: string,
  log: FastifyBaseLogger,
): Promise<StorefrontRenderer | undefined> {
  const entry = join(distDir, 'ssr', 'entry-server.js');
  if (!existsSync(entry)) {
    log.info({ entry }, 'no server renderer in the web build: pages are drawn by the browser');
    return undefined;
  }
  return (await import(pathToFileURL(entry).href)) as StorefrontRenderer;
}

/** The build's stylesheet (the one index.html links), read once, or undefined when it has none. */
function readStylesheet(
  distDir: string,
  indexHtml: string,
  log: FastifyBaseLogger,
): ParsedStylesheet | undefined {
  const href = stylesheetHref(indexHtml);
  if (!href?.startsWith('/assets/')) return undefined;
  const file = join(distDir, href);
  if (!existsSync(file)) {
    log.warn({ file }, 'the stylesheet index.html links is missing: pages link it as they are');
    return undefined;
  }
  return parseStylesheet(readFileSync(file, 'utf8'));
}

/** The page's rules in a <style> at the end of its head, after the picture's preload. */
function inlineStyle(html: string, css: string): string {
  const headEnd = html.indexOf('</head>');
  // The rules cannot close the element: '<' appears in no rule Tailwind writes, but a '</style'
  // in a string would end it early.
  const safe = css.replace(/<\/(style)/gi, '<\\/$1');
  return `${html.slice(0, headEnd)}  <style>${safe}</style>\n  ${html.slice(headEnd)}`;
}

/** A path whose last segment has an extension asks for a file, not a page ('/logo.png'). */
function looksLikeFile(pathname: string): boolean {
  return /\.[a-z0-9]{1,8}$/i.test(pathname.slice(pathname.lastIndexOf('/') + 1));
}

/** A page with its head and status, rendered once per catalogue cache period. */
export function renderPage(page: { status: number; html: string }): CachedJson {
  return { body: page.html, etag: pageEtag(page.html), encoded: {}, status: page.status };
}

/** What the server renderer (apps/web/src/entry-server.tsx, built to DIST/ssr) exports. */
export interface StorefrontRenderer {
  renderPage(
    url: string,
    options: { data: StorefrontData; sandbox: boolean },
  ): Promise<{ html: string; state: unknown } | undefined>;
}

/** The catalogue in the API's answer shapes, for the renderer (entry-server.tsx's StorefrontData). */
export interface StorefrontData {
  products(query: Record<string, string | number | null | undefined>): Promise<unknown>;
  product(id: number): Promise<unknown>;
  /** The first page of a product's approved reviews; undefined when the shop has none to say. */
  productReviews(id: number): Promise<unknown>;
  subcategories(slug: string): Promise<unknown>;
  /** The shop's public settings, GET /api/store's answer. */
  store(): unknown;
  /** GET /api/store/policies/{key}'s answer, or undefined for a policy not written. */
  policy(key: PolicyKey): Promise<unknown>;
}

export interface WebAppOptions {
  paymentsSandbox: boolean;
  /** Each page's status and head (storefront/pages.ts); without it every page is index.html. */
  pages?: PageResolver;
  /** The catalogue the server renderer shows; without it pages are drawn by the browser. */
  storefront?: StorefrontData;
  /** Rendered pages live as long as catalogue answers and are dropped with them. */
  cache?: JsonCache;
  /** Pages per minute from one client (PAGE_RATE_LIMIT_MAX); 0 or absent: no limit. */
  pageRateLimitMax?: number;
}

/**
 * A server render is 15 to 30 ms of CPU on the one event loop that also answers the API. Two at
 * once overlap one's database reads with the other's rendering; sixteen more may wait their turn
 * (a burst of real visitors after a cache clear). Past that a page is answered with its shell:
 * the same HTML with its head and status but an empty root, which the browser draws itself, as
 * when a render fails. That costs about what a cached page costs, keeps the page working for a
 * person and for search engines (its status and head are there), and is not cached; a 503 would
 * have turned away the real visitors of a flood along with it.
 */
export const RENDER_CONCURRENCY = 2;
export const RENDER_QUEUE = 16;

/** Thrown through the cache so a shell answered for a full render queue is never kept. */
class RenderDeferred extends Error {
  constructor(readonly shell: CachedJson) {
    super('render queue full: the page goes out as its shell');
  }
}

/**
 * In production the API process also serves the built storefront (one process to run): files from
 * WEB_DIST_DIR, and index.html for any page address so React Router can take over, with the
 * page's own head (title, description, canonical, Open Graph, JSON-LD) and status: 404 for an
 * address the app does not have or a product no longer sold (so search engines drop it). Any
 * Accept header gets the page, since link-preview bots and curl do not ask for text/html.
 * Without a build (tests, API-only development) only the JSON 404s remain.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  options: WebAppOptions = { paymentsSandbox: false },
): Promise<void> {
  const indexPath = join(distDir, 'index.html');
  const indexHtml = existsSync(indexPath)
    ? pageHtml(readFileSync(indexPath, 'utf8'), options.paymentsSandbox)
    : null;
  const { pages, cache } = options;
  const renderer = indexHtml === null ? undefined : await loadRenderer(distDir, app.log);

  // A rendered page carries the rules of the stylesheet it uses (critical-css.ts) and starts the
  // app's code, after the whole stylesheet, once it is painted (deferred-hydration.ts): its own
  // template, made once at start, beside the plain one for pages the browser draws.
  const parsedSheet = indexHtml === null ? undefined : readStylesheet(distDir, indexHtml, app.log);
  const deferredIndexHtml =
    indexHtml === null
      ? null
      : deferAppScripts(indexHtml, { lateStylesheet: parsedSheet !== undefined });
  // Only a page whose head no longer links the stylesheet carries its rules.
  const stylesheet =
    deferredIndexHtml !== null && stylesheetHref(deferredIndexHtml) === undefined
      ? parsedSheet
      : undefined;

  /** The root with the page's content and query cache, when the server renders it. */
  async function renderRoot(url: string): Promise<string | undefined> {
    if (!renderer || !options.storefront) return undefined;
    try {
      const rendered = await renderer.renderPage(url, {
        data: options.storefront,
        sandbox: options.paymentsSandbox,
      });
      if (!rendered) return undefined;
      return `<div id="root">${rendered.html}</div><script type="application/json" id="lumina-state">${scriptSafeJson(rendered.state)}</script>`;
    } catch (error) {
      // The browser draws the page as it did before server rendering: nothing is lost.
      app.log.error({ err: error, url: loggableUrl(url) }, 'server rendering failed');
      return undefined;
    }
  }

  const renderGate = createTaskGate({ concurrency: RENDER_CONCURRENCY, queueLimit: RENDER_QUEUE });
  const limitPages = await createClientRateLimit(app, {
    group: 'page',
    max: options.pageRateLimitMax ?? 0,
  });

  /** The page at `url`, an address already reduced to what its page reads (page-address.ts). */
  async function render(url: string): Promise<CachedJson> {
    if (indexHtml === null || deferredIndexHtml === null) throw new Error('no index.html');
    if (!pages) return renderPage({ status: 200, html: indexHtml });
    const parsed = new URL(url, 'http://pagina.invalid');
    const pathname = parsed.pathname === '/index.html' ? '/' : parsed.pathname;
    const page = await pages.resolve(pathname, parsed.searchParams);
    const shell = () =>
      renderPage({ status: page.status, html: applyPageHead(indexHtml, page.head) });
    if (!page.render) return shell();
    let root: string | undefined;
    try {
      root = await renderGate.run(() => renderRoot(url));
    } catch (error) {
      if (error instanceof GateFullError) throw new RenderDeferred(shell());
      throw error;
    }
    if (root === undefined) return shell();
    const withHead = applyPageHead(deferredIndexHtml, page.head);
    const html = (
      stylesheet ? inlineStyle(withHead, criticalCss(stylesheet, root)) : withHead
    ).replace(ROOT, () => root);
    return renderPage({ status: page.status, html });
  }

  // no-cache makes the browser ask each time; the ETag lets the answer be a 304 without the body.
  async function sendPage(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (limitPages) {
      const check = await limitPages(request);
      if (check.exceeded) {
        await sendTooManyPages(reply, check.retryAfterSeconds);
        return;
      }
    }
    // Keyed and rendered by what the page reads: made-up parameters cannot force renders.
    let address = pageAddress(request.url);
    // A made-up SKU renders nothing new: the product's own page, whose choice is the same.
    if (address.variant) {
      const { productId, sku, bare } = address.variant;
      if (!pages || !(await pages.hasVariant(productId, sku))) address = bare;
    }
    let page: CachedJson;
    try {
      page = cache
        ? await cache.get(
            address.key,
            () => render(address.url),
            (value) => value,
          )
        : await render(address.url);
    } catch (error) {
      if (!(error instanceof RenderDeferred)) throw error;
      page = error.shell;
    }
    await sendCached(request, reply, page, HTML_CACHE, 'text/html; charset=utf-8');
  }

  if (indexHtml !== null) {
    const assetsDir = join(distDir, 'assets') + sep;
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      // One route per built file, found once at start: unknown paths never touch the disk.
      wildcard: false,
      cacheControl: false,
      // Pages (/, /index.html) are the routes below: the same HTML as every other page address.
      index: false,
      // The server renderer's bundle (DIST/ssr) is the server's, not the browser's.
      allowedPath: (pathName) => pathName !== '/index.html' && !pathName.startsWith('/ssr/'),
      setHeaders(res, path) {
        const cacheControl = path.startsWith(assetsDir)
          ? IMMUTABLE_CACHE
          : path.endsWith('.html')
            ? HTML_CACHE
            : PUBLIC_FILE_CACHE;
        res.setHeader('cache-control', cacheControl);
      },
    });
    app.get('/', sendPage);
  } else {
    app.log.info({ distDir }, 'no web build found: serving the API only');
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (isApiPath(request.url)) return sendNotFound(reply, API_NOT_FOUND);
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    const pathname = request.url.split('?')[0] ?? '';
    // /index.html is the home page's file: the page, as the static file was.
    const isPage = pathname === '/index.html' || !looksLikeFile(pathname);
    if (indexHtml !== null && isRead && isPage) {
      return sendPage(request, reply);
    }
    return sendNotFound(reply, FILE_NOT_FOUND);
  });
}
