import { FULFILMENT_MESSAGES } from '@lumina/shared/fulfilment/fulfilment-texts';
import { isValidTrackingCode } from '@lumina/shared/orders/tracking-code';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type LabelRequest, ProviderError } from '../../modules/fulfilment/ports.ts';
import {
  FAKE_MELHOR_ENVIO_BALANCE_CENTS,
  type FakeMelhorEnvioServer,
  startFakeMelhorEnvio,
} from './fake-melhor-envio-server.ts';
import { createMelhorEnvioLabelProvider, type MelhorEnvioTokenSource } from './label-provider.ts';

let fake: FakeMelhorEnvioServer;

beforeAll(async () => {
  fake = await startFakeMelhorEnvio();
});

afterAll(async () => {
  await fake?.close();
});

beforeEach(() => {
  fake.reset();
});

function provider(tokens?: MelhorEnvioTokenSource, timeoutMs?: number) {
  return createMelhorEnvioLabelProvider({
    baseUrl: fake.url,
    contactEmail: 'loja@example.com',
    tokens: tokens ?? { current: () => Promise.resolve(fake.token) },
    timeoutMs,
  });
}

function labelRequest(overrides: Partial<LabelRequest> = {}): LabelRequest {
  return {
    orderNumber: 'LUM-1001',
    serviceId: 1,
    from: {
      name: 'Lumina Piercings',
      document: '11222333000181',
      email: 'loja@example.com',
      phone: '11987654321',
      address: {
        zipCode: '01310100',
        street: 'Avenida Paulista',
        number: '1000',
        complement: 'Sala 12',
        neighborhood: 'Bela Vista',
        city: 'São Paulo',
        state: 'SP',
      },
    },
    to: {
      name: 'Ana Souza',
      document: '52998224725',
      email: 'ana@example.com',
      phone: null,
      address: {
        zipCode: '69005040',
        street: 'Rua Henrique Martins',
        number: '55',
        complement: null,
        neighborhood: 'Centro',
        city: 'Manaus',
        state: 'AM',
      },
    },
    products: [{ name: 'Argola Tragus', quantity: 2, unitaryValueCents: 4990 }],
    volume: { heightCm: 4, widthCm: 11, lengthCm: 16, weightGrams: 120 },
    insuranceValueCents: 9980,
    invoiceKey: null,
    ...overrides,
  };
}

/** The rejection of `promise`, which must be a ProviderError. */
async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

const lastRequest = () => fake.requests.at(-1);

