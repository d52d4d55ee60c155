import { accessSync, constants } from 'node:fs';
import { isIP } from 'node:net';
import { isAbsolute, join, resolve } from 'node:path';
import { brazilianMobile } from '@lumina/shared/settings/settings-rules';
import { z } from 'zod';
import { isLoopbackHttp } from './integrations/google/loopback-url.ts';
import { isLoopbackHost } from './lib/ip-ranges.ts';
import { normalisePixKey } from './integrations/pix/pix-key.ts';
import { cepToState } from './integrations/shipping/cep-regions.ts';
import { REPO_ROOT } from './paths.ts';

export { REPO_ROOT } from './paths.ts';

/** Every environment variable the API reads, with its default, for the README and CONFIG.md. */
export const CONFIG_VARIABLES = [
  { name: 'PORT', default: '3000', description: 'TCP port the server listens on.' },
  { name: 'HOST', default: '0.0.0.0', description: 'Interface the server binds to.' },
  {
    name: 'NODE_ENV',
    default: 'production',
    description: 'development, production or test; development pretty-prints the logs.',
  },
  {
    name: 'LOG_LEVEL',
    default: 'info',
    description: 'pino level: fatal, error, warn, info, debug, trace or silent.',
  },
  {
    name: 'DATA_DIR',
    default: './data',
    description:
      'Folder for local data; the embedded database lives in DATA_DIR/pglite. Relative paths are resolved against the repository root.',
  },
  {
    name: 'DATABASE_URL',
    default: '(unset)',
    description:
      'postgres:// URL of a PostgreSQL server. When unset, the embedded PGlite database in DATA_DIR is used.',
  },
  {
    name: 'DATABASE_POOL_MAX',
    default: '10',
    description: 'Maximum connections of the PostgreSQL pool (ignored with PGlite).',
  },
  {
    name: 'BACKUP_DIR',
    default: 'DATA_DIR/backups',
    description:
      'Folder of the nightly backups (03:00 São Paulo) and of npm run backup: one .tar.gz each with database, uploads and generated keys (mode 0600); 7 daily and 4 weekly are kept.',
  },
  {
    name: 'WEB_DIST_DIR',
    default: 'apps/web/dist',
    description:
      'Built web app served on every path outside /api. When the folder has no index.html, only the API runs.',
  },
  {
    name: 'TRUST_PROXY',
    default: 'false',
    description:
      'Behind a reverse proxy, client IPs come from X-Forwarded-For: the number of proxies in front (1 for one) or their addresses/CIDRs, comma-separated. true is refused (clients write that header too). The start logs what is trusted.',
  },
  {
    name: 'WEB_CONCURRENCY',
    default: '1',
    description:
      'Server processes sharing PORT (Node cluster workers), with DATABASE_URL only: the embedded database can be opened by one process, so without DATABASE_URL the server runs one and says so.',
  },
  {
    name: 'RATE_LIMIT_MAX',
    default: '600',
    description: 'Requests per minute allowed from one IP across the API; 0 disables the limit.',
  },
  {
    name: 'PAGE_RATE_LIMIT_MAX',
    default: '120',
    description:
      'Pages (HTML) per minute allowed from one IP, and as many preview JPEGs; past it the page answers 429 with Retry-After. 0 disables the limit.',
  },
  {
    name: 'ACCOUNTS_PER_IP_HOUR',
    default: '10',
    description:
      'Accounts that may be created from one IP in an hour. Raise it when many shoppers share one address (a carrier-grade NAT, an event with one Wi-Fi).',
  },
  {
    name: 'SEED_DEMO_CATALOG',
    default: 'true',
    description: 'Seed the demo catalogue on start when the products table is empty.',
  },
  {
    name: 'JWT_SECRET',
    default: '(unset)',
    description:
      'Secret (at least 32 characters) that signs the access tokens. When unset, a random one is generated once and kept in DATA_DIR/jwt-secret (mode 0600).',
  },
  {
    name: 'ADMIN_EMAIL',
    default: '(unset)',
    description:
      'With ADMIN_PASSWORD, creates this administrator at start when no account has the e-mail. An existing account is never promoted by it (the server logs why); use npm run admin:create -- --promote. There is no built-in administrator.',
  },
  {
    name: 'ADMIN_PASSWORD',
    default: '(unset)',
    description: 'Password for ADMIN_EMAIL; must satisfy the register password rule.',
  },
  {
    name: 'APP_URL',
    default: 'http://localhost:3000',
    description:
      'Public address of the store, used in links sent by e-mail and for the Google callback; https makes the sign-in cookies Secure.',
  },
  {
    name: 'SMTP_URL',
    default: '(unset)',
    description:
      'smtp:// or smtps:// URL (user and password inside) of the mail server. When unset, each e-mail is written to DATA_DIR/outbox as an .eml file and its path logged.',
  },
  {
    name: 'MAIL_FROM',
    default: 'Lumina Piercings <nao-responda@lumina.local>',
    description:
      "A first start's sender of the shop's e-mails (the store settings' sender, changed at /admin/loja); also the sender while the settings leave it empty.",
  },
  {
    name: 'CONTACT_EMAIL',
    default: '(unset)',
    description:
      "A first start's SAC e-mail and Reply-To in the store settings (changed at /admin/loja): contact-form messages go to the SAC e-mail (Reply-To the sender) and the shop's e-mails carry the Reply-To. Unset: both start empty; contact messages go to every administrator.",
  },
  {
    name: 'STORE_WHATSAPP',
    default: '(unset)',
    description:
      "The shop's WhatsApp (a Brazilian mobile with DDD, with or without +55) that a first start puts in the store settings; the owner changes it at /admin/loja. Unset: no WhatsApp until the owner fills it in.",
  },
  {
    name: 'MAIL_TIMEOUT_MS',
    default: '30000',
    description:
      'How long one SMTP delivery may wait for the server (connection, greeting, each reply). An e-mail held by a process that died is sent by another after twice this time.',
  },
  {
    name: 'GOOGLE_ISSUER_URL',
    default: 'https://accounts.google.com',
    description:
      'OpenID Connect issuer for "Entrar com Google". Must be https, except a provider on this machine (http://localhost, 127.0.0.1).',
  },
  {
    name: 'GOOGLE_CLIENT_ID',
    default: '(unset)',
    description:
      'OAuth client id from the Google Cloud console. Without it and GOOGLE_CLIENT_SECRET, Google sign-in is off and the web app says so.',
  },
  {
    name: 'GOOGLE_CLIENT_SECRET',
    default: '(unset)',
    description: 'OAuth client secret that goes with GOOGLE_CLIENT_ID.',
  },
  {
    name: 'GOOGLE_REDIRECT_URL',
    default: 'APP_URL/api/auth/google/callback',
    description: 'Callback address registered with the provider (Authorized redirect URI).',
  },
  {
    name: 'SHIPPING_PROVIDER',
    default: 'table',
    description:
      'Who prices PAC and SEDEX: table (built in, no account), correios (contract API) or melhor_envio. A carrier that fails or is slow is replaced by the table.',
  },
  {
    name: 'SHIPPING_TIMEOUT_MS',
    default: '5000',
    description: 'How long a quote waits for the carrier API before the table answers instead.',
  },
  {
    name: 'SHIPPING_ORIGIN_CEP',
    default: '01310100',
    description: 'CEP the parcels leave from (8 digits); it sets the zones of the table.',
  },
  {
    name: 'CORREIOS_API_URL',
    default: 'https://api.correios.com.br',
    description:
      'Correios contract API (CWS); the homologation one is https://apihom.correios.com.br.',
  },
  {
    name: 'CORREIOS_USER',
    default: '(unset)',
    description: 'Correios ID user of the contract; required with SHIPPING_PROVIDER=correios.',
  },
  {
    name: 'CORREIOS_ACCESS_CODE',
    default: '(unset)',
    description: 'Access code generated in the Correios developer portal for CORREIOS_USER.',
  },
  {
    name: 'CORREIOS_POSTING_CARD',
    default: '(unset)',
    description: 'Number of the contract posting card (cartão de postagem).',
  },
  {
    name: 'MELHOR_ENVIO_API_URL',
    default: 'https://www.melhorenvio.com.br',
    description: 'Melhor Envio API; the sandbox is https://sandbox.melhorenvio.com.br.',
  },
  {
    name: 'MELHOR_ENVIO_TOKEN',
    default: '(unset)',
    description:
      'Melhor Envio access token (pasted from its panel); required with SHIPPING_PROVIDER=melhor_envio, and enough for labels without the OAuth app.',
  },
  {
    name: 'MELHOR_ENVIO_EMAIL',
    default: '(unset)',
    description:
      'Technical contact e-mail Melhor Envio asks for in the User-Agent; required with SHIPPING_PROVIDER=melhor_envio.',
  },
  {
    name: 'MELHOR_ENVIO_CLIENT_ID',
    default: '(unset)',
    description:
      "Client id of the shop's Melhor Envio app; with MELHOR_ENVIO_CLIENT_SECRET it enables 'Conectar ao Melhor Envio' in the panel (labels paid from the shop's Melhor Envio wallet). Unset and no MELHOR_ENVIO_TOKEN: tracking codes are typed by hand.",
  },
  {
    name: 'MELHOR_ENVIO_CLIENT_SECRET',
    default: '(unset)',
    description:
      'Client secret of the Melhor Envio app: authenticates the token calls and signs the tracking webhooks (X-ME-Signature).',
  },
  {
    name: 'VIACEP_BASE_URL',
    default: 'https://viacep.com.br/ws',
    description:
      'ViaCEP address lookup behind GET /api/cep/{cep} (fills address forms; without internet it fails fast and the form is typed).',
  },
  {
    name: 'VIACEP_TIMEOUT_MS',
    default: '3000',
    description: 'How long a CEP lookup waits for ViaCEP before answering 503.',
  },
  {
    name: 'PAYMENT_PROVIDER',
    default: 'pix',
    description:
      'Who issues the PIX charges: pix (built in: a BR Code for PIX_KEY, confirmed by an administrator or, in sandbox, by "Simular pagamento"), mercadopago, or pix-bank (the shop\'s own bank, API Pix: PIX_BANK_* and PIX_KEY).',
  },
  {
    name: 'PAYMENTS_SANDBOX',
    default: 'true with PAYMENT_PROVIDER=pix, no PIX_KEY and a local APP_URL, else false',
    description:
      'Test mode: "Simular pagamento" approves an order, no real money moves. Default on only for an APP_URL on localhost, 127.0.0.0/8 or ::1; elsewhere the start needs PIX_KEY, PAYMENT_PROVIDER=mercadopago or PAYMENTS_SANDBOX=true.',
  },
  {
    name: 'PIX_KEY',
    default: '(unset)',
    description:
      "The shop's PIX key (CPF, CNPJ, e-mail, +55 phone or random key) for the built-in provider, and pix-bank's charges; required unless PAYMENTS_SANDBOX is on. Refused at start without it when APP_URL is not local (no fallback to test payments).",
  },
  {
    name: 'PIX_MERCHANT_NAME',
    default: 'Lumina Piercings',
    description:
      "A first start's trade name in the store settings; the BR Code names the receiver by the settings' name (at most 25 characters, accents dropped) and by this one while the settings have none.",
  },
  {
    name: 'PIX_MERCHANT_CITY',
    default: 'Sao Paulo',
    description:
      "Receiver city written in the BR Code while the store settings' address has no city (at most 15 characters, accents dropped).",
  },
  {
    name: 'MERCADOPAGO_API_URL',
    default: 'https://api.mercadopago.com',
    description: 'MercadoPago API base address (tests point it at a local fake server).',
  },
  {
    name: 'MERCADOPAGO_ACCESS_TOKEN',
    default: '(unset)',
    description: 'MercadoPago access token; required with PAYMENT_PROVIDER=mercadopago.',
  },
  {
    name: 'MERCADOPAGO_WEBHOOK_SECRET',
    default: '(unset)',
    description:
      'Secret of the MercadoPago webhook signature (x-signature); required with PAYMENT_PROVIDER=mercadopago. Unsigned or badly signed notifications get 401.',
  },
  {
    name: 'CARD_PAYMENTS',
    default: 'mercadopago with PAYMENT_PROVIDER=mercadopago and MERCADOPAGO_PUBLIC_KEY, else off',
    description:
      "Card in instalments and boleto: mercadopago (MercadoPago's card form and API, beside whichever provider issues the PIX charges) or off (shown 'Em breve'). Needs MERCADOPAGO_ACCESS_TOKEN, MERCADOPAGO_WEBHOOK_SECRET and MERCADOPAGO_PUBLIC_KEY.",
  },
  {
    name: 'MERCADOPAGO_PUBLIC_KEY',
    default: '(unset)',
    description:
      "MercadoPago public key (APP_USR-...), given to MercadoPago's card form in the browser; required with CARD_PAYMENTS=mercadopago.",
  },
  {
    name: 'MERCADOPAGO_SDK_URL',
    default: 'https://sdk.mercadopago.com/js/v2',
    description:
      "Address of MercadoPago's browser SDK (MercadoPago.js v2); tests and `npm run fake:mercadopago` point it at the fake's copy. Its origin is the only script host the checkout's CSP adds.",
  },
  {
    name: 'MERCADOPAGO_TIMEOUT_MS',
    default: '10000',
    description: 'How long a MercadoPago call waits before the shopper is told to try again.',
  },
  {
    name: 'PIX_BANK_BASE_URL',
    default: '(unset)',
    description:
      "Base address of the bank's API Pix (https, paths such as /cob appended, e.g. https://pix.banco.com.br/api/v2); required with PAYMENT_PROVIDER=pix-bank.",
  },
  {
    name: 'PIX_BANK_TOKEN_URL',
    default: 'PIX_BANK_BASE_URL/oauth/token',
    description: "The bank's OAuth2 token endpoint (client_credentials), when it lives elsewhere.",
  },
  {
    name: 'PIX_BANK_CLIENT_ID',
    default: '(unset)',
    description: "Client id of the shop's API Pix application at the bank.",
  },
  {
    name: 'PIX_BANK_CLIENT_SECRET',
    default: '(unset)',
    description: 'Client secret that goes with PIX_BANK_CLIENT_ID; never logged.',
  },
  {
    name: 'PIX_BANK_CERT',
    default: '(unset)',
    description:
      'Path of the client certificate (PEM) the bank issued for mutual TLS, with PIX_BANK_KEY; or use PIX_BANK_PFX.',
  },
  {
    name: 'PIX_BANK_KEY',
    default: '(unset)',
    description: 'Path of the private key (PEM) of PIX_BANK_CERT.',
  },
  {
    name: 'PIX_BANK_PFX',
    default: '(unset)',
    description:
      'Path of the client certificate and key as PKCS#12 (.p12/.pfx), instead of PIX_BANK_CERT and PIX_BANK_KEY.',
  },
  {
    name: 'PIX_BANK_PFX_PASSPHRASE',
    default: '(unset)',
    description: 'Passphrase of PIX_BANK_PFX; never logged.',
  },
  {
    name: 'PIX_BANK_CA',
    default: '(system CAs)',
    description:
      "Path of a PEM with the CA(s) that sign the bank's server certificate, when not a public one.",
  },
  {
    name: 'PIX_BANK_WEBHOOK_SECRET',
    default: '(unset)',
    description:
      "32+ letters, digits, '-' or '_': the secret in the webhook path registered at the bank (APP_URL/api/webhooks/pix/<secret>; the bank appends /pix); also keys the txids. Another secret gets 401.",
  },
  {
    name: 'PIX_BANK_TIMEOUT_MS',
    default: '10000',
    description: 'How long a call to the bank waits before the shopper is told to try again.',
  },
  {
    name: 'PIX_RECONCILE_SECONDS',
    default: '60',
    description:
      'How often (5 to 3600 seconds) the open charges of a provider whose webhook may be lost (pix-bank) are read back, so a PIX paid without its webhook is applied; one run across all processes. The browser tests use 5.',
  },
  {
    name: 'REMINDER_SCAN_SECONDS',
    default: '300',
    description:
      "How often (5 to 3600 seconds) carts and expired PIX are scanned for reminder e-mails (the delay itself is the store setting 'Lembretes', in hours); one run across all processes. The browser tests use 5.",
  },
  {
    name: 'BLING_CLIENT_ID',
    default: '(unset)',
    description:
      "Client id of the shop's Bling app (Bling's developer area); with BLING_CLIENT_SECRET it enables 'Conectar ao Bling' in the panel. Unset: Bling actions answer 503 and the shop sells with its own catalogue and stock.",
  },
  {
    name: 'BLING_CLIENT_SECRET',
    default: '(unset)',
    description:
      'Client secret of the Bling app: authenticates the token calls and signs the webhooks (X-Bling-Signature-256).',
  },
  {
    name: 'BLING_API_URL',
    default: 'https://api.bling.com.br/Api/v3',
    description: 'Bling API v3 base address (tests point it at a local fake server).',
  },
  {
    name: 'BLING_AUTH_URL',
    default: 'https://www.bling.com.br/Api/v3/oauth',
    description: 'Bling OAuth base address: /authorize and /token under it.',
  },
  {
    name: 'BLING_TOKEN_KEY',
    default: '(generated)',
    description:
      'Key that encrypts the Bling tokens at rest (32 bytes as 64 hex characters or base64). Unset: one is generated into DATA_DIR/bling-token-key (mode 0600); every process of one shop must use the same key.',
  },
  {
    name: 'BLING_TIMEOUT_MS',
    default: '15000',
    description: 'How long a Bling call waits for an answer.',
  },
  {
    name: 'WHATSAPP_ACCESS_TOKEN',
    default: '(unset)',
    description:
      "WhatsApp Cloud API token (a system user's, from Meta's Business Manager); with WHATSAPP_PHONE_NUMBER_ID, order updates go as template messages to shoppers who opted in. Unset: the owner may set both in /admin/loja; neither: no WhatsApp.",
  },
  {
    name: 'WHATSAPP_PHONE_NUMBER_ID',
    default: '(unset)',
    description:
      "The id of the shop's sending number in the WhatsApp Cloud API (WhatsApp Manager > API Setup), not the number itself.",
  },
  {
    name: 'WHATSAPP_API_URL',
    default: 'https://graph.facebook.com',
    description:
      'Graph API address the WhatsApp messages are posted to (tests point it at a local fake).',
  },
  {
    name: 'WHATSAPP_API_VERSION',
    default: 'v23.0',
    description:
      'Graph API version in the path: POST {WHATSAPP_API_URL}/{version}/{phone number id}/messages.',
  },
  {
    name: 'WHATSAPP_TIMEOUT_MS',
    default: '10000',
    description: 'How long a WhatsApp send waits for an answer before it is retried later.',
  },
] as const;

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/**
 * Why TRUST_PROXY=true is refused: a proxy appends the peer it saw to X-Forwarded-For and keeps
 * what the client sent before it, so trusting every entry lets anyone pick their own address past
 * the rate limits and the security log.
 */
