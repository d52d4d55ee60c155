import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withTableFallback } from '../shipping/fallback-quoter.ts';
import { CarrierError, type QuoteRequest } from '../shipping/quoter.ts';
import { createTableQuoter } from '../shipping/table-quoter.ts';
import { createCorreiosQuoter, type CorreiosConfig } from './correios-client.ts';
import { type FakeCorreiosServer, startFakeCorreios } from './fake-correios-server.ts';

let fake: FakeCorreiosServer;
let config: CorreiosConfig;

beforeAll(async () => {
  fake = await startFakeCorreios();
  config = { baseUrl: fake.url, ...fake.credentials };
});

afterAll(async () => {
  await fake?.close();
});

beforeEach(() => {
  fake.requests.length = 0;
  fake.behaviour.mode = 'ok';
});

const request: QuoteRequest = {
  originCep: '01310100',
  destinationCep: '20040020',
  method: 'pac',
  parcel: { weightGrams: 30, lengthCm: 16, widthCm: 11, heightCm: 6 },
  declaredValueCents: 14970,
};

function recordingLogger() {
  const lines: { details: Record<string, unknown>; message: string }[] = [];
  return {
    lines,
    warn: (details: Record<string, unknown>, message: string) =>
      void lines.push({ details, message }),
  };
}

describe('Correios contract API quoter', () => {
  it('authenticates with the posting card, then asks price and deadline of the service', async () => {
    const quoter = createCorreiosQuoter(config);

    await expect(quoter.quote(request)).resolves.toEqual({
      method: 'pac',
      name: 'PAC',
      costCents: 1992,
      deliveryDays: 7,
    });

    const [tokenCall, ...calls] = fake.requests;
    expect(tokenCall).toMatchObject({
      method: 'POST',
      path: '/token/v1/autentica/cartaopostagem',
      authorization: `Basic ${Buffer.from('lumina:codigo-de-acesso').toString('base64')}`,
    });
    expect(JSON.parse(tokenCall!.body)).toEqual({ numero: '0074512345' });
    const price = calls.find((call) => call.path === '/preco/v1/nacional/03298');
    expect(price).toMatchObject({
      authorization: 'Bearer token-1',
      query: {
        cepOrigem: '01310100',
        cepDestino: '20040020',
        psObjeto: '30',
        tpObjeto: '2',
        comprimento: '16',
        largura: '11',
        altura: '6',
      },
    });
    expect(calls.find((call) => call.path === '/prazo/v1/nacional/03298')?.query).toEqual({
      cepOrigem: '01310100',
      cepDestino: '20040020',
    });
  });

  it('reads SEDEX prices with thousands dots and a decimal comma exactly', async () => {
    const quote = await createCorreiosQuoter(config).quote({ ...request, method: 'sedex' });
    expect(quote).toEqual({ method: 'sedex', name: 'SEDEX', costCents: 103450, deliveryDays: 2 });
    expect(fake.requests.some((call) => call.path === '/preco/v1/nacional/03220')).toBe(true);
  });

  it('reuses its token until shortly before the expiry the Correios announce', async () => {
    let clock = Date.now();
    const quoter = createCorreiosQuoter(config, { now: () => clock });
    const before = fake.tokensIssued();

    await Promise.all([quoter.quote(request), quoter.quote(request)]);
    await quoter.quote({ ...request, method: 'sedex' });
    expect(fake.tokensIssued()).toBe(before + 1);

    clock += 24 * 3_600_000 - 30_000;
    await quoter.quote(request);
    expect(fake.tokensIssued()).toBe(before + 2);
  });

  it('keeps its token through a carrier error, drops it once the API refuses it', async () => {
    const quoter = createCorreiosQuoter(config);
    await quoter.quote(request);
    const issued = fake.tokensIssued();

    fake.behaviour.mode = 'error';
    await expect(quoter.quote(request)).rejects.toThrow(new CarrierError('HTTP 500'));
    fake.behaviour.mode = 'ok';
    await quoter.quote(request);
    expect(fake.tokensIssued()).toBe(issued);

    fake.revokeTokens();
    await expect(quoter.quote(request)).rejects.toThrow(new CarrierError('HTTP 401'));
    await expect(quoter.quote(request)).resolves.toMatchObject({ costCents: 1992 });
    expect(fake.tokensIssued()).toBe(issued + 1);
  });

  it.each([
    ['error', 'HTTP 500'],
    ['garbage', 'answer is not JSON'],
  ] as const)('turns a %s answer into a CarrierError', async (mode, message) => {
    fake.behaviour.mode = mode;
    await expect(createCorreiosQuoter(config).quote(request)).rejects.toThrow(
      new CarrierError(message),
    );
  });

  it('gives up after its timeout', async () => {
    fake.behaviour.mode = 'slow';
    const started = Date.now();
    await expect(createCorreiosQuoter(config, { timeoutMs: 100 }).quote(request)).rejects.toThrow(
      new CarrierError('no answer within 100 ms'),
    );
    expect(Date.now() - started).toBeLessThan(900);
  });

  it('refuses wrong credentials as a carrier failure', async () => {
    const quoter = createCorreiosQuoter({ ...config, accessCode: 'errado' });
    await expect(quoter.quote(request)).rejects.toThrow(new CarrierError('HTTP 401'));
  });

  it('is unreachable as a carrier failure too', async () => {
    const quoter = createCorreiosQuoter({ ...config, baseUrl: 'http://127.0.0.1:9' });
    await expect(quoter.quote(request)).rejects.toThrow(CarrierError);
  });
});

describe('Correios with the offline table behind it', () => {
  it('answers from the table and logs one warning without secrets when the API times out', async () => {
    fake.behaviour.mode = 'slow';
    const logger = recordingLogger();
    const table = createTableQuoter();
    const quoter = withTableFallback(
      'correios',
      createCorreiosQuoter(config, { timeoutMs: 100 }),
      table,
      logger,
    );

    await expect(quoter.quote(request)).resolves.toEqual(await table.quote(request));
    expect(logger.lines).toEqual([
      {
        details: { provider: 'correios', method: 'pac', reason: 'no answer within 100 ms' },
        message: 'shipping carrier failed; quoting from the offline table',
      },
    ]);
    const logged = JSON.stringify(logger.lines);
    for (const secret of [
      config.accessCode,
      config.postingCard,
      'token-',
      request.destinationCep,
    ]) {
      expect(logged).not.toContain(secret);
    }
  });

  it('uses the carrier when it answers', async () => {
    const logger = recordingLogger();
    const quoter = withTableFallback(
      'correios',
      createCorreiosQuoter(config),
      createTableQuoter(),
      logger,
    );
    await expect(quoter.quote(request)).resolves.toMatchObject({ costCents: 1992 });
    expect(logger.lines).toEqual([]);
  });
});
