// The store settings on a real database: first start from the environment, the admin's reads
// and saves with their checks, versions and security log, and the public part for shoppers.
import type { AdminSettingsAnswer, PublicStoreJson } from '@lumina/shared/settings/store-settings';
import {
  PRIVACY_POLICY_TEXT_DATE,
  SETTINGS_MESSAGES,
} from '@lumina/shared/settings/store-settings';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityLogs } from '../../db/schema/security.ts';
import { storeSettingsVersions } from '../../db/schema/settings.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { createSettingsBody } from '../../test/settings-builder.ts';
import { bearerHeader, createUser, signIn } from '../../test/user-builder.ts';

let ctx: TestContext;
let owner: UserRow;
let adminHeaders: Record<string, string>;
let customerHeaders: Record<string, string>;

const ENV = {
  MAIL_FROM: 'Ateliê Aurora <nao-responda@aurora.example>',
  CONTACT_EMAIL: 'sac@aurora.example',
  PIX_MERCHANT_NAME: 'Atelie Aurora',
  SHIPPING_ORIGIN_CEP: '30130-010',
};

beforeAll(async () => {
  ctx = await createTestContext({ env: ENV });
  owner = await createUser(ctx.database, { role: 'admin', email: 'dona@aurora.example' });
  adminHeaders = bearerHeader((await signIn(ctx.app, owner)).access_token);
  const customer = await createUser(ctx.database, { email: 'cliente@aurora.example' });
  customerHeaders = bearerHeader((await signIn(ctx.app, customer)).access_token);
});

afterAll(async () => {
  await ctx?.close();
});

const call = (method: 'GET' | 'PUT', url: string, headers: object = {}, payload?: unknown) =>
  ctx.app.inject({
    method,
    url: `/api${url}`,
    headers: { ...headers },
    payload: payload as object,
  });

const put = (settings: unknown, headers: object = adminHeaders) =>
  call('PUT', '/admin/settings', headers, { settings });

describe('first start', () => {
  it('takes its defaults from the environment and the constants', async () => {
    const response = await call('GET', '/admin/settings', adminHeaders);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const answer = response.json<AdminSettingsAnswer>();
    expect(answer.version).toBe(1);
    expect(answer.settings).toMatchObject({
      trade_name: 'Atelie Aurora',
      mail_from: ENV.MAIL_FROM,
      reply_to: ENV.CONTACT_EMAIL,
      sac_email: ENV.CONTACT_EMAIL,
      address: { zip_code: '30130010', street: '' },
      whatsapp: '',
      pix_discount_percent: 5,
      free_shipping_threshold: 299,
      free_shipping_threshold_cents: 29_900,
      policies: { terms: '', returns: '', shipping: '' },
    });
    expect(answer.missing).toEqual([
      'legal_name',
      'document',
      'address',
      'phone_or_whatsapp',
      'policies.terms',
      'policies.returns',
      'policies.shipping',
    ]);
    expect(ctx.app.settings.storeSettings().free_shipping_threshold_cents).toBe(29_900);
  });

  it('names no data protection officer, and dates the privacy policy by its own text', async () => {
    const { store } = (await call('GET', '/store')).json<{ store: PublicStoreJson }>();
    expect(store).toMatchObject({ dpo_name: '', dpo_email: '' });
    expect(store.privacy_updated_at).toBe(PRIVACY_POLICY_TEXT_DATE.toISOString());
  });
});

describe('who may read and change them', () => {
  it('answers 401 without a session and 403 to a customer', async () => {
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', { settings: createSettingsBody() }],
    ] as const) {
      expect((await call(method, '/admin/settings', {}, payload)).statusCode).toBe(401);
      expect((await call(method, '/admin/settings', customerHeaders, payload)).statusCode).toBe(
        403,
      );
    }
    expect((await call('GET', '/admin/settings/versions', customerHeaders)).statusCode).toBe(403);
  });
});