const TRUST_ALL_REFUSED =
  'true would trust every address in X-Forwarded-For, and a proxy appends to what the client sent, so any client could choose its own IP (rate limits, security log). Set the number of proxies in front of the shop (TRUST_PROXY=1 for one reverse proxy) or their addresses or CIDRs (TRUST_PROXY=127.0.0.1,10.0.0.0/8)';

/** An IP address, or one with a prefix length that fits it ('10.0.0.0/8', 'fd00::/8'). */
function isAddressOrCidr(value: string): boolean {
  const [address = '', bits, extra] = value.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/** Off, a hop count, or the proxies' addresses and CIDRs: forms Fastify's trustProxy accepts. */
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    if (value === '' || value === 'false' || value === '0') return false;
    if (/^\d+$/.test(value)) return Number(value);
    if (value.toLowerCase() === 'true') {
      ctx.addIssue({ code: 'custom', message: TRUST_ALL_REFUSED });
      return z.NEVER;
    }
    const entries = value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    const bad = entries.filter((entry) => !isAddressOrCidr(entry));
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `${bad.join(', ')}: not a hop count, an IP address or a CIDR`,
      });
      return z.NEVER;
    }
    return entries;
  });

/**
 * An absolute http(s) address without a trailing slash, its scheme in lower case: 'HTTPS://' is
 * as public a shop as 'https://' (the sandbox and Secure-cookie checks test the prefix).
 */
