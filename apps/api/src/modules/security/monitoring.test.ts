// The owner's security watch on an injected clock: each rule fires once per incident, not on
// normal traffic, and e-mails the administrators; the dashboard and the export read the log.
import type { SecurityDashboard } from '@lumina/shared/admin/security';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/mail-outbox.ts';
import { securityLogs } from '../../db/schema/security.ts';
import { TEST_PASSWORD } from '../../test/accounts.ts';
import { readAsSpreadsheet, startsFormula } from '../../test/spreadsheet-csv.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { bearerHeader, createUser, signIn } from '../../test/user-builder.ts';

const START = new Date('2026-11-25T12:00:00Z');
let clock = START;
const MINUTE = 60_000;
let ctx: TestContext;
let owner: UserRow;
/** A fresh token each time: the tests move the clock past the access token's 15 minutes. */
const adminHeaders = async () => bearerHeader((await signIn(ctx.app, owner)).access_token);
let customer: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext({ now: () => clock });
  owner = await createUser(ctx.database, {
    role: 'admin',
    email: 'dona@example.com',
    password: TEST_PASSWORD,
  });
  customer = bearerHeader((await signIn(ctx.app, await createUser(ctx.database))).access_token);
});

afterAll(async () => {
  await ctx?.close();
});

beforeEach(async () => {
  clock = START;
  await ctx.database.db.execute(sql`delete from security_alerts`);
  await ctx.database.db.execute(sql`delete from security_logs`);
  await ctx.database.db.execute(sql`delete from throttle_events`);
  await ctx.database.db.execute(sql`delete from mail_outbox`);
});

const later = (minutes: number) => {
  clock = new Date(clock.getTime() + minutes * MINUTE);
};

function login(email: string, password: string, ip = '203.0.113.7') {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: ip,
  });
}

async function monitor() {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/security/trigger_monitoring',
    headers: await adminHeaders(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ alerts_raised: number; incidents_ongoing: number }>();
}

async function dashboard(): Promise<SecurityDashboard> {
  const response = await ctx.app.inject({
    url: '/api/admin/security',
    headers: await adminHeaders(),
  });
  expect(response.statusCode).toBe(200);
  return response.json<SecurityDashboard>();
}

describe('security monitoring', () => {
  it('is for administrators only', async () => {
    for (const [method, url] of [
      ['GET', '/api/security/dashboard_stats'],
      ['GET', '/api/admin/security'],
      ['POST', '/api/security/trigger_monitoring'],
      ['GET', '/api/security/export_logs'],
    ] as const) {
      expect((await ctx.app.inject({ method, url })).statusCode).toBe(401);
      expect((await ctx.app.inject({ method, url, headers: customer })).statusCode).toBe(403);
    }
  });

  it('stays quiet on normal traffic', async () => {
    const shopper = await createUser(ctx.database, { password: TEST_PASSWORD });
    await login(shopper.email, 'Errada123');
    await login(shopper.email, 'Errada123');
    expect((await login(shopper.email, TEST_PASSWORD)).statusCode).toBe(200);
    expect(await monitor()).toEqual({
      message: 'Monitoramento executado.',
      alerts_raised: 0,
      incidents_ongoing: 0,
    });
    expect((await dashboard()).recent_alerts).toEqual([]);
  });

  it('raises a burst of failed logins once per incident and e-mails the administrators', async () => {
    const target = await createUser(ctx.database, { password: TEST_PASSWORD });
    for (let i = 0; i < 5; i += 1) {
      await login(target.email, `Errada${i}23`);
      later(1);
    }
    expect(await monitor()).toMatchObject({ alerts_raised: 1 });
    // The next run (5 minutes later, the job's pace) sees the same incident: no second alert.
    later(5);
    expect(await monitor()).toMatchObject({ alerts_raised: 0, incidents_ongoing: 1 });
    const [alert] = (await dashboard()).recent_alerts;
    expect(alert).toMatchObject({
      severity: 'warning',
      type: 'failed_login_burst',
      message: `5 tentativas de login falharam na conta ${target.email} em 15 minutos`,
    });
    const mails = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'security_alert'));
    expect(mails.map((m) => m.toAddress)).toEqual(['dona@example.com']);

    // Quiet for an hour, then a new burst: a new incident.
    later(60);
    for (let i = 0; i < 5; i += 1) await login(target.email, `Outra${i}234`);
    expect(await monitor()).toMatchObject({ alerts_raised: 1 });
  });

  it('sees one IP failing on many accounts (credential stuffing)', async () => {
    for (let i = 0; i < 5; i += 1)
      await login(`vitima${i}@example.com`, 'Senha1234', '198.51.100.66');
    const run = await monitor();
    expect(run.alerts_raised).toBe(1);
    const { recent_alerts, top_ips } = await dashboard();
    expect(recent_alerts[0]).toMatchObject({ severity: 'critical', type: 'credential_stuffing' });
    expect(recent_alerts[0]?.message).toContain('198.51.100.66 errou a senha em 5 contas');
    expect(top_ips[0]).toEqual({ ip: '198.51.100.66', count: 5 });
  });

  it('logs a throttling limit once when it is reached, not for every refused attempt', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 33; i += 1) {
      statuses.push(
        (await login(`ninguem${i}@example.com`, 'Senha1234', '198.51.100.77')).statusCode,
      );
    }
    expect(statuses.slice(30)).toEqual([429, 429, 429]);
    const throttled = await ctx.database.db
      .select()
      .from(securityLogs)
      .where(eq(securityLogs.type, 'throttled'));
    expect(throttled).toHaveLength(1);
    expect(throttled[0]).toMatchObject({ ip: '198.51.100.77', severity: 'warning' });
  });

  it('raises an administrator login from an IP not seen for that administrator', async () => {
    expect((await login('dona@example.com', TEST_PASSWORD, '203.0.113.1')).statusCode).toBe(200);
    expect(await monitor()).toMatchObject({ alerts_raised: 0 });
    later(60 * 24);
    expect((await login('dona@example.com', TEST_PASSWORD, '203.0.113.1')).statusCode).toBe(200);
    expect(await monitor()).toMatchObject({ alerts_raised: 0 });
    later(60);
    expect((await login('dona@example.com', TEST_PASSWORD, '192.0.2.200')).statusCode).toBe(200);
    expect(await monitor()).toMatchObject({ alerts_raised: 1 });
    expect((await dashboard()).recent_alerts[0]?.message).toContain('IP novo: 192.0.2.200');
  });

  it('raises refresh-token reuse and webhook signature failures', async () => {
    const log = ctx.app.services.securityLog;
    await log.record({
      type: 'refresh_token_reuse',
      severity: 'critical',
      userId: null,
      ip: '203.0.113.99',
      message: 'Token de atualização reutilizado',
    });
    await log.record({
      type: 'webhook_signature_failed',
      severity: 'warning',
      ip: '203.0.113.98',
      message: 'Webhook do Bling com assinatura inválida recusado',
    });
    expect(await monitor()).toMatchObject({ alerts_raised: 2 });
    expect((await dashboard()).recent_alerts.map((a) => a.type).sort()).toEqual([
      'refresh_token_reuse',
      'webhook_signature_failed',
    ]);
  });

  it('counts the activity and keeps entries for 12 months', async () => {
    const log = ctx.app.services.securityLog;
    clock = new Date(START.getTime() - 400 * 24 * 60 * MINUTE);
    await log.record({ type: 'login_success', severity: 'info', message: 'antigo' });
    clock = new Date(START.getTime() - 3 * 24 * 60 * MINUTE);
    await log.record({ type: 'login_success', severity: 'info', message: 'há 3 dias' });
    clock = START;
    await log.record({ type: 'login_success', severity: 'info', message: 'agora' });
    expect((await dashboard()).stats).toEqual({
      total_entries: 3,
      recent_activity: { last_hour: 1, last_24h: 1, last_7d: 2 },
    });
    expect(await ctx.app.monitoring.purgeOld()).toBe(1);
    const left = await ctx.database.db.select().from(securityLogs);
    expect(left.map((row) => row.message).sort()).toEqual(['agora', 'há 3 dias']);
  });
});

