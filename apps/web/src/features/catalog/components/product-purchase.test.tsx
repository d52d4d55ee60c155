import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeRequest } from '../../../lib/auth/testing/fake-api.ts';
import { handleAddToCartRequests } from '../../../lib/cart/cart-events.ts';
import type { AddToCartRequest } from '../../../lib/cart/cart-types.ts';
import { fakeCartApi, renderWithCart, signIn } from '../../../lib/cart/testing/cart-fixtures.tsx';
import { loginDialogChannel } from '../../../lib/ui-events.ts';
import type { ProductDto } from '@lumina/shared/catalog/product';
import { Link, useLocation, useNavigationType } from 'react-router';
import { createProduct, createVariant } from '../testing/create-product.ts';
import { ProductPurchase } from './product-purchase.tsx';
import { useVariantChoice } from './use-variant-choice.ts';

/** The purchase box with the choice the product page holds for it. */
function Purchase({ product }: { product: ProductDto }) {
  return <ProductPurchase product={product} choice={useVariantChoice(product)} />;
}

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

/** Argola with Diâmetro × Cor: 8 mm Prata sold out, 10 mm Dourado not made. */
function ringWithOptions(overrides: Partial<ProductDto> = {}): ProductDto {
  const v = (id: number, diameter: string, colour: string, extra = {}) =>
    createVariant({
      id,
      sku: `ARG-${diameter}-${colour}`.replace(/ /g, ''),
      option_values: { Diâmetro: diameter, Cor: colour },
      stock_quantity: 5,
      ...extra,
    });
  return createProduct({
    id: 40,
    price_cents: 10000,
    options: [
      { name: 'Diâmetro', values: ['6 mm', '8 mm', '10 mm'] },
      { name: 'Cor', values: ['Prata', 'Dourado'] },
    ],
    variants: [
      v(401, '6 mm', 'Prata'),
      v(402, '6 mm', 'Dourado', { price_cents: 12000, stock_quantity: 3 }),
      v(403, '8 mm', 'Prata', { stock_quantity: 0 }),
      v(404, '8 mm', 'Dourado', { stock_quantity: 1 }),
      v(405, '10 mm', 'Prata', { pix_price_cents: 8000, image: '/product-images/10-prata.jpg' }),
    ],
    stock_quantity: 14,
    ...overrides,
  });
}

const radio = (name: string | RegExp) => screen.getByRole('radio', { name });

