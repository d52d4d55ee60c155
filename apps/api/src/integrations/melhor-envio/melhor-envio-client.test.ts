import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withTableFallback } from '../shipping/fallback-quoter.ts';
import { CarrierError, type QuoteRequest, ShippingUnavailableError } from '../shipping/quoter.ts';
import { createTableQuoter } from '../shipping/table-quoter.ts';
import {
  FAKE_MELHOR_ENVIO_ENTRIES,
  type FakeMelhorEnvioServer,
  startFakeMelhorEnvio,
} from './fake-melhor-envio-server.ts';
import { createMelhorEnvioQuoter, type MelhorEnvioConfig } from './melhor-envio-client.ts';

let fake: FakeMelhorEnvioServer;
let config: MelhorEnvioConfig;

beforeAll(async () => {
  fake = await startFakeMelhorEnvio();
  config = { baseUrl: fake.url, token: fake.token, contactEmail: 'loja@example.com' };
});

afterAll(async () => {
  await fake?.close();
});

beforeEach(() => {
  fake.requests.length = 0;
  fake.behaviour.mode = 'ok';
  fake.behaviour.entries = FAKE_MELHOR_ENVIO_ENTRIES;
});

const request: QuoteRequest = {
  originCep: '01310100',
  destinationCep: '69005040',
  method: 'pac',
  parcel: { weightGrams: 45, lengthCm: 16, widthCm: 11, heightCm: 8 },
  declaredValueCents: 19_990,
};

describe('Melhor Envio quoter', () => {
  it('sends the parcel in kg and reais and takes the custom price and deadline of PAC', async () => {
    await expect(createMelhorEnvioQuoter(config).quote(request)).resolves.toEqual({
      method: 'pac',
      name: 'PAC',
      costCents: 2635,
      deliveryDays: 8,
    });
    const [call] = fake.requests;
    expect(call?.path).toBe('/api/v2/me/shipment/calculate');
    expect(call?.headers['user-agent']).toBe('Lumina Piercings (loja@example.com)');
    expect(call?.body).toEqual({
      from: { postal_code: '01310100' },
      to: { postal_code: '69005040' },
      products: [
        {
          id: 'parcel',
          width: 11,
          height: 8,
          length: 16,
          weight: 0.045,
          insurance_value: 199.9,
          quantity: 1,
        },
      ],
      services: '1,2',
    });
  });

  it('reads a numeric price exactly (SEDEX 41.7 -> 4170 cents)', async () => {
    await expect(
      createMelhorEnvioQuoter(config).quote({ ...request, method: 'sedex' }),
    ).resolves.toEqual({ method: 'sedex', name: 'SEDEX', costCents: 4170, deliveryDays: 2 });
  });

  it('says the destination is not served when the entry carries an error', async () => {
    fake.behaviour.entries = [
      {
        id: 1,
        name: 'PAC',
        price: null,
        delivery_time: null,
        error: 'Transportadora não atende este trecho.',
      },
      ...FAKE_MELHOR_ENVIO_ENTRIES.slice(1),
    ];
    await expect(createMelhorEnvioQuoter(config).quote(request)).rejects.toThrow(
      ShippingUnavailableError,
    );
  });

  it.each([
    ['error', 'HTTP 500'],
    ['garbage', 'answer is not a list of services'],
  ] as const)('turns a %s answer into a CarrierError', async (mode, message) => {
    fake.behaviour.mode = mode;
    await expect(createMelhorEnvioQuoter(config).quote(request)).rejects.toThrow(
      new CarrierError(message),
    );
  });

  it('wants a readable entry for the service asked', async () => {
    fake.behaviour.entries = [{ id: 1, name: 'PAC', price: 'R$ 10', delivery_time: 5 }];
    await expect(createMelhorEnvioQuoter(config).quote(request)).rejects.toThrow(
      new CarrierError('service 1 without a readable price or deadline'),
    );
    await expect(
      createMelhorEnvioQuoter(config).quote({ ...request, method: 'sedex' }),
    ).rejects.toThrow(new CarrierError('answer without service 2'));
  });

  it('refuses a wrong token as a carrier failure', async () => {
    await expect(
      createMelhorEnvioQuoter({ ...config, token: 'outro' }).quote(request),
    ).rejects.toThrow(new CarrierError('HTTP 401'));
  });

  it('falls back to the table after its timeout, with one warning naming no secret', async () => {
    fake.behaviour.mode = 'slow';
    const lines: { details: Record<string, unknown>; message: string }[] = [];
    const table = createTableQuoter();
    const quoter = withTableFallback(
      'melhor_envio',
      createMelhorEnvioQuoter(config, { timeoutMs: 100 }),
      table,
      { warn: (details, message) => void lines.push({ details, message }) },
    );
    const started = Date.now();

    await expect(quoter.quote(request)).resolves.toEqual(await table.quote(request));
    expect(Date.now() - started).toBeLessThan(900);
    expect(lines).toEqual([
      {
        details: { provider: 'melhor_envio', method: 'pac', reason: 'no answer within 100 ms' },
        message: 'shipping carrier failed; quoting from the offline table',
      },
    ]);
    expect(JSON.stringify(lines)).not.toContain(fake.token);
  });

  it('does not fall back when the carrier says the destination is not served', async () => {
    fake.behaviour.entries = [{ id: 1, error: 'Transportadora não atende este trecho.' }];
    const lines: unknown[] = [];
    const quoter = withTableFallback(
      'melhor_envio',
      createMelhorEnvioQuoter(config),
      createTableQuoter(),
      {
        warn: (details) => void lines.push(details),
      },
    );
    await expect(quoter.quote(request)).rejects.toThrow(ShippingUnavailableError);
    expect(lines).toEqual([]);
  });
});
