import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';
import { matchesEtag } from './cached-json.ts';
import { errorBody } from './error-handler.ts';

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

/** A browser navigating (Accept: text/html), not a script asking for a missing file. */
function wantsPage(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !isApiPath(request.url) &&
    (request.headers.accept ?? '').includes('text/html')
  );
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

/**
 * In production the API process also serves the built storefront (issue 2, item 9): files from
 * WEB_DIST_DIR, and index.html for any other page address so React Router can take over. Without
 * a build (tests, API-only development) only the JSON 404s remain.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  options: { paymentsSandbox: boolean } = { paymentsSandbox: false },
): Promise<void> {
  const indexPath = join(distDir, 'index.html');
  const indexHtml = existsSync(indexPath)
    ? pageHtml(readFileSync(indexPath, 'utf8'), options.paymentsSandbox)
    : null;

  const etag = indexHtml === null ? '' : pageEtag(indexHtml);
  // no-cache makes the browser ask each time; the ETag lets the answer be a 304 without the body.
  function sendPage(request: FastifyRequest, reply: FastifyReply): void {
    reply.header('cache-control', HTML_CACHE).header('etag', etag);
    if (matchesEtag(request.headers['if-none-match'], etag)) {
      void reply.code(304).send();
      return;
    }
    void reply.code(200).type('text/html; charset=utf-8').send(indexHtml);
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
      allowedPath: (pathName) => pathName !== '/index.html',
      setHeaders(res, path) {
        const cacheControl = path.startsWith(assetsDir)
          ? IMMUTABLE_CACHE
          : path.endsWith('.html')
            ? HTML_CACHE
            : PUBLIC_FILE_CACHE;
        res.setHeader('cache-control', cacheControl);
      },
    });
    // The home page whatever the Accept header, as the static file was (/index.html, a file route
    // of the static plugin, is refused above and falls back to the page below).
    app.get('/', sendPage);
  } else {
    app.log.info({ distDir }, 'no web build found: serving the API only');
  }

  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url)) return sendNotFound(reply, API_NOT_FOUND);
    if (indexHtml !== null && wantsPage(request)) return sendPage(request, reply);
    return sendNotFound(reply, FILE_NOT_FOUND);
  });
}
