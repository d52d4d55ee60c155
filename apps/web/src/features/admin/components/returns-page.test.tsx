import { type AdminReturnJson, RETURN_MESSAGES } from '@lumina/shared/returns/return-schemas';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeRequest } from '../../../lib/auth/testing/fake-api.ts';
import { createAdminReturn } from '../../../lib/testing/return-fixtures.ts';
import { answerDeadlineText } from '../model/return-labels.ts';
import { renderAdmin, storeLogin } from '../testing/admin-fixtures.tsx';

const late = createAdminReturn({
  id: 5,
  protocol: 'DEV-2026-000005',
  order_number: 'LP001030',
  customer_name: 'Bia Quintana',
  days_left: -1,
  overdue: true,
});
const open = createAdminReturn();
const lastDay = createAdminReturn({ id: 8, protocol: 'DEV-2026-000008', days_left: 0 });
const refunded = createAdminReturn({
  id: 2,
  protocol: 'DEV-2026-000002',
  status: 'refunded',
  status_label: 'Reembolsado',
  days_left: null,
  refunded_amount: 59.9,
  refunded_at: '2026-11-20T12:00:00.000Z',
  available_actions: [],
});

function serve(
  returns: AdminReturnJson[],
  extra?: (request: FakeRequest) => { status?: number; body?: unknown } | undefined,
) {
  return fakeApi((request) => {
    const answer = extra?.(request);
    if (answer) return answer;
    if (request.path.startsWith('/admin/returns?')) {
      return { body: { returns, total: returns.length, page: 1, per_page: 20 } };
    }
    const id = /^\/admin\/returns\/(\d+)$/.exec(request.path)?.[1];
    const found = returns.find((item) => String(item.id) === id);
    return found ? { body: found } : undefined;
  });
}

/** The desktop table's rows (the phone cards carry the same requests). */
const rowsOf = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.children, (cell) => cell.textContent));

beforeEach(() => {
  localStorage.clear();
  storeLogin();
});
afterEach(() => vi.unstubAllGlobals());

describe('answerDeadlineText', () => {
  it('says the days left, the last day, late, or nothing once answered', () => {
    expect(answerDeadlineText({ days_left: 3, overdue: false })).toBe('3 dias para responder');
    expect(answerDeadlineText({ days_left: 1, overdue: false })).toBe('1 dia para responder');
    expect(answerDeadlineText({ days_left: 0, overdue: false })).toBe('Responder hoje');
    expect(answerDeadlineText({ days_left: -2, overdue: true })).toBe('Atrasada');
    expect(answerDeadlineText({ days_left: null, overdue: false })).toBeNull();
  });
});

