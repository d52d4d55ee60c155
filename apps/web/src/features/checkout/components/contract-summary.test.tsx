import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createUser } from '../../../lib/auth/testing/create-user.ts';
import {
  createCartItem,
  createCartProduct,
  signIn,
} from '../../../lib/cart/testing/cart-fixtures.tsx';
import { createSavedAddress, fakeCheckoutApi } from '../testing/fake-checkout-api.ts';
import { renderCheckout } from '../testing/render-checkout.tsx';

const ring = createCartProduct({ id: 1, name: 'Argola Lisa', price_cents: 5000 });
const labret = createCartProduct({ id: 2, name: 'Labret Titânio', price_cents: 3990 });
const CART = [
  createCartItem(
    { id: 21, quantity: 2, pix_price: 47.5, option_values: { Diâmetro: '8 mm' } },
    ring,
  ),
  createCartItem({ id: 22, quantity: 1, pix_price: 37.9 }, labret),
];

const summary = () => screen.getByRole('region', { name: 'Resumo do pedido' });
/** The value beside a label of the summary's amounts. */
const amountOf = (label: string) =>
  within(summary()).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

async function open(store: Parameters<typeof renderCheckout>[0] = {}) {
  fakeCheckoutApi({
    cart: [...CART],
    profile: createUser({ name: 'Ana Souza', email: 'ana@example.com' }),
    addresses: [createSavedAddress()],
  });
  renderCheckout(store);
  // Filled from the saved address, as the delivery box's CEP is.
  await waitFor(() =>
    expect(screen.getByLabelText<HTMLInputElement>('CEP de entrega').value).toBe('01310-100'),
  );
}

beforeEach(() => {
  localStorage.clear();
  signIn();
});

describe('ContractSummary', () => {
  it('sums up the contract right above the submit button', async () => {
    await open();
    const box = summary();
    expect(
      box.compareDocumentPosition(screen.getByRole('button', { name: 'Finalizar pedido' })) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();

    const items = within(box).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '2 × Argola Lisa (Diâmetro: 8 mm)R$ 95,00',
      '1 × Labret TitânioR$ 37,90',
    ]);
    expect(amountOf('Subtotal (3 itens)')).toBe('R$ 132,90');
    expect(amountOf('Frete')).toBe('A calcular');
    expect(amountOf('Forma de pagamento')).toBe('PIX');
    expect(amountOf('Total no PIX')).toBe('R$ 132,90 + frete');
    expect(amountOf('Total sem o desconto do PIX')).toBe('R$ 139,90 + frete');

    // Who sells, from the settings (Decreto 7.962/2013 art. 2).
    expect(box).toHaveTextContent('Vendido por Lumina Piercings');
    expect(box).toHaveTextContent('Lumina Joias Ltda · CNPJ 11.222.333/0001-81');
    expect(box).toHaveTextContent(
      'Avenida Paulista, 1000, Sala 1 - Bela Vista - São Paulo/SP - CEP 01310-100',
    );
    expect(box).toHaveTextContent('SAC: sac@lumina.com.br');

    expect(box).toHaveTextContent('Você pode desistir da compra em até 7 dias após o recebimento.');
    expect(
      within(box).getByRole('link', { name: /Política de trocas e devoluções/ }),
    ).toHaveAttribute('href', '/trocas-e-devolucoes');
  });

  it('adds the quoted freight, its delivery time and both totals', async () => {
    await open();
    const delivery = screen.getByRole('region', { name: 'Entrega' });
    fireEvent.click(within(delivery).getByRole('button', { name: 'Calcular' }));
    await waitFor(() => expect(amountOf('Frete (PAC)')).toBe('R$ 21,90'));
    expect(amountOf('Prazo de entrega')).toBe('até 8 dias úteis');
    expect(amountOf('Total no PIX')).toBe('R$ 154,80');
    expect(amountOf('Total sem o desconto do PIX')).toBe('R$ 161,80');
  });

  it('leaves out what the shop does not offer or did not fill in, never a placeholder', async () => {
    await open({
      pix_discount_percent: 0,
      legal_name: '',
      document: '',
      phone: '',
      whatsapp: '',
      policies: { terms: '', returns: '', shipping: '' },
    });
    const box = summary();
    expect(within(box).queryByText('Total sem o desconto do PIX')).not.toBeInTheDocument();
    expect(box).not.toHaveTextContent('CNPJ');
    expect(box).not.toHaveTextContent('Telefone');
    expect(box).toHaveTextContent('Vendido por Lumina Piercings');
    expect(box).toHaveTextContent('SAC: sac@lumina.com.br');
    // The right of withdrawal stands by law; the link only when the policy is written.
    expect(box).toHaveTextContent('Você pode desistir da compra em até 7 dias após o recebimento.');
    expect(within(box).queryByRole('link')).not.toBeInTheDocument();
  });
});
