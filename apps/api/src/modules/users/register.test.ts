import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addresses } from '../../db/schema/addresses.ts';
import { refreshTokens } from '../../db/schema/auth-tokens.ts';
import { securityLogs } from '../../db/schema/security.ts';
import { userConsents, users } from '../../db/schema/users.ts';
import {
  type ErrorJson,
  registerAddress,
  type SessionJson,
  type UserJsonLike,
  registerUser,
  TEST_PASSWORD,
  truncateAccounts,
} from '../../test/accounts.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { AUTH_LIMITS } from '../auth/auth-limits.ts';
import { verifyPassword } from '../auth/passwords.ts';

/** Today for every rule that depends on the date (ages). */
const TODAY = new Date('2030-06-15T12:00:00Z');
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ now: () => TODAY });
});

beforeEach(async () => {
  await truncateAccounts(ctx.database);
});

afterAll(async () => {
  await ctx?.close();
});

let nextIp = 1;
/** Each request from its own address, so the per-IP limits stay out of the way. */
function register(payload: unknown, remoteAddress = `198.51.100.${nextIp++ % 250}`) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/users/register',
    payload: payload as Record<string, unknown>,
    headers: { 'user-agent': 'vitest' },
    remoteAddress,
  });
}

async function userCount(): Promise<number> {
  return (await ctx.database.db.select({ id: users.id }).from(users)).length;
}

async function expectRefused(payload: unknown, message: string, status = 422) {
  const response = await register(payload);
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json<ErrorJson>();
  expect(body.errors ?? [body.message]).toContain(message);
  expect(await userCount()).toBe(0);
  return body;
}

