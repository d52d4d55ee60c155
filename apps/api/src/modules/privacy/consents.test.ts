// The personal-data page's consents live on the server with their history (LGPD proof of consent).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userConsents, type UserRow } from '../../db/schema/users.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { bearerHeader, createUser, signIn } from '../../test/user-builder.ts';

let ctx: TestContext;
let ana: UserRow;
let headers: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext();
  ana = await createUser(ctx.database);
  headers = bearerHeader((await signIn(ctx.app, ana)).access_token);
});

afterAll(async () => {
  await ctx?.close();
});

const put = (consents: unknown, as = headers) =>
  ctx.app.inject({ method: 'PUT', url: '/api/users/consents', headers: as, payload: { consents } });

describe('consents', () => {
  it('read false until given, then keep every change with its origin', async () => {
    const first = await ctx.app.inject({ url: '/api/users/consents', headers });
    // Ana registered before consents were recorded: every consent reads false.
    expect(first.json()).toEqual({
      consents: {
        performance: false,
        functional: false,
        marketing: false,
        marketingComm: false,
        privacyPolicy: false,
        termsOfService: false,
        dataProcessing: false,
      },
      updated_at: null,
    });
    const on = await put({ performance: true, marketingComm: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({
      consents: { performance: true, functional: false, marketing: false, marketingComm: true },
    });
    // The same value again records nothing; a change records one row.
    await put({ performance: true });
    await put({ performance: false });
    const history = await ctx.database.db
      .select()
      .from(userConsents)
      .where(and(eq(userConsents.userId, ana.id), eq(userConsents.consent, 'performance_cookies')));
    expect(history.map((row) => row.accepted)).toEqual([true, false]);
    expect(history[0]).toMatchObject({ policyVersion: '1.0' });
    const now = await ctx.app.inject({ url: '/api/users/consents', headers });
    expect(now.json<{ consents: object }>().consents).toMatchObject({
      performance: false,
      functional: false,
      marketing: false,
      marketingComm: true,
    });
    // E-mail marketing is also the profile's marketing_consent.
    const profile = await ctx.app.inject({ url: '/api/users/profile', headers });
    expect(profile.json<{ user: { marketing_consent: boolean } }>().user.marketing_consent).toBe(
      true,
    );
  });

  it('takes the register form consents of an account created with Google', async () => {
    const gabi = await createUser(ctx.database, {
      privacyPolicyAccepted: false,
      termsOfServiceAccepted: false,
    });
    const asGabi = bearerHeader((await signIn(ctx.app, gabi)).access_token);
    const answer = await put(
      { privacyPolicy: true, termsOfService: true, dataProcessing: false, marketingComm: true },
      asGabi,
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      consents: {
        privacyPolicy: true,
        termsOfService: true,
        dataProcessing: false,
        marketingComm: true,
      },
    });
    const profile = await ctx.app.inject({ url: '/api/users/profile', headers: asGabi });
    expect(profile.json()).toMatchObject({
      user: {
        privacy_policy_accepted: true,
        terms_of_service_accepted: true,
        data_processing_consent: false,
        marketing_consent: true,
      },
    });
    const history = await ctx.database.db
      .select()
      .from(userConsents)
      .where(eq(userConsents.userId, gabi.id));
    expect(history.map((row) => row.consent).sort()).toEqual([
      'marketing',
      'privacy_policy',
      'terms_of_service',
    ]);
    // The policy and the terms are accepted, never withdrawn here.
    const withdraw = await put({ privacyPolicy: false }, asGabi);
    expect(withdraw.statusCode).toBe(422);
    expect(withdraw.body).toContain('solicite a exclusão da conta');
  });

  it('refuses anonymous calls, unknown names, non-booleans and an empty change', async () => {
    expect((await ctx.app.inject({ url: '/api/users/consents' })).statusCode).toBe(401);
    expect((await put({ essential: false })).statusCode).toBe(422);
    expect((await put({ marketing: 'sim' })).statusCode).toBe(422);
    const empty = await put({});
    expect(empty.statusCode).toBe(422);
    expect(empty.body).toContain('Informe ao menos um consentimento para alterar.');
  });
});
