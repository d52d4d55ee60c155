import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthUser } from '../../../lib/auth/auth-types.ts';
import { createUser } from '../../../lib/auth/testing/create-user.ts';
import { fakeApi } from '../../../lib/auth/testing/fake-api.ts';
import { toastChannel, type ToastMessage } from '../../../lib/ui-events.ts';
import {
  createDashboard,
  createList,
  renderAdmin,
  storeLogin,
} from '../testing/admin-fixtures.tsx';

let toasts: ToastMessage[] = [];
let unsubscribe: () => void = () => undefined;

beforeEach(() => {
  localStorage.clear();
  toasts = [];
  unsubscribe = toastChannel.subscribe((toast) => toasts.push(toast));
});
afterEach(() => {
  unsubscribe();
  vi.unstubAllGlobals();
});

/** A member of staff as the API answers once it names roles (staff_role, permissions). */
function staff(staff_role: string, permissions: string[]): AuthUser {
  return Object.assign(createUser({ role: 'admin', name: 'Rui Operador' }), {
    staff_role,
    permissions,
  });
}

/** The desktop sidebar and the phone's bar (CSS shows one of them; jsdom has both). */
function navs() {
  const [sidebar, bar] = screen.getAllByRole('navigation', { name: 'Painel' });
  if (!sidebar || !bar) throw new Error('the panel has two navigations');
  return { sidebar, bar };
}

const linkNames = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);

function serveOrders() {
  return fakeApi((request) =>
    request.path.startsWith('/admin/orders') ? { body: createList([]) } : undefined,
  );
}

describe('the panel shell', () => {
  it('shows an administrator without a staff role every section, and who is signed in', async () => {
    storeLogin(createUser({ role: 'admin', name: 'Ana Souza', email: 'ana@example.com' }));
    serveOrders();
    renderAdmin('/admin/pedidos');
    await screen.findByText('Nenhum pedido encontrado.');
    const { sidebar, bar } = navs();
    expect(linkNames(sidebar)).toEqual([
      'Início',
      'Pedidos',
      'Mensagens',
      'Devoluções',
      'Produtos',
      'Avaliações',
      'Clientes',
      'Cupons',
      'Segurança',
      'Privacidade',
      'Loja',
      'Equipe',
    ]);
    expect(linkNames(bar)).toEqual(['Início', 'Pedidos', 'Mensagens', 'Devoluções']);
    const aside = screen.getByRole('complementary');
    expect(within(aside).getByText('Ana Souza')).toBeVisible();
    expect(within(aside).getByText('ana@example.com')).toBeVisible();
    expect(within(aside).getByText('Proprietário')).toBeVisible();
    expect(within(aside).getByRole('button', { name: 'Documentação da API' })).toBeVisible();
  });

  it('shows staff only the sections their role opens, with the role’s name', async () => {
    storeLogin(staff('operator', ['panel', 'orders']));
    serveOrders();
    renderAdmin('/admin/pedidos');
    await screen.findByText('Nenhum pedido encontrado.');
    const { sidebar, bar } = navs();
    expect(linkNames(sidebar)).toEqual(['Início', 'Pedidos', 'Devoluções']);
    expect(linkNames(bar)).toEqual(['Início', 'Pedidos', 'Devoluções']);
    expect(within(screen.getByRole('complementary')).getByText('Operador')).toBeVisible();
  });

  it('marks the current section, on its pages too', async () => {
    storeLogin();
    fakeApi(() => undefined);
    renderAdmin('/admin/pedidos/41');
    await screen.findByRole('complementary');
    const { sidebar, bar } = navs();
    for (const nav of [sidebar, bar]) {
      expect(within(nav).getByRole('link', { name: 'Pedidos' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      // The home (/admin) is not lit on the pages under it.
      expect(within(nav).getByRole('link', { name: 'Início' })).not.toHaveAttribute('aria-current');
    }
    expect(within(sidebar).getByRole('link', { name: 'Produtos' })).not.toHaveAttribute(
      'aria-current',
    );
  });

  it('opens /admin on the home, first on the bar and lit there', async () => {
    storeLogin();
    fakeApi((request) =>
      request.path.startsWith('/admin/dashboard')
        ? { body: createDashboard({ figures: null }) }
        : undefined,
    );
    renderAdmin('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Início' })).toBeVisible();
    const { sidebar, bar } = navs();
    for (const nav of [sidebar, bar]) {
      const [first] = within(nav).getAllByRole('link');
      expect(first).toHaveAccessibleName('Início');
      expect(first).toHaveAttribute('href', '/admin');
      expect(first).toHaveAttribute('aria-current', 'page');
    }
  });

  it('opens /admin on the first section when the session names no home permission', async () => {
    storeLogin(staff('catalogue', ['catalogue']));
    fakeApi(() => undefined);
    renderAdmin('/admin');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/admin/produtos'),
    );
  });

  it('says a section the role does not open is restricted, without asking the API', async () => {
    storeLogin(staff('catalogue', ['catalogue']));
    const requests = fakeApi(() => undefined);
    renderAdmin('/admin/pedidos');
    expect(await screen.findByRole('heading', { name: 'Acesso restrito' })).toBeVisible();
    expect(screen.getByText('Seu perfil não tem acesso a esta área.')).toBeVisible();
    expect(requests.filter((request) => request.path.startsWith('/admin/orders'))).toEqual([]);
  });
});

describe('the phone’s bar', () => {
  it('keeps the other sections and the account under Mais', async () => {
    storeLogin();
    fakeApi(() => undefined);
    renderAdmin('/admin/pedidos/41');
    const more = within(navs().bar).getByRole('button', { name: 'Mais' });
    fireEvent.click(more);
    const sheet = await screen.findByRole('dialog', { name: 'Mais opções' });
    expect(linkNames(sheet)).toEqual([
      'Produtos',
      'Avaliações',
      'Clientes',
      'Cupons',
      'Segurança',
      'Privacidade',
      'Loja',
      'Equipe',
      'Ver loja',
    ]);
    expect(within(sheet).getByText('Proprietário')).toBeVisible();
    expect(within(sheet).getByRole('button', { name: 'Sair' })).toBeVisible();

    fireEvent.click(within(sheet).getByRole('link', { name: 'Cupons' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/cupons'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('Sair', () => {
  it('ends the session and goes to the shop', async () => {
    storeLogin();
    const requests = fakeApi((request) =>
      request.path === '/auth/logout' ? { body: { message: 'ok' } } : undefined,
    );
    renderAdmin('/admin/produtos');
    fireEvent.click(
      await within(screen.getByRole('complementary')).findByRole('button', { name: 'Sair' }),
    );
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    await waitFor(() =>
      expect(toasts.map((toast) => toast.message)).toContain('Você saiu da sua conta.'),
    );
    expect(requests.some((request) => request.path === '/auth/logout')).toBe(true);
  });
});