describe('POST /api/users/register', () => {
  it('creates the account, records the consents and logs the user in', async () => {
    const response = await register({ user: registerUser() }, '203.0.113.50');
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<SessionJson>();
    expect(body.user).toMatchObject({
      name: 'Ana Souza',
      email: 'ana@example.com',
      cpf: '52998224725',
      phone: '11987654321',
      gender: 'F',
      birth_date: '1990-05-17',
      country: 'Brasil',
      role: 'customer',
      staff_role: null,
      permissions: [],
      email_verified: false,
      privacy_policy_accepted: true,
      terms_of_service_accepted: true,
      marketing_consent: false,
      data_processing_consent: true,
    });
    expect(body.user).not.toHaveProperty('password_hash');
    expect(body.user).not.toHaveProperty('google_sub');
    expect(body.address).toBeNull();
    expect(body.token).toBe(body.access_token);
    expect(body.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body).toMatchObject({ cart_migrated: false, cart_items_count: 0 });
    expect(response.cookies.find((c) => c.name === 'lumina_refresh')).toMatchObject({
      value: body.refresh_token,
      httpOnly: true,
      path: '/api/auth',
      sameSite: 'Lax',
    });

    // The token works at once.
    const profile = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(profile.json<{ success: boolean; user: UserJsonLike }>()).toMatchObject({
      success: true,
      user: { id: body.user.id },
    });

    const [row] = await ctx.database.db.select().from(users);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row?.passwordHash ?? '', TEST_PASSWORD)).toBe(true);

    const consents = await ctx.database.db.select().from(userConsents).orderBy(userConsents.id);
    expect(
      consents.map((c) => [c.consent, c.accepted, c.policyVersion, c.ip, c.userAgent]),
    ).toEqual([
      ['privacy_policy', true, '1.0', '203.0.113.50', 'vitest'],
      ['terms_of_service', true, '1.0', '203.0.113.50', 'vitest'],
      ['marketing', false, '1.0', '203.0.113.50', 'vitest'],
      ['data_processing', true, '1.0', '203.0.113.50', 'vitest'],
    ]);
    expect(consents.every((c) => c.createdAt.getTime() === TODAY.getTime())).toBe(true);

    const stored = await ctx.database.db.select().from(refreshTokens);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).not.toBe(body.refresh_token);
    const logs = await ctx.database.db.select().from(securityLogs);
    expect(logs.map((l) => l.type)).toEqual(['user_registered']);
  });

  it('accepts the optional fields left out or blank', async () => {
    const response = await register({
      user: registerUser({
        cpf: '',
        phone: null,
        gender: '',
        birth_date: undefined,
        marketing_consent: undefined,
        data_processing_consent: undefined,
      }),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<SessionJson>().user).toMatchObject({
      cpf: null,
      phone: null,
      gender: null,
      birth_date: null,
      marketing_consent: false,
      data_processing_consent: false,
    });
  });

  it('saves a complete address as the default one', async () => {
    const response = await register({ user: registerUser(), address: registerAddress() });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<SessionJson>().address).toMatchObject({
      name: 'Casa',
      street: 'Rua das Flores',
      number: '123',
      complement: 'Apto 4',
      neighborhood: 'Centro',
      city: 'São Paulo',
      state: 'SP',
      zip_code: '01310100',
      is_default: true,
    });
    const rows = await ctx.database.db.select().from(addresses);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.userId).toBe(response.json<SessionJson>().user.id);
  });

  it('gives a complete address without a name the default name', async () => {
    const address = registerAddress();
    delete address.name;
    const response = await register({ user: registerUser(), address });
    expect(response.json<SessionJson>().address?.name).toBe('Endereço Principal');
  });

  it.each([
    ['without street', { street: '' }],
    ['without number', { number: '  ' }],
    ['without neighborhood', { neighborhood: undefined }],
    ['without city', { city: null }],
    ['without state', { state: '' }],
    ['without zip code', { zip_code: '' }],
  ])('leaves out an address %s and still creates the account', async (_label, change) => {
    const response = await register({ user: registerUser(), address: registerAddress(change) });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<SessionJson>().address).toBeNull();
    expect(await ctx.database.db.select().from(addresses)).toHaveLength(0);
  });

  it('refuses a complete address with a bad CEP and stores nothing', async () => {
    await expectRefused(
      { user: registerUser(), address: registerAddress({ zip_code: '0131' }) },
      'CEP deve ter 8 dígitos',
    );
  });

  describe('rules of spec 000 §5, with the keyword the form maps to a field', () => {
    it.each([
      ['name missing', { name: undefined }, 'Nome é obrigatório'],
      ['name blank', { name: '   ' }, 'Nome é obrigatório'],
      [
        'one-word name',
        { name: 'Ana' },
        'Nome deve ter pelo menos 2 palavras e não conter números',
      ],
      [
        'name with digits',
        { name: 'Ana 2 Souza' },
        'Nome deve ter pelo menos 2 palavras e não conter números',
      ],
      [
        'name with SQL',
        { name: "Robert'); DROP TABLE users;--" },
        'Nome deve ter pelo menos 2 palavras e não conter números',
      ],
      [
        'name with HTML',
        { name: '<script>alert(1)</script> Souza' },
        'Nome deve ter pelo menos 2 palavras e não conter números',
      ],
      ['e-mail missing', { email: undefined }, 'Email é obrigatório'],
      ['e-mail malformed', { email: 'ana@' }, 'Email inválido'],
      ['password missing', { password: undefined }, 'Senha é obrigatória'],
      [
        'password short',
        { password: 'Ab1', password_confirmation: 'Ab1' },
        'Senha deve ter pelo menos 8 caracteres, 1 maiúscula, 1 minúscula e 1 número',
      ],
      [
        'password without upper case',
        { password: 'segura123', password_confirmation: 'segura123' },
        'Senha deve ter pelo menos 8 caracteres, 1 maiúscula, 1 minúscula e 1 número',
      ],
      [
        'password without digit',
        { password: 'SeguraSenha', password_confirmation: 'SeguraSenha' },
        'Senha deve ter pelo menos 8 caracteres, 1 maiúscula, 1 minúscula e 1 número',
      ],
      [
        'password over 128 characters',
        { password: `Aa1${'x'.repeat(126)}`, password_confirmation: `Aa1${'x'.repeat(126)}` },
        'Senha deve ter no máximo 128 caracteres',
      ],
      [
        'password with a control character',
        { password: 'Segura12\t', password_confirmation: 'Segura12\t' },
        'Senha não pode ter quebras de linha, tabulações ou outros caracteres de controle',
      ],
      [
        'confirmation missing',
        { password_confirmation: undefined },
        'Confirmação de senha é obrigatória',
      ],
      ['confirmation different', { password_confirmation: 'Segura124' }, 'Senhas não coincidem'],
      ['CPF with a wrong check digit', { cpf: '529.982.247-24' }, 'CPF inválido'],
      ['CPF of one repeated digit', { cpf: '111.111.111-11' }, 'CPF inválido'],
      ['CPF too short', { cpf: '123' }, 'CPF inválido'],
      ['phone too short', { phone: '1234' }, 'Telefone deve ter 10 ou 11 dígitos'],
      ['phone too long', { phone: '119876543210' }, 'Telefone deve ter 10 ou 11 dígitos'],
      ['12 years old', { birth_date: '2017-06-16' }, 'Idade mínima de 13 anos'],
      ['121 years old', { birth_date: '1909-06-14' }, 'Data de nascimento inválida'],
      ['born in the future', { birth_date: '2030-06-16' }, 'Data de nascimento inválida'],
      ['impossible date', { birth_date: '1990-02-30' }, 'Data de nascimento inválida'],
      [
        'privacy policy not accepted',
        { privacy_policy_accepted: false },
        'Você deve aceitar a Política de Privacidade',
      ],
      [
        'terms not accepted',
        { terms_of_service_accepted: undefined },
        'Você deve aceitar os Termos de Serviço',
      ],
    ])('%s', async (_label, change, message) => {
      await expectRefused({ user: registerUser(change) }, message);
    });

    it.each([
      ['in the list', 'Senha123'],
      ['in the list once the symbols go', 'Senha@123!'],
      ['a listed word and "123"', 'Flamengo123'],
    ])('refuses a common password (%s) on the password field', async (_label, password) => {
      const body = await expectRefused(
        { user: registerUser({ password, password_confirmation: password }) },
        'Esta senha é muito comum. Escolha outra.',
      );
      expect(body.fields).toEqual({
        'user.password': ['Esta senha é muito comum. Escolha outra.'],
      });
    });

    it('accepts any printable character, accents and spaces included', async () => {
      const password = 'Çãoé Senha 1 #~';
      const response = await register({
        user: registerUser({ password, password_confirmation: password }),
      });
      expect(response.statusCode, response.body).toBe(201);
      const [row] = await ctx.database.db.select().from(users);
      expect(await verifyPassword(row?.passwordHash ?? '', password)).toBe(true);
      // The same letters typed as a base letter and a combining accent open the account too.
      expect(await verifyPassword(row?.passwordHash ?? '', password.normalize('NFD'))).toBe(true);
    });

    it('accepts exactly 13 and exactly 120 years', async () => {
      const young = await register({ user: registerUser({ birth_date: '2017-06-15' }) });
      expect(young.statusCode, young.body).toBe(201);
      const old = await register({
        user: registerUser({ email: 'bisavo@example.com', birth_date: '1910-06-15' }),
      });
      expect(old.statusCode, old.body).toBe(201);
    });

    it('refuses a gender other than M, F or O', async () => {
      const response = await register({ user: registerUser({ gender: 'X' }) });
      expect(response.statusCode).toBe(422);
      expect(await userCount()).toBe(0);
    });

    it('reports every failing rule at once, each carrying its keyword', async () => {
      const body = await expectRefused(
        {
          user: {
            name: 'Ana',
            email: 'x',
            password: 'abc',
            cpf: '123',
            privacy_policy_accepted: false,
          },
        },
        'CPF inválido',
      );
      for (const keyword of ['Nome', 'Email', 'Senha', 'CPF', 'Política', 'Termos']) {
        expect(
          body.errors?.some((error) => error.includes(keyword)),
          keyword,
        ).toBe(true);
      }
      expect(body.message).toBe(body.errors?.join(', '));
    });
  });

  it('refuses an e-mail already in use, whatever its case', async () => {
    expect((await register({ user: registerUser() })).statusCode).toBe(201);
    const response = await register({
      user: registerUser({ email: '  ANA@Example.COM ', cpf: '' }),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorJson>().errors).toEqual(['Email já está em uso']);
    expect(await userCount()).toBe(1);
  });

  it('keeps one account when the same e-mail registers twice at the same time', async () => {
    const answers = await Promise.all([
      register({ user: registerUser() }),
      register({ user: registerUser({ email: 'Ana@example.com' }) }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422]);
    expect(await userCount()).toBe(1);
  });

  it('ignores role, verification and other fields it does not know (mass assignment)', async () => {
    const response = await register({
      user: registerUser({
        role: 'admin',
        email_verified: true,
        email_verified_at: '2020-01-01',
        google_sub: 'attacker',
        id: 999,
        password_hash: 'x',
      }),
    });
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await ctx.database.db.select().from(users);
    expect(row).toMatchObject({ role: 'customer', emailVerifiedAt: null, googleSub: null });
    expect(row?.id).not.toBe(999);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  describe('bad input', () => {
    it.each([
      ['no body', undefined],
      ['an array', [registerUser()]],
      ['user as a string', { user: 'ana' }],
      ['user missing', { address: registerAddress() }],
      ['address as a number', { user: registerUser(), address: 5 }],
      ['name as a number', { user: registerUser({ name: 42 }) }],
      ['e-mail as an array', { user: registerUser({ email: ['ana@example.com'] }) }],
      ['password as an object', { user: registerUser({ password: { $ne: '' } }) }],
      ['consent as a string', { user: registerUser({ privacy_policy_accepted: 'true' }) }],
      ['a 10 kB name', { user: registerUser({ name: `Ana ${'a'.repeat(10_000)}` }) }],
      ['a 10 kB e-mail', { user: registerUser({ email: `${'a'.repeat(10_000)}@example.com` }) }],
      [
        'a 10 kB password',
        {
          user: registerUser({
            password: `Aa1${'a'.repeat(10_000)}`,
            password_confirmation: `Aa1${'a'.repeat(10_000)}`,
          }),
        },
      ],
      [
        'a 10 kB street',
        { user: registerUser(), address: registerAddress({ street: 'R'.repeat(10_000) }) },
      ],
    ])('%s: 4xx in pt-BR, nothing stored', async (_label, payload) => {
      const response = await register(payload);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      const body = response.json<{ message: string }>();
      expect(body.message).toMatch(/[a-zà-ú]/i);
      expect(body.message).not.toMatch(/expected|invalid input|required/i);
      expect(await userCount()).toBe(0);
    });
  });

  it('stops a flood of submissions from one IP with a 429 in pt-BR', async () => {
    const ip = '192.0.2.99';
    for (let i = 0; i < AUTH_LIMITS.registerPerIp.max; i += 1) {
      const response = await register({ user: registerUser({ name: 'A' }) }, ip);
      expect(response.statusCode).toBe(422);
    }
    const refused = await register({ user: registerUser() }, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<ErrorJson>().message).toBe(
      'Muitas tentativas de cadastro. Aguarde alguns minutos e tente novamente.',
    );
    expect(await userCount()).toBe(0);
    // Another address is not affected.
    expect((await register({ user: registerUser() }, '192.0.2.100')).statusCode).toBe(201);
  });

  it('limits the accounts created from one IP', async () => {
    const ip = '192.0.2.77';
    // ACCOUNTS_PER_IP_HOUR is 10 unless configured.
    for (let i = 0; i < 10; i += 1) {
      const response = await register(
        { user: registerUser({ email: `cliente${i}@example.com`, cpf: '' }) },
        ip,
      );
      expect(response.statusCode, response.body).toBe(201);
    }
    const refused = await register(
      { user: registerUser({ email: 'mais.um@example.com', cpf: '' }) },
      ip,
    );
    expect(refused.statusCode).toBe(429);
    const created = await ctx.database.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, 'mais.um@example.com')));
    expect(created).toHaveLength(0);
  });

  it('lets a shop behind one shared address allow more (ACCOUNTS_PER_IP_HOUR)', async () => {
    const shared = await createTestContext({ env: { ACCOUNTS_PER_IP_HOUR: '2' } });
    try {
      const attempt = (n: number) =>
        shared.app.inject({
          method: 'POST',
          url: '/api/users/register',
          payload: { user: registerUser({ email: `nat${n}@example.com`, cpf: '' }) },
          remoteAddress: '192.0.2.78',
        });
      expect((await attempt(1)).statusCode).toBe(201);
      expect((await attempt(2)).statusCode).toBe(201);
      expect((await attempt(3)).statusCode).toBe(429);
      // A burst from another address: the limit holds however many arrive at once, and a
      // refused or failed registration does not use up the allowance.
      const burst = await Promise.all(
        [10, 11, 12, 13, 14, 15].map((n) =>
          shared.app.inject({
            method: 'POST',
            url: '/api/users/register',
            payload: { user: registerUser({ email: `rajada${n}@example.com`, cpf: '' }) },
            remoteAddress: '192.0.2.79',
          }),
        ),
      );
      expect(burst.map((response) => response.statusCode).sort()).toEqual([
        201, 201, 429, 429, 429, 429,
      ]);
    } finally {
      await shared.close();
    }
  });
});