describe('checks', () => {
  it.each([
    [{ document: '11.222.333/0001-80' }, 'settings.document', SETTINGS_MESSAGES.document],
    [{ document: '123.456.789-00' }, 'settings.document', SETTINGS_MESSAGES.document],
    [
      { address: { ...createSettingsBody().address, zip_code: '3013-010' } },
      'settings.address.zip_code',
      SETTINGS_MESSAGES.cep,
    ],
    [{ whatsapp: '(31) 3333-4444' }, 'settings.whatsapp', SETTINGS_MESSAGES.whatsapp],
    [{ sac_email: 'sac@' }, 'settings.sac_email', SETTINGS_MESSAGES.email],
    [{ dpo_email: 'dpo@aurora' }, 'settings.dpo_email', SETTINGS_MESSAGES.email],
    [{ pix_discount_percent: 150 }, 'settings.pix_discount_percent', SETTINGS_MESSAGES.percent],
    [
      { installments: { max: 3, interest_free: 6, min_installment: 0 } },
      'settings.installments.interest_free',
      SETTINGS_MESSAGES.interestFree,
    ],
    [
      { policies: { terms: '<p>Oi</p><script>alert(1)</script>', returns: '', shipping: '' } },
      'settings.policies.terms',
      SETTINGS_MESSAGES.policyUnsafe,
    ],
    [
      { policies: { terms: '', returns: '<a href="javascript:alert(1)">x</a>', shipping: '' } },
      'settings.policies.returns',
      SETTINGS_MESSAGES.policyUnsafe,
    ],
    [
      { policies: { terms: '', returns: '', shipping: '<p onmouseover="x()">x</p>' } },
      'settings.policies.shipping',
      SETTINGS_MESSAGES.policyUnsafe,
    ],
  ])('%j: 422 on %s', async (overrides, field, message) => {
    const response = await put(createSettingsBody(overrides));
    expect(response.statusCode, response.body).toBe(422);
    const body = response.json<{ type: string; fields: Record<string, string[]> }>();
    expect(body.type).toBe('invalid_data');
    expect(body.fields[field]).toEqual([message]);
  });

  it('changes nothing when refused', async () => {
    const answer = (await call('GET', '/admin/settings', adminHeaders)).json<AdminSettingsAnswer>();
    expect(answer.version).toBe(1);
  });
});

describe('saving', () => {
  it('answers the saved settings, cleaned, and keeps a version with a log entry', async () => {
    const response = await put(createSettingsBody());
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<AdminSettingsAnswer>();
    expect(answer.version).toBe(2);
    expect(answer.missing).toEqual([]);
    expect(answer.settings).toMatchObject({
      document: '11222333000181',
      whatsapp: '31987654321',
      free_shipping_threshold: 199.9,
      free_shipping_threshold_cents: 19_990,
      installments: { max: 10, interest_free: 4, min_installment: 15, min_installment_cents: 1500 },
      boleto_due_days: 5,
      social: { instagram: 'https://www.instagram.com/aurora' },
    });
    // Outside the allow-list: the span goes, its text stays; links get rel and target.
    expect(answer.settings.policies.returns).toBe(
      '<p>Até <strong>7 dias</strong> após a entrega.</p>',
    );
    expect(answer.settings.policies.shipping).toBe(
      '<ul><li>PAC</li><li>SEDEX</li></ul><a href="mailto:sac@aurora.example" rel="noopener noreferrer nofollow" target="_blank">SAC</a>',
    );
    expect(ctx.app.settings.storeSettings().pix_discount_percent).toBe(7);

    const [version] = await ctx.database.db
      .select()
      .from(storeSettingsVersions)
      .orderBy(desc(storeSettingsVersions.version))
      .limit(1);
    expect(version).toMatchObject({ version: 2, changedBy: owner.id });
    expect(version?.changedFields).toEqual(
      expect.arrayContaining(['legal_name', 'document', 'address.street', 'mail_from']),
    );
    expect(version?.changedFields).not.toContain('reply_to');

    const [log] = await ctx.database.db
      .select()
      .from(securityLogs)
      .where(eq(securityLogs.type, 'admin_settings_change'));
    expect(log).toMatchObject({ userId: owner.id, severity: 'warning' });
    expect(log?.message).toMatch(/^Configurações da loja alteradas \(versão 2\): /);
    expect(log?.metadata).toMatchObject({ version: 2 });
  });

  it('records only what changed, and nothing for a save without changes', async () => {
    const unchanged = await put(createSettingsBody());
    expect(unchanged.json<AdminSettingsAnswer>().version).toBe(2);
    const changed = await put(createSettingsBody({ business_hours: 'Todos os dias, 10h às 20h' }));
    expect(changed.json<AdminSettingsAnswer>().version).toBe(3);

    const versions = await call('GET', '/admin/settings/versions', adminHeaders);
    expect(versions.statusCode).toBe(200);
    const list = versions.json<{ versions: { version: number; changed_fields: string[] }[] }>();
    expect(list.versions.map((v) => v.version)).toEqual([3, 2, 1]);
    expect(list.versions[0]?.changed_fields).toEqual(['business_hours']);
    const logs = await ctx.database.db
      .select()
      .from(securityLogs)
      .where(eq(securityLogs.type, 'admin_settings_change'));
    expect(logs).toHaveLength(2);
    expect(logs.at(-1)?.severity).toBe('info');
  });

  it('takes long policies, past the 64 KB other bodies are held to', async () => {
    const paragraph = `<p>${'Prazo de devolução em até sete dias corridos. '.repeat(20)}</p>`;
    const returns = paragraph.repeat(Math.floor(45_000 / paragraph.length));
    const body = createSettingsBody();
    const response = await put({ ...body, policies: { ...body.policies, returns } });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.json<AdminSettingsAnswer>().settings.policies.returns).toBe(returns);
    // Back to the settings the next tests start from.
    const before = createSettingsBody({ business_hours: 'Todos os dias, 10h às 20h' });
    expect((await put(before)).statusCode).toBe(200);
  });
});