const httpUrl = z
  .string()
  .trim()
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
    message: 'must be an http:// or https:// URL',
  })
  .transform((value) => value.replace(/^https?:/i, (scheme) => scheme.toLowerCase()))
  .transform((value) => value.replace(/\/+$/, ''));

/** A CEP with or without its mask, kept as 8 digits, inside a state's range. */
const originCep = z
  .string()
  .trim()
  .regex(/^\d{5}-?\d{3}$/, { message: 'must be a CEP of 8 digits' })
  .transform((value) => value.replace('-', ''))
  .refine((value) => cepToState(value) !== undefined, { message: 'is in no state CEP range' });

/** Unset and empty both mean "not configured". */
const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

export const configEnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || /^postgres(ql)?:\/\//.test(value), {
      message: 'must be a postgres:// or postgresql:// URL',
    }),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  BACKUP_DIR: optionalString,
  WEB_DIST_DIR: z.string().min(1).default('apps/web/dist'),
  TRUST_PROXY: trustProxy.default(false),
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  RATE_LIMIT_MAX: z.coerce.number().int().min(0).default(600),
  PAGE_RATE_LIMIT_MAX: z.coerce.number().int().min(0).default(120),
  ACCOUNTS_PER_IP_HOUR: z.coerce.number().int().min(1).max(100_000).default(10),
  SEED_DEMO_CATALOG: booleanString.default(true),
  JWT_SECRET: optionalString.refine((value) => value === undefined || value.length >= 32, {
    message: 'must have at least 32 characters',
  }),
  ADMIN_EMAIL: optionalString,
  ADMIN_PASSWORD: optionalString,
  APP_URL: httpUrl.default('http://localhost:3000'),
  SMTP_URL: optionalString.refine((value) => value === undefined || /^smtps?:\/\//.test(value), {
    message: 'must be an smtp:// or smtps:// URL',
  }),
  MAIL_FROM: z.string().trim().min(3).default('Lumina Piercings <nao-responda@lumina.local>'),
  CONTACT_EMAIL: optionalString.pipe(z.email({ message: 'must be an e-mail address' }).optional()),
  STORE_WHATSAPP: optionalString.refine(
    (value) => value === undefined || brazilianMobile(value) !== undefined,
    { message: 'must be a Brazilian mobile with DDD: 11 digits, 9 after the DDD' },
  ),
  MAIL_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
  GOOGLE_ISSUER_URL: httpUrl
    .refine((value) => value.startsWith('https://') || isLoopbackHttp(new URL(value)), {
      message: 'must be https (plain http only for a provider on localhost)',
    })
    .default('https://accounts.google.com'),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_REDIRECT_URL: httpUrl.optional(),
  SHIPPING_PROVIDER: z.enum(['table', 'correios', 'melhor_envio']).default('table'),
  SHIPPING_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(5000),
  SHIPPING_ORIGIN_CEP: originCep.default('01310100'),
  CORREIOS_API_URL: httpUrl.default('https://api.correios.com.br'),
  CORREIOS_USER: optionalString,
  CORREIOS_ACCESS_CODE: optionalString,
  CORREIOS_POSTING_CARD: optionalString,
  MELHOR_ENVIO_API_URL: httpUrl.default('https://www.melhorenvio.com.br'),
  MELHOR_ENVIO_TOKEN: optionalString,
  MELHOR_ENVIO_EMAIL: optionalString,
  MELHOR_ENVIO_CLIENT_ID: optionalString,
  MELHOR_ENVIO_CLIENT_SECRET: optionalString,
  VIACEP_BASE_URL: httpUrl.default('https://viacep.com.br/ws'),
  VIACEP_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(3000),
  PAYMENT_PROVIDER: z.enum(['pix', 'mercadopago', 'pix-bank']).default('pix'),
  PAYMENTS_SANDBOX: booleanString.optional(),
  PIX_KEY: optionalString,
  PIX_MERCHANT_NAME: z.string().trim().min(1).max(60).default('Lumina Piercings'),
  PIX_MERCHANT_CITY: z.string().trim().min(1).max(60).default('Sao Paulo'),
  MERCADOPAGO_API_URL: httpUrl.default('https://api.mercadopago.com'),
  MERCADOPAGO_ACCESS_TOKEN: optionalString,
  MERCADOPAGO_WEBHOOK_SECRET: optionalString,
  CARD_PAYMENTS: z.enum(['off', 'mercadopago']).optional(),
  MERCADOPAGO_PUBLIC_KEY: optionalString,
  MERCADOPAGO_SDK_URL: httpUrl.default('https://sdk.mercadopago.com/js/v2'),
  MERCADOPAGO_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(10_000),
  PIX_BANK_BASE_URL: httpUrl
    .refine((value) => value.startsWith('https://'), { message: 'must be an https:// URL' })
    .optional(),
  PIX_BANK_TOKEN_URL: httpUrl
    .refine((value) => value.startsWith('https://'), { message: 'must be an https:// URL' })
    .optional(),
  PIX_BANK_CLIENT_ID: optionalString,
  PIX_BANK_CLIENT_SECRET: optionalString,
  PIX_BANK_CERT: optionalString,
  PIX_BANK_KEY: optionalString,
  PIX_BANK_PFX: optionalString,
  PIX_BANK_PFX_PASSPHRASE: optionalString,
  PIX_BANK_CA: optionalString,
  PIX_BANK_WEBHOOK_SECRET: optionalString.refine(
    (value) => value === undefined || /^[A-Za-z0-9_-]{32,}$/.test(value),
    {
      message: "must have at least 32 letters, digits, '-' or '_' (it goes in the webhook's path)",
    },
  ),
  PIX_BANK_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(10_000),
  PIX_RECONCILE_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  REMINDER_SCAN_SECONDS: z.coerce.number().int().min(5).max(3600).default(300),
  BLING_CLIENT_ID: optionalString,
  BLING_CLIENT_SECRET: optionalString,
  BLING_API_URL: httpUrl.default('https://api.bling.com.br/Api/v3'),
  BLING_AUTH_URL: httpUrl.default('https://www.bling.com.br/Api/v3/oauth'),
  BLING_TOKEN_KEY: optionalString,
  BLING_TIMEOUT_MS: z.coerce.number().int().min(50).max(120_000).default(15_000),
  WHATSAPP_ACCESS_TOKEN: optionalString,
  WHATSAPP_PHONE_NUMBER_ID: optionalString.refine(
    (value) => value === undefined || /^\d{5,30}$/.test(value),
    { message: 'must be the digits of the phone number id' },
  ),
  WHATSAPP_API_URL: httpUrl.default('https://graph.facebook.com'),
  WHATSAPP_API_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/, { message: 'must look like v23.0' })
    .default('v23.0'),
  WHATSAPP_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(10_000),
});

