import { PRIVACY_COMPLETION_WARNINGS } from '@lumina/shared/privacy/privacy-texts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeRequest } from '../../../lib/auth/testing/fake-api.ts';
import type { AdminPrivacyQueue, AdminPrivacyRequest } from '../api/privacy.ts';
import { renderAdmin, storeLogin } from '../testing/admin-fixtures.tsx';

function createRequest(overrides: Partial<AdminPrivacyRequest> = {}): AdminPrivacyRequest {
  return {
    id: 1,
    type: 'access',
    type_label: 'Acesso aos dados',
    status: 'requested',
    status_label: 'Solicitado',
    requested_at: '2026-11-11T17:00:00.000Z',
    deadline: '2026-12-04T02:59:59.999Z',
    completed_at: null,
    response: null,
    export_available: false,
    user_id: 9,
    user_name: 'Ana Souza',
    user_email: 'ana@example.com',
    overdue: false,
    ...overrides,
  };
}

const overdueExport = createRequest({
  id: 2,
  type: 'export',
  type_label: 'Exportação completa',
  requested_at: '2026-10-01T12:00:00.000Z',
  deadline: '2026-10-23T02:59:59.999Z',
  user_id: 10,
  user_name: 'Bia Quintana',
  user_email: 'bia@example.com',
  overdue: true,
});
const openAccess = createRequest();
const deletion = createRequest({
  id: 3,
  type: 'deletion',
  type_label: 'Exclusão dos dados',
  user_id: 11,
  user_name: 'Caio Lima',
  user_email: 'caio@example.com',
  deadline: '2026-12-10T02:59:59.999Z',
});
const answered = createRequest({
  id: 4,
  status: 'completed',
  status_label: 'Concluído',
  completed_at: '2026-11-12T14:30:00.000Z',
  response: 'A conta foi excluída; os pedidos guardam só os dados fiscais.',
  user_id: null,
  user_name: null,
  user_email: null,
});

function queueOf(requests: AdminPrivacyRequest[]): AdminPrivacyQueue {
  const open = requests.filter((request) => request.status === 'requested');
  return { requests, open: open.length, overdue: requests.filter((r) => r.overdue).length };
}

/** The queue answered from `queue()`, the completion by `complete`. */
function serveQueue(
  queue: () => AdminPrivacyQueue,
  complete?: (request: FakeRequest) => { status?: number; body?: unknown },
) {
  return fakeApi((request) => {
    if (request.path === '/admin/privacy_requests') return { body: queue() };
    if (request.method === 'POST' && request.path.endsWith('/complete')) return complete?.(request);
    return undefined;
  });
}

const queueReads = (requests: FakeRequest[]) =>
  requests.filter((request) => request.path === '/admin/privacy_requests').length;
/** The desktop table (the phone cards carry the same requests). */
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

