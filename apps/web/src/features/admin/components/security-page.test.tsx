import type { SecurityDashboard } from '@lumina/shared/admin/security';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fakeAccessToken,
  fakeApi,
  type FakeHandler,
  type FakeRequest,
} from '../../../lib/auth/testing/fake-api.ts';
import { apiClientHooks } from '../../../lib/api-client.ts';
import { renderAdmin, storeLogin } from '../testing/admin-fixtures.tsx';

function createDashboard(overrides: Partial<SecurityDashboard> = {}): SecurityDashboard {
  return {
    stats: {
      total_entries: 12_345,
      recent_activity: { last_hour: 3, last_24h: 42, last_7d: 310 },
    },
    recent_alerts: [
      {
        severity: 'critical',
        timestamp: '2026-11-24T12:30:00.000Z',
        type: 'credential_stuffing',
        message: 'IP 203.0.113.9 falhou o login em 6 contas em 15 minutos.',
      },
      {
        severity: 'warning',
        timestamp: '2026-11-24T11:00:00.000Z',
        type: 'failed_logins',
        message: '5 logins falhos na conta bia@example.com em 15 minutos.',
      },
      {
        severity: 'info',
        timestamp: '2026-11-23T09:15:00.000Z',
        type: 'admin_new_ip',
        message: 'Administrador entrou de um IP novo.',
      },
    ],
    top_ips: [
      { ip: '203.0.113.9', count: 27 },
      { ip: '2001:db8::1', count: 4 },
    ],
    ...overrides,
  };
}

const renderSecurity = () => renderAdmin('/admin/seguranca');

/** The dashboard answered with `dashboard`, the other calls by `rest`. */
function fakeSecurity(dashboard: () => { status?: number; body?: unknown }, rest?: FakeHandler) {
  return fakeApi((request) => (request.path === '/admin/security' ? dashboard() : rest?.(request)));
}

const dashboardReads = (requests: FakeRequest[]) =>
  requests.filter((request) => request.path === '/admin/security').length;
/** A saved file's text: fetch's blobs (Node's) have text(), jsdom's own only FileReader. */
function blobText(blob: Blob): Promise<string> {
  if (typeof blob.text === 'function') return blob.text();
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob);
  });
}
const shortDate = (iso: string) =>
  new Date(iso).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

const CSV = 'id,timestamp,type,severity,message,ip,user_id,user_agent\n';
const csvAnswer = () =>
  new Response(CSV, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="security_logs_2026-11-24.csv"',
    },
  });

/**
 * The CSV export answered by `answer` (its 1st, 2nd... call), the other calls by the fakeApi set
 * before: that one answers JSON only. Returns the export's requests.
 */
function serveCsvExport(answer: (call: number) => Response): FakeRequest[] {
  const exports: FakeRequest[] = [];
  const jsonFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
    if (!input.startsWith('/api/security/export_logs')) return jsonFetch(input, init);
    exports.push({
      method: init.method ?? 'GET',
      path: input,
      headers: { ...(init.headers as Record<string, string>) },
      body: undefined,
    });
    return Promise.resolve(answer(exports.length));
  });
  return exports;
}

let saved: { href: string; download: string }[] = [];
let clickSpy: { mockRestore: () => void } | undefined;
const createObjectURL = vi.fn((_blob: Blob) => 'blob:registro-seguranca');
const revokeObjectURL = vi.fn();

beforeEach(() => {
  localStorage.clear();
  storeLogin();
  saved = [];
  createObjectURL.mockClear();
  revokeObjectURL.mockClear();
  vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL, revokeObjectURL }));
  // jsdom cannot navigate to a file: record what the link would have saved instead.
  clickSpy = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ href: this.href, download: this.download });
  });
});
afterEach(() => {
  clickSpy?.mockRestore();
  vi.unstubAllGlobals();
});

