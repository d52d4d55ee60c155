import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { securityLogs } from '../../db/schema/security.ts';
import { users } from '../../db/schema/users.ts';
import {
  bearer,
  type ErrorJson,
  registerThroughApi,
  type Session,
  TEST_PASSWORD,
  truncateAccounts,
  type UserJsonLike,
} from '../../test/accounts.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { AUTH_LIMITS } from '../auth/auth-limits.ts';

const TODAY = new Date('2030-06-15T12:00:00Z');
let ctx: TestContext;
let session: Session;

beforeAll(async () => {
  ctx = await createTestContext({ now: () => TODAY });
});

beforeEach(async () => {
  await truncateAccounts(ctx.database);
  session = await registerThroughApi(ctx.app);
});

afterAll(async () => {
  await ctx?.close();
});

interface ProfileJson {
  success: boolean;
  message?: string;
  user: UserJsonLike;
}

const editable = {
  name: 'Ana Maria Souza',
  email: 'ana@example.com',
  phone: '(21) 3456-7890',
  cpf: '',
  birth_date: '1991-01-02',
  gender: 'outro',
  country: 'Portugal',
};

function update(user: unknown, token = session.accessToken) {
  return ctx.app.inject({
    method: 'PUT',
    url: '/api/users/profile',
    headers: bearer(token),
    payload: { user } as Record<string, unknown>,
  });
}

function changePassword(payload: unknown, token = session.accessToken) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/users/change_password',
    headers: bearer(token),
    payload: payload as Record<string, unknown>,
  });
}

function login(password: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'ana@example.com', password },
  });
}

describe('GET /api/users/profile', () => {
  it('answers success and the user', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: bearer(session.accessToken),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<ProfileJson>();
    expect(body.success).toBe(true);
    expect(body.user).toMatchObject({ id: session.userId, email: 'ana@example.com' });
    expect(body.user).not.toHaveProperty('password_hash');
    expect(body.user).not.toHaveProperty('google_sub');
  });

  it('answers 401 once the account no longer exists', async () => {
    await ctx.database.db.delete(users).where(eq(users.id, session.userId));
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: bearer(session.accessToken),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json<ErrorJson>().message).toBe('Usuário não autenticado');
  });
});