/** The settings each carrier needs before SHIPPING_PROVIDER may name it. */
const SHIPPING_PROVIDER_NEEDS = {
  table: [],
  correios: ['CORREIOS_USER', 'CORREIOS_ACCESS_CODE', 'CORREIOS_POSTING_CARD'],
  melhor_envio: ['MELHOR_ENVIO_TOKEN', 'MELHOR_ENVIO_EMAIL'],
} as const;

export interface Config {
  port: number;
  host: string;
  nodeEnv: 'development' | 'production' | 'test';
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolMax: number;
  /** Where backups go: BACKUP_DIR, or DATA_DIR/backups. */
  backupDir: string;
  webDistDir: string;
  /** False, the number of proxies trusted, or the addresses and CIDRs trusted. */
  trustProxy: false | number | string[];
  /** Cluster workers; more than 1 only takes effect with databaseUrl. */
  webConcurrency: number;
  rateLimitMax: number;
  /** Pages, and preview JPEGs, per minute and IP (0: no limit). */
  pageRateLimitMax: number;
  accountsPerIpHour: number;
  seedDemoCatalog: boolean;
  /** Undefined: the token service generates one and keeps it in DATA_DIR/jwt-secret. */
  jwtSecret: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /** No trailing slash. */
  appUrl: string;
  /** Undefined: mails go to DATA_DIR/outbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Undefined: contact messages go to every administrator; e-mails carry no Reply-To. */
  contactEmail: string | undefined;
  /** 11 national digits, or undefined: the first start's WhatsApp in the store settings. */
  storeWhatsapp: string | undefined;
  mailTimeoutMs: number;
  googleIssuerUrl: string;
  /** Google sign-in is on only when both the id and the secret are set. */
  googleClientId: string | undefined;
  googleClientSecret: string | undefined;
  googleRedirectUrl: string;
  shippingProvider: 'table' | 'correios' | 'melhor_envio';
  shippingTimeoutMs: number;
  /** 8 digits. */
  shippingOriginCep: string;
  correiosApiUrl: string;
  correiosUser: string | undefined;
  correiosAccessCode: string | undefined;
  correiosPostingCard: string | undefined;
  melhorEnvioApiUrl: string;
  melhorEnvioToken: string | undefined;
  melhorEnvioEmail: string | undefined;
  /** The OAuth app ('Conectar ao Melhor Envio') is on only when both are set. */
  melhorEnvioClientId: string | undefined;
  melhorEnvioClientSecret: string | undefined;
  viacepBaseUrl: string;
  viacepTimeoutMs: number;
  paymentProvider: 'pix' | 'mercadopago' | 'pix-bank';
  /** Test mode: 'Simular pagamento' approves a payment; no real money moves. */
  paymentsSandbox: boolean;
  /** Normalised; undefined only in sandbox, where a sample key stands in. */
  pixKey: string | undefined;
  pixMerchantName: string;
  pixMerchantCity: string;
  mercadoPagoApiUrl: string;
  mercadoPagoAccessToken: string | undefined;
  mercadoPagoWebhookSecret: string | undefined;
  mercadoPagoTimeoutMs: number;
  /**
   * Card and boleto through MercadoPago, beside whichever provider issues the PIX charges;
   * undefined while off (the checkout shows them 'Em breve').
   */
  cardPayments: CardPaymentSettings | undefined;
  /** The bank's API Pix, set exactly when PAYMENT_PROVIDER=pix-bank (files checked readable). */
  pixBank: PixBankSettings | undefined;
  /** Seconds between reconciliations of the open charges (reconcile-payments-job.ts). */
  pixReconcileIntervalSeconds: number;
  /** REMINDER_SCAN_SECONDS: how often the reminder scan runs. */
  reminderScanSeconds: number;
  /** Bling is on only when both the id and the secret are set. */
  blingClientId: string | undefined;
  blingClientSecret: string | undefined;
  /** No trailing slash. */
  blingApiUrl: string;
  /** No trailing slash. */
  blingAuthUrl: string;
  /** Undefined: generated into DATA_DIR/bling-token-key. */
  blingTokenKey: string | undefined;
  blingTimeoutMs: number;
  /** The WhatsApp Cloud API set on the server (both variables), else undefined. */
  whatsapp: { accessToken: string; phoneNumberId: string } | undefined;
  /** No trailing slash. */
  whatsappApiUrl: string;
  whatsappApiVersion: string;
  whatsappTimeoutMs: number;
}