describe('admin security page', () => {
  it('shows the figures, the alerts with their severity and the IPs behind most warnings', async () => {
    fakeSecurity(() => ({ body: createDashboard() }));
    renderSecurity();
    expect(screen.getByRole('status')).toHaveTextContent('Carregando segurança...');
    const summary = await screen.findByRole('region', { name: 'Resumo de segurança' });
    expect(screen.getByRole('heading', { level: 1, name: 'Segurança' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Segurança' })).toHaveAttribute(
      'href',
      '/admin/seguranca',
    );
    for (const [label, value] of [
      ['Registros', '12.345'],
      ['Última hora', '3'],
      ['Últimas 24 horas', '42'],
      ['Últimos 7 dias', '310'],
    ] as const) {
      expect(within(summary).getByText(label).nextElementSibling).toHaveTextContent(value);
    }

    const alerts = screen.getByRole('region', { name: 'Alertas recentes' });
    const items = within(alerts).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Crítico');
    expect(items[0]).toHaveTextContent('IP 203.0.113.9 falhou o login em 6 contas em 15 minutos.');
    expect(items[0]).toHaveTextContent(shortDate('2026-11-24T12:30:00.000Z'));
    expect(items[1]).toHaveTextContent('Atenção');
    expect(items[2]).toHaveTextContent('Info');

    const table = within(
      screen.getByRole('region', { name: 'IPs com mais avisos (7 dias)' }),
    ).getByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => Array.from(row.children, (cell) => cell.textContent));
    expect(rows).toEqual([
      ['IP', 'Avisos'],
      ['203.0.113.9', '27'],
      ['2001:db8::1', '4'],
    ]);
    expect(screen.getByRole('button', { name: 'Exportar CSV' })).toHaveAccessibleDescription(
      'Os últimos 30 dias do registro de segurança.',
    );
  });

  it('says when there is no alert and no warning yet', async () => {
    fakeSecurity(() => ({ body: createDashboard({ recent_alerts: [], top_ips: [] }) }));
    renderSecurity();
    expect(await screen.findByText('Nenhum alerta até agora.')).toBeVisible();
    expect(screen.getByText('Nenhum aviso nos últimos 7 dias.')).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('runs the monitoring, says what it raised and reads the dashboard again', async () => {
    const requests = fakeSecurity(
      () => ({ body: createDashboard() }),
      (request) =>
        request.method === 'POST' && request.path === '/security/trigger_monitoring'
          ? {
              body: { message: 'Monitoramento executado.', alerts_raised: 1, incidents_ongoing: 2 },
            }
          : undefined,
    );
    renderSecurity();
    await screen.findByRole('region', { name: 'Resumo de segurança' });
    expect(dashboardReads(requests)).toBe(1);

    fireEvent.click(screen.getByRole('button', { name: 'Executar monitoramento' }));
    expect(await screen.findByText('Monitoramento executado. 1 alerta novo.')).toBeVisible();
    expect(requests.filter((request) => request.method === 'POST').map((r) => r.path)).toEqual([
      '/security/trigger_monitoring',
    ]);
    expect(dashboardReads(requests)).toBe(2);
  });

  it.each([
    [0, 'Monitoramento executado. Nenhum alerta novo.'],
    [2, 'Monitoramento executado. 2 alertas novos.'],
  ])('says %i new alerts in words', async (raised, line) => {
    fakeSecurity(
      () => ({ body: createDashboard() }),
      (request) =>
        request.method === 'POST'
          ? {
              body: {
                message: 'Monitoramento executado.',
                alerts_raised: raised,
                incidents_ongoing: 0,
              },
            }
          : undefined,
    );
    renderSecurity();
    fireEvent.click(await screen.findByRole('button', { name: 'Executar monitoramento' }));
    expect(await screen.findByText(line)).toBeVisible();
  });

  it('keeps the last figures when a reload fails, and says so', async () => {
    let failing = false;
    fakeSecurity(
      () => (failing ? { status: 500, body: {} } : { body: createDashboard() }),
      (request) =>
        request.method === 'POST'
          ? {
              body: { message: 'Monitoramento executado.', alerts_raised: 0, incidents_ongoing: 0 },
            }
          : undefined,
    );
    renderSecurity();
    const summary = await screen.findByRole('region', { name: 'Resumo de segurança' });
    failing = true;
    fireEvent.click(screen.getByRole('button', { name: 'Executar monitoramento' }));
    expect(await within(summary).findByRole('status')).toHaveTextContent(
      'Usando dados em cache devido ao erro',
    );
    expect(within(summary).getByText('12.345')).toBeVisible();
  });

  it('exports the CSV with the bearer token and saves it under the server’s name', async () => {
    fakeSecurity(() => ({ body: createDashboard() }));
    const exports = serveCsvExport(() => csvAnswer());
    renderSecurity();
    fireEvent.click(await screen.findByRole('button', { name: 'Exportar CSV' }));

    await waitFor(() =>
      expect(saved).toEqual([
        { href: 'blob:registro-seguranca', download: 'security_logs_2026-11-24.csv' },
      ]),
    );
    expect(exports).toHaveLength(1);
    expect(exports[0]?.path).toBe('/api/security/export_logs?format=csv');
    expect(exports[0]?.headers.Authorization).toBe(`Bearer ${apiClientHooks.accessToken()}`);
    expect(await blobText(createObjectURL.mock.calls[0]![0])).toBe(CSV);
    await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:registro-seguranca'));
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('renews an expired token once and exports with the new one', async () => {
    const renewed = fakeAccessToken(Math.floor(Date.now() / 1000) + 900, { v: 2 });
    fakeSecurity(
      () => ({ body: createDashboard() }),
      (request) =>
        request.path === '/auth/refresh'
          ? { body: { tokens: { access_token: renewed } } }
          : undefined,
    );
    const exports = serveCsvExport((call) =>
      call === 1
        ? new Response(JSON.stringify({ code: 'token_expired', message: 'Token expirado' }), {
            status: 401,
            headers: { 'Content-Type': 'application/json' },
          })
        : csvAnswer(),
    );
    renderSecurity();
    fireEvent.click(await screen.findByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(exports.map((request) => request.headers.Authorization)).toEqual([
      expect.stringMatching(/assinatura$/),
      `Bearer ${renewed}`,
    ]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('exports the JSON answer as a .json file', async () => {
    const answer = { start_date: '2026-10-26', end_date: '2026-11-24', count: 0, logs: [] };
    const requests = fakeSecurity(
      () => ({ body: createDashboard() }),
      (request) =>
        request.path === '/security/export_logs?format=json' ? { body: answer } : undefined,
    );
    renderSecurity();
    fireEvent.click(await screen.findByRole('button', { name: 'Exportar JSON' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.download).toMatch(/^security_logs_\d{4}-\d{2}-\d{2}\.json$/);
    const blob = createObjectURL.mock.calls[0]![0];
    expect(blob.type).toBe('application/json');
    expect(JSON.parse(await blobText(blob))).toEqual(answer);
    expect(requests.at(-1)?.headers.Authorization).toMatch(/^Bearer /);
  });

  it('shows the server’s words when the export is refused', async () => {
    const refused = 'Acesso restrito! Apenas administradores podem acessar esta página.';
    const requests = fakeSecurity(
      () => ({ body: createDashboard() }),
      (request) =>
        request.path.startsWith('/security/export_logs')
          ? { status: 403, body: { code: 'forbidden', message: refused } }
          : undefined,
    );
    renderSecurity();
    fireEvent.click(await screen.findByRole('button', { name: 'Exportar CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refused);
    expect(requests.at(-1)?.path).toBe('/security/export_logs?format=csv');
    expect(saved).toEqual([]);
  });
});
