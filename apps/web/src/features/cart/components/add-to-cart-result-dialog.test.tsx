import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { handleAddToCartRequests } from '../../../lib/cart/cart-events.ts';
import type {
  AddToCartOutcome,
  AddToCartRequest,
  AddToCartResult,
} from '../../../lib/cart/cart-types.ts';
import { createCartProduct } from '../../../lib/cart/testing/cart-fixtures.tsx';
import { AddToCartResultDialog } from './add-to-cart-result-dialog.tsx';

const product = createCartProduct({ id: 9, name: 'Septo Clicker' });

function renderResult(outcome: AddToCartOutcome, request: Partial<AddToCartRequest> = {}) {
  const result: AddToCartResult = {
    request: { product, quantity: 3, variation: {}, ...request },
    outcome,
  };
  const onOpenChange = vi.fn();
  render(
    <MemoryRouter>
      <AddToCartResultDialog result={result} open onOpenChange={onOpenChange} />
    </MemoryRouter>,
  );
  return { onOpenChange, result };
}

let stop: () => void = () => undefined;

afterEach(() => {
  stop();
});

describe('AddToCartResultDialog', () => {
  it('says the product was added and leads on or to the cart', () => {
    const { onOpenChange } = renderResult({ kind: 'added' });
    const dialog = screen.getByRole('dialog', { name: 'Produto Adicionado!' });
    expect(dialog).toHaveAccessibleDescription('Septo Clicker (3 unidades) está no seu carrinho.');
    expect(screen.getByRole('link', { name: 'Ir para o carrinho' })).toHaveAttribute(
      'href',
      '/carrinho',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Continuar comprando' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('warns about the stock and adds what there is on "Ajustar Quantidade"', () => {
    const requests: AddToCartRequest[] = [];
    stop = handleAddToCartRequests((request) => requests.push(request));
    const onAdjust = vi.fn();
    const message = 'Quantidade solicitada (7) excede o estoque disponível (5 unidades)';
    const { onOpenChange } = renderResult(
      { kind: 'insufficient-stock', message, allowed: 2 },
      { quantity: 5, onAdjust },
    );
    const dialog = screen.getByRole('dialog', { name: 'Estoque Insuficiente' });
    expect(dialog).toHaveAccessibleDescription(message);
    expect(screen.getByText('Você pode adicionar até 2 unidades.')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Ajustar Quantidade' }));
    expect(onAdjust).toHaveBeenCalledWith(2);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ product: { id: 9 }, quantity: 2 });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('offers the cart instead when it already holds the whole stock', () => {
    renderResult({ kind: 'insufficient-stock', message: 'x', allowed: 0 });
    expect(
      screen.getByText('Todo o estoque deste produto já está no seu carrinho.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ajustar Quantidade' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir para o carrinho' })).toBeInTheDocument();
  });

  it('shows the error with the generic message and tries again on request', () => {
    const requests: AddToCartRequest[] = [];
    stop = handleAddToCartRequests((request) => requests.push(request));
    const message = 'Não foi possível adicionar o produto. Tente novamente em alguns instantes.';
    renderResult({ kind: 'error', message });
    expect(
      screen.getByRole('dialog', { name: 'Ops! Algo deu errado' }),
    ).toHaveAccessibleDescription(message);
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(requests).toMatchObject([{ product: { id: 9 }, quantity: 3 }]);
  });
});