describe('admin returns queue', () => {
  it('lists the requests in the order the server gives, with the days left to answer', async () => {
    serve([late, open, lastDay, refunded]);
    renderAdmin('/admin/devolucoes');
    expect(await screen.findByRole('heading', { level: 1, name: 'Devoluções' })).toBeVisible();
    expect(
      within(screen.getByRole('complementary')).getByRole('link', { name: 'Devoluções' }),
    ).toHaveAttribute('href', '/admin/devolucoes');
    expect(await screen.findByText('4 pedidos de devolução')).toBeVisible();
    expect(rowsOf()).toEqual([
      [
        'DEV-2026-000005',
        'LP001030',
        'Bia Quintana',
        'Desistência da compra',
        '24/11/2026',
        'Solicitado',
        'Atrasada',
      ],
      [
        'DEV-2026-000007',
        'LP001041',
        'Ana Souza',
        'Desistência da compra',
        '24/11/2026',
        'Solicitado',
        '3 dias para responder',
      ],
      [
        'DEV-2026-000008',
        'LP001041',
        'Ana Souza',
        'Desistência da compra',
        '24/11/2026',
        'Solicitado',
        'Responder hoje',
      ],
      [
        'DEV-2026-000002',
        'LP001041',
        'Ana Souza',
        'Desistência da compra',
        '24/11/2026',
        'Reembolsado',
        '—',
      ],
    ]);
    // The phone's cards say the same.
    const cards = screen.getByRole('list', { name: 'Pedidos de devolução' });
    expect(within(cards).getAllByRole('listitem')[0]).toHaveTextContent('Atrasada');
  });

  it('filters by status through the address and the API query', async () => {
    const requests = serve([open]);
    renderAdmin('/admin/devolucoes');
    await screen.findByText('1 pedido de devolução');
    fireEvent.change(screen.getByLabelText('Situação'), { target: { value: 'aberto' } });
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/admin/devolucoes?status=aberto'),
    );
    await waitFor(() =>
      expect(requests.map((request) => request.path)).toContain(
        '/admin/returns?open=true&per_page=20',
      ),
    );
    fireEvent.change(screen.getByLabelText('Situação'), { target: { value: 'received' } });
    await waitFor(() =>
      expect(requests.map((request) => request.path)).toContain(
        '/admin/returns?status=received&per_page=20',
      ),
    );
  });

  it('refunds a received withdrawal with the PIX E2E id after a confirmation', async () => {
    const received = createAdminReturn({
      status: 'received',
      status_label: 'Recebido pela loja',
      days_left: null,
      available_actions: ['refund', 'reject'],
    });
    const requests = serve([received], (request) =>
      request.method === 'POST' && request.path === '/admin/returns/7/refund'
        ? {
            body: {
              return: { ...received, status: 'refunded', status_label: 'Reembolsado' },
              message: 'Reembolso de R$ 50,00 registrado. O cliente foi avisado por e-mail.',
            },
          }
        : undefined,
    );
    renderAdmin('/admin/devolucoes/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Reembolsar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reembolsar' });
    const amount = within(dialog).getByLabelText('Valor a devolver (R$)');
    expect(amount).toHaveValue('59,90');
    fireEvent.change(amount, { target: { value: '50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revisar reembolso' }));
    expect(
      await within(dialog).findByText(
        'Informe o identificador da devolução PIX (E2E) que o banco mostrou: 32 caracteres, começando com E ou D.',
      ),
    ).toBeVisible();
    fireEvent.change(within(dialog).getByLabelText('Identificador PIX (E2E) da devolução'), {
      target: { value: 'E00000000202611271200ABCDEFGHIJK' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revisar reembolso' }));
    // The amount sits in its own span (never split from 'R$' on a phone).
    const question = await within(dialog).findByText(
      (_, element) =>
        element?.tagName === 'P' && element.textContent === 'Confirmar o reembolso de R$ 50,00?',
    );
    expect(question).toBeVisible();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar reembolso' }));
    expect(
      await screen.findByText(
        'Reembolso de R$ 50,00 registrado. O cliente foi avisado por e-mail.',
      ),
    ).toBeVisible();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      amount: 50,
      e2e_id: 'E00000000202611271200ABCDEFGHIJK',
    });
  });
  it("checks a refusal's reason with the shared rule before sending it", async () => {
    const requests = serve([open], (request) =>
      request.method === 'POST' && request.path === '/admin/returns/7/reject'
        ? {
            body: {
              return: { ...open, status: 'rejected', status_label: 'Recusado' },
              message: 'Pedido recusado. O cliente foi avisado por e-mail.',
            },
          }
        : undefined,
    );
    renderAdmin('/admin/devolucoes/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Recusar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Recusar' });
    const reason = within(dialog).getByLabelText('Motivo da recusa');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Recusar pedido' }));
    expect(await within(dialog).findByText(RETURN_MESSAGES.rejectReason)).toBeVisible();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
    fireEvent.change(reason, { target: { value: '  Peça com sinais de uso.  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Recusar pedido' }));
    expect(
      await screen.findByText('Pedido recusado. O cliente foi avisado por e-mail.'),
    ).toBeVisible();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      reason: 'Peça com sinais de uso.',
    });
  });
});
