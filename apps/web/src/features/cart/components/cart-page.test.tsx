import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeRequest } from '../../../lib/auth/testing/fake-api.ts';
import {
  createCartItem,
  createCartProduct,
  fakeCartApi,
  renderWithCart,
  signIn,
} from '../../../lib/cart/testing/cart-fixtures.tsx';
import { loginDialogChannel } from '../../../lib/ui-events.ts';
import { CartPage } from './cart-page.tsx';

const ring = createCartProduct({
  id: 1,
  name: 'Argola Lisa',
  price_cents: 5000,
  stock_quantity: 3,
});
const labret = createCartProduct({ id: 2, name: 'Labret', price_cents: 3990 });

function pacOption(costCents: number, method: 'pac' | 'sedex' = 'pac') {
  return {
    body: {
      success: true,
      data: {
        success: true,
        option: {
          name: method.toUpperCase(),
          method,
          cost: costCents / 100,
          cost_cents: costCents,
          delivery_days: method === 'pac' ? 8 : 3,
          estimated_delivery: `Entrega em até ${method === 'pac' ? 8 : 3} dias úteis`,
          description: 'Entrega pelos Correios',
        },
      },
    },
  };
}

function renderPage(
  shipping: (request: FakeRequest) => { status?: number; body?: unknown } | undefined = () =>
    undefined,
) {
  const server = fakeCartApi([ring, labret], {
    carts: {
      anonymous: [
        createCartItem({ id: 11, quantity: 2 }, ring),
        createCartItem({ id: 12, quantity: 1 }, labret),
      ],
      user: [
        createCartItem({ id: 21, quantity: 2 }, ring),
        createCartItem({ id: 22, quantity: 1 }, labret),
      ],
    },
    other: (request) =>
      request.path === '/checkout/calculate_shipping' ? shipping(request) : undefined,
  });
  renderWithCart(<CartPage />, { route: '/carrinho' });
  return server;
}

const summary = () => screen.getByRole('complementary', { name: 'Resumo' });
const line = (name: string) =>
  within(screen.getByRole('region', { name: 'Itens do carrinho' }))
    .getAllByRole('listitem')
    .find((item) => within(item).queryByRole('link', { name }))!;
const amountAfter = (label: RegExp | string) =>
  within(summary()).getByText(label).nextElementSibling?.textContent;

let reasons: string[] = [];
let stop: () => void = () => undefined;

beforeEach(() => {
  localStorage.clear();
  reasons = [];
  stop = loginDialogChannel.subscribe((reason) => reasons.push(reason));
});

afterEach(() => {
  stop();
  vi.unstubAllGlobals();
});

