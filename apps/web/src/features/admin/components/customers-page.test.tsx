import type {
  AdminCustomerDetail,
  AdminCustomerListResponse,
  AdminCustomerRow,
} from '@lumina/shared/admin/customers';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createUser } from '../../../lib/auth/testing/create-user.ts';
import { fakeApi } from '../../../lib/auth/testing/fake-api.ts';
import { createDetail, renderAdmin, storeLogin } from '../testing/admin-fixtures.tsx';

function createCustomer(overrides: Partial<AdminCustomerRow> = {}): AdminCustomerRow {
  return {
    id: 9,
    name: 'Beatriz Quintana',
    email: 'bia@example.com',
    created_at: '2026-01-10T12:00:00.000Z',
    orders_count: 2,
    total_spent: 180,
    last_order_at: '2026-11-20T15:30:00.000Z',
    marketing_consent: true,
    phone: '11987654321',
    cpf: '***.456.789-**',
    ...overrides,
  };
}

function listOf(
  customers: AdminCustomerRow[],
  overrides: Partial<AdminCustomerListResponse> = {},
): AdminCustomerListResponse {
  return {
    customers,
    total: customers.length,
    page: 1,
    per_page: 20,
    total_pages: 1,
    ...overrides,
  };
}

function createCustomerDetail(): AdminCustomerDetail {
  return {
    customer: { ...createCustomer(), email_verified: true, google: false },
    orders: [
      {
        id: 41,
        order_number: 'LP001041',
        created_at: '2026-11-20T15:30:00.000Z',
        status: 'processing',
        total: 129.9,
        payment_method: 'pix',
      },
    ],
    addresses: [
      {
        id: 3,
        name: 'Casa',
        street: 'Rua das Flores',
        number: '10',
        complement: null,
        neighborhood: 'Centro',
        city: 'São Paulo',
        state: 'SP',
        zip_code: '01001000',
        is_default: true,
      },
    ],
    requests: {
      privacy: [
        { id: 5, type: 'export', status: 'requested', requested_at: '2026-11-21T10:00:00Z' },
      ],
      returns: [
        {
          id: 7,
          protocol: 'DV-0007',
          type: 'withdrawal',
          status: 'requested',
          order_number: 'LP001041',
          created_at: '2026-11-22T10:00:00Z',
        },
      ],
      messages: [
        {
          id: 2,
          status: 'new',
          summary: 'Vocês têm argola 6 mm?',
          created_at: '2026-11-23T10:00:00Z',
        },
      ],
    },
    consents: {
      consents: {
        performance: false,
        functional: true,
        marketing: false,
        marketingComm: true,
        privacyPolicy: true,
        termsOfService: true,
        dataProcessing: true,
      },
      updated_at: '2026-11-01T10:00:00Z',
    },
  };
}