describe('GET /api/store', () => {
  it('answers the public part to anyone, without the mail settings or policy texts', async () => {
    const response = await call('GET', '/store');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toMatch(/^public/);
    const { store } = response.json<{ store: PublicStoreJson }>();
    expect(store).toMatchObject({
      trade_name: 'Ateliê Aurora',
      legal_name: 'Aurora Joias Ltda',
      document: '11222333000181',
      address: { city: 'Belo Horizonte', state: 'MG' },
      whatsapp_url: 'https://wa.me/5531987654321',
      business_hours: 'Todos os dias, 10h às 20h',
      pix_discount_percent: 7,
      free_shipping_threshold: 199.9,
      policies: { terms: true, returns: true, shipping: true },
    });
    expect(response.body).not.toContain('mail_from');
    expect(response.body).not.toContain('reply_to');
    expect(response.body).not.toContain('loja@aurora.example');
    expect(response.body).not.toContain('Ao comprar');

    const again = await call('GET', '/store', { 'if-none-match': String(response.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('leaves out a policy not filled in', async () => {
    const body = createSettingsBody();
    await put({ ...body, policies: { ...body.policies, shipping: '  ' } });
    const { store } = (await call('GET', '/store')).json<{ store: PublicStoreJson }>();
    expect(store.policies).toEqual({ terms: true, returns: true, shipping: false });
  });
});

describe('the data protection officer and the privacy policy date', () => {
  const storeNow = async () =>
    (await call('GET', '/store')).json<{ store: PublicStoreJson }>().store;
  const lastChangeAt = async () => {
    const [version] = await ctx.database.db
      .select()
      .from(storeSettingsVersions)
      .orderBy(desc(storeSettingsVersions.version))
      .limit(1);
    return version!.changedAt.toISOString();
  };

  it('shows the officer to shoppers and dates the privacy policy by its change', async () => {
    const response = await put(
      createSettingsBody({ dpo_name: ' Marina Lopes ', dpo_email: 'DPO@Aurora.example' }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AdminSettingsAnswer>().settings).toMatchObject({
      dpo_name: 'Marina Lopes',
      dpo_email: 'dpo@aurora.example',
    });
    // Optional for a small business (ANPD Resolução 2/2022): never listed as missing.
    expect(response.json<AdminSettingsAnswer>().missing).toEqual([]);
    const changedAt = await lastChangeAt();
    const store = await storeNow();
    expect(store).toMatchObject({ dpo_name: 'Marina Lopes', dpo_email: 'dpo@aurora.example' });
    expect(store.privacy_updated_at).toBe(changedAt);
    // The server-rendered pages carry the same answer.
    expect(ctx.app.settings.publicStore().privacy_updated_at).toBe(changedAt);
  });

  it('keeps the date when a setting the policy does not show changes', async () => {
    const dated = (await storeNow()).privacy_updated_at;
    const response = await put(
      createSettingsBody({
        dpo_name: 'Marina Lopes',
        dpo_email: 'dpo@aurora.example',
        pix_discount_percent: 8,
      }),
    );
    expect(response.json<AdminSettingsAnswer>().settings.pix_discount_percent).toBe(8);
    expect((await storeNow()).privacy_updated_at).toBe(dated);
  });

  it('takes the change of a contact the policy shows', async () => {
    await put(createSettingsBody({ dpo_name: 'Marina Lopes', pix_discount_percent: 8 }));
    const store = await storeNow();
    expect(store.dpo_email).toBe('');
    expect(store.privacy_updated_at).toBe(await lastChangeAt());
  });
});
