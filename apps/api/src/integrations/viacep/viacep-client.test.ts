import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeViaCepServer, startFakeViaCep } from './fake-viacep-server.ts';
import { CepLookupError, createViaCepClient } from './viacep-client.ts';

let fake: FakeViaCepServer;

beforeAll(async () => {
  fake = await startFakeViaCep();
});

afterAll(async () => {
  await fake?.close();
});

beforeEach(() => {
  fake.mode = 'ok';
});

describe('ViaCEP client', () => {
  it('maps logradouro, bairro, localidade and uf', async () => {
    await expect(createViaCepClient({ baseUrl: fake.url }).lookup('01310100')).resolves.toEqual({
      cep: '01310100',
      street: 'Avenida Paulista',
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
    });
  });

  it('keeps an empty street and neighbourhood (towns with one CEP)', async () => {
    fake.addresses.set('69460000', {
      cep: '69460-000',
      logradouro: '',
      bairro: '',
      localidade: 'Coari',
      uf: 'AM',
    });
    await expect(createViaCepClient({ baseUrl: fake.url }).lookup('69460000')).resolves.toEqual({
      cep: '69460000',
      street: '',
      neighborhood: '',
      city: 'Coari',
      state: 'AM',
    });
  });

  it.each([{ erro: true }, { erro: 'true' }])('reads %j as no such CEP', async (body) => {
    fake.addresses.set('99999998', body);
    await expect(createViaCepClient({ baseUrl: fake.url }).lookup('99999998')).resolves.toBe(
      undefined,
    );
  });

  it.each([
    ['error', 'ViaCEP answered HTTP 500'],
    ['garbage', 'ViaCEP answered no JSON'],
  ] as const)('fails with CepLookupError on a %s answer', async (mode, message) => {
    fake.mode = mode;
    await expect(createViaCepClient({ baseUrl: fake.url }).lookup('01310100')).rejects.toThrow(
      new CepLookupError(message),
    );
  });

  it('gives up after its timeout', async () => {
    fake.mode = 'slow';
    const started = Date.now();
    await expect(
      createViaCepClient({ baseUrl: fake.url, timeoutMs: 100 }).lookup('01310100'),
    ).rejects.toThrow(new CepLookupError('ViaCEP gave no answer within 100 ms'));
    expect(Date.now() - started).toBeLessThan(900);
  });

  it('fails fast when nothing listens', async () => {
    await expect(
      createViaCepClient({ baseUrl: 'http://127.0.0.1:9/ws' }).lookup('01310100'),
    ).rejects.toThrow(new CepLookupError('ViaCEP unreachable'));
  });
});
