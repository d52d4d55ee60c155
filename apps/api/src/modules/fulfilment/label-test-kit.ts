// Melhor Envio in memory, at the port this module defines (LabelProvider), for the label tests:
// a wallet, a cart, labels that get generated, posted and delivered, and failures on demand (an
// answer lost after the work was done included). Plus the OAuth and webhook stand-ins the
// adapter factory takes, and the order and settings fixtures. The real adapter has its own
// tests against the fake Melhor Envio HTTP server.
import type { OrderJson } from '@lumina/shared/orders/order-schemas';
import { s10CheckDigit } from '@lumina/shared/orders/tracking-code';
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { expect } from 'vitest';
import { z } from 'zod';
import type { App } from '../../app.ts';
import type { Database } from '../../db/database.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { checkoutBody } from '../../test/checkout-body.ts';
import { createProduct, firstVariantId, insertProducts } from '../../test/product-builder.ts';
import { createSettingsBody } from '../../test/settings-builder.ts';
import { bearerHeader, createUser, signIn } from '../../test/user-builder.ts';
import type { MelhorEnvioAdapter } from './label-module.ts';
import type { MelhorEnvioOauth, MelhorEnvioTokens } from './melhor-envio-connection.ts';
import {
  type LabelProvider,
  type LabelRequest,
  ProviderError,
  type ProviderFailureKind,
  type ProviderLabelStatus,
  type ProviderLabelTracking,
  type ProviderServiceQuote,
} from './ports.ts';
import type { MelhorEnvioWebhookReader } from './tracking-webhooks.ts';

type Method = keyof LabelProvider;

export interface MemoryLabel {
  id: string;
  tag: string;
  request: LabelRequest;
  status: ProviderLabelStatus;
  priceCents: number;
  trackingCode: string | null;
  postedAt: Date | null;
  deliveredAt: Date | null;
  canceledAt: Date | null;
}

interface Failure {
  kind: ProviderFailureKind;
  /** false: the shop hears nothing (a timeout). */
  answered: boolean;
  /** true: Melhor Envio did the work before the answer was lost. */
  applied: boolean;
  message: string;
}

let codeSerial = 47_312_400;

/** A Correios code with a valid check digit, as Melhor Envio's generation gives one. */
function nextTrackingCode(): string {
  codeSerial += 1;
  const serial = String(codeSerial).padStart(8, '0');
  return `ME${serial}${s10CheckDigit(serial)}BR`;
}