describe('ProductPurchase: choosing a variant', () => {
  it('shows a sold-out value crossed out as esgotado and a missing combination as unavailable', () => {
    fakeCartApi([]);
    renderWithCart(<Purchase product={ringWithOptions()} />);
    expect(screen.getByRole('radiogroup', { name: 'Diâmetro' })).toBeInTheDocument();
    expect(radio('10 mm')).toHaveAttribute('aria-checked', 'false');

    fireEvent.click(radio('Dourado'));
    expect(radio('Dourado')).toHaveAttribute('aria-checked', 'true');
    // 10 mm Dourado is not made; 8 mm Dourado and 6 mm Dourado are.
    expect(radio(/^10 mm\s*\(indisponível\)$/)).toBeInTheDocument();
    expect(radio('8 mm')).toBeInTheDocument();

    fireEvent.click(radio('Prata'));
    expect(radio(/^8 mm\s*\(esgotado\)$/)).toHaveClass('line-through');
    // Still choosable: the page then says the variant is sold out.
    fireEvent.click(radio(/^8 mm\s*\(esgotado\)$/));
    expect(radio(/^8 mm\s*\(esgotado\)$/)).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByText('Esgotado', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Esgotado' })).toBeDisabled();
  });

  it('choosing an unavailable value clears the choices it does not go with', () => {
    fakeCartApi([]);
    renderWithCart(<Purchase product={ringWithOptions()} />);
    fireEvent.click(radio('Dourado'));
    fireEvent.click(radio(/^10 mm\s*\(indisponível\)$/));
    expect(radio('10 mm')).toHaveAttribute('aria-checked', 'true');
    expect(radio(/^Dourado\s*\(indisponível\)$/)).toHaveAttribute('aria-checked', 'false');
  });

  it('moves and chooses with the arrow keys, one tab stop per group', () => {
    fakeCartApi([]);
    renderWithCart(<Purchase product={ringWithOptions()} />);
    const group = screen.getByRole('radiogroup', { name: 'Cor' });
    const [prata, dourado] = within(group).getAllByRole('radio');
    expect(prata).toHaveAttribute('tabindex', '0');
    expect(dourado).toHaveAttribute('tabindex', '-1');
    prata?.focus();
    fireEvent.keyDown(prata as HTMLElement, { key: 'ArrowRight' });
    expect(dourado).toHaveAttribute('aria-checked', 'true');
    expect(dourado).toHaveFocus();
    expect(dourado).toHaveAttribute('tabindex', '0');
  });

  it("follows the chosen variant's price, PIX price, stock and quantity limit", () => {
    fakeCartApi([]);
    renderWithCart(<Purchase product={ringWithOptions()} />);
    // Before a full choice: the product's own price.
    expect(screen.getByText('R$ 100,00')).toBeInTheDocument();

    fireEvent.click(radio('6 mm'));
    fireEvent.click(radio('Dourado'));
    // Its own price, and the 5% PIX rule on it.
    expect(screen.getByText('R$ 120,00')).toBeInTheDocument();
    expect(screen.getAllByText('R$ 114,00').length).toBeGreaterThan(0);
    expect(screen.getByText('Últimas 3 unidades')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Quantidade'), { target: { value: '9' } });
    expect(screen.getByLabelText('Quantidade')).toHaveValue(3);

    fireEvent.click(radio('8 mm'));
    expect(screen.getByText('Última unidade')).toBeInTheDocument();
    expect(screen.getByLabelText('Quantidade')).toHaveValue(1);

    fireEvent.click(radio(/^10 mm\s*\(indisponível\)$/));
    fireEvent.click(radio('Prata'));
    // The product's price with the variant's own PIX price.
    expect(screen.getByText('R$ 100,00')).toBeInTheDocument();
    expect(screen.getAllByText('R$ 80,00').length).toBeGreaterThan(0);
    expect(screen.getByText('no PIX (20% de desconto)')).toBeInTheDocument();
  });

  it('keeps a complete choice in the address, replacing the entry', () => {
    fakeCartApi([]);
    function AddressProbe() {
      const { pathname, search } = useLocation();
      return (
        <p data-testid="address">
          {useNavigationType()} {pathname}
          {search}
        </p>
      );
    }
    const address = () => screen.getByTestId('address').textContent;
    renderWithCart(
      <>
        <Purchase product={ringWithOptions()} />
        <AddressProbe />
      </>,
      { route: '/produto/40?utm_source=whatsapp' },
    );
    fireEvent.click(radio('6 mm'));
    expect(address()).toBe('POP /produto/40?utm_source=whatsapp');
    fireEvent.click(radio('Dourado'));
    expect(address()).toBe('REPLACE /produto/40?utm_source=whatsapp&variante=ARG-6mm-Dourado');
    // A choice that names no variant any more leaves the address without one.
    fireEvent.click(radio(/^10 mm\s*\(indisponível\)$/));
    expect(address()).toBe('REPLACE /produto/40?utm_source=whatsapp');
  });

  it('follows a link to another variant of the same product', () => {
    fakeCartApi([]);
    renderWithCart(
      <>
        <Purchase product={ringWithOptions()} />
        <Link to="/produto/40?variante=ARG-8mm-Dourado">8 mm dourado</Link>
      </>,
      { route: '/produto/40?variante=ARG-6mm-Prata' },
    );
    expect(radio('6 mm')).toHaveAttribute('aria-checked', 'true');
    fireEvent.click(screen.getByRole('link', { name: '8 mm dourado' }));
    expect(radio('8 mm')).toHaveAttribute('aria-checked', 'true');
    expect(radio('Dourado')).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByText('Última unidade')).toBeInTheDocument();
  });

  it('opens with the variant the address names', () => {
    fakeCartApi([]);
    renderWithCart(<Purchase product={ringWithOptions()} />, {
      route: '/produto/40?variante=ARG-6mm-Dourado',
    });
    expect(radio('6 mm')).toHaveAttribute('aria-checked', 'true');
    expect(radio('Dourado')).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByText('R$ 120,00')).toBeInTheDocument();
  });

  it('preselects the only variant of a single-option product, nothing when there are more', () => {
    fakeCartApi([]);
    const single = createProduct({
      options: [{ name: 'Cor', values: ['Prata', 'Dourado'] }],
      variants: [
        createVariant({ option_values: { Cor: 'Prata' }, active: false }),
        createVariant({ option_values: { Cor: 'Dourado' } }),
      ],
    });
    const { unmount } = renderWithCart(<Purchase product={single} />);
    expect(radio('Dourado')).toHaveAttribute('aria-checked', 'true');
    unmount();
    renderWithCart(<Purchase product={ringWithOptions()} />);
    expect(screen.queryByRole('radio', { checked: true })).toBeNull();
  });
});