export interface CardPaymentSettings {
  provider: 'mercadopago';
  /** Given to MercadoPago's card form in the browser; public by design. */
  publicKey: string;
  /** MercadoPago.js v2. */
  sdkUrl: string;
}

/** CARD_PAYMENTS: on when asked for, or by default with MercadoPago's PIX and a public key. */
function cardPaymentSettings(e: z.output<typeof configEnvSchema>): CardPaymentSettings | undefined {
  const wanted =
    e.CARD_PAYMENTS ??
    (e.PAYMENT_PROVIDER === 'mercadopago' && e.MERCADOPAGO_PUBLIC_KEY ? 'mercadopago' : 'off');
  if (wanted === 'off') return undefined;
  const needed = [
    'MERCADOPAGO_ACCESS_TOKEN',
    'MERCADOPAGO_WEBHOOK_SECRET',
    'MERCADOPAGO_PUBLIC_KEY',
  ] as const;
  const missing = needed.filter((name) => !e[name]);
  if (missing.length > 0) {
    throw new Error(`Invalid configuration: CARD_PAYMENTS=mercadopago needs ${missing.join(', ')}`);
  }
  return {
    provider: 'mercadopago',
    publicKey: e.MERCADOPAGO_PUBLIC_KEY ?? '',
    sdkUrl: e.MERCADOPAGO_SDK_URL,
  };
}

