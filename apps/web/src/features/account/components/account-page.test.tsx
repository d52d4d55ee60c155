import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authDialogChannel, type AuthDialogView } from '../../../lib/ui-events.ts';
import type { SavedAddress } from '../../../lib/account/get-addresses.ts';
import { createUser, profileOf } from '../../../lib/auth/testing/create-user.ts';
import { cartOf, createCartItem } from '../../../lib/cart/testing/cart-fixtures.tsx';
import { fakeApi, type FakeRoutes } from '../testing/fake-api.ts';
import { renderAccount, storeLogin } from '../testing/render-account.tsx';
import { AccountPage } from './account-page.tsx';

function createAddress(overrides: Partial<SavedAddress> = {}): SavedAddress {
  return {
    id: 1,
    name: 'Casa',
    street: 'Rua Augusta',
    number: '1500',
    complement: 'Apto 12',
    neighborhood: 'Consolação',
    city: 'São Paulo',
    state: 'SP',
    zip_code: '01310100',
    is_default: true,
    full_address: 'Rua Augusta, 1500, Apto 12 - Consolação - São Paulo/SP - 01310-100',
    created_at: '2026-11-01T12:00:00.000Z',
    updated_at: '2026-11-01T12:00:00.000Z',
    ...overrides,
  };
}