beforeEach(() => {
  storeLogin();
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('/admin/clientes', () => {
  it('lists customers as cards with their sums, and searches and sorts through the address', async () => {
    const requests = fakeApi((request) =>
      request.path.startsWith('/admin/customers')
        ? {
            body: listOf([
              createCustomer(),
              createCustomer({
                id: 10,
                name: 'Caio Lima',
                email: 'caio@example.com',
                orders_count: 0,
                total_spent: 0,
                last_order_at: null,
                marketing_consent: false,
                phone: null,
                cpf: null,
              }),
            ]),
          }
        : undefined,
    );
    renderAdmin('/admin/clientes');

    const cards = await screen.findByRole('list', { name: 'Clientes' });
    const bia = within(cards).getByRole('link', { name: 'Cliente Beatriz Quintana' });
    expect(bia).toHaveAttribute('href', '/admin/clientes/9');
    expect(bia).toHaveTextContent('R$ 180,00');
    expect(bia).toHaveTextContent('2 pedidos pagos');
    expect(bia).toHaveTextContent('Tel. (11) 98765-4321 · CPF ***.456.789-**');
    expect(bia).toHaveTextContent('Aceita e-mails de marketing');
    const caio = within(cards).getByRole('link', { name: 'Cliente Caio Lima' });
    expect(caio).toHaveTextContent('0 pedidos pagos · Último: Nenhum pedido');
    expect(screen.getByText('2 clientes')).toBeVisible();

    fireEvent.change(screen.getByLabelText('Buscar'), { target: { value: 'bia' } });
    fireEvent.change(screen.getByLabelText('Ordenar por'), { target: { value: 'total_spent' } });
    fireEvent.change(screen.getByLabelText('Ordem'), { target: { value: 'asc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/admin/clientes?q=bia&sort=total_spent&direction=asc',
      ),
    );
    await waitFor(() =>
      expect(requests.map((request) => request.path)).toContain(
        '/admin/customers?q=bia&sort=total_spent&direction=asc',
      ),
    );
  });

  it('pages through the list', async () => {
    const requests = fakeApi((request) =>
      request.path.startsWith('/admin/customers')
        ? { body: listOf([createCustomer()], { total: 41, total_pages: 3 }) }
        : undefined,
    );
    renderAdmin('/admin/clientes?q=bia');
    fireEvent.click(await screen.findByRole('button', { name: 'Próxima' }));
    await waitFor(() =>
      expect(requests.map((request) => request.path)).toContain('/admin/customers?q=bia&page=2'),
    );
  });

  it('says when nobody matches', async () => {
    fakeApi((request) =>
      request.path.startsWith('/admin/customers') ? { body: listOf([]) } : undefined,
    );
    renderAdmin('/admin/clientes?q=zz');
    expect(await screen.findByText('Nenhum cliente encontrado.')).toBeVisible();
  });
});

describe('/admin/clientes/:id', () => {
  it('shows the customer, orders, addresses, requests and consents with their links', async () => {
    fakeApi((request) =>
      request.path === '/admin/customers/9' ? { body: createCustomerDetail() } : undefined,
    );
    renderAdmin('/admin/clientes/9');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Beatriz Quintana' }),
    ).toBeVisible();
    expect(screen.getByText('(11) 98765-4321')).toBeVisible();
    expect(screen.getByText('***.456.789-**')).toBeVisible();
    expect(screen.getByText('R$ 180,00')).toBeVisible();

    const orders = screen.getByRole('list', { name: 'Pedidos' });
    expect(within(orders).getByRole('link', { name: 'LP001041' })).toHaveAttribute(
      'href',
      '/admin/pedidos/41',
    );
    expect(orders).toHaveTextContent('Processando · PIX');

    const addresses = screen.getByRole('list', { name: 'Endereços' });
    expect(addresses).toHaveTextContent('Casa (principal)');
    expect(addresses).toHaveTextContent('São Paulo/SP · CEP 01001000');

    const requests = screen.getByRole('list', { name: 'Solicitações' });
    expect(
      within(requests).getByRole('link', { name: 'Desistência da compra DV-0007' }),
    ).toHaveAttribute('href', '/admin/devolucoes/7');
    expect(
      within(requests).getByRole('link', { name: 'LGPD: Exportação completa' }),
    ).toHaveAttribute('href', '/admin/privacidade');
    expect(
      within(requests).getByRole('link', { name: 'Mensagem: Vocês têm argola 6 mm?' }),
    ).toHaveAttribute('href', '/admin/mensagens');

    const consents = screen.getByRole('heading', { name: 'Consentimentos' }).closest('section')!;
    expect(within(consents).getByText('E-mail marketing').nextSibling).toHaveTextContent('Sim');
    expect(within(consents).getByText('Cookies de marketing').nextSibling).toHaveTextContent('Não');
  });

  it('leaves out the fields the role does not read', async () => {
    const detail = createCustomerDetail();
    const { phone: _phone, cpf: _cpf, ...customer } = detail.customer;
    fakeApi(() => ({ body: { ...detail, customer } }));
    renderAdmin('/admin/clientes/9');
    await screen.findByRole('heading', { level: 1, name: 'Beatriz Quintana' });
    expect(screen.queryByText('Telefone')).toBeNull();
    expect(screen.queryByText('CPF')).toBeNull();
  });

  it('says the server’s words for an unknown customer', async () => {
    fakeApi(() => ({ status: 404, body: { message: 'Cliente não encontrado.' } }));
    renderAdmin('/admin/clientes/999');
    expect(await screen.findByText('Cliente não encontrado.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Voltar aos clientes' })).toHaveAttribute(
      'href',
      '/admin/clientes',
    );
  });
});

describe('the order’s customer box', () => {
  it('links the name to the customer page for a role that reads customers', async () => {
    fakeApi((request) =>
      request.path === '/admin/orders/41' ? { body: createDetail() } : undefined,
    );
    renderAdmin('/admin/pedidos/41');
    const box = (await screen.findByRole('heading', { name: 'Cliente' })).closest('section')!;
    expect(within(box).getByRole('link', { name: 'Beatriz Quintana' })).toHaveAttribute(
      'href',
      '/admin/clientes/9',
    );
  });

  it('keeps the name plain for an operator', async () => {
    storeLogin(createUser({ role: 'admin', staff_role: 'operator' }));
    fakeApi((request) =>
      request.path === '/admin/orders/41' ? { body: createDetail() } : undefined,
    );
    renderAdmin('/admin/pedidos/41');
    const box = (await screen.findByRole('heading', { name: 'Cliente' })).closest('section')!;
    expect(within(box).getByText('Beatriz Quintana')).toBeVisible();
    expect(within(box).queryByRole('link', { name: 'Beatriz Quintana' })).toBeNull();
  });
});
