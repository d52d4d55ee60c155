import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeRequest } from '../../../lib/auth/testing/fake-api.ts';
import { handleAddToCartRequests } from '../../../lib/cart/cart-events.ts';
import type { AddToCartRequest } from '../../../lib/cart/cart-types.ts';
import { fakeCartApi, renderWithCart, signIn } from '../../../lib/cart/testing/cart-fixtures.tsx';
import { loginDialogChannel } from '../../../lib/ui-events.ts';
import { createProduct } from '../testing/create-product.ts';
import { ProductPurchase } from './product-purchase.tsx';

let requests: AddToCartRequest[] = [];
let reasons: string[] = [];
const stops: (() => void)[] = [];

beforeEach(() => {
  localStorage.clear();
  requests = [];
  reasons = [];
  stops.push(handleAddToCartRequests((request) => requests.push(request)));
  stops.push(loginDialogChannel.subscribe((reason) => reasons.push(reason)));
});

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  vi.unstubAllGlobals();
});

const buy = () => fireEvent.click(screen.getByRole('button', { name: 'Comprar' }));

describe('ProductPurchase: adding to the cart', () => {
  it('sends the quantity and the chosen size, measure and colour', () => {
    fakeCartApi([]);
    const product = createProduct({
      id: 40,
      sizes: ['6mm', '8mm'],
      measures: ['1,2mm'],
      variations: [
        { name: 'Cor', options: ['Prata', 'Dourado'] },
        { name: 'Pedra', options: ['Safira'] },
      ],
      stock_quantity: 5,
    });
    renderWithCart(<ProductPurchase product={product} />);
    fireEvent.click(screen.getByRole('button', { name: '8mm' }));
    fireEvent.click(screen.getByRole('button', { name: 'Dourado' }));
    fireEvent.change(screen.getByLabelText(/Cor \(nome ou código/), {
      target: { value: '#D4AD55' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar uma unidade' }));
    buy();

    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      product: { id: 40 },
      quantity: 2,
      // The single measure and stone are chosen already; the cart's colour carries the kinds it
      // has no field for.
      variation: { size: '8mm', measure: '1,2mm', color: 'Dourado, Pedra: Safira, #D4AD55' },
    });
    expect(screen.getByRole('button', { name: 'Adicionando...' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    act(() => requests[0]?.onSettled?.({ kind: 'added' }));
    expect(screen.getByRole('button', { name: 'Comprar' })).toHaveAttribute(
      'aria-disabled',
      'false',
    );
  });

  it('asks for the missing options instead of adding', () => {
    fakeCartApi([]);
    renderWithCart(
      <ProductPurchase
        product={createProduct({ sizes: ['6mm', '8mm'], measures: ['1mm', '2mm'] })}
      />,
    );
    buy();
    expect(requests).toEqual([]);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Escolha Tamanho e Medida antes de comprar.',
    );
    fireEvent.click(screen.getByRole('button', { name: '6mm' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Escolha Medida antes de comprar.');
  });

  it('follows "Ajustar Quantidade" with the page quantity', () => {
    fakeCartApi([]);
    renderWithCart(<ProductPurchase product={createProduct({ stock_quantity: 9 })} />);
    fireEvent.change(screen.getByLabelText('Quantidade'), { target: { value: '7' } });
    buy();
    expect(requests[0]?.quantity).toBe(7);
    act(() => requests[0]?.onAdjust?.(3));
    expect(screen.getByLabelText('Quantidade')).toHaveValue(3);
  });
});

describe('ProductPurchase: shipping', () => {
  function quoteAnswer() {
    return {
      body: {
        success: true,
        data: {
          success: true,
          option: {
            name: 'PAC',
            method: 'pac',
            cost: 21.5,
            cost_cents: 2150,
            delivery_days: 8,
            estimated_delivery: 'Entrega em até 8 dias úteis',
            description: '',
          },
        },
      },
    };
  }

  it('opens the login modal for a visitor', () => {
    const server = fakeCartApi([]);
    renderWithCart(<ProductPurchase product={createProduct()} />);
    const box = screen.getByRole('region', { name: 'Calcular frete' });
    const calculate = within(box).getByRole('button', { name: 'Calcular' });
    expect(calculate).toBeDisabled();
    fireEvent.change(within(box).getByLabelText('CEP'), { target: { value: '01310100' } });
    expect(within(box).getByLabelText('CEP')).toHaveValue('01310-100');
    fireEvent.click(calculate);
    expect(reasons).toEqual(['shipping']);
    expect(server.requests.filter((r) => r.path.includes('shipping'))).toEqual([]);
  });

  it('quotes PAC for this product and quantity once logged in', async () => {
    signIn();
    const calls: FakeRequest[] = [];
    fakeCartApi([], {
      other: (request) => {
        if (request.path !== '/checkout/calculate_shipping') return undefined;
        calls.push(request);
        return quoteAnswer();
      },
    });
    renderWithCart(<ProductPurchase product={createProduct({ id: 77, stock_quantity: 4 })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar uma unidade' }));
    const box = screen.getByRole('region', { name: 'Calcular frete' });
    fireEvent.change(within(box).getByLabelText('CEP'), { target: { value: '01310-100' } });
    fireEvent.click(within(box).getByRole('button', { name: 'Calcular' }));

    expect(await within(box).findByText('R$ 21,50')).toBeInTheDocument();
    expect(within(box).getByText('Entrega em até 8 dias úteis')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({
      cep: '01310100',
      shipping_method: 'pac',
      product_id: 77,
      quantity: 2,
    });
  });
});
