import type { Dashboard } from '@lumina/shared/admin/dashboard';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthUser } from '../../../lib/auth/auth-types.ts';
import { createUser } from '../../../lib/auth/testing/create-user.ts';
import { fakeApi } from '../../../lib/auth/testing/fake-api.ts';
import {
  createDashboard,
  createFigures,
  renderAdmin,
  storeLogin,
} from '../testing/admin-fixtures.tsx';

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

function serveDashboard(answer: (period: string | null) => Dashboard) {
  return fakeApi((request) => {
    if (!request.path.startsWith('/admin/dashboard')) return undefined;
    const period = new URL(request.path, 'http://localhost').searchParams.get('period');
    return { body: answer(period) };
  });
}

function staff(staff_role: string, permissions: string[]): AuthUser {
  return Object.assign(createUser({ role: 'admin', name: 'Rui Operador' }), {
    staff_role,
    permissions,
  });
}

const queueLink = (name: RegExp) =>
  within(screen.getByRole('region', { name: 'O que precisa de você' })).getByRole('link', {
    name,
  });

describe('the panel home', () => {
  it('lists what waits with its count, its deadline and a link to the filtered list', async () => {
    storeLogin();
    serveDashboard(() =>
      createDashboard({
        queue: [
          { key: 'pix_to_confirm', count: 3, days_left: null },
          { key: 'orders_to_ship', count: 5, days_left: null },
          { key: 'returns_open', count: 2, days_left: 3 },
          { key: 'privacy_open', count: 1, days_left: -2 },
          { key: 'bling_to_check', count: 4, days_left: 0 },
          { key: 'messages_unread', count: 0, days_left: null },
          { key: 'security_alerts', count: 0, days_left: null },
        ],
      }),
    );
    renderAdmin('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Início' })).toBeVisible();
    await screen.findByRole('heading', { name: 'O que precisa de você' });

    expect(queueLink(/PIX aguardando confirmação/)).toHaveAttribute(
      'href',
      '/admin/pedidos?status=pending',
    );
    expect(screen.getByTestId('queue-count-pix_to_confirm')).toHaveTextContent('3');
    expect(queueLink(/Pedidos pagos para enviar/)).toHaveAttribute(
      'href',
      '/admin/pedidos?status=processing',
    );
    expect(screen.getByTestId('queue-count-orders_to_ship')).toHaveTextContent('5');
    const returns = queueLink(/Devoluções e trocas/);
    expect(returns).toHaveAttribute('href', '/admin/devolucoes?status=aberto');
    expect(returns).toHaveTextContent('faltam 3 dias');
    const privacy = queueLink(/Pedidos LGPD/);
    expect(privacy).toHaveAttribute('href', '/admin/privacidade');
    expect(privacy).toHaveTextContent('atrasado há 2 dias');
    const bling = queueLink(/Itens do Bling para conferir/);
    expect(bling).toHaveAttribute('href', '/admin/produtos?filter=failed');
    expect(bling).toHaveTextContent('vence hoje');

    // What has nothing waiting folds into one line, with no link of its own.
    expect(screen.queryByRole('link', { name: /Mensagens não lidas/ })).not.toBeInTheDocument();
    expect(
      screen.getByText('Mensagens não lidas, Alertas de segurança', { exact: false }),
    ).toBeVisible();
    expect(screen.getByText('Tudo em dia:')).toBeVisible();

    fireEvent.click(queueLink(/Pedidos pagos para enviar/));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/admin/pedidos?status=processing'),
    );
  });

  it('says so when nothing waits', async () => {
    storeLogin();
    serveDashboard(() =>
      createDashboard({ queue: [{ key: 'orders_to_ship', count: 0, days_left: null }] }),
    );
    renderAdmin('/admin');
    expect(await screen.findByText('Nada pendente por agora.')).toBeVisible();
    expect(screen.queryByText('Tudo em dia:')).not.toBeInTheDocument();
  });

  it('shows a role without reports the queue and no figures nor charts', async () => {
    storeLogin(staff('operator', ['panel', 'orders']));
    serveDashboard(() =>
      createDashboard({
        queue: [{ key: 'orders_to_ship', count: 1, days_left: null }],
        figures: null,
      }),
    );
    renderAdmin('/admin');
    expect(await screen.findByTestId('queue-count-orders_to_ship')).toHaveTextContent('1');
    expect(screen.queryByRole('heading', { name: 'Números da loja' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Período' })).not.toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByText('Ver como tabela')).not.toBeInTheDocument();
  });

  it('shows the period’s figures against the period before', async () => {
    storeLogin();
    serveDashboard(() => createDashboard());
    renderAdmin('/admin');
    const figures = await screen.findByRole('region', { name: 'Números da loja' });
    expect(within(figures).getByText('R$ 721,00')).toBeVisible();
    expect(within(figures).getByText('+29% vs período anterior')).toBeVisible();
    expect(within(figures).getByText('+100% vs período anterior')).toBeVisible();
    expect(within(figures).getByText('−36% vs período anterior')).toBeVisible();
    expect(within(figures).getByText('35%')).toBeVisible();
    expect(within(figures).getByText('9 novos · 5 recorrentes')).toBeVisible();
    const best = within(figures).getByRole('region', { name: 'Mais vendidos' });
    expect(within(best).getByText('Argola Lua')).toBeVisible();
    expect(within(best).getByText('Diâmetro: 8 mm · ARG-001')).toBeVisible();
  });

  it('shows the reminders sent, the carts recovered and their revenue for the period', async () => {
    storeLogin();
    const requests = fakeApi((request) => {
      if (request.path.startsWith('/admin/dashboard')) return { body: createDashboard() };
      if (request.path.startsWith('/admin/reminders/stats')) {
        return {
          body: {
            reminders: {
              period_days: 30,
              from: '2026-10-28',
              to: '2026-11-26',
              sent: 12,
              restored: 4,
              carts_recovered: 3,
              revenue_recovered: 489.7,
            },
          },
        };
      }
      return undefined;
    });
    renderAdmin('/admin');
    const reminders = await screen.findByRole('region', { name: 'Lembretes de carrinho e PIX' });
    expect(within(reminders).getByText('12')).toBeVisible();
    expect(within(reminders).getByText('4 carrinhos recuperados pelo link')).toBeVisible();
    expect(within(reminders).getByText('3 pedidos pagos')).toBeVisible();
    expect(within(reminders).getByText('R$ 489,70')).toBeVisible();
    expect(requests.map((request) => request.path)).toContain('/admin/reminders/stats?period=30');
  });

  it('asks the chosen period and keeps it in the address', async () => {
    storeLogin();
    const requests = serveDashboard((period) =>
      createDashboard({ figures: createFigures({ period_days: period === '7' ? 7 : 30 }) }),
    );
    renderAdmin('/admin');
    const periods = await screen.findByRole('group', { name: 'Período' });
    expect(within(periods).getByRole('button', { name: '30 dias' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(requests.map((request) => request.path)).toContain('/admin/dashboard?period=30');

    fireEvent.click(within(periods).getByRole('button', { name: '7 dias' }));
    await waitFor(() =>
      expect(requests.map((request) => request.path)).toContain('/admin/dashboard?period=7'),
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/admin?periodo=7');
    expect(within(periods).getByRole('button', { name: '7 dias' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('reads the period from the address', async () => {
    storeLogin();
    const requests = serveDashboard(() => createDashboard());
    renderAdmin('/admin?periodo=90');
    await screen.findByRole('group', { name: 'Período' });
    expect(requests.map((request) => request.path)).toContain('/admin/dashboard?period=90');
  });

  it('gives each chart a summary and its figures as a table', async () => {
    storeLogin();
    serveDashboard(() => createDashboard());
    renderAdmin('/admin');
    const chart = await screen.findByRole('img', { name: /^Receita por dia de 21\/11 a 27\/11/ });
    expect(chart.getAttribute('aria-label')).toContain('R$ 721,00 no período');
    expect(chart.getAttribute('aria-label')).toContain('maior dia 27/11, R$ 106,00');
    expect(screen.getAllByText('Ver como tabela')).toHaveLength(4);

    const figure = chart.closest('figure');
    if (!figure) throw new Error('the chart sits in a figure');
    fireEvent.click(within(figure).getByText('Ver como tabela'));
    const table = within(figure).getByRole('table', { name: 'Receita por dia' });
    const rows = within(table).getAllByRole('row');
    // The head and one row a day, oldest first.
    expect(rows).toHaveLength(8);
    expect(rows[1]).toHaveTextContent('21/11R$ 100,00R$ 80,00');
    expect(rows[7]).toHaveTextContent('27/11R$ 106,00R$ 80,00');

    const orders = screen.getByRole('table', { name: 'Pedidos por dia' });
    expect(within(orders).getAllByRole('row')[1]).toHaveTextContent('21/1121');
    expect(screen.getByRole('table', { name: 'Receita por forma de pagamento' })).toHaveTextContent(
      'PIXR$ 600,0012',
    );
    expect(screen.getByRole('table', { name: 'Receita por categoria' })).toHaveTextContent(
      'OrelhaR$ 500,00',
    );
  });

  it('says why the home did not load and tries again', async () => {
    storeLogin();
    let fail = true;
    fakeApi((request) => {
      if (!request.path.startsWith('/admin/dashboard')) return undefined;
      if (fail) return { status: 500, body: { message: 'Erro interno do servidor' } };
      return { body: createDashboard() };
    });
    renderAdmin('/admin');
    expect(await screen.findByText('Erro interno do servidor')).toBeVisible();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Nada pendente por agora.')).toBeVisible();
  });
});