export function createMemoryMelhorEnvio(
  options: { balanceCents?: number; priceCents?: number } = {},
) {
  let balanceCents = options.balanceCents ?? 100_000;
  const priceCents = options.priceCents ?? 2_390;
  const labels = new Map<string, MemoryLabel>();
  /** What `quote` answers: the shopper's two services at the label price, by default. */
  const quotes: ProviderServiceQuote[] = [
    { serviceId: 1, company: 'Correios', name: 'PAC', priceCents, deliveryDays: 8 },
    { serviceId: 2, company: 'Correios', name: 'SEDEX', priceCents, deliveryDays: 2 },
  ];
  const calls: Record<Method, number> = {
    balanceCents: 0,
    quote: 0,
    addToCart: 0,
    findByTag: 0,
    checkout: 0,
    generate: 0,
    printUrl: 0,
    cancel: 0,
    tracking: 0,
  };
  const failures = new Map<Method, Failure[]>();
  const holds = new Map<Method, Promise<void>>();
  /** Generation without a code yet: the carrier hands it out later (assignCode). */
  let codesLater = false;
  /** The tokens the calls came with (the adapter sends the connection's current one). */
  const tokensSeen: string[] = [];
  /** Every id the tracking calls asked about, in order. */
  const trackingAsked: string[] = [];

  async function enter(method: Method): Promise<Failure | undefined> {
    calls[method] += 1;
    await holds.get(method);
    return failures.get(method)?.shift();
  }

  function raise(failure: Failure): never {
    throw new ProviderError(failure.kind, failure.message, { answered: failure.answered });
  }

  function labelOf(id: string): MemoryLabel {
    const label = labels.get(id);
    if (!label) throw new ProviderError('refused', `Pedido ${id} não encontrado`);
    return label;
  }

  const provider: LabelProvider = {
    async balanceCents() {
      const failure = await enter('balanceCents');
      if (failure) raise(failure);
      return balanceCents;
    },
    async quote() {
      const failure = await enter('quote');
      if (failure) raise(failure);
      return quotes;
    },
    async addToCart(request) {
      const failure = await enter('addToCart');
      if (failure && !failure.applied) raise(failure);
      const id = randomUUID();
      labels.set(id, {
        id,
        tag: request.orderNumber,
        request,
        status: 'pending',
        priceCents,
        trackingCode: null,
        postedAt: null,
        deliveredAt: null,
        canceledAt: null,
      });
      if (failure) raise(failure);
      return { providerOrderId: id, protocol: `ORD-${labels.size}` };
    },
    async findByTag(tag) {
      const failure = await enter('findByTag');
      if (failure) raise(failure);
      const found = [...labels.values()].find(
        (label) => label.tag === tag && label.status !== 'canceled',
      );
      return found ? { providerOrderId: found.id, protocol: null } : null;
    },
    async checkout(ids) {
      const failure = await enter('checkout');
      if (failure && !failure.applied) raise(failure);
      const paid: Record<string, number> = {};
      for (const id of ids) {
        const label = labelOf(id);
        if (label.status !== 'pending') throw new ProviderError('refused', 'Pedido já pago');
        if (balanceCents < label.priceCents) {
          throw new ProviderError('insufficient_balance', 'Saldo insuficiente');
        }
        balanceCents -= label.priceCents;
        label.status = 'released';
        paid[id] = label.priceCents;
      }
      if (failure) raise(failure);
      return { priceCents: paid };
    },
    async generate(ids) {
      const failure = await enter('generate');
      if (failure && !failure.applied) raise(failure);
      for (const id of ids) {
        const label = labelOf(id);
        if (label.status !== 'released' && label.status !== 'generated') {
          throw new ProviderError('refused', 'Etiqueta não paga');
        }
        label.status = 'generated';
        if (!codesLater) label.trackingCode ??= nextTrackingCode();
      }
      if (failure) raise(failure);
    },
    async printUrl(ids) {
      const failure = await enter('printUrl');
      if (failure) raise(failure);
      for (const id of ids) {
        if (!['generated', 'posted', 'delivered'].includes(labelOf(id).status)) {
          throw new ProviderError('refused', 'Etiqueta não gerada');
        }
      }
      return `https://melhorenvio.test/imprimir/${ids.join('-')}.pdf`;
    },
    async cancel(id) {
      const failure = await enter('cancel');
      if (failure) raise(failure);
      const label = labelOf(id);
      if (!['pending', 'released', 'generated'].includes(label.status)) {
        throw new ProviderError('refused', 'Etiqueta já postada');
      }
      if (label.status !== 'pending') balanceCents += label.priceCents;
      label.status = 'canceled';
      label.canceledAt = new Date();
    },
    async tracking(ids) {
      const failure = await enter('tracking');
      if (failure) raise(failure);
      trackingAsked.push(...ids);
      return ids.flatMap((id): ProviderLabelTracking[] => {
        const label = labels.get(id);
        if (!label) return [];
        return [
          {
            providerOrderId: id,
            status: label.status,
            trackingCode: label.trackingCode,
            postedAt: label.postedAt,
            deliveredAt: label.deliveredAt,
            canceledAt: label.canceledAt,
          },
        ];
      });
    },
  };

  return {
    provider,
    calls,
    quotes,
    labels,
    tokensSeen,
    trackingAsked,
    get balanceCents() {
      return balanceCents;
    },
    set balanceCents(value: number) {
      balanceCents = value;
    },
    /** The next call of `method` fails this way (queued: several calls, several failures). */
    failNext(
      method: Method,
      kind: ProviderFailureKind,
      options: { answered?: boolean; applied?: boolean; message?: string } = {},
    ) {
      const queue = failures.get(method) ?? [];
      queue.push({
        kind,
        answered: options.answered ?? true,
        applied: options.applied ?? false,
        message: options.message ?? `falha simulada em ${method}`,
      });
      failures.set(method, queue);
    },
    /** Holds every call of `method` until the returned function is called. */
    hold(method: Method): () => void {
      let release = () => undefined as void;
      holds.set(
        method,
        new Promise<void>((resolve) => {
          release = () => {
            holds.delete(method);
            resolve();
          };
        }),
      );
      return () => release();
    },
    codesLater(on: boolean) {
      codesLater = on;
    },
    assignCode(id: string): string {
      const label = labelOf(id);
      label.trackingCode = nextTrackingCode();
      return label.trackingCode;
    },
    post(id: string, at = new Date()) {
      const label = labelOf(id);
      label.status = 'posted';
      label.postedAt = at;
    },
    deliver(id: string, at = new Date()) {
      const label = labelOf(id);
      label.status = 'delivered';
      label.deliveredAt = at;
    },
    byTag(tag: string): MemoryLabel[] {
      return [...labels.values()].filter((label) => label.tag === tag);
    },
  };
}

