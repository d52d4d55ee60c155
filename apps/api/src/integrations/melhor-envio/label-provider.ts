import { FULFILMENT_MESSAGES } from '@lumina/shared/fulfilment/fulfilment-texts';
import { z } from 'zod';
import {
  type LabelParty,
  type LabelProvider,
  type LabelRequest,
  ProviderError,
  type ProviderLabelTracking,
} from '../../modules/fulfilment/ports.ts';
import {
  calculateAnswer,
  melhorEnvioCalculateBody,
  readCalculateEntries,
} from './melhor-envio-calculate.ts';
import {
  failureOf,
  MELHOR_ENVIO_TIMEOUT_MS,
  type MelhorEnvioAnswer,
  melhorEnvioUserAgent,
  readAnswer,
  sendToMelhorEnvio,
  shapeError,
} from './melhor-envio-http.ts';
import {
  centsToReais,
  parseMelhorEnvioDate,
  readLabelStatus,
  reaisToCents,
} from './melhor-envio-wire.ts';

/** Where the access token comes from, and how a refused one is replaced (when it can be). */
export interface MelhorEnvioTokenSource {
  current(): Promise<string>;
  /** Called with the token Melhor Envio refused; answers a fresh one (or throws). */
  renew?(refused: string): Promise<string>;
}

export interface MelhorEnvioLabelProviderOptions {
  /** No trailing slash: https://www.melhorenvio.com.br or https://sandbox.melhorenvio.com.br */
  baseUrl: string;
  contactEmail: string;
  tokens: MelhorEnvioTokenSource;
  timeoutMs?: number;
}

/** Melhor Envio's reason "cancelled by the user" (the only one an app sends). */
const CANCEL_REASON_USER = 2;
/** Its cancellation description is limited to 255 characters. */
const CANCEL_DESCRIPTION_MAX = 255;
/** The cart lives 7 days; pages of it are few, but a broken `last_page` must not loop forever. */
const MAX_CART_PAGES = 10;

const id = z.union([z.string().min(1), z.number()]).transform(String);
const optionalText = z.string().nullish().catch(null);

const cartAnswer = z.looseObject({ id, protocol: optionalText });
const balanceAnswer = z.looseObject({ balance: z.union([z.number(), z.string()]) });
const labelEntry = z.looseObject({
  id,
  protocol: optionalText,
  status: z.unknown().optional(),
  tags: z
    .array(z.looseObject({ tag: z.unknown() }))
    .nullish()
    .catch(null),
});
const labelList = z.union([
  z.array(z.unknown()),
  z.looseObject({ data: z.array(z.unknown()) }).transform((page) => page.data),
]);
const cartPage = z.looseObject({
  data: z.array(z.unknown()),
  last_page: z.number().int().optional().catch(undefined),
});
const checkoutAnswer = z.looseObject({
  purchase: z.looseObject({
    status: z.string().nullish().catch(null),
    orders: z.array(z.looseObject({ id, price: z.unknown().optional() })),
  }),
});
const pricedOrder = z.looseObject({ id, price: z.unknown() });
const perLabel = z.record(z.string(), z.unknown());
const generateEntry = z.looseObject({
  status: z.unknown().optional(),
  message: z.unknown().optional(),
});
const printAnswer = z.looseObject({ url: z.url() });
const cancelEntry = z.looseObject({ canceled: z.unknown().optional() });
const trackingEntry = z.looseObject({
  id: id.optional(),
  status: z.unknown(),
  tracking: optionalText,
  posted_at: z.unknown().optional(),
  delivered_at: z.unknown().optional(),
  canceled_at: z.unknown().optional(),
});

function party(who: LabelParty) {
  const isCompany = who.document.length === 14;
  return {
    name: who.name,
    phone: who.phone ?? undefined,
    email: who.email ?? undefined,
    // A person goes with the CPF alone, a company with the CNPJ alone (Melhor Envio's rule).
    document: isCompany ? undefined : who.document,
    company_document: isCompany ? who.document : undefined,
    address: who.address.street,
    complement: who.address.complement ?? undefined,
    number: who.address.number,
    district: who.address.neighborhood,
    city: who.address.city,
    state_abbr: who.address.state,
    country_id: 'BR',
    postal_code: who.address.zipCode,
  };
}