describe('CartPage', () => {
  it('shows a spinner, then the lines with their prices and the subtotal', async () => {
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Carregando carrinho...');

    const first = await screen.findByRole('link', { name: 'Argola Lisa' });
    expect(first).toHaveAttribute('href', '/produto/1');
    // The thumbnail's link has a name too (it holds only a picture with alt="").
    const [thumbnail, name] = within(line('Argola Lisa')).getAllByRole('link');
    expect(thumbnail).toHaveAccessibleName('Foto de Argola Lisa');
    expect(name).toHaveAccessibleName('Argola Lisa');
    expect(within(line('Argola Lisa')).getByText('R$ 50,00')).toBeInTheDocument();
    expect(within(line('Argola Lisa')).getByText('R$ 100,00')).toBeInTheDocument();
    expect(amountAfter('Subtotal (3 itens)')).toBe('R$ 139,90');
    expect(amountAfter('Frete')).toBe('A calcular');
    expect(amountAfter('Total')).toBe('R$ 139,90');
  });

  it("shows a variant's option values under the name instead of the typed details", async () => {
    fakeCartApi([ring], {
      carts: {
        anonymous: [
          createCartItem(
            {
              id: 11,
              variant_id: 7,
              option_values: { Diâmetro: '8 mm', Cor: 'Dourado' },
              variation_details: { size: '8 mm', color: 'Dourado' },
            },
            ring,
          ),
          createCartItem({ id: 12, variation_details: { size: '10mm' } }, labret),
        ],
        user: [],
      },
    });
    renderWithCart(<CartPage />, { route: '/carrinho' });
    await screen.findByRole('link', { name: 'Argola Lisa' });
    expect(within(line('Argola Lisa')).getByText('Diâmetro: 8 mm · Cor: Dourado')).toBeVisible();
    expect(within(line('Argola Lisa')).queryByText(/Tamanho/)).toBeNull();
    // Its links open the product with that variant chosen.
    expect(screen.getByRole('link', { name: 'Argola Lisa' })).toHaveAttribute(
      'href',
      '/produto/1?variante=SKU-1',
    );
    // A line from before variants keeps its typed size.
    expect(within(line('Labret')).getByText('Tamanho: 10mm')).toBeInTheDocument();
  });

  it('stops the plus button at the stock and removes a line from its last unit', async () => {
    const server = renderPage();
    await screen.findByRole('link', { name: 'Argola Lisa' });
    const plus = within(line('Argola Lisa')).getByRole('button', {
      name: 'Adicionar uma unidade',
    });
    fireEvent.click(plus);
    await waitFor(() => expect(within(line('Argola Lisa')).getByText('3')).toBeInTheDocument());
    expect(plus).toBeDisabled();
    expect(server.requests.at(-1)?.body).toEqual({ item_id: 11, quantity: 3 });

    // Minus on the last unit asks for quantity 0, which removes the line.
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Quantidade de Labret' })).getByRole('button', {
        name: 'Remover Labret do carrinho',
      }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Labret' })).not.toBeInTheDocument(),
    );
  });

  it('shows the empty state with the way to the products', async () => {
    fakeCartApi([]);
    renderWithCart(<CartPage />, { route: '/carrinho' });
    expect(
      await screen.findByRole('heading', { name: 'Seu carrinho está vazio' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver produtos' })).toHaveAttribute('href', '/produtos');
  });

  it('tells a visitor that shipping needs the login, and opens it', async () => {
    const calls: FakeRequest[] = [];
    renderPage((request) => {
      calls.push(request);
      return pacOption(1990);
    });
    await screen.findByRole('link', { name: 'Argola Lisa' });
    expect(
      within(summary()).getByText(/Você precisa estar logado para calcular o frete/),
    ).toBeInTheDocument();

    const cep = within(summary()).getByLabelText('CEP');
    fireEvent.change(cep, { target: { value: '20040020' } });
    fireEvent.click(within(summary()).getByRole('button', { name: 'Calcular' }));
    fireEvent.click(within(summary()).getByRole('button', { name: 'Entrar' }));
    fireEvent.click(within(summary()).getByRole('button', { name: 'Finalizar compra' }));
    expect(reasons).toEqual(['shipping', 'shipping', 'cart']);
    expect(calls).toEqual([]);
  });

  it('enables the calculation with 8 digits, shown 00000-000', async () => {
    signIn();
    renderPage();
    await screen.findByRole('link', { name: 'Argola Lisa' });
    const cep = within(summary()).getByLabelText('CEP');
    const calculate = within(summary()).getByRole('button', { name: 'Calcular' });
    expect(calculate).toBeDisabled();
    fireEvent.change(cep, { target: { value: '2004002' } });
    expect(cep).toHaveValue('20040-02');
    expect(calculate).toBeDisabled();
    fireEvent.change(cep, { target: { value: '20040-0209' } });
    expect(cep).toHaveValue('20040-020');
    expect(calculate).toBeEnabled();
    expect(within(summary()).queryByText(/precisa estar logado/)).not.toBeInTheDocument();
    expect(within(summary()).getByRole('link', { name: 'Finalizar compra' })).toHaveAttribute(
      'href',
      '/checkout',
    );
  });

  it('quotes the chosen method and adds it to the total', async () => {
    signIn();
    const calls: FakeRequest[] = [];
    renderPage((request) => {
      calls.push(request);
      return (request.body as { shipping_method: string }).shipping_method === 'sedex'
        ? pacOption(4590, 'sedex')
        : pacOption(1990);
    });
    await screen.findByRole('link', { name: 'Argola Lisa' });
    // The answer waits until the test lets it through: the button says it is calculating.
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const send = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      (input instanceof Request ? input.url : input.toString()).includes('calculate_shipping')
        ? gate.then(() => send(input, init))
        : send(input, init),
    );
    fireEvent.change(within(summary()).getByLabelText('CEP'), { target: { value: '20040020' } });
    fireEvent.click(within(summary()).getByRole('button', { name: 'Calcular' }));
    expect(await within(summary()).findByRole('button', { name: 'Calculando...' })).toBeDisabled();
    release();

    expect(await within(summary()).findByText('Frete (PAC)')).toBeInTheDocument();
    expect(amountAfter('Frete (PAC)')).toBe('R$ 19,90');
    expect(amountAfter('Total')).toBe('R$ 159,80');
    expect(within(summary()).getByText('Entrega em até 8 dias úteis')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ cep: '20040020', shipping_method: 'pac' });

    fireEvent.click(within(summary()).getByRole('radio', { name: 'SEDEX' }));
    // Another method is another quote: the old one goes.
    await waitFor(() => expect(amountAfter('Frete')).toBe('A calcular'));
    fireEvent.click(within(summary()).getByRole('button', { name: 'Calcular' }));
    expect(await within(summary()).findByText('Frete (SEDEX)')).toBeInTheDocument();
    expect(amountAfter('Total')).toBe('R$ 185,80');
    expect(calls[1]?.body).toEqual({ cep: '20040020', shipping_method: 'sedex' });
  });

  it.each([
    [{ status: 500, body: { message: 'Erro interno do servidor' } }, 'Erro ao calcular frete'],
    [{ status: 422, body: { message: 'CEP não atendido' } }, 'CEP não atendido'],
    [{ body: { success: true, data: { success: false } } }, 'Nenhuma opção de frete encontrada'],
  ])('shows the failure %j as "%s"', async (answer, message) => {
    signIn();
    renderPage(() => answer);
    await screen.findByRole('link', { name: 'Argola Lisa' });
    fireEvent.change(within(summary()).getByLabelText('CEP'), { target: { value: '20040020' } });
    fireEvent.click(within(summary()).getByRole('button', { name: 'Calcular' }));
    expect(await within(summary()).findByRole('alert')).toHaveTextContent(message);
    expect(amountAfter('Total')).toBe('R$ 139,90');
  });
});