describe('ProductPurchase: adding to the cart', () => {
  it('sends the quantity and the chosen variant', () => {
    fakeCartApi([]);
    renderWithCart(<Purchase product={ringWithOptions()} />);
    fireEvent.click(radio('6 mm'));
    fireEvent.click(radio('Dourado'));
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar uma unidade' }));
    buy();

    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      product: { id: 40, sku: 'ARG-6mm-Dourado', price_cents: 12000, stock_quantity: 3 },
      variant: { id: 402, option_values: { Diâmetro: '6 mm', Cor: 'Dourado' } },
      quantity: 2,
      variation: { size: '6 mm', color: 'Dourado' },
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
    renderWithCart(<Purchase product={ringWithOptions()} />);
    buy();
    expect(requests).toEqual([]);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Selecione uma opção de Diâmetro e de Cor.',
    );
    expect(screen.getByRole('radiogroup', { name: 'Cor' })).toHaveAttribute('aria-invalid', 'true');
    fireEvent.click(radio('6 mm'));
    expect(screen.getByRole('alert')).toHaveTextContent('Selecione uma opção de Cor.');
    expect(screen.getByRole('radiogroup', { name: 'Diâmetro' })).not.toHaveAttribute(
      'aria-invalid',
    );
  });

  it('sells a product without options through its one variant, with nothing to choose', () => {
    fakeCartApi([]);
    const product = createProduct({ variants: [createVariant({ id: 77, stock_quantity: 12 })] });
    renderWithCart(<Purchase product={product} />);
    expect(screen.queryByRole('radiogroup')).toBeNull();
    buy();
    expect(requests[0]).toMatchObject({ variant: { id: 77, option_values: {} }, quantity: 1 });
  });

  it('follows "Ajustar Quantidade" with the page quantity', () => {
    fakeCartApi([]);
    renderWithCart(<Purchase product={createProduct({ stock_quantity: 9 })} />);
    fireEvent.change(screen.getByLabelText('Quantidade'), { target: { value: '7' } });
    buy();
    expect(requests[0]?.quantity).toBe(7);
    act(() => requests[0]?.onAdjust?.(3));
    expect(screen.getByLabelText('Quantidade')).toHaveValue(3);
  });
});

describe('ProductPurchase: automatic promotion', () => {
  it('says the promotion, its conditions and the PIX price with it', () => {
    fakeCartApi([]);
    const description =
      '10% de desconto nos produtos da categoria Nariz. Pedido mínimo de R$ 100,00 em produtos.';
    renderWithCart(
      <Purchase
        product={createProduct({
          price_cents: 3999,
          pix_price_cents: null,
          promotion: {
            id: 4,
            name: 'Semana do Nariz',
            kind: 'percent',
            percent: 10,
            description,
            ends_at: null,
          },
        })}
      />,
    );
    // R$ 39,99 less the settings' 5% is R$ 37,99 by PIX; 10% of 3799 cents, rounded down, is
    // 379 off.
    expect(screen.getAllByText('R$ 37,99').length).toBeGreaterThan(0);
    expect(screen.getByText('Semana do Nariz')).toBeVisible();
    expect(screen.getByText('R$ 34,20').parentElement).toHaveTextContent(
      'R$ 34,20 no PIX com a promoção',
    );
    expect(screen.getByText(description)).toBeVisible();
  });

  it('says nothing of a promotion the product does not have', () => {
    fakeCartApi([]);
    renderWithCart(<Purchase product={createProduct({ promotion: null })} />);
    expect(screen.queryByText(/com a promoção/)).toBeNull();
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
    renderWithCart(<Purchase product={createProduct()} />);
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
    renderWithCart(<Purchase product={createProduct({ id: 77, stock_quantity: 4 })} />);
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