/** The cart's body: the parcel, the parties, and the tag that finds it again. */
export function melhorEnvioCartBody(request: LabelRequest) {
  const { volume, invoiceKey } = request;
  return {
    service: request.serviceId,
    from: party(request.from),
    to: party(request.to),
    products: request.products.map((product) => ({
      name: product.name,
      quantity: product.quantity,
      unitary_value: centsToReais(product.unitaryValueCents),
    })),
    volumes: [
      {
        height: volume.heightCm,
        width: volume.widthCm,
        length: volume.lengthCm,
        weight: volume.weightGrams / 1000,
      },
    ],
    options: {
      insurance_value: centsToReais(request.insuranceValueCents),
      receipt: false,
      own_hand: false,
      reverse: false,
      // Without an NF-e the parcel travels with a content declaration, and then no invoice
      // field may be sent at all.
      non_commercial: !invoiceKey,
      invoice: invoiceKey ? { key: invoiceKey } : undefined,
      platform: 'Lumina',
      tags: [{ tag: request.orderNumber, url: null }],
    },
  };
}

function carriesTag(entry: z.output<typeof labelEntry>, tag: string): boolean {
  return (entry.tags ?? []).some((candidate) => String(candidate.tag) === tag);
}

/**
 * Melhor Envio's label flow (API v2): cart, checkout with the wallet, generate, print, cancel,
 * tracking. Every call names the shop in the User-Agent, carries the current token and renews it
 * once when refused. Nothing is retried here: a write whose answer was lost is reported with
 * `answered` false, and the label is found again by its tag.
 */