export type MemoryMelhorEnvio = ReturnType<typeof createMemoryMelhorEnvio>;

/**
 * A provider that asks the connection for its token on every call, as the adapter does, and
 * calls whichever in-memory Melhor Envio `current` answers now (each test starts a fresh one).
 */
function withTokens(
  current: () => MemoryMelhorEnvio,
  tokens: { current(): Promise<string> },
): LabelProvider {
  const wrapped = {} as Record<Method, (...args: never[]) => Promise<unknown>>;
  for (const method of Object.keys(current().provider) as Method[]) {
    wrapped[method] = async (...args: never[]) => {
      const me = current();
      me.tokensSeen.push(await tokens.current());
      return (me.provider[method] as (...args: never[]) => Promise<unknown>)(...args);
    };
  }
  return wrapped as unknown as LabelProvider;
}

/** X-ME-Signature as the stand-in reads it: HMAC-SHA256 of the raw body, in base64. */
export function signMelhorEnvioWebhook(rawBody: string, secret: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('base64');
}

const STATUS_OF_EVENT: Record<string, ProviderLabelStatus> = {
  'order.released': 'released',
  'order.generated': 'generated',
  'order.posted': 'posted',
  'order.delivered': 'delivered',
  'order.cancelled': 'canceled',
};

const webhookBody = z.object({
  event: z.string(),
  data: z.object({
    id: z.string(),
    tracking: z.string().nullish(),
    updated_at: z.string().nullish(),
  }),
});

export const testWebhookReader: MelhorEnvioWebhookReader = {
  verifySignature(rawBody, header, secret) {
    const expected = Buffer.from(signMelhorEnvioWebhook(rawBody, secret));
    const given = Buffer.from(header ?? '');
    return expected.length === given.length && timingSafeEqual(expected, given);
  },
  parseWebhook(body) {
    const parsed = webhookBody.safeParse(body);
    const status = parsed.success ? STATUS_OF_EVENT[parsed.data.event] : undefined;
    if (!parsed.success || !status) return null;
    return {
      event: parsed.data.event,
      providerOrderId: parsed.data.data.id,
      status,
      trackingCode: parsed.data.data.tracking ?? null,
      occurredAt: parsed.data.data.updated_at ? new Date(parsed.data.data.updated_at) : null,
    };
  },
};

export const GOOD_CODE = 'codigo-do-melhor-envio';

/** Melhor Envio's token endpoint in memory: one good code, refresh tokens that rotate. */
export function createTestOauth() {
  let issued = 0;
  const live = new Set<string>();
  const state = { refreshes: 0, lastAuthorizeState: '' };
  function tokens(): MelhorEnvioTokens {
    issued += 1;
    live.add(`refresh-${issued}`);
    return {
      accessToken: `access-${issued}`,
      refreshToken: `refresh-${issued}`,
      expiresInSeconds: 30 * 24 * 3600,
      scope: 'shipping-generate',
    };
  }
  const oauth: MelhorEnvioOauth = {
    authorizeUrl(value) {
      state.lastAuthorizeState = value;
      return `https://melhorenvio.test/oauth/authorize?state=${encodeURIComponent(value)}`;
    },
    exchangeCode(code) {
      if (code !== GOOD_CODE) return Promise.reject(new ProviderError('auth', 'invalid_grant'));
      return Promise.resolve(tokens());
    },
    refresh(refreshToken) {
      state.refreshes += 1;
      if (!live.delete(refreshToken)) {
        return Promise.reject(new ProviderError('auth', 'invalid_grant'));
      }
      return Promise.resolve(tokens());
    },
  };
  return { oauth, state, revokeAll: () => live.clear() };
}

