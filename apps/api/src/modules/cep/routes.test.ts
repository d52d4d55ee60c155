import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type FakeViaCepServer,
  startFakeViaCep,
} from '../../integrations/viacep/fake-viacep-server.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
let fake: FakeViaCepServer;

beforeAll(async () => {
  fake = await startFakeViaCep();
  ctx = await createTestContext({
    env: { VIACEP_BASE_URL: fake.url, VIACEP_TIMEOUT_MS: '100' },
  });
});

afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

beforeEach(() => {
  fake.mode = 'ok';
  fake.requests.length = 0;
});

function lookup(cep: string) {
  return ctx.app.inject({ method: 'GET', url: `/api/cep/${cep}` });
}

describe('GET /api/cep/:cep', () => {
  it('answers the address of a CEP to anyone, masked or not', async () => {
    for (const cep of ['01310100', '01310-100']) {
      const response = await lookup(cep);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        cep: '01310100',
        street: 'Avenida Paulista',
        neighborhood: 'Bela Vista',
        city: 'São Paulo',
        state: 'SP',
      });
      expect(response.headers['cache-control']).toBe('public, max-age=86400');
    }
  });

  it('asks ViaCEP once per CEP and then answers from its cache', async () => {
    fake.addresses.set('20040020', {
      cep: '20040-020',
      logradouro: 'Avenida Rio Branco',
      bairro: 'Centro',
      localidade: 'Rio de Janeiro',
      uf: 'RJ',
    });
    await lookup('20040020');
    fake.mode = 'error';
    const again = await lookup('20040-020');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ city: 'Rio de Janeiro', state: 'RJ' });
    expect(fake.requests).toEqual(['20040020']);
  });

  it('answers 404 CEP não encontrado for a CEP ViaCEP does not know', async () => {
    const response = await lookup('99999-998');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'cep_not_found', message: 'CEP não encontrado' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it.each(['0131010', '013101000', 'abcdefgh', '01310-10a'])(
    'refuses %s with 422 before calling ViaCEP',
    async (cep) => {
      const response = await lookup(cep);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ message: 'CEP deve ter 8 dígitos' });
      expect(fake.requests).toEqual([]);
    },
  );

  it.each(['error', 'garbage'] as const)(
    'answers 503 Serviço de CEP indisponível when ViaCEP gives a %s answer',
    async (mode) => {
      fake.mode = mode;
      const response = await lookup('30130010');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        code: 'cep_service_unavailable',
        message: 'Serviço de CEP indisponível',
      });
    },
  );

  it('answers 503 within the configured timeout when ViaCEP is slow, then retries later', async () => {
    fake.mode = 'slow';
    const started = Date.now();
    const response = await lookup('40010000');
    expect(response.statusCode).toBe(503);
    expect(Date.now() - started).toBeLessThan(900);

    fake.mode = 'ok';
    fake.addresses.set('40010000', {
      cep: '40010-000',
      logradouro: 'Avenida da França',
      bairro: 'Comércio',
      localidade: 'Salvador',
      uf: 'BA',
    });
    expect((await lookup('40010000')).json()).toMatchObject({ city: 'Salvador' });
  });
});