describe('Melhor Envio label provider', () => {
  it('buys, generates, prints, tracks and cancels a label through the whole flow', async () => {
    const labels = provider();

    const { providerOrderId, protocol } = await labels.addToCart(labelRequest());
    expect(fake.labels.get(providerOrderId)?.status).toBe('pending');
    expect(protocol).toBe(fake.labels.get(providerOrderId)?.protocol);
    expect(lastRequest()?.headers).toMatchObject({
      authorization: `Bearer ${fake.token}`,
      accept: 'application/json',
      'user-agent': 'Lumina Piercings (loja@example.com)',
    });

    await expect(labels.checkout([providerOrderId])).resolves.toEqual({
      priceCents: { [providerOrderId]: 2635 },
    });
    await expect(labels.balanceCents()).resolves.toBe(FAKE_MELHOR_ENVIO_BALANCE_CENTS - 2635);

    await labels.generate([providerOrderId]);
    const trackingCode = fake.labels.get(providerOrderId)?.trackingCode ?? '';
    expect(isValidTrackingCode(trackingCode)).toBe(true);

    const url = await labels.printUrl([providerOrderId]);
    expect(lastRequest()?.body).toEqual({ mode: 'public', orders: [providerOrderId] });
    const pdf = await fetch(url);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer()).toString('latin1');
    expect(bytes.startsWith('%PDF-1.4')).toBe(true);
    expect(bytes.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(bytes).toContain(trackingCode);
    expect(bytes).toContain('Pedido LUM-1001 - Ana Souza, Manaus/AM');

    await expect(labels.tracking([providerOrderId])).resolves.toEqual([
      {
        providerOrderId,
        status: 'generated',
        trackingCode,
        postedAt: null,
        deliveredAt: null,
        canceledAt: null,
      },
    ]);

    await fake.post(providerOrderId);
    const [posted] = await labels.tracking([providerOrderId]);
    expect(posted?.status).toBe('posted');
    expect(Math.abs((posted?.postedAt?.getTime() ?? 0) - Date.now())).toBeLessThan(5_000);

    // Once posted, Melhor Envio refuses the cancellation in its own words.
    const refused = await failure(labels.cancel(providerOrderId, 'Pedido cancelado pela loja'));
    expect(refused.kind).toBe('refused');
    expect(refused.message).toBe('Esta etiqueta já foi postada e não pode mais ser cancelada.');
    expect(fake.labels.get(providerOrderId)?.status).toBe('posted');
  });

  it("quotes every service for the label's box, leaving out those Melhor Envio cannot offer", async () => {
    fake.behaviour.notServed = [2];
    const request = labelRequest();
    const quotes = await provider().quote({
      fromZipCode: request.from.address.zipCode,
      toZipCode: request.to.address.zipCode,
      volume: { heightCm: 6, widthCm: 11, lengthCm: 16, weightGrams: 120 },
      insuranceValueCents: 9980,
    });
    // SEDEX does not reach the CEP and the box is too tall for Mini Envios: both answer `error`.
    expect(quotes).toEqual([
      { serviceId: 1, company: 'Correios', name: 'PAC', priceCents: 2635, deliveryDays: 8 },
      { serviceId: 3, company: 'Jadlog', name: '.Package', priceCents: 1980, deliveryDays: 5 },
      { serviceId: 12, company: 'LATAM Cargo', name: 'éFácil', priceCents: 1750, deliveryDays: 3 },
    ]);
    const [call] = fake.requests;
    expect(call?.path).toBe('/api/v2/me/shipment/calculate');
    // No `services`: Melhor Envio quotes every service it has for the route.
    expect(call?.body).toEqual({
      from: { postal_code: '01310100' },
      to: { postal_code: '69005040' },
      products: [
        {
          id: 'parcel',
          width: 11,
          height: 6,
          length: 16,
          weight: 0.12,
          insurance_value: 99.8,
          quantity: 1,
        },
      ],
    });
  });

  it('cancels a label not yet posted, with the reason, and the wallet gets the price back', async () => {
    const labels = provider();
    const { providerOrderId } = await labels.addToCart(labelRequest({ serviceId: 2 }));
    await labels.checkout([providerOrderId]);
    await labels.generate([providerOrderId]);
    await expect(labels.balanceCents()).resolves.toBe(FAKE_MELHOR_ENVIO_BALANCE_CENTS - 4170);

    await labels.cancel(providerOrderId, 'Cliente desistiu da compra');
    expect(lastRequest()?.body).toEqual({
      order: { id: providerOrderId, reason_id: 2, description: 'Cliente desistiu da compra' },
    });
    expect(fake.labels.get(providerOrderId)?.status).toBe('canceled');
    await expect(labels.balanceCents()).resolves.toBe(FAKE_MELHOR_ENVIO_BALANCE_CENTS);
    const [canceled] = await labels.tracking([providerOrderId]);
    expect(canceled?.status).toBe('canceled');
    expect(canceled?.canceledAt).toBeInstanceOf(Date);
  });

  it('sends a content declaration without an NF-e, and the NF-e key with one', async () => {
    const labels = provider();
    await labels.addToCart(labelRequest());
    expect(lastRequest()?.body).toEqual({
      service: 1,
      from: {
        name: 'Lumina Piercings',
        phone: '11987654321',
        email: 'loja@example.com',
        company_document: '11222333000181',
        address: 'Avenida Paulista',
        complement: 'Sala 12',
        number: '1000',
        district: 'Bela Vista',
        city: 'São Paulo',
        state_abbr: 'SP',
        country_id: 'BR',
        postal_code: '01310100',
      },
      to: {
        name: 'Ana Souza',
        email: 'ana@example.com',
        document: '52998224725',
        address: 'Rua Henrique Martins',
        number: '55',
        district: 'Centro',
        city: 'Manaus',
        state_abbr: 'AM',
        country_id: 'BR',
        postal_code: '69005040',
      },
      products: [{ name: 'Argola Tragus', quantity: 2, unitary_value: 49.9 }],
      volumes: [{ height: 4, width: 11, length: 16, weight: 0.12 }],
      options: {
        insurance_value: 99.8,
        receipt: false,
        own_hand: false,
        reverse: false,
        non_commercial: true,
        platform: 'Lumina',
        tags: [{ tag: 'LUM-1001', url: null }],
      },
    });

    const invoiceKey = '35260311222333000181550010000012341000012345';
    await labels.addToCart(labelRequest({ orderNumber: 'LUM-1002', invoiceKey }));
    expect(lastRequest()?.body).toMatchObject({
      options: { non_commercial: false, invoice: { key: invoiceKey } },
    });
  });

  it('says the wallet is short when checkout cannot be paid, and the label stays in the cart', async () => {
    const labels = provider();
    const { providerOrderId } = await labels.addToCart(labelRequest());
    fake.behaviour.balanceCents = 1_000;

    const error = await failure(labels.checkout([providerOrderId]));
    expect(error.kind).toBe('insufficient_balance');
    expect(error.message).toBe(FULFILMENT_MESSAGES.insufficientBalance);
    expect(error.answered).toBe(true);
    expect(fake.labels.get(providerOrderId)?.status).toBe('pending');
    await expect(labels.balanceCents()).resolves.toBe(1_000);
  });

  it('renews a refused token once and goes on with the fresh one', async () => {
    const renewed: string[] = [];
    const labels = provider({
      current: () => Promise.resolve('token-vencido'),
      renew: (refused) => {
        renewed.push(refused);
        return Promise.resolve(fake.token);
      },
    });
    await expect(labels.balanceCents()).resolves.toBe(FAKE_MELHOR_ENVIO_BALANCE_CENTS);
    expect(renewed).toEqual(['token-vencido']);
    expect(fake.requests.map((request) => request.headers.authorization)).toEqual([
      'Bearer token-vencido',
      `Bearer ${fake.token}`,
    ]);
  });

  it('reports a refused token as auth: without a way to renew, or when the renewed one is refused too', async () => {
    const stale = { current: () => Promise.resolve('token-vencido') };
    const withoutRenew = await failure(provider(stale).balanceCents());
    expect(withoutRenew.kind).toBe('auth');
    expect(withoutRenew.message).toBe(FULFILMENT_MESSAGES.melhorEnvioAuth);

    fake.requests.length = 0;
    const stillStale = { ...stale, renew: () => Promise.resolve('outro-vencido') };
    expect((await failure(provider(stillStale).balanceCents())).kind).toBe('auth');
    expect(fake.requests).toHaveLength(2);
  });

  it.each([
    [503, { message: 'Service Unavailable' }],
    [500, '<html>Bad gateway</html>'],
    [429, { message: 'Too Many Attempts.' }],
  ])('reports HTTP %i as unavailable, with an answer', async (status, body) => {
    fake.behaviour.failNext = { path: '/api/v2/me/cart', status, body };
    const error = await failure(provider().addToCart(labelRequest()));
    expect(error.kind).toBe('unavailable');
    expect(error.answered).toBe(true);
    expect(error.message).toBe(FULFILMENT_MESSAGES.melhorEnvioDown);
    expect(fake.labels.size).toBe(0);
  });

  it('gives up on a slow answer after its timeout, as unanswered', async () => {
    fake.behaviour.mode = 'slow';
    const started = Date.now();
    const error = await failure(provider(undefined, 100).addToCart(labelRequest()));
    expect(Date.now() - started).toBeLessThan(900);
    expect(error.kind).toBe('unavailable');
    expect(error.answered).toBe(false);
    // The fake acted before its late answer: the label may exist, as with the real one.
    expect(fake.labels.size).toBe(1);
  });

  it('reports an answer it cannot read as shape', async () => {
    fake.behaviour.mode = 'garbage';
    expect((await failure(provider().balanceCents())).kind).toBe('shape');

    fake.behaviour.mode = 'ok';
    fake.behaviour.failNext = { path: '/api/v2/me/cart', status: 200, body: 'tudo certo!' };
    const notJson = await failure(provider().addToCart(labelRequest()));
    expect(notJson.kind).toBe('shape');
    expect(notJson.message).toContain('carrinho');
  });

  it('finds a label by its tag after the cart answer was lost', async () => {
    const labels = provider();
    fake.behaviour.dropNext = '/api/v2/me/cart';
    const lost = await failure(labels.addToCart(labelRequest()));
    expect(lost.kind).toBe('unavailable');
    expect(lost.answered).toBe(false);

    const [stored] = [...fake.labels.values()];
    await expect(labels.findByTag('LUM-1001')).resolves.toEqual({
      providerOrderId: stored?.id,
      protocol: stored?.protocol,
    });
    expect(lastRequest()).toMatchObject({
      path: '/api/v2/me/orders/search',
      query: { q: 'LUM-1001' },
    });
    await expect(labels.findByTag('LUM-9999')).resolves.toBeNull();
  });

  it('looks in the cart when the search does not match tags, and skips canceled labels', async () => {
    fake.behaviour.searchMatchesTags = false;
    const labels = provider();
    const first = await labels.addToCart(labelRequest());
    await labels.cancel(first.providerOrderId, 'Etiqueta repetida');
    const second = await labels.addToCart(labelRequest());

    await expect(labels.findByTag('LUM-1001')).resolves.toEqual(second);
    expect(lastRequest()).toMatchObject({ path: '/api/v2/me/cart', query: { page: '1' } });
  });

  it("passes Melhor Envio's own words on when it refuses a request", async () => {
    const labels = provider();
    const invalid = labelRequest();
    const error = await failure(
      labels.addToCart({ ...invalid, to: { ...invalid.to, document: '' } }),
    );
    expect(error.kind).toBe('refused');
    expect(error.message).toBe('O campo to.document é obrigatório.');

    const { providerOrderId } = await labels.addToCart(labelRequest());
    const unpaid = await failure(labels.generate([providerOrderId]));
    expect(unpaid.kind).toBe('refused');
    expect(unpaid.message).toBe('Envio não liberado para geração');

    fake.behaviour.failNext = {
      path: '/api/v2/me/shipment/print',
      status: 422,
      body: { error: 'Há envios que ainda não foram gerados.' },
    };
    const print = await failure(labels.printUrl([providerOrderId]));
    expect(print).toMatchObject({
      kind: 'refused',
      message: 'Há envios que ainda não foram gerados.',
    });
  });

  it('leaves out labels in a status the shop does not follow', async () => {
    fake.behaviour.failNext = {
      path: '/api/v2/me/shipment/tracking',
      status: 200,
      body: {
        a1: { id: 'a1', status: 'paused', tracking: null },
        b2: {
          id: 'b2',
          status: 'delivered',
          tracking: 'AA473124829BR',
          delivered_at: '2026-03-02 14:05:09',
        },
      },
    };
    await expect(provider().tracking(['a1', 'b2'])).resolves.toEqual([
      {
        providerOrderId: 'b2',
        status: 'delivered',
        trackingCode: 'AA473124829BR',
        postedAt: null,
        deliveredAt: new Date('2026-03-02T17:05:09Z'),
        canceledAt: null,
      },
    ]);
  });
});