export interface PixBankSettings {
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** Paths: PEM certificate and key, or PKCS#12 with its passphrase. */
  certificate: { cert: string; key: string } | { pfx: string; passphrase: string | undefined };
  ca: string | undefined;
  webhookSecret: string;
  timeoutMs: number;
}

/** PAYMENT_PROVIDER=pix-bank's settings, each missing or unreadable one named. */
function pixBankSettings(e: z.output<typeof configEnvSchema>): PixBankSettings {
  const fail = (why: string) =>
    new Error(`Invalid configuration: PAYMENT_PROVIDER=pix-bank ${why}`);
  const needed = [
    'PIX_BANK_BASE_URL',
    'PIX_BANK_CLIENT_ID',
    'PIX_BANK_CLIENT_SECRET',
    'PIX_BANK_WEBHOOK_SECRET',
    'PIX_KEY',
  ] as const;
  const missing = needed.filter((name) => !e[name]);
  if (missing.length > 0) throw fail(`needs ${missing.join(', ')}`);
  const pem = Boolean(e.PIX_BANK_CERT) || Boolean(e.PIX_BANK_KEY);
  if (pem === Boolean(e.PIX_BANK_PFX)) {
    throw fail(
      'needs the client certificate for mutual TLS: PIX_BANK_CERT with PIX_BANK_KEY (PEM), or PIX_BANK_PFX (PKCS#12), not both',
    );
  }
  if (pem && !(e.PIX_BANK_CERT && e.PIX_BANK_KEY)) {
    throw fail('needs PIX_BANK_CERT and PIX_BANK_KEY together');
  }
  const files = (['PIX_BANK_CERT', 'PIX_BANK_KEY', 'PIX_BANK_PFX', 'PIX_BANK_CA'] as const).filter(
    (name) => e[name] !== undefined,
  );
  for (const name of files) {
    try {
      accessSync(fromRepoRoot(e[name] ?? ''), constants.R_OK);
    } catch {
      throw fail(`cannot read ${name}=${e[name]}: no such file, or no permission to read it`);
    }
  }
  const path = (value: string | undefined) => fromRepoRoot(value ?? '');
  const baseUrl = e.PIX_BANK_BASE_URL ?? '';
  return {
    baseUrl,
    tokenUrl: e.PIX_BANK_TOKEN_URL ?? `${baseUrl}/oauth/token`,
    clientId: e.PIX_BANK_CLIENT_ID ?? '',
    clientSecret: e.PIX_BANK_CLIENT_SECRET ?? '',
    certificate: e.PIX_BANK_PFX
      ? { pfx: path(e.PIX_BANK_PFX), passphrase: e.PIX_BANK_PFX_PASSPHRASE }
      : { cert: path(e.PIX_BANK_CERT), key: path(e.PIX_BANK_KEY) },
    ca: e.PIX_BANK_CA ? path(e.PIX_BANK_CA) : undefined,
    webhookSecret: e.PIX_BANK_WEBHOOK_SECRET ?? '',
    timeoutMs: e.PIX_BANK_TIMEOUT_MS,
  };
}

