import type { AddressJson } from '@lumina/shared/addresses/address-json';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses } from '../../db/schema/addresses.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { bearerHeader, createUser, signIn } from '../../test/user-builder.ts';
import { ADDRESS_ERRORS, MAX_ADDRESSES_PER_USER } from './service.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx?.close();
});

function addressBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Casa',
    street: 'Rua Augusta',
    number: '1500',
    complement: 'Apto 12',
    neighborhood: 'Consolação',
    city: 'São Paulo',
    state: 'SP',
    zip_code: '01310-100',
    is_default: false,
    ...overrides,
  };
}

interface Customer {
  user: UserRow;
  headers: { authorization: string };
}

async function customer(): Promise<Customer> {
  const user = await createUser(ctx.database);
  const session = await signIn(ctx.app, user);
  return { user, headers: bearerHeader(session.access_token) };
}

function call(
  who: Customer | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return ctx.app.inject({
    method,
    url,
    headers: who?.headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function create(who: Customer, overrides: Record<string, unknown> = {}) {
  const response = await call(who, 'POST', '/api/addresses', addressBody(overrides));
  expect(response.statusCode).toBe(201);
  return response.json<{ address: AddressJson }>().address;
}

async function list(who: Customer) {
  const response = await call(who, 'GET', '/api/addresses');
  expect(response.statusCode).toBe(200);
  return response.json<{ addresses: AddressJson[] }>().addresses;
}

const defaults = async (who: Customer) =>
  (await list(who)).filter((address) => address.is_default).map((address) => address.id);

describe('address book', () => {
  it('creates an address with its full line, the first one as the default', async () => {
    const ana = await customer();
    const address = await create(ana);
    expect(address).toMatchObject({
      name: 'Casa',
      street: 'Rua Augusta',
      number: '1500',
      complement: 'Apto 12',
      neighborhood: 'Consolação',
      city: 'São Paulo',
      state: 'SP',
      zip_code: '01310100',
      is_default: true,
      full_address: 'Rua Augusta, 1500, Apto 12 - Consolação - São Paulo/SP - 01310-100',
    });
    expect(await list(ana)).toEqual([address]);
    const read = await call(ana, 'GET', `/api/addresses/${address.id}`);
    expect(read.json()).toEqual({ address });
  });

  it('normalises the optional fields and gives an unnamed address the default name', async () => {
    const ana = await customer();
    const { name: _name, ...withoutName } = addressBody({ complement: '  ', state: 'rj' });
    const response = await call(ana, 'POST', '/api/addresses', withoutName);
    expect(response.json<{ address: AddressJson }>().address).toMatchObject({
      name: 'Endereço Principal',
      complement: null,
      state: 'RJ',
    });
  });

  it('keeps exactly one default: is_default on create or update moves it', async () => {
    const ana = await customer();
    const first = await create(ana);
    const second = await create(ana, { name: 'Trabalho' });
    expect(second.is_default).toBe(false);
    expect(await defaults(ana)).toEqual([first.id]);

    const third = await create(ana, { name: 'Praia', is_default: true });
    expect(third.is_default).toBe(true);
    expect(await defaults(ana)).toEqual([third.id]);

    const updated = await call(
      ana,
      'PUT',
      `/api/addresses/${second.id}`,
      addressBody({ name: 'Trabalho', is_default: true }),
    );
    expect(updated.json<{ address: AddressJson }>().address.is_default).toBe(true);
    expect(await defaults(ana)).toEqual([second.id]);
    // The default comes first in the list.
    expect((await list(ana))[0]?.id).toBe(second.id);
  });

  it('does not drop the default when an update sends is_default false', async () => {
    const ana = await customer();
    const only = await create(ana);
    const response = await call(
      ana,
      'PUT',
      `/api/addresses/${only.id}`,
      addressBody({ street: 'Rua Nova', is_default: false }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json<{ address: AddressJson }>().address).toMatchObject({
      street: 'Rua Nova',
      is_default: true,
      full_address: 'Rua Nova, 1500, Apto 12 - Consolação - São Paulo/SP - 01310-100',
    });
  });

  it('set_default moves the default and answers the address', async () => {
    const ana = await customer();
    const first = await create(ana);
    const second = await create(ana, { name: 'Trabalho' });
    const response = await call(ana, 'POST', `/api/addresses/${second.id}/set_default`);
    expect(response.statusCode).toBe(200);
    expect(response.json<{ address: AddressJson }>().address).toMatchObject({
      id: second.id,
      is_default: true,
    });
    expect(await defaults(ana)).toEqual([second.id]);
    const again = await call(ana, 'POST', `/api/addresses/${second.id}/set_default`);
    expect(again.statusCode).toBe(200);
    expect(await defaults(ana)).toEqual([second.id]);
    expect(first.id).not.toBe(second.id);
  });

  it('deleting the default hands it to the oldest remaining address', async () => {
    const ana = await customer();
    const first = await create(ana);
    const second = await create(ana, { name: 'Trabalho' });
    const third = await create(ana, { name: 'Praia' });

    const removed = await call(ana, 'DELETE', `/api/addresses/${first.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ success: true });
    expect(await defaults(ana)).toEqual([second.id]);

    expect((await call(ana, 'DELETE', `/api/addresses/${third.id}`)).statusCode).toBe(200);
    expect(await defaults(ana)).toEqual([second.id]);
    expect((await call(ana, 'DELETE', `/api/addresses/${second.id}`)).statusCode).toBe(200);
    expect(await list(ana)).toEqual([]);
    // A new first address is the default again.
    expect((await create(ana)).is_default).toBe(true);
  });

  it('stays at one default when several addresses are created at once', async () => {
    const ana = await customer();
    const created = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        call(ana, 'POST', '/api/addresses', addressBody({ name: `Endereço ${i}` })),
      ),
    );
    expect(created.map((response) => response.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(await defaults(ana)).toHaveLength(1);
  });

  it(`allows at most ${MAX_ADDRESSES_PER_USER} addresses`, async () => {
    const ana = await customer();
    await ctx.database.db.insert(addresses).values(
      Array.from({ length: MAX_ADDRESSES_PER_USER }, (_, i) => ({
        userId: ana.user.id,
        street: 'Rua A',
        number: String(i),
        neighborhood: 'Centro',
        city: 'Recife',
        state: 'PE',
        zipCode: '50010000',
        isDefault: i === 0,
      })),
    );
    const response = await call(ana, 'POST', '/api/addresses', addressBody());
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ message: ADDRESS_ERRORS.tooMany });
  });
});

describe('ownership', () => {
  it("answers 404 for another customer's address and leaves it alone", async () => {
    const ana = await customer();
    const bia = await customer();
    const anas = await create(ana);
    await create(bia);

    for (const [method, url, payload] of [
      ['GET', `/api/addresses/${anas.id}`, undefined],
      ['PUT', `/api/addresses/${anas.id}`, addressBody({ street: 'Rua da Bia' })],
      ['DELETE', `/api/addresses/${anas.id}`, undefined],
      ['POST', `/api/addresses/${anas.id}/set_default`, undefined],
    ] as const) {
      const response = await call(bia, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toMatchObject({ message: ADDRESS_ERRORS.notFound });
    }
    expect(await list(ana)).toEqual([anas]);
    expect((await list(bia)).map((address) => address.id)).not.toContain(anas.id);
    // Bia's own default was not touched by her attempt to move it to Ana's address.
    expect(await defaults(bia)).toHaveLength(1);
  });

  it('ignores an owner or id sent in the body', async () => {
    const ana = await customer();
    const bia = await customer();
    const address = await create(ana, { user_id: bia.user.id, userId: bia.user.id, id: 999 });
    expect(address.id).not.toBe(999);
    const [row] = await ctx.database.db
      .select({ userId: addresses.userId })
      .from(addresses)
      .where(eq(addresses.id, address.id));
    expect(row).toEqual({ userId: ana.user.id });
    expect(await list(bia)).toEqual([]);
  });

  it('wants a logged-in user for every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/addresses'],
      ['POST', '/api/addresses'],
      ['GET', '/api/addresses/1'],
      ['PUT', '/api/addresses/1'],
      ['DELETE', '/api/addresses/1'],
      ['POST', '/api/addresses/1/set_default'],
    ] as const) {
      const response = await call(undefined, method, url, method === 'PUT' ? {} : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json()).toMatchObject({ message: 'Usuário não autenticado' });
    }
    const forged = await ctx.app.inject({
      method: 'GET',
      url: '/api/addresses',
      headers: bearerHeader('eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.'),
    });
    expect(forged.statusCode).toBe(401);
  });
});

describe('bad input', () => {
  it.each(['abc', '0', '-1', '1.5', '99999999999', '2147483648', "1'--", '%3Cscript%3E'])(
    'answers 404 for the address id %s',
    async (id) => {
      const ana = await customer();
      for (const [method, url] of [
        ['GET', `/api/addresses/${id}`],
        ['DELETE', `/api/addresses/${id}`],
        ['POST', `/api/addresses/${id}/set_default`],
      ] as const) {
        const response = await call(ana, method, url);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json()).toMatchObject({ message: ADDRESS_ERRORS.notFound });
      }
    },
  );

  it.each([
    ['a 7-digit CEP', { zip_code: '01310-10' }, 'zip_code', 'CEP deve ter 8 dígitos'],
    ['a 9-digit CEP', { zip_code: '013101000' }, 'zip_code', 'CEP deve ter 8 dígitos'],
    ['letters in the CEP', { zip_code: 'abcde-fgh' }, 'zip_code', 'CEP deve ter 8 dígitos'],
    ['a numeric CEP', { zip_code: 1310100 }, 'zip_code', 'CEP deve ter 8 dígitos'],
    ['no street', { street: undefined }, 'street', 'Rua é obrigatória'],
    ['a blank city', { city: '   ' }, 'city', 'Cidade é obrigatória'],
    [
      'an unknown state',
      { state: 'XX' },
      'state',
      'Estado inválido (use a sigla de 2 letras, ex.: SP)',
    ],
    [
      'a 10 kB street',
      { street: 'R'.repeat(10_000) },
      'street',
      'Rua deve ter no máximo 200 caracteres',
    ],
    ['a number as an object', { number: { $gt: 1 } }, 'number', 'Número é obrigatório'],
    ['is_default as text', { is_default: 'yes' }, 'is_default', undefined],
  ])('refuses %s with 422 in pt-BR, storing nothing', async (_case, change, field, message) => {
    const ana = await customer();
    const response = await call(ana, 'POST', '/api/addresses', addressBody(change));
    expect(response.statusCode).toBe(422);
    const body = response.json<{ message: string; fields: Record<string, string[]> }>();
    expect(Object.keys(body.fields)).toEqual([field]);
    if (message) expect(body.fields[field]).toEqual([message]);
    expect(await list(ana)).toEqual([]);
  });

  it('refuses a bad update with 422 and keeps the address as it was', async () => {
    const ana = await customer();
    const address = await create(ana);
    const response = await call(
      ana,
      'PUT',
      `/api/addresses/${address.id}`,
      addressBody({ zip_code: '123' }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ message: 'CEP deve ter 8 dígitos' });
    expect(await list(ana)).toEqual([address]);
  });

  it('stores HTML and SQL in names as plain text', async () => {
    const ana = await customer();
    const name = "<img src=x onerror=alert(1)>'; DROP TABLE addresses; --";
    const address = await create(ana, { name: name.slice(0, 50), street: name });
    expect(address.street).toBe(name);
    expect((await list(ana))[0]?.street).toBe(name);
  });
});