describe('admin privacy queue', () => {
  it('shows the counts and the requests, the overdue one on top and marked', async () => {
    serveQueue(() => queueOf([overdueExport, openAccess, answered]));
    renderAdmin('/admin/privacidade');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacidade' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Privacidade' })).toHaveAttribute(
      'href',
      '/admin/privacidade',
    );
    const summary = await screen.findByRole('region', { name: 'Resumo das solicitações' });
    expect(within(summary).getByText('Abertas').nextElementSibling).toHaveTextContent('2');
    expect(within(summary).getByText('Atrasadas').nextElementSibling).toHaveTextContent('1');

    expect(rowsOf()).toEqual([
      [
        'Bia Quintanabia@example.com',
        'Exportação completa',
        '01/10/2026',
        '22/10/2026',
        'SolicitadoAtrasada',
        'Concluir',
      ],
      [
        'Ana Souzaana@example.com',
        'Acesso aos dados',
        '11/11/2026',
        '03/12/2026',
        'Solicitado',
        'Concluir',
      ],
      [
        'Conta excluída',
        'Acesso aos dados',
        '11/11/2026',
        '03/12/2026',
        'Concluído',
        'Concluída em 12/11/2026 11:30A conta foi excluída; os pedidos guardam só os dados fiscais.',
      ],
    ]);
    // The phone cards: the overdue one first, highlighted too.
    const cards = within(screen.getByRole('list', { name: 'Solicitações' })).getAllByRole(
      'listitem',
    );
    expect(cards[0]).toHaveTextContent('Atrasada');
    expect(cards[0]).toHaveTextContent('Bia Quintana');
  });

  it('completes a request with a note, says so and reads the queue again', async () => {
    let queue = queueOf([overdueExport, openAccess]);
    const requests = serveQueue(
      () => queue,
      () => {
        const done = {
          ...overdueExport,
          status: 'completed' as const,
          status_label: 'Concluído',
          overdue: false,
          completed_at: '2026-11-25T12:00:00.000Z',
          response: 'Arquivo enviado.',
        };
        queue = queueOf([openAccess, done]);
        return {
          body: {
            message: 'Solicitação concluída. O titular recebeu a resposta por e-mail.',
            request: done,
          },
        };
      },
    );
    renderAdmin('/admin/privacidade');
    await screen.findByRole('table');
    expect(queueReads(requests)).toBe(1);

    fireEvent.click(
      within(screen.getByRole('table')).getAllByRole('button', { name: 'Concluir' })[0]!,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Concluir: Exportação completa' });
    expect(dialog).toHaveAccessibleDescription(PRIVACY_COMPLETION_WARNINGS.export);
    fireEvent.change(within(dialog).getByLabelText('Observação para o titular (opcional)'), {
      target: { value: '  Segue o arquivo com todos os seus dados.  ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Concluir solicitação' }));

    expect(
      await screen.findByText('Solicitação concluída. O titular recebeu a resposta por e-mail.'),
    ).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const posts = requests.filter((request) => request.method === 'POST');
    expect(posts.map((request) => [request.path, request.body])).toEqual([
      ['/admin/privacy_requests/2/complete', { note: 'Segue o arquivo com todos os seus dados.' }],
    ]);
    await waitFor(() => expect(queueReads(requests)).toBe(2));
    await waitFor(() => expect(rowsOf()[1]?.[5]).toContain('Arquivo enviado.'));
  });

  it('says plainly what a deletion erases, and shows the server’s refusal', async () => {
    const refusal =
      'Há pedidos em andamento nesta conta (LP001041): entregue ou cancele antes de excluir os dados.';
    const requests = serveQueue(
      () => queueOf([deletion]),
      () => ({ status: 409, body: { code: 'conflict', message: refusal } }),
    );
    renderAdmin('/admin/privacidade');
    await screen.findByRole('table');
    fireEvent.click(within(screen.getByRole('table')).getByRole('button', { name: 'Concluir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Concluir: Exclusão dos dados' });
    expect(dialog).toHaveAccessibleDescription(
      'A conta e os dados pessoais do titular serão apagados, com as avaliações de produtos que escreveu. Os pedidos são mantidos apenas com os dados fiscais (nome, CPF e endereço de entrega) pelo prazo legal. Esta ação não pode ser desfeita.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir dados e concluir' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
    expect(screen.getByRole('dialog')).toBeVisible();
    // Sent without a note: the body is empty.
    expect(requests.filter((request) => request.method === 'POST').map((r) => r.body)).toEqual([
      {},
    ]);
    expect(queueReads(requests)).toBe(1);
  });

  it('refuses a note over 2000 characters before sending', async () => {
    const requests = serveQueue(() => queueOf([openAccess]));
    renderAdmin('/admin/privacidade');
    await screen.findByRole('table');
    fireEvent.click(within(screen.getByRole('table')).getByRole('button', { name: 'Concluir' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Observação para o titular (opcional)'), {
      target: { value: 'a'.repeat(2001) },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Concluir solicitação' }));
    expect(
      await within(dialog).findByText('A observação pode ter no máximo 2000 caracteres.'),
    ).toBeVisible();
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('names no one once the account was erased', async () => {
    serveQueue(() =>
      queueOf([
        createRequest({
          ...answered,
          user_id: 12,
          user_name: 'Conta excluída',
          user_email: 'conta-excluida-12@anonimizado.invalid',
        }),
      ]),
    );
    renderAdmin('/admin/privacidade');
    await screen.findByRole('table');
    expect(rowsOf()[0]?.[0]).toBe('Conta excluída');
    expect(screen.queryByText(/anonimizado/)).not.toBeInTheDocument();
  });

  it('says when there is no request', async () => {
    serveQueue(() => queueOf([]));
    renderAdmin('/admin/privacidade');
    expect(await screen.findByText('Nenhuma solicitação até agora.')).toBeVisible();
  });
});