describe('PUT /api/users/profile', () => {
  it('edits the profile fields', async () => {
    const response = await update(editable);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<ProfileJson>();
    expect(body.message).toBe('Perfil atualizado com sucesso');
    expect(body.user).toMatchObject({
      name: 'Ana Maria Souza',
      phone: '2134567890',
      cpf: null,
      birth_date: '1991-01-02',
      gender: 'outro',
      country: 'Portugal',
    });
  });

  it('answers the gender as it accepts it (masculino, feminino, outro), so the answer can be sent back', async () => {
    expect((await update({ ...editable, gender: 'feminino' })).statusCode).toBe(200);
    const read = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: bearer(session.accessToken),
    });
    const { user } = read.json<ProfileJson>();
    expect(user.gender).toBe('feminino');
    const again = await update({ ...editable, gender: user.gender });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<ProfileJson>().user.gender).toBe('feminino');
  });

  it('ignores role, e-mail verification and fields not meant to be edited', async () => {
    const response = await update({
      ...editable,
      role: 'admin',
      email_verified: true,
      email_verified_at: '2020-01-01T00:00:00Z',
      google_sub: 'x',
      password_hash: 'x',
      id: 999,
      privacy_policy_accepted: false,
      created_at: '2000-01-01',
    });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await ctx.database.db.select().from(users);
    expect(row).toMatchObject({
      id: session.userId,
      role: 'customer',
      emailVerifiedAt: null,
      googleSub: null,
      privacyPolicyAccepted: true,
    });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('answers every broken rule, joined in the message', async () => {
    const response = await update({
      name: '',
      email: 'ana@',
      phone: '123',
      cpf: '111.111.111-11',
      birth_date: '2031-01-01',
    });
    expect(response.statusCode).toBe(422);
    const body = response.json<ErrorJson>();
    expect(body.errors).toEqual([
      'Nome é obrigatório',
      'Email inválido',
      'Telefone inválido (deve ter 10 ou 11 dígitos)',
      'CPF inválido',
      'Data de nascimento inválida (idade deve ser entre 0 e 120 anos)',
    ]);
    expect(body.message).toBe(body.errors?.join(', '));
    const [row] = await ctx.database.db.select().from(users);
    expect(row?.name).toBe('Ana Souza');
  });

  it('refuses an e-mail of another account', async () => {
    await registerThroughApi(ctx.app, { email: 'bia@example.com', cpf: '' }, '198.51.100.11');
    const response = await update({ ...editable, email: 'BIA@example.com' });
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorJson>().errors).toEqual(['Email já está em uso']);
  });

  it('a new e-mail waits for its confirmation: the account keeps its verified address meanwhile', async () => {
    await ctx.database.db.update(users).set({ emailVerifiedAt: TODAY });
    const same = await update(editable);
    expect(same.json<ProfileJson>().user.email_verified).toBe(true);
    const changed = await update({
      ...editable,
      email: 'ana.nova@example.com',
      current_password: TEST_PASSWORD,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<ProfileJson>().user).toMatchObject({
      email: editable.email,
      email_verified: true,
      pending_email: 'ana.nova@example.com',
    });
    const logs = await ctx.database.db
      .select()
      .from(securityLogs)
      .where(eq(securityLogs.type, 'email_change_requested'));
    expect(logs).toHaveLength(1);
  });

  it.each([
    ['no user', {}],
    ['user as a string', { user: 'x' }],
    ['name as a number', { user: { ...editable, name: 7 } }],
    ['a 10 kB name', { user: { ...editable, name: 'a'.repeat(10_000) } }],
    ['a 10 kB country', { user: { ...editable, country: 'a'.repeat(10_000) } }],
  ])('bad input: %s gets 4xx in pt-BR and changes nothing', async (_label, payload) => {
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: bearer(session.accessToken),
      payload,
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    const message = response.json<ErrorJson>().message;
    expect(message).toMatch(/[à-ú]|obrigatório|máximo|demais|esperava/);
    expect(message).not.toMatch(/expected|invalid input|too big|required/i);
    const [row] = await ctx.database.db.select().from(users);
    expect(row?.name).toBe('Ana Souza');
  });

  it.each(['<b>Ana</b> Souza', "Ana'); DROP TABLE users;--", 'Ana Souza 2'])(
    'refuses the name %j and keeps the old one',
    async (name) => {
      const response = await update({ ...editable, name });
      expect(response.statusCode).toBe(422);
      expect(response.json<ErrorJson>().errors).toEqual(['Nome contém caracteres inválidos']);
      const [row] = await ctx.database.db.select().from(users);
      expect(row?.name).toBe('Ana Souza');
    },
  );

  it("accepts names with accents, apostrophes and hyphens (Maria D'Ávila-Souza)", async () => {
    const response = await update({ ...editable, name: "Maria D'Ávila-Souza" });
    expect(response.statusCode).toBe(200);
    expect(response.json<ProfileJson>().user.name).toBe("Maria D'Ávila-Souza");
  });

  it('answers 401 without a token', async () => {
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      payload: { user: editable },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/users/change_password', () => {
  const valid = {
    current_password: TEST_PASSWORD,
    new_password: 'NovaSenha9',
    new_password_confirmation: 'NovaSenha9',
  };

  it('changes the password, keeps this session and ends the others', async () => {
    const other = (await login(TEST_PASSWORD)).json<{ refresh_token: string }>();
    const response = await changePassword(valid);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Senha alterada com sucesso' });

    expect((await login(TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login('NovaSenha9')).statusCode).toBe(200);
    const refresh = (token: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        payload: { refresh_token: token },
      });
    expect((await refresh(other.refresh_token)).statusCode).toBe(401);
    expect((await refresh(session.refreshToken)).statusCode).toBe(200);

    const types = (await ctx.database.db.select().from(securityLogs)).map((l) => l.type);
    expect(types).toContain('password_changed');
  });

  it("answers 401 'Senha atual incorreta' for a wrong current password", async () => {
    const response = await changePassword({ ...valid, current_password: 'Errada123' });
    expect(response.statusCode).toBe(401);
    expect(response.json<ErrorJson>().message).toBe('Senha atual incorreta');
    expect((await login(TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('answers 401 without a token', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/change_password',
      payload: valid,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json<ErrorJson>().message).toBe('Usuário não autenticado');
  });

  it.each([
    [
      'an empty body',
      {},
      'Senha atual é obrigatória, Nova senha é obrigatória, Confirmação de senha é obrigatória',
    ],
    [
      'a short new password',
      { ...valid, new_password: 'Ab1', new_password_confirmation: 'Ab1' },
      'Senha deve ter pelo menos 8 caracteres, 1 maiúscula, 1 minúscula e 1 número',
    ],
    [
      'a new password over 128 characters',
      { ...valid, new_password: `Ab1${'x'.repeat(126)}`, new_password_confirmation: 'x' },
      'Senha deve ter no máximo 128 caracteres, As senhas não coincidem',
    ],
    [
      'a blank new password',
      { ...valid, new_password: '       ', new_password_confirmation: '       ' },
      'A senha não pode estar vazia',
    ],
    [
      'a different confirmation',
      { ...valid, new_password_confirmation: 'NovaSenha8' },
      'As senhas não coincidem',
    ],
    [
      'the same password again',
      { ...valid, new_password: TEST_PASSWORD, new_password_confirmation: TEST_PASSWORD },
      'A nova senha deve ser diferente da senha atual',
    ],
    [
      'a password the register rule refuses',
      { ...valid, new_password: 'abcdefg', new_password_confirmation: 'abcdefg' },
      'Senha deve ter pelo menos 8 caracteres, 1 maiúscula, 1 minúscula e 1 número',
    ],
    [
      'wrong types',
      { current_password: 1, new_password: ['x'], new_password_confirmation: null },
      'Senha atual é obrigatória, Nova senha é obrigatória, Confirmação de senha é obrigatória',
    ],
  ])('answers 422 for %s, errors joined by commas', async (_label, payload, message) => {
    const response = await changePassword(payload);
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorJson>().message).toBe(message);
    expect((await login(TEST_PASSWORD)).statusCode).toBe(200);
  });

  it.each([
    ['in the list', 'Senha123'],
    ['a listed word and a run of digits', 'Palmeiras1234'],
  ])('refuses a common new password (%s) on its field', async (_label, password) => {
    const response = await changePassword({
      ...valid,
      new_password: password,
      new_password_confirmation: password,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorJson>()).toMatchObject({
      message: 'Esta senha é muito comum. Escolha outra.',
      fields: { new_password: ['Esta senha é muito comum. Escolha outra.'] },
    });
    expect((await login(TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('accepts a new password with accents and spaces', async () => {
    const password = 'Minha Senha é Ótima 7';
    const response = await changePassword({
      ...valid,
      new_password: password,
      new_password_confirmation: password,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await login(password)).statusCode).toBe(200);
  });

  it('stops guessing the current password with a 429', async () => {
    for (let i = 0; i < AUTH_LIMITS.changePasswordPerUser.max; i += 1) {
      const response = await changePassword({ ...valid, current_password: `Errada${i}` });
      expect(response.statusCode).toBe(401);
    }
    const refused = await changePassword(valid);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<ErrorJson>().message).toMatch(/^Muitas tentativas de alteração de senha/);
  });
});