/** The adapter factory `buildApp` takes, over the in-memory Melhor Envio `current` answers. */
export function testAdapter(
  current: () => MemoryMelhorEnvio,
  oauth: MelhorEnvioOauth | undefined = createTestOauth().oauth,
): () => MelhorEnvioAdapter {
  return () => ({
    labelProvider: (tokens) => withTokens(current, tokens),
    oauth,
    ...testWebhookReader,
  });
}

export const LABEL_TEST_SECRET = 'segredo-do-app-melhor-envio';
/** Settings for an app with labels: a pasted token unless `oauth` (connect in the test). */
export function labelTestEnv(dataDir: string, via: 'token' | 'oauth' = 'token') {
  return {
    MELHOR_ENVIO_CLIENT_ID: 'app-da-loja',
    MELHOR_ENVIO_CLIENT_SECRET: LABEL_TEST_SECRET,
    BLING_TOKEN_KEY: 'c'.repeat(64),
    DATA_DIR: dataDir,
    ...(via === 'token' ? { MELHOR_ENVIO_TOKEN: 'token-colado-do-painel' } : {}),
  };
}

export const BUYER_CPF = '529.982.247-25';
let sequence = 0;

/** Shop settings, an administrator, and paid orders, all through the API as the panel does. */
export function labelFixture(app: App, database: Database) {
  async function headersOf(user: Pick<UserRow, 'id' | 'role'>) {
    return bearerHeader((await signIn(app, user)).access_token);
  }

  async function admin() {
    const user = await createUser(database, { role: 'admin' });
    return { user, headers: await headersOf(user) };
  }

  async function storeSettings(headers: Record<string, string>, overrides = {}) {
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers,
      payload: { settings: createSettingsBody(overrides) },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }

  /**
   * An order of two units of a 30 g piece (its variant's weight; `weightGrams` for another) by
   * `method`, paid or not.
   */
  async function order(
    adminHeaders: Record<string, string>,
    options: { paid?: boolean; method?: 'pac' | 'sedex'; weightGrams?: number } = {},
  ): Promise<OrderJson> {
    sequence += 1;
    const [productId] = (await insertProducts(database.db, [
      createProduct({
        name: `Argola Etiqueta ${sequence}`,
        sku: `ETQ-${sequence}`,
        price_cents: 10_000,
        pix_price_cents: 9_000,
        options: [{ name: 'Diâmetro', values: ['8 mm'] }],
        variants: [
          {
            sku: `ETQ-${sequence}-8`,
            option_values: { Diâmetro: '8 mm' },
            stock_quantity: 10,
            weight_grams: options.weightGrams ?? 30,
          },
        ],
      }),
    ])) as [number];
    const buyer = await createUser(database, { email: `etiqueta${sequence}@example.com` });
    const headers = await headersOf(buyer);
    const added = await app.inject({
      method: 'POST',
      url: '/api/carts/items',
      headers,
      payload: {
        product_id: productId,
        variant_id: await firstVariantId(database.db, productId),
        quantity: 2,
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    const created = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers,
      payload: checkoutBody({
        customer_email: buyer.email,
        customer_cpf: BUYER_CPF,
        shipping_method: options.method ?? 'pac',
      }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const placed = created.json<{ order: OrderJson }>().order;
    if (options.paid === false) return placed;
    const pix = await app.inject({
      method: 'POST',
      url: `/api/orders/${placed.id}/mercadopago_payment`,
      headers,
      payload: { payment_method: 'pix' },
    });
    expect(pix.statusCode, pix.body).toBe(200);
    const confirmed = await app.inject({
      method: 'POST',
      url: `/api/admin/orders/${placed.id}/confirm_payment`,
      headers: adminHeaders,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return placed;
  }

  return { headersOf, admin, storeSettings, order };
}