/** The start refused: a shop reachable from elsewhere with neither real payments nor a sandbox. */
function noPaymentSetUp(appUrl: string): string {
  const kind = appUrl.startsWith('https://') ? 'public (https) shop' : 'shop not on this machine';
  return `Invalid configuration: APP_URL=${appUrl} is a ${kind} and PAYMENT_PROVIDER=pix has no PIX_KEY, so payments would be simulated. Set PIX_KEY to the shop's PIX key, or PAYMENT_PROVIDER=mercadopago with MERCADOPAGO_ACCESS_TOKEN and MERCADOPAGO_WEBHOOK_SECRET; only a deliberate test shop sets PAYMENTS_SANDBOX=true (test payments are on by default only for localhost, 127.0.0.0/8 and ::1).`;
}

function fromRepoRoot(path: string): string {
  return isAbsolute(path) ? path : resolve(REPO_ROOT, path);
}

/**
 * Parses the environment once at start and fails loudly on a bad value. Tests pass their own
 * record instead of process.env; nothing else in the API reads process.env.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configEnvSchema.safeParse(env);
  if (!parsed.success) {
    const details = parsed.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new Error(`Invalid configuration: ${details}`);
  }
  const e = parsed.data;
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    throw new Error(
      'Invalid configuration: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together',
    );
  }
  const missing = SHIPPING_PROVIDER_NEEDS[e.SHIPPING_PROVIDER].filter((name) => !e[name]);
  if (missing.length > 0) {
    throw new Error(
      `Invalid configuration: SHIPPING_PROVIDER=${e.SHIPPING_PROVIDER} needs ${missing.join(', ')}`,
    );
  }
  // A shop anyone can reach never falls back to test payments: with the built-in provider and no
  // key, shoppers could approve their own orders with 'Simular pagamento'. Only an APP_URL on this
  // machine (the default) gets the zero-configuration sandbox; a deliberate test shop elsewhere
  // says PAYMENTS_SANDBOX=true.
  const localShop = isLoopbackHost(new URL(e.APP_URL).hostname);
  const paymentsSandbox =
    e.PAYMENTS_SANDBOX ?? (e.PAYMENT_PROVIDER === 'pix' && !e.PIX_KEY && localShop);
  if (e.PAYMENT_PROVIDER === 'pix' && !e.PIX_KEY && !paymentsSandbox) {
    throw new Error(
      localShop
        ? 'Invalid configuration: PAYMENT_PROVIDER=pix needs PIX_KEY unless PAYMENTS_SANDBOX is on'
        : noPaymentSetUp(e.APP_URL),
    );
  }
  let pixKey: string | undefined;
  if (e.PIX_KEY) {
    try {
      pixKey = normalisePixKey(e.PIX_KEY).key;
    } catch (error) {
      throw new Error(`Invalid configuration: PIX_KEY: ${(error as Error).message}`);
    }
  }
  if (
    e.PAYMENT_PROVIDER === 'mercadopago' &&
    !(e.MERCADOPAGO_ACCESS_TOKEN && e.MERCADOPAGO_WEBHOOK_SECRET)
  ) {
    throw new Error(
      'Invalid configuration: PAYMENT_PROVIDER=mercadopago needs MERCADOPAGO_ACCESS_TOKEN, MERCADOPAGO_WEBHOOK_SECRET',
    );
  }
  if (Boolean(e.WHATSAPP_ACCESS_TOKEN) !== Boolean(e.WHATSAPP_PHONE_NUMBER_ID)) {
    throw new Error(
      'Invalid configuration: WHATSAPP_ACCESS_TOKEN and WHATSAPP_PHONE_NUMBER_ID go together (set both, or neither)',
    );
  }
  const pixBank = e.PAYMENT_PROVIDER === 'pix-bank' ? pixBankSettings(e) : undefined;
  const cardPayments = cardPaymentSettings(e);
  return {
    port: e.PORT,
    host: e.HOST,
    nodeEnv: e.NODE_ENV,
    logLevel: e.LOG_LEVEL,
    dataDir: fromRepoRoot(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    backupDir: e.BACKUP_DIR
      ? fromRepoRoot(e.BACKUP_DIR)
      : join(fromRepoRoot(e.DATA_DIR), 'backups'),
    webDistDir: fromRepoRoot(e.WEB_DIST_DIR),
    trustProxy: e.TRUST_PROXY,
    webConcurrency: e.WEB_CONCURRENCY,
    rateLimitMax: e.RATE_LIMIT_MAX,
    pageRateLimitMax: e.PAGE_RATE_LIMIT_MAX,
    accountsPerIpHour: e.ACCOUNTS_PER_IP_HOUR,
    seedDemoCatalog: e.SEED_DEMO_CATALOG,
    jwtSecret: e.JWT_SECRET,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    appUrl: e.APP_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    contactEmail: e.CONTACT_EMAIL,
    storeWhatsapp: e.STORE_WHATSAPP === undefined ? undefined : brazilianMobile(e.STORE_WHATSAPP),
    mailTimeoutMs: e.MAIL_TIMEOUT_MS,
    googleIssuerUrl: e.GOOGLE_ISSUER_URL,
    googleClientId: e.GOOGLE_CLIENT_ID,
    googleClientSecret: e.GOOGLE_CLIENT_SECRET,
    googleRedirectUrl: e.GOOGLE_REDIRECT_URL ?? `${e.APP_URL}/api/auth/google/callback`,
    shippingProvider: e.SHIPPING_PROVIDER,
    shippingTimeoutMs: e.SHIPPING_TIMEOUT_MS,
    shippingOriginCep: e.SHIPPING_ORIGIN_CEP,
    correiosApiUrl: e.CORREIOS_API_URL,
    correiosUser: e.CORREIOS_USER,
    correiosAccessCode: e.CORREIOS_ACCESS_CODE,
    correiosPostingCard: e.CORREIOS_POSTING_CARD,
    melhorEnvioApiUrl: e.MELHOR_ENVIO_API_URL,
    melhorEnvioToken: e.MELHOR_ENVIO_TOKEN,
    melhorEnvioEmail: e.MELHOR_ENVIO_EMAIL,
    melhorEnvioClientId: e.MELHOR_ENVIO_CLIENT_ID,
    melhorEnvioClientSecret: e.MELHOR_ENVIO_CLIENT_SECRET,
    viacepBaseUrl: e.VIACEP_BASE_URL,
    viacepTimeoutMs: e.VIACEP_TIMEOUT_MS,
    paymentProvider: e.PAYMENT_PROVIDER,
    paymentsSandbox,
    pixKey,
    pixMerchantName: e.PIX_MERCHANT_NAME,
    pixMerchantCity: e.PIX_MERCHANT_CITY,
    mercadoPagoApiUrl: e.MERCADOPAGO_API_URL,
    mercadoPagoAccessToken: e.MERCADOPAGO_ACCESS_TOKEN,
    mercadoPagoWebhookSecret: e.MERCADOPAGO_WEBHOOK_SECRET,
    mercadoPagoTimeoutMs: e.MERCADOPAGO_TIMEOUT_MS,
    cardPayments,
    pixBank,
    pixReconcileIntervalSeconds: e.PIX_RECONCILE_SECONDS,
    reminderScanSeconds: e.REMINDER_SCAN_SECONDS,
    blingClientId: e.BLING_CLIENT_ID,
    blingClientSecret: e.BLING_CLIENT_SECRET,
    blingApiUrl: e.BLING_API_URL.replace(/\/+$/, ''),
    blingAuthUrl: e.BLING_AUTH_URL.replace(/\/+$/, ''),
    blingTokenKey: e.BLING_TOKEN_KEY,
    blingTimeoutMs: e.BLING_TIMEOUT_MS,
    whatsapp:
      e.WHATSAPP_ACCESS_TOKEN && e.WHATSAPP_PHONE_NUMBER_ID
        ? { accessToken: e.WHATSAPP_ACCESS_TOKEN, phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID }
        : undefined,
    whatsappApiUrl: e.WHATSAPP_API_URL.replace(/\/+$/, ''),
    whatsappApiVersion: e.WHATSAPP_API_VERSION,
    whatsappTimeoutMs: e.WHATSAPP_TIMEOUT_MS,
  };
}

/** Hosts a browser treats as a secure context over plain http: only this machine. */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A production server whose public address is plain http on a real host sends sign-in cookies
 * without Secure and every password in clear: said loudly at start. Undefined when
 * the setting is fine.
 */
export function insecureAppUrlWarning(
  config: Pick<Config, 'nodeEnv' | 'appUrl'>,
): string | undefined {
  if (config.nodeEnv !== 'production') return undefined;
  const url = new URL(config.appUrl);
  if (url.protocol === 'https:' || LOCAL_HOSTS.has(url.hostname)) return undefined;
  return `APP_URL is ${url.origin}: plain http on a public host. Passwords and sessions travel unencrypted and the sign-in cookies cannot be Secure. Serve the shop over https (a reverse proxy with TLS) and set APP_URL=https://${url.host}.`;
}

/** What the start logs about TRUST_PROXY: whose X-Forwarded-For decides a client's address. */
export function trustProxyDescription(trust: Config['trustProxy']): string {
  if (trust === false) {
    return 'TRUST_PROXY off: a client address is the connection peer; X-Forwarded-For is ignored';
  }
  if (typeof trust === 'number') {
    return `TRUST_PROXY=${trust}: ${trust} proxy hop(s) trusted; a client address is the entry ${trust} from the end of X-Forwarded-For`;
  }
  return `TRUST_PROXY: X-Forwarded-For is read only from connections from ${trust.join(', ')}`;
}
