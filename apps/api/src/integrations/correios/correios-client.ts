import { SHIPPING_METHOD_NAMES } from '@lumina/shared/shipping/shipping-texts';
import type { ShippingMethod } from '@lumina/shared/constants/storefront-constants';
import { z } from 'zod';
import { CARRIER_TIMEOUT_MS, fetchCarrierJson } from '../shipping/carrier-http.ts';
import { decimalTextToCents } from '../shipping/decimal-cents.ts';
import { CarrierError, type QuoteRequest, type ShippingQuoter } from '../shipping/quoter.ts';

/** The Correios product codes of the contract services (REFERENCE.md, Shipping). */
export const CORREIOS_SERVICE_CODES = { pac: '03298', sedex: '03220' } as const satisfies Record<
  ShippingMethod,
  string
>;

/** tpObjeto: 2 is a package ("pacote/caixa"), 1 an envelope, 3 a roll. */
const PACKAGE_OBJECT_TYPE = '2';

/** A token is renewed this long before the expiry the Correios announce. */
const TOKEN_RENEW_MARGIN_MS = 60_000;

export interface CorreiosConfig {
  /** No trailing slash, e.g. https://api.correios.com.br */
  baseUrl: string;
  user: string;
  /** The "código de acesso" generated in the Correios developer portal. */
  accessCode: string;
  /** The contract's posting card (cartão de postagem) number. */
  postingCard: string;
}

const tokenSchema = z.object({
  token: z.string().min(1),
  /** Local date-time of the expiry, e.g. '2026-03-10T23:59:59'. */
  expiraEm: z.string().optional(),
  /** The offset of expiraEm, e.g. '-03:00'. */
  zoneOffset: z.string().optional(),
});

const priceSchema = z.object({ pcFinal: z.string() });
// A number in the documentation; a numeric string is read as well.
const deadlineSchema = z.object({ prazoEntrega: z.coerce.number().int().positive() });

/** The expiry as an instant; undefined (use the token once) when it cannot be read. */
function tokenExpiry(token: z.infer<typeof tokenSchema>): number | undefined {
  if (!token.expiraEm) return undefined;
  const hasOffset = /(Z|[+-]\d{2}:\d{2})$/.test(token.expiraEm);
  // The Correios answer Brasília time; zoneOffset says so explicitly when present.
  const offset = hasOffset ? '' : (token.zoneOffset ?? '-03:00');
  const time = Date.parse(`${token.expiraEm}${offset}`);
  return Number.isNaN(time) ? undefined : time;
}

/**
 * The Correios contract API (CWS): a bearer token from the posting card, cached until shortly
 * before it expires, then the price and the deadline of the service in parallel. Every failure
 * is a CarrierError: the caller falls back to the offline table.
 */
export function createCorreiosQuoter(
  config: CorreiosConfig,
  options: { timeoutMs?: number; now?: () => number } = {},
): ShippingQuoter {
  const timeoutMs = options.timeoutMs ?? CARRIER_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  let cached: { token: string; renewAt: number } | undefined;
  let pending: Promise<string> | undefined;

  async function fetchToken(): Promise<string> {
    const basic = Buffer.from(`${config.user}:${config.accessCode}`).toString('base64');
    const body = await fetchCarrierJson(
      new URL(`${config.baseUrl}/token/v1/autentica/cartaopostagem`),
      {
        method: 'POST',
        headers: {
          authorization: `Basic ${basic}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify({ numero: config.postingCard }),
        timeoutMs,
      },
    );
    const parsed = tokenSchema.safeParse(body);
    if (!parsed.success) throw new CarrierError('token answer without a token');
    const expiresAt = tokenExpiry(parsed.data);
    cached =
      expiresAt === undefined
        ? undefined
        : { token: parsed.data.token, renewAt: expiresAt - TOKEN_RENEW_MARGIN_MS };
    return parsed.data.token;
  }

  /** The cached token, or one fresh token shared by every quote asking at the same moment. */
  function token(): Promise<string> {
    if (cached && now() < cached.renewAt) return Promise.resolve(cached.token);
    pending ??= fetchToken().finally(() => {
      pending = undefined;
    });
    return pending;
  }

  async function get(path: string, query: Record<string, string>, bearer: string) {
    const url = new URL(`${config.baseUrl}${path}`);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    try {
      return await fetchCarrierJson(url, {
        headers: { authorization: `Bearer ${bearer}`, accept: 'application/json' },
        timeoutMs,
      });
    } catch (error) {
      // A refused token (revoked, or the clocks disagree) is not reused by the next quote.
      if (error instanceof CarrierError && /^HTTP 40[13]$/.test(error.message)) cached = undefined;
      throw error;
    }
  }

  return {
    async quote(request: QuoteRequest) {
      const { originCep, destinationCep, method, parcel } = request;
      const code = CORREIOS_SERVICE_CODES[method];
      const bearer = await token();
      const route = { cepOrigem: originCep, cepDestino: destinationCep };
      const [price, deadline] = await Promise.all([
        get(
          `/preco/v1/nacional/${code}`,
          {
            ...route,
            psObjeto: String(parcel.weightGrams),
            tpObjeto: PACKAGE_OBJECT_TYPE,
            comprimento: String(parcel.lengthCm),
            largura: String(parcel.widthCm),
            altura: String(parcel.heightCm),
          },
          bearer,
        ),
        get(`/prazo/v1/nacional/${code}`, route, bearer),
      ]);
      const priceBody = priceSchema.safeParse(price);
      const costCents = priceBody.success
        ? decimalTextToCents(priceBody.data.pcFinal, ',')
        : undefined;
      if (costCents === undefined)
        throw new CarrierError('price answer without a readable pcFinal');
      const deadlineBody = deadlineSchema.safeParse(deadline);
      if (!deadlineBody.success) throw new CarrierError('deadline answer without prazoEntrega');
      return {
        method,
        name: SHIPPING_METHOD_NAMES[method],
        costCents,
        deliveryDays: deadlineBody.data.prazoEntrega,
      };
    },
  };
}