export function createMelhorEnvioLabelProvider(
  options: MelhorEnvioLabelProviderOptions,
): LabelProvider {
  const timeoutMs = options.timeoutMs ?? MELHOR_ENVIO_TIMEOUT_MS;
  const apiUrl = `${options.baseUrl}/api/v2/me`;

  async function renewed(
    renew: (refused: string) => Promise<string>,
    refused: string,
  ): Promise<string> {
    try {
      return await renew(refused);
    } catch (error) {
      if (error instanceof ProviderError) throw error;
      throw new ProviderError('auth', FULFILMENT_MESSAGES.melhorEnvioAuth, { cause: error });
    }
  }

  /** A 2xx answer, or the port's error for anything else (after one renewal on a 401). */
  async function call(
    method: 'GET' | 'POST',
    path: string,
    what: string,
    request: { body?: unknown; query?: Record<string, string>; purchase?: boolean } = {},
  ): Promise<MelhorEnvioAnswer> {
    const query = request.query ? `?${new URLSearchParams(request.query).toString()}` : '';
    let token = await options.tokens.current();
    for (let attempt = 0; ; attempt += 1) {
      const answer = await sendToMelhorEnvio(`${apiUrl}${path}${query}`, {
        method,
        headers: {
          accept: 'application/json',
          authorization: `Bearer ${token}`,
          'user-agent': melhorEnvioUserAgent(options.contactEmail),
          ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        timeoutMs,
      });
      if (answer.status >= 200 && answer.status < 300) return answer;
      const renew = options.tokens.renew?.bind(options.tokens);
      if (answer.status === 401 && attempt === 0 && renew) {
        token = await renewed(renew, token);
        continue;
      }
      throw failureOf(answer, what, { purchase: request.purchase });
    }
  }

  /** The labels of a listing (search or cart page) that carry the tag and are still alive. */
  function tagged(items: unknown[], tag: string) {
    return items
      .map((item) => labelEntry.safeParse(item).data)
      .filter((entry) => entry !== undefined)
      .filter((entry) => carriesTag(entry, tag))
      .filter((entry) => !['canceled', 'expired'].includes(readLabelStatus(entry.status) ?? ''));
  }

  async function searchByTag(tag: string) {
    let answer: MelhorEnvioAnswer;
    try {
      answer = await call('GET', '/orders/search', 'busca de etiquetas', { query: { q: tag } });
    } catch (error) {
      // Nothing found may come back as a 404; the cart is still worth a look then.
      if (error instanceof ProviderError && error.kind === 'refused') return [];
      throw error;
    }
    return tagged(readAnswer(labelList, answer, 'busca de etiquetas'), tag);
  }

  async function cartByTag(tag: string) {
    const found: z.output<typeof labelEntry>[] = [];
    for (let page = 1; page <= MAX_CART_PAGES; page += 1) {
      const answer = await call('GET', '/cart', 'carrinho', { query: { page: String(page) } });
      const listing = readAnswer(cartPage, answer, 'carrinho');
      found.push(...tagged(listing.data, tag));
      if (found.length > 0 || listing.data.length === 0) break;
      if ((listing.last_page ?? 1) <= page) break;
    }
    return found;
  }

  async function priceOf(providerOrderId: string): Promise<number> {
    const answer = await call('GET', `/orders/${encodeURIComponent(providerOrderId)}`, 'etiqueta');
    const cents = reaisToCents(readAnswer(pricedOrder, answer, 'etiqueta').price);
    if (cents === undefined) throw shapeError('etiqueta', `sem preço legível (${providerOrderId})`);
    return cents;
  }

  /** Melhor Envio answers these calls with one entry per label, keyed by its id. */
  function entries(answer: MelhorEnvioAnswer, what: string): [string, unknown][] {
    return Object.entries(readAnswer(perLabel, answer, what));
  }

  return {
    async balanceCents() {
      const answer = await call('GET', '/balance', 'saldo');
      const cents = reaisToCents(readAnswer(balanceAnswer, answer, 'saldo').balance);
      if (cents === undefined) throw shapeError('saldo', 'valor ilegível');
      return cents;
    },

    async quote(request) {
      const answer = await call('POST', '/shipment/calculate', 'cotação', {
        body: melhorEnvioCalculateBody(request),
      });
      return readCalculateEntries(readAnswer(calculateAnswer, answer, 'cotação'));
    },

    async addToCart(request) {
      const answer = await call('POST', '/cart', 'carrinho', {
        body: melhorEnvioCartBody(request),
      });
      const label = readAnswer(cartAnswer, answer, 'carrinho');
      return { providerOrderId: label.id, protocol: label.protocol ?? null };
    },

    async findByTag(orderNumber) {
      // Search first (it also finds labels already bought); a label left in the cart by a lost
      // answer is found in the cart listing when the search does not match tags.
      const searched = await searchByTag(orderNumber);
      const [label] = searched.length > 0 ? searched : await cartByTag(orderNumber);
      return label ? { providerOrderId: label.id, protocol: label.protocol ?? null } : null;
    },

    async checkout(providerOrderIds) {
      const answer = await call('POST', '/shipment/checkout', 'compra', {
        body: { orders: providerOrderIds },
        purchase: true,
      });
      const { purchase } = readAnswer(checkoutAnswer, answer, 'compra');
      // A purchase left waiting for payment is not a paid label, whatever its orders say.
      if (purchase.status && purchase.status !== 'paid') {
        throw new ProviderError(
          'refused',
          `O Melhor Envio não confirmou o pagamento (situação ${purchase.status}).`,
        );
      }
      const priceCents: Record<string, number> = {};
      for (const providerOrderId of providerOrderIds) {
        const order = purchase.orders.find((candidate) => candidate.id === providerOrderId);
        if (!order) throw shapeError('compra', `etiqueta ${providerOrderId} fora da compra`);
        priceCents[providerOrderId] = reaisToCents(order.price) ?? (await priceOf(order.id));
      }
      return { priceCents };
    },

    async generate(providerOrderIds) {
      const answer = await call('POST', '/shipment/generate', 'geração', {
        body: { orders: providerOrderIds },
      });
      for (const [, raw] of entries(answer, 'geração')) {
        const entry = generateEntry.safeParse(raw).data;
        if (entry?.status === false) {
          const message = typeof entry.message === 'string' ? entry.message : null;
          throw new ProviderError('refused', message ?? 'O Melhor Envio não gerou a etiqueta.');
        }
      }
    },

    async printUrl(providerOrderIds) {
      // 'public': the link opens without a Melhor Envio session, in the owner's browser.
      const answer = await call('POST', '/shipment/print', 'impressão', {
        body: { mode: 'public', orders: providerOrderIds },
      });
      return readAnswer(printAnswer, answer, 'impressão').url;
    },

    async cancel(providerOrderId, description) {
      const answer = await call('POST', '/shipment/cancel', 'cancelamento', {
        body: {
          order: {
            id: providerOrderId,
            reason_id: CANCEL_REASON_USER,
            description: description.slice(0, CANCEL_DESCRIPTION_MAX),
          },
        },
      });
      const entry = cancelEntry.safeParse(
        entries(answer, 'cancelamento').find(([key]) => key === providerOrderId)?.[1],
      ).data;
      if (entry?.canceled === false) {
        throw new ProviderError('refused', 'O Melhor Envio não cancelou a etiqueta.');
      }
    },

    async tracking(providerOrderIds) {
      const answer = await call('POST', '/shipment/tracking', 'rastreio', {
        body: { orders: providerOrderIds },
      });
      const result: ProviderLabelTracking[] = [];
      for (const [key, raw] of entries(answer, 'rastreio')) {
        const parsed = trackingEntry.safeParse(raw);
        if (!parsed.success) throw shapeError('rastreio', `etiqueta ${key} ilegível`);
        const status = readLabelStatus(parsed.data.status);
        // A status the shop does not know (paused, suspended...) changes nothing it keeps.
        if (!status) continue;
        result.push({
          providerOrderId: parsed.data.id ?? key,
          status,
          trackingCode: parsed.data.tracking ?? null,
          postedAt: parseMelhorEnvioDate(parsed.data.posted_at),
          deliveredAt: parseMelhorEnvioDate(parsed.data.delivered_at),
          canceledAt: parseMelhorEnvioDate(parsed.data.canceled_at),
        });
      }
      return result;
    },
  };
}
