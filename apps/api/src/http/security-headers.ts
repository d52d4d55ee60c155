import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { CardPaymentSettings } from '../config.ts';
import { BOOT_SCRIPT_SOURCE } from './deferred-hydration.ts';

/**
 * A Vite build loads only its own hashed files; React and the carousel set styles through the
 * DOM, but Radix's scroll lock injects a <style> element, hence 'unsafe-inline' for styles only.
 * Images may also be blob: URLs, which only this page's own scripts can make: the admin's preview
 * of a photo chosen for upload, before it is sent.
 */
export const CONTENT_SECURITY_POLICY = {
  useDefaults: false,
  directives: {
    'default-src': ["'self'"],
    // The one inline script: deferred-hydration.ts's boot, allowed by its hash.
    'script-src': ["'self'", BOOT_SCRIPT_SOURCE],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  },
};

/**
 * MercadoPago's hosts its browser SDK loads from, frames its secure fields from, calls and shows
 * card brands from (MercadoPago's own CSP list for shops, REFERENCE.md).
 */
export const MERCADOPAGO_CSP_HOSTS = [
  'https://*.mercadopago.com',
  'https://*.mercadopago.com.br',
  'https://*.mercadolibre.com',
  'https://*.mercadolivre.com',
  'https://*.mlstatic.com',
] as const;

const MERCADOPAGO_DOMAINS = [
  'mercadopago.com',
  'mercadopago.com.br',
  'mercadolibre.com',
  'mercadolivre.com',
  'mlstatic.com',
];

/**
 * What the card form needs beyond the shop's own origin: the SDK's origin and, when that is
 * MercadoPago's, its other hosts; a stand-in SDK (the fake, MERCADOPAGO_SDK_URL elsewhere) serves
 * its fields and answers from its own origin only. Nothing while cards are off.
 */
export function cardPaymentSources(cards: CardPaymentSettings | undefined): string[] {
  if (!cards) return [];
  const sdk = new URL(cards.sdkUrl);
  const mercadoPago = MERCADOPAGO_DOMAINS.some(
    (domain) => sdk.hostname === domain || sdk.hostname.endsWith(`.${domain}`),
  );
  return mercadoPago ? [sdk.origin, ...MERCADOPAGO_CSP_HOSTS] : [sdk.origin];
}

/**
 * The policy with the card form's sources in script-src, frame-src, connect-src and img-src. The
 * policy is one for every page (set once, at start): the SDK itself is only ever loaded by the
 * payment step's script tag, added at run time.
 */
export function contentSecurityPolicy(cards: CardPaymentSettings | undefined) {
  const sources = cardPaymentSources(cards);
  const { directives } = CONTENT_SECURITY_POLICY;
  if (sources.length === 0) return CONTENT_SECURITY_POLICY;
  return {
    ...CONTENT_SECURITY_POLICY,
    directives: {
      ...directives,
      'script-src': [...directives['script-src'], ...sources],
      'frame-src': ["'self'", ...sources],
      'connect-src': [...directives['connect-src'], ...sources],
      'img-src': [...directives['img-src'], ...sources],
    },
  };
}

export function helmetOptions(cards?: CardPaymentSettings) {
  return { ...HELMET_OPTIONS, contentSecurityPolicy: contentSecurityPolicy(cards) };
}

export const HELMET_OPTIONS = {
  contentSecurityPolicy: CONTENT_SECURITY_POLICY,
  // Nothing cross-origin is embedded, and COEP would only break future payment widgets.
  crossOriginEmbedderPolicy: false,
  // Headers only Internet Explorer, old XSS auditors and Flash/Acrobat read: bytes on every
  // answer for browsers the store does not support.
  xDownloadOptions: false,
  xXssProtection: false,
  xPermittedCrossDomainPolicies: false,
} satisfies HelmetOptions;

/**
 * Helmet's headers, as helmet sets them with this configuration. None depends on the request (no
 * CSP nonce, no per-route policy), so helmet runs once, at start, on a response that only records
 * them: running its eleven middlewares for every answer was about 3 % of the server's time on a
 * small catalogue read (CPU profile). Not @fastify/helmet either, which rebuilds its
 * middleware (parsing the CSP again) on every request: that halved the requests per second (about
 * 13k against 29k measured).
 */
export function securityHeaders(
  cards?: CardPaymentSettings,
): ReadonlyArray<readonly [string, string]> {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.push([name, String(value)]);
      return recorder;
    },
    removeHeader() {},
  };
  let failure: unknown;
  helmet(helmetOptions(cards))(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      failure = error;
    },
  );
  if (failure !== undefined) throw failure instanceof Error ? failure : new Error('helmet failed');
  return headers;
}

/**
 * Powerful browser features the pages never use, turned off for them and for anything embedded in
 * them, so an injected script or a third-party frame cannot ask for them either. Nothing in the
 * shop needs one: PIX is a copied code (clipboard writes stay allowed), the CEP fills the address
 * without geolocation, and no card form uses the Payment Request API. Only features Chromium
 * recognises: an unknown name (interest-cohort, FLoC's, is gone) is logged as a console error on
 * every page; browsing-topics is its successor.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

function isHtml(contentType: unknown): boolean {
  return typeof contentType === 'string' && contentType.startsWith('text/html');
}

/**
 * The security headers on every answer, and the permissions policy on every HTML answer; with
 * cards on, the policy lets the payment step's MercadoPago form in.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: { cardPayments?: CardPaymentSettings } = {},
): void {
  // Into Fastify's own header store, names in lower case as Fastify keeps every header (HTTP
  // names are case-insensitive): Fastify then hands Node one object at writeHead. Set on the raw
  // response, each header went through Node's checks twice and turned every header Fastify sends
  // into a setHeader call of its own (about 5 µs of CPU per answer, measured).
  const headers = securityHeaders(options.cardPayments).map(
    ([name, value]) => [name.toLowerCase(), value] as const,
  );
  app.addHook('onRequest', (_request, reply, done) => {
    for (let i = 0; i < headers.length; i += 1) {
      const [name, value] = headers[i]!;
      reply.header(name, value);
    }
    done();
  });
  // Only a document has features to hand out: JSON and pictures are spared the bytes.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (isHtml(reply.getHeader('content-type'))) {
      reply.header('permissions-policy', PERMISSIONS_POLICY);
    }
    done(null, payload);
  });
}
