import {
  STAFF_MESSAGES,
  STAFF_ROLE_DESCRIPTIONS,
  type StaffList,
} from '@lumina/shared/admin/staff';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createUser } from '../../../lib/auth/testing/create-user.ts';
import { fakeApi, type FakeRequest } from '../../../lib/auth/testing/fake-api.ts';
import { renderAdmin, storeLogin } from '../testing/admin-fixtures.tsx';

function createStaffList(overrides: Partial<StaffList> = {}): StaffList {
  return {
    staff: [
      {
        id: 7,
        name: 'Ana Souza',
        email: 'ana@example.com',
        role: 'owner',
        created_at: '2026-11-01T12:00:00.000Z',
        last_sign_in_at: '2026-11-26T13:05:00.000Z',
      },
      {
        id: 12,
        name: 'Caio Ramos',
        email: 'caio@example.com',
        role: 'operator',
        created_at: '2026-11-10T12:00:00.000Z',
        last_sign_in_at: null,
      },
    ],
    invitations: [
      {
        id: 3,
        email: 'duda@example.com',
        role: 'catalogue',
        expires_at: '2026-12-03T12:00:00.000Z',
        created_at: '2026-11-26T12:00:00.000Z',
        invited_by: { id: 7, name: 'Ana Souza' },
      },
    ],
    ...overrides,
  };
}

const writes = (requests: FakeRequest[]) => requests.filter((request) => request.method !== 'GET');

beforeEach(() => {
  localStorage.clear();
  storeLogin(createUser({ id: 7, role: 'admin' }));
});
afterEach(() => vi.unstubAllGlobals());

describe('/admin/equipe', () => {
  it('lists the staff with their roles and the pending invitations', async () => {
    fakeApi(() => ({ body: createStaffList() }));
    renderAdmin('/admin/equipe');
    const people = await screen.findByRole('region', { name: 'Pessoas (2)' });
    const rows = within(people).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Ana Souza');
    expect(rows[0]).toHaveTextContent('Você');
    expect(rows[0]).toHaveTextContent('Proprietário');
    expect(rows[1]).toHaveTextContent('Operador');
    expect(rows[1]).toHaveTextContent('Ainda não entrou');
    const invitations = screen.getByRole('region', { name: 'Convites pendentes (1)' });
    expect(invitations).toHaveTextContent('duda@example.com');
    expect(invitations).toHaveTextContent('Catálogo');
    expect(invitations).toHaveTextContent('convidado por Ana Souza');
    expect(screen.getByRole('link', { name: 'Equipe' })).toHaveAttribute('href', '/admin/equipe');
  });

  it('invites with e-mail and role, describing what the role may do', async () => {
    const requests = fakeApi((request) => {
      if (request.method === 'POST') {
        return {
          status: 201,
          body: {
            invitation: {
              id: 4,
              email: 'eva@example.com',
              role: 'manager',
              expires_at: '2026-12-04T12:00:00.000Z',
              created_at: '2026-11-27T12:00:00.000Z',
              invited_by: { id: 7, name: 'Ana Souza' },
            },
          },
        };
      }
      return { body: createStaffList() };
    });
    renderAdmin('/admin/equipe');
    await screen.findByRole('region', { name: 'Pessoas (2)' });
    const form = screen.getByRole('region', { name: 'Convidar' });
    expect(within(form).getByTestId('convite-descricao')).toHaveTextContent(
      STAFF_ROLE_DESCRIPTIONS.operator,
    );
    fireEvent.change(within(form).getByLabelText('Perfil'), { target: { value: 'manager' } });
    expect(within(form).getByTestId('convite-descricao')).toHaveTextContent(
      STAFF_ROLE_DESCRIPTIONS.manager,
    );
    fireEvent.change(within(form).getByLabelText('E-mail'), {
      target: { value: 'Eva@Example.com' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Convidar' }));
    expect(await screen.findByText('Convite enviado para eva@example.com.')).toBeVisible();
    expect(writes(requests)).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/admin/staff',
        body: { staff: { email: 'eva@example.com', role: 'manager' } },
      }),
    ]);
  });

  it("shows the server's pt-BR refusal under the e-mail", async () => {
    fakeApi((request) => {
      if (request.method === 'POST') {
        return {
          status: 422,
          body: {
            message: STAFF_MESSAGES.customerAccount,
            code: 'customer_account',
            fields: { 'staff.email': [STAFF_MESSAGES.customerAccount] },
          },
        };
      }
      return { body: createStaffList() };
    });
    renderAdmin('/admin/equipe');
    await screen.findByRole('region', { name: 'Pessoas (2)' });
    const form = screen.getByRole('region', { name: 'Convidar' });
    fireEvent.change(within(form).getByLabelText('E-mail'), {
      target: { value: 'cliente@example.com' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Convidar' }));
    expect(await within(form).findByText(STAFF_MESSAGES.customerAccount)).toBeVisible();
  });

  it('changes a role in a dialog', async () => {
    const requests = fakeApi((request) => {
      if (request.method === 'PUT') {
        return { body: { staff: { ...createStaffList().staff[1], role: 'manager' } } };
      }
      return { body: createStaffList() };
    });
    renderAdmin('/admin/equipe');
    fireEvent.click(await screen.findByRole('button', { name: 'Alterar perfil de Caio Ramos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Alterar perfil' });
    fireEvent.change(within(dialog).getByLabelText('Perfil'), { target: { value: 'manager' } });
    expect(dialog).toHaveTextContent(STAFF_ROLE_DESCRIPTIONS.manager);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar perfil' }));
    expect(await screen.findByText('Caio Ramos agora tem o perfil Gerente.')).toBeVisible();
    expect(writes(requests)).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: '/admin/staff/12',
        body: { staff: { role: 'manager' } },
      }),
    ]);
  });

  it('removes access only after the confirmation, and shows the last-owner refusal', async () => {
    const requests = fakeApi((request) => {
      if (request.method === 'DELETE' && request.path === '/admin/staff/7') {
        return { status: 422, body: { message: STAFF_MESSAGES.lastOwner, code: 'last_owner' } };
      }
      if (request.method === 'DELETE') return { status: 204 };
      return { body: createStaffList() };
    });
    renderAdmin('/admin/equipe');
    fireEvent.click(await screen.findByRole('button', { name: 'Remover acesso de Caio Ramos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remover acesso' });
    expect(dialog).toHaveTextContent('continua apenas como cliente');
    expect(writes(requests)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remover acesso' }));
    expect(await screen.findByText('Acesso de Caio Ramos removido.')).toBeVisible();
    expect(writes(requests)).toEqual([
      expect.objectContaining({ method: 'DELETE', path: '/admin/staff/12' }),
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Remover acesso de Ana Souza' }));
    const own = await screen.findByRole('dialog', { name: 'Remover acesso' });
    fireEvent.click(within(own).getByRole('button', { name: 'Remover acesso' }));
    expect(await within(own).findByText(STAFF_MESSAGES.lastOwner)).toBeVisible();
  });

  it('cancels a pending invitation after the confirmation', async () => {
    const requests = fakeApi((request) =>
      request.method === 'DELETE' ? { status: 204 } : { body: createStaffList() },
    );
    renderAdmin('/admin/equipe');
    fireEvent.click(
      await screen.findByRole('button', { name: 'Cancelar convite de duda@example.com' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar convite' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar convite' }));
    await waitFor(() =>
      expect(writes(requests)).toEqual([
        expect.objectContaining({ method: 'DELETE', path: '/admin/staff/invitations/3' }),
      ]),
    );
    expect(await screen.findByText('Convite de duda@example.com cancelado.')).toBeVisible();
  });
});