function renderPage(routes: FakeRoutes = {}, route = '/minha-conta') {
  const requests = fakeApi({
    'GET /api/users/profile': { body: { success: true, user: profileOf(createUser()) } },
    ...routes,
  });
  const view = renderAccount(<AccountPage view="account" />, { route, path: '/minha-conta' });
  return { requests, ...view };
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('/minha-conta without a session', () => {
  it('asks the visitor to log in, opening the auth modal, with a way home', async () => {
    const opened: AuthDialogView[] = [];
    const stop = authDialogChannel.subscribe((view) => opened.push(view));
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    await userEvent.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(opened).toEqual(['login', 'register']);
    expect(screen.getByRole('link', { name: 'Voltar para a página inicial' })).toHaveAttribute(
      'href',
      '/',
    );
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    stop();
  });

  it("says 'Verificando autenticação...' while a stale session is renewed", () => {
    storeLogin(createUser(), -60);
    renderPage({ 'POST /api/auth/refresh': 'pending' });
    expect(screen.getByRole('status')).toHaveTextContent('Verificando autenticação...');
  });
});

describe('/minha-conta with a session', () => {
  it('quotes PAC for the default address about 1 s after the profile loads (spec 001 §4)', async () => {
    storeLogin();
    const { requests } = renderPage({
      'GET /api/addresses': {
        body: {
          addresses: [
            createAddress({ id: 1, is_default: false, zip_code: '20040002' }),
            createAddress({ id: 2, is_default: true, zip_code: '01310100' }),
          ],
        },
      },
      'GET /api/carts/current': { body: { cart: cartOf([createCartItem({ quantity: 2 })]) } },
      'POST /api/carts/calculate_shipping': {
        body: {
          success: true,
          shipping: {
            name: 'PAC',
            method: 'pac',
            cost: 18.9,
            cost_cents: 1890,
            delivery_days: 5,
            estimated_delivery: '5 dias úteis',
            description: 'Entrega econômica dos Correios',
          },
        },
      },
    });
    const quotes = () => requests.filter((r) => r.path === '/api/carts/calculate_shipping');
    const panel = screen.getByRole('tabpanel');
    await within(panel).findByText('Pessoa Física');
    await waitFor(() => expect(requests.some((r) => r.path === '/api/users/profile')).toBe(true));
    // Not at once: about a second after the profile.
    expect(quotes()).toHaveLength(0);
    const card = await within(panel).findByRole(
      'region',
      { name: 'Frete para o endereço padrão' },
      { timeout: 3000 },
    );
    expect(quotes()).toHaveLength(1);
    expect(quotes()[0]?.body).toEqual({ zip_code: '01310100', service: 'pac' });
    expect(card).toHaveTextContent('01310-100');
    expect(card).toHaveTextContent('PAC');
    expect(card).toHaveTextContent('R$ 18,90');
  });

  it('asks for no quote of an empty cart and says why in the card', async () => {
    storeLogin();
    const { requests } = renderPage({
      'GET /api/addresses': { body: { addresses: [createAddress()] } },
      'GET /api/carts/current': { body: { cart: cartOf([]) } },
    });
    const panel = screen.getByRole('tabpanel');
    const card = await within(panel).findByRole('region', {
      name: 'Frete para o endereço padrão',
    });
    expect(card).toHaveTextContent('01310-100');
    expect(card).toHaveTextContent('Adicione itens ao carrinho para calcular o frete');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(requests.some((r) => r.path === '/api/carts/calculate_shipping')).toBe(false);
  });

  it('asks for no quote without a default address', async () => {
    storeLogin();
    const { requests } = renderPage({ 'GET /api/addresses': { body: { addresses: [] } } });
    await within(screen.getByRole('tabpanel')).findByText('Pessoa Física');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(requests.some((r) => r.path === '/api/carts/calculate_shipping')).toBe(false);
  });

  it("shows the registration data: 'Pessoa Física', formatted CPF and phone", async () => {
    storeLogin();
    renderPage({
      'GET /api/users/profile': {
        body: { success: true, user: profileOf(createUser({ name: 'Ana Maria Souza' })) },
      },
    });
    const tab = screen.getByRole('tab', { name: 'Minha Conta' });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel');
    // The server's copy replaces the stored one.
    expect(await within(panel).findByText('Ana Maria Souza')).toBeVisible();
    expect(within(panel).getByText('Pessoa Física')).toBeVisible();
    expect(within(panel).getByText('529.982.247-25')).toBeVisible();
    expect(within(panel).getByText('(11) 98765-4321')).toBeVisible();
    expect(within(panel).getByText('20/04/1995')).toBeVisible();
    expect(within(panel).getByText('Feminino')).toBeVisible();
  });

  it('moves between tabs with the arrow keys, Home and End', async () => {
    storeLogin();
    renderPage({
      'GET /api/addresses': { body: { addresses: [] } },
      'GET /api/wishlist': { body: { wishlist: { items: [] } } },
      'GET /api/my_orders': { body: { orders: [] } },
    });
    const user = userEvent.setup();
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual([
      'Minha Conta',
      'Meus Pedidos',
      'Lista de Desejos',
      'Endereços',
      'Configurações',
    ]);
    await user.click(screen.getByRole('tab', { name: 'Minha Conta' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Meus Pedidos' })).toHaveFocus();
    expect(
      await within(screen.getByRole('tabpanel')).findByText('Você ainda não tem pedidos.'),
    ).toBeVisible();
    expect(
      within(screen.getByRole('tabpanel')).getByRole('link', { name: 'Ver produtos' }),
    ).toHaveAttribute('href', '/produtos');
    await user.keyboard('{ArrowRight}');
    expect(await screen.findByText('Sua lista de desejos está vazia.')).toBeVisible();
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Configurações' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/minha-conta?aba=configuracoes');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Minha Conta' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Configurações' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Minha Conta' })).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'Endereços' })).toHaveAttribute('tabindex', '-1');
  });

  it("lists every failing profile rule under 'Erros de validação' and sends nothing", async () => {
    storeLogin();
    const { requests } = renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Editar dados' }));
    const dialog = screen.getByRole('dialog', { name: 'Editar dados' });
    fireEvent.change(within(dialog).getByLabelText('E-mail'), { target: { value: 'ana@' } });
    fireEvent.change(within(dialog).getByLabelText('CPF'), { target: { value: '12345678900' } });
    fireEvent.change(within(dialog).getByLabelText('Telefone'), { target: { value: '119876' } });
    // The masks format what was typed.
    expect(within(dialog).getByLabelText('CPF')).toHaveValue('123.456.789-00');
    expect(within(dialog).getByLabelText('Telefone')).toHaveValue('(11) 9876');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar alterações' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Erros de validação');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Email inválido', 'Telefone inválido (deve ter 10 ou 11 dígitos)', 'CPF inválido']);
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it("shows the server's refusal the same way, and a saved profile everywhere", async () => {
    storeLogin();
    let attempt = 0;
    const { requests, session } = renderPage({
      'PUT /api/users/profile': (request) => {
        attempt += 1;
        if (attempt === 1) {
          return {
            status: 422,
            body: {
              message: 'Email já está em uso',
              errors: ['Email já está em uso'],
              fields: { 'user.email': ['Email já está em uso'] },
            },
          };
        }
        const sent = (request.body as { user: Record<string, unknown> }).user;
        return {
          body: {
            success: true,
            message: 'Perfil atualizado com sucesso',
            user: profileOf(createUser({ name: String(sent.name) })),
          },
        };
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Editar dados' }));
    const dialog = screen.getByRole('dialog', { name: 'Editar dados' });
    fireEvent.change(within(dialog).getByLabelText('Nome completo'), {
      target: { value: 'Ana Clara Souza' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar alterações' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Erros de validação');
    expect(alert).toHaveTextContent('Email já está em uso');
    expect(within(dialog).getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar alterações' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Ana Clara Souza');
    expect(session.getSnapshot().user).toMatchObject({
      name: 'Ana Clara Souza',
    });
    const put = requests.filter((r) => r.method === 'PUT').at(-1);
    expect(put?.body).toEqual({
      user: {
        name: 'Ana Clara Souza',
        email: 'ana@example.com',
        phone: '11987654321',
        cpf: '52998224725',
        birth_date: '1995-04-20',
        gender: 'feminino',
        country: 'Brasil',
      },
    });
  });

  it('lists addresses with the default badge, sets a default and deletes after confirming', async () => {
    storeLogin();
    let addresses = [
      createAddress(),
      createAddress({ id: 2, name: 'Trabalho', is_default: false, complement: null }),
    ];
    const { requests } = renderPage(
      {
        'GET /api/addresses': () => ({ body: { addresses } }),
        'POST /api/addresses/2/set_default': () => {
          addresses = addresses.map((a) => ({ ...a, is_default: a.id === 2 }));
          return { body: { address: addresses[1] } };
        },
        'DELETE /api/addresses/1': () => {
          addresses = addresses.filter((a) => a.id !== 1);
          return { body: { success: true } };
        },
      },
      '/minha-conta?aba=enderecos',
    );
    const home = await screen.findByRole('article', { name: /Casa/ });
    expect(within(home).getByText('Padrão')).toBeVisible();
    expect(home).toHaveTextContent('CEP 01310-100');
    const work = screen.getByRole('article', { name: /Trabalho/ });
    expect(within(work).queryByText('Padrão')).not.toBeInTheDocument();

    await userEvent.click(within(work).getByRole('button', { name: /Definir como padrão/ }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('article', { name: /Trabalho/ })).getByText('Padrão'),
      ).toBeVisible(),
    );

    await userEvent.click(
      within(screen.getByRole('article', { name: /Casa/ })).getByRole('button', {
        name: /Excluir/,
      }),
    );
    const confirm = screen.getByRole('dialog', { name: 'Excluir endereço' });
    expect(confirm).toHaveTextContent('Tem certeza que deseja excluir o endereço "Casa"?');
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Excluir' }));
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: /Casa/ })).not.toBeInTheDocument(),
    );
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      '/api/addresses/1',
    ]);
  });

  it('keeps a failed delete quiet: the list is read again and still shows the address', async () => {
    storeLogin();
    renderPage(
      {
        'GET /api/addresses': { body: { addresses: [createAddress()] } },
        'DELETE /api/addresses/1': { status: 500, body: { message: 'Erro interno do servidor' } },
      },
      '/minha-conta?aba=enderecos',
    );
    const card = await screen.findByRole('article', { name: /Casa/ });
    await userEvent.click(within(card).getByRole('button', { name: /Excluir/ }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Excluir endereço' })).getByRole('button', {
        name: 'Excluir',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: /Casa/ })).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('logs out from Configurações and shows the login card', async () => {
    storeLogin();
    const { requests } = renderPage(
      { 'POST /api/auth/logout': { body: { success: true } } },
      '/minha-conta?aba=configuracoes',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sair' }));
    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeVisible();
    expect(requests.some((r) => r.path === '/api/auth/logout')).toBe(true);
    expect(localStorage.getItem('lumina.session-hint')).toBeNull();
  });
});