describe('the security log export', () => {
  const exportLogs = async (query: string) =>
    ctx.app.inject({ url: `/api/security/export_logs${query}`, headers: await adminHeaders() });

  it('answers CSV as a download whose cells cannot run as formulas', async () => {
    await ctx.app.services.securityLog.record({
      type: 'login_failed',
      severity: 'warning',
      ip: '203.0.113.5',
      userAgent: '=HYPERLINK("http://mal.example","clique")',
      message: '+cmd|calc, "ataque";=cmd|" /C calc"!A0',
    });
    const response = await exportLogs('?format=csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="security_logs_2026-11-25.csv"',
    );
    const [header, line] = response.body.split('\r\n');
    expect(header).toBe('"id","timestamp","type","severity","message","ip","user_id","user_agent"');
    expect(line).toContain(`"'+cmd|calc, ""ataque"";'=cmd|"" /C calc""!A0"`);
    expect(line).toContain(`"'=HYPERLINK(""http://mal.example"",""clique"")"`);
    // pt-BR Excel splits on ';': no cell of the file runs as a formula either way.
    for (const separator of [',', ';'] as const) {
      const cells = readAsSpreadsheet(response.body, separator).flat();
      expect(cells.filter(startsFormula), separator).toEqual([]);
    }
  });

  it('answers JSON with the count, for the last 30 days at most', async () => {
    const log = ctx.app.services.securityLog;
    clock = new Date('2026-10-20T12:00:00Z');
    await log.record({ type: 'login_success', severity: 'info', message: 'fora do período' });
    clock = START;
    await log.record({ type: 'login_success', severity: 'info', message: 'dentro' });
    const response = await exportLogs('');
    expect(response.json()).toMatchObject({
      start_date: '2026-10-27',
      end_date: '2026-11-25',
      count: 1,
      logs: [{ message: 'dentro' }],
    });
    expect((await exportLogs('?start_date=2026-11-25&end_date=2026-11-25')).json()).toMatchObject({
      count: 1,
    });
  });

  it.each([
    ['?format=xml', 'Formato inválido: use json ou csv.'],
    ['?start_date=2026-13-01', 'Data inválida: use o formato AAAA-MM-DD.'],
    ['?start_date=25/11/2026', 'Data inválida: use o formato AAAA-MM-DD.'],
    [
      '?start_date=2026-09-01',
      'O período deve estar dentro dos últimos 30 dias, com o início antes do fim.',
    ],
    [
      '?start_date=2026-11-20&end_date=2026-11-10',
      'O período deve estar dentro dos últimos 30 dias, com o início antes do fim.',
    ],
    [
      '?end_date=2026-12-31',
      'O período deve estar dentro dos últimos 30 dias, com o início antes do fim.',
    ],
  ])('refuses %s with 422', async (query, message) => {
    const response = await exportLogs(query);
    expect(response.statusCode).toBe(422);
    expect(JSON.stringify(response.json())).toContain(message);
  });
});
