import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StorePayments } from '@lumina/shared/payments/card-instalments';
import { readPendingPayment } from '../../../lib/payment/pending-payment.ts';
import { CARD_AND_BOLETO } from '../../../lib/testing/store-fixture.ts';
import {
  createCartCoupon,
  createCartItem,
  createCartProduct,
  signIn,
} from '../../../lib/cart/testing/cart-fixtures.tsx';
import { createUser } from '../../../lib/auth/testing/create-user.ts';
import {
  callsTo,
  createSavedAddress,
  deferred,
  fakeCheckoutApi,
  type Answer,
  type FakeCheckoutServer,
} from '../testing/fake-checkout-api.ts';
import { renderCheckout } from '../testing/render-checkout.tsx';

const ring = createCartProduct({
  id: 1,
  name: 'Argola Lisa',
  price_cents: 5000,
  category: 'orelha',
});
const labret = createCartProduct({
  id: 2,
  name: 'Labret Titânio',
  price_cents: 3990,
  category: 'nariz',
});
const CART = [
  createCartItem({ id: 21, quantity: 2, pix_price: 47.5 }, ring),
  createCartItem({ id: 22, quantity: 1, pix_price: 37.9 }, labret),
];
const PROFILE = createUser({
  name: 'Ana Souza',
  email: 'ana@example.com',
  phone: '11987654321',
  cpf: '52998224725',
  birth_date: '1995-04-20',
});
const ADDRESSES = [
  createSavedAddress({ id: 1, is_default: false, street: 'Rua Velha', zip_code: '20040020' }),
  createSavedAddress({ id: 2, is_default: true }),
];

const REQUIRED = 'Por favor, preencha todos os campos obrigatórios';
const ORDER_CALL = 'POST /orders';
const PAYMENT_CALL = (orderId: number) => `POST /orders/${orderId}/mercadopago_payment`;

const field = (label: RegExp | string) => screen.getByLabelText<HTMLInputElement>(label);
const submitButton = () => screen.getByRole('button', { name: /Finalizar pedido|Processando/ });
const alertText = () => screen.getByRole('alert').textContent;
const products = () => screen.getByRole('region', { name: 'Produtos' });
const amountOf = (label: RegExp) =>
  within(products()).getByRole('rowheader', { name: label }).nextElementSibling?.textContent;

function type(label: RegExp | string, value: string) {
  fireEvent.change(field(label), { target: { value } });
}

async function openFilled(server?: FakeCheckoutServer, payments?: StorePayments) {
  const api =
    server ?? fakeCheckoutApi({ cart: [...CART], profile: PROFILE, addresses: ADDRESSES });
  renderCheckout({}, payments);
  await waitFor(() => expect(field(/^CEP \*/).value).toBe('01310-100'));
  return api;
}

function submit() {
  fireEvent.click(submitButton());
}

beforeEach(() => {
  localStorage.clear();
  signIn();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('CheckoutPage', () => {
  it('says the cart is empty and links to the products', async () => {
    fakeCheckoutApi({ cart: [] });
    renderCheckout();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Seu carrinho está vazio' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ver produtos' })).toHaveAttribute('href', '/produtos');
  });

  it('lists the products at their PIX prices with subtotal, shipping to calculate and total', async () => {
    await openFilled();
    const row = within(products()).getByRole('row', { name: /Argola Lisa/ });
    expect(within(row).getByText('orelha')).toBeVisible();
    expect(within(row).getByText('2')).toBeVisible();
    expect(within(row).getByText('R$ 95,00')).toBeVisible();
    expect(within(row).getByText('2 x R$ 47,50')).toBeVisible();
    expect(amountOf(/Subtotal/)).toBe('R$ 132,90');
    expect(amountOf(/Frete/)).toBe('A calcular');
    expect(amountOf(/Total/)).toBe('R$ 132,90');
  });

  it('fills the form from the profile and the default address', async () => {
    await openFilled();
    expect(field(/Nome completo/).value).toBe('Ana Souza');
    expect(field(/Email/).value).toBe('ana@example.com');
    expect(field(/Telefone/).value).toBe('(11) 98765-4321');
    expect(field(/CPF\/CNPJ/).value).toBe('529.982.247-25');
    expect(field(/Data de nascimento/).value).toBe('1995-04-20');
    expect(field(/Rua/).value).toBe('Rua Augusta');
    expect(field(/Número/).value).toBe('1500');
    expect(field(/Complemento/).value).toBe('Apto 12');
    expect(field(/Bairro/).value).toBe('Consolação');
    expect(field(/Cidade/).value).toBe('São Paulo');
    expect(field(/Estado/).value).toBe('SP');
    // The delivery box's CEP follows the customer's zip.
    expect(field('CEP de entrega').value).toBe('01310-100');
  });

  it('applies the masks while typing', async () => {
    fakeCheckoutApi({ cart: [...CART] });
    renderCheckout();
    await screen.findByRole('region', { name: 'Dados do cliente' });
    type(/Telefone/, '11987654321');
    expect(field(/Telefone/).value).toBe('(11) 98765-4321');
    type(/Telefone/, '1187654321');
    expect(field(/Telefone/).value).toBe('(11) 8765-4321');
    type(/Telefone/, '119876543219999');
    expect(field(/Telefone/).value).toBe('(11) 98765-4321');
    type(/CPF\/CNPJ/, '52998224725');
    expect(field(/CPF\/CNPJ/).value).toBe('529.982.247-25');
    type(/^CEP \*/, '01310100');
    expect(field(/^CEP \*/).value).toBe('01310-100');
    type(/Estado/, 's1p');
    expect(field(/Estado/).value).toBe('SP');
    expect(field(/Observações do pedido/)).toHaveAttribute('maxLength', '500');
    expect(field(/Observações do pedido/).placeholder).toMatch(/nome e o código da cor/);
  });

  it('shows the first failing rule in the spec order and sends nothing', async () => {
    const server = fakeCheckoutApi({ cart: [...CART] });
    renderCheckout();
    await screen.findByRole('region', { name: 'Dados do cliente' });

    submit();
    expect(alertText()).toBe(REQUIRED);
    await waitFor(() => expect(field(/Nome completo/)).toHaveFocus());

    type(/Nome completo/, 'Ana Souza');
    type(/Email/, 'ana@');
    type(/Telefone/, '119');
    type(/Rua/, 'Rua Augusta');
    type(/Número/, '1500');
    type(/Bairro/, 'Consolação');
    type(/Cidade/, 'São Paulo');
    type(/Estado/, 'SP');
    submit();
    expect(alertText()).toBe(REQUIRED);
    await waitFor(() => expect(field(/^CEP \*/)).toHaveFocus());

    type(/^CEP \*/, '0131');
    submit();
    expect(alertText()).toBe('Por favor, digite um email válido');
    type(/Email/, 'ana@example.com');
    submit();
    expect(alertText()).toBe('Por favor, digite um telefone válido');
    type(/Telefone/, '11987654321');
    submit();
    expect(alertText()).toBe('Por favor, digite um CEP válido');
    await waitFor(() => expect(field(/^CEP \*/)).toHaveFocus());

    expect(callsTo(server, ORDER_CALL)).toHaveLength(0);
  });

  it('shows Processando..., creates order and PIX, keeps the ids and opens the PIX page', async () => {
    const server = await openFilled();
    const held = deferred<Answer>();
    server.orders = async () => {
      const answer = await held.promise;
      server.cart = [];
      return answer;
    };
    fireEvent.click(screen.getByRole('radio', { name: 'SEDEX' }));
    type(/Observações do pedido/, 'Cor: dourado 01');
    submit();

    expect(submitButton()).toHaveTextContent('Processando...');
    expect(submitButton()).toBeDisabled();
    await waitFor(() => expect(callsTo(server, ORDER_CALL)).toHaveLength(1));
    held.resolve({
      status: 201,
      body: { order: { id: 901, order_number: 'LP-901', total: 178.8 } },
    });

    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/payment-pix?order_id=901&payment_id=55',
      ),
    );
    expect(readPendingPayment()).toEqual({ order_id: 901, payment_id: 55 });

    const [order] = callsTo(server, ORDER_CALL);
    const line = 'Rua Augusta, 1500, Apto 12 - Consolação - São Paulo/SP - 01310-100';
    expect(order?.body).toEqual({
      order: {
        customer_name: 'Ana Souza',
        customer_email: 'ana@example.com',
        customer_phone: '11987654321',
        customer_cpf: '52998224725',
        customer_birth_date: '1995-04-20',
        customer_street: 'Rua Augusta',
        customer_number: '1500',
        customer_complement: 'Apto 12',
        customer_neighborhood: 'Consolação',
        customer_city: 'São Paulo',
        customer_state: 'SP',
        customer_zip_code: '01310100',
        notes: 'Cor: dourado 01',
        payment_method: 'pix',
        shipping_method: 'sedex',
        shipping_address: line,
        billing_address: line,
        customer_address: line,
      },
    });
    expect(order?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(callsTo(server, PAYMENT_CALL(901))[0]?.body).toEqual({
      payment_method: 'pix',
      frontend_url: window.location.origin,
      cep: '01310100',
    });
    // The server emptied the cart: it is read again, so the header count follows.
    await waitFor(() => expect(callsTo(server, 'GET /carts/current')).toHaveLength(2));
    // The address book is the server's business inside the order.
    expect(server.requests.some((r) => r.method !== 'GET' && r.path.startsWith('/addresses'))).toBe(
      false,
    );
  });

  it.each([
    ['Cartão de crédito', 'card', 'Total no cartão'],
    ['Boleto bancário', 'boleto', 'Total no boleto'],
  ] as const)(
    'sends %s as the payment method, totals the list price and goes to its payment step',
    async (label, method, totalLabel) => {
      const server = await openFilled(undefined, CARD_AND_BOLETO);
      const summary = screen.getByRole('region', { name: 'Resumo do pedido' });
      fireEvent.click(
        await screen.findByRole('radio', { name: new RegExp(`^${label}`) }, { timeout: 3000 }),
      );
      await waitFor(() =>
        expect(
          within(summary).getByText('Forma de pagamento').nextElementSibling,
        ).toHaveTextContent(label),
      );
      // 2 × R$ 50,00 + R$ 39,90 at the list price: no PIX discount on a card or a boleto.
      expect(within(summary).getByText(totalLabel).nextElementSibling?.textContent).toMatch(
        /^R\$ 139,90/,
      );
      expect(within(summary).queryByText('Total no PIX')).not.toBeInTheDocument();
      submit();
      await waitFor(() =>
        expect(screen.getByTestId('location')).toHaveTextContent(`/payment-${method}?order_id=901`),
      );
      expect(callsTo(server, ORDER_CALL)).toHaveLength(1);
      expect((callsTo(server, ORDER_CALL)[0]?.body as { order: object }).order).toMatchObject({
        payment_method: method,
      });
      // The card is typed, and the boleto issued, on the payment step: no PIX is created.
      expect(callsTo(server, PAYMENT_CALL(901))).toHaveLength(0);
    },
  );

  it("applies a coupon in the summary and totals each method's prices with it", async () => {
    // 10% off: R$ 13,99 of the list prices (R$ 139,90), R$ 13,29 of the PIX ones (R$ 132,90).
    const coupon = createCartCoupon({ discount_cents: 1399, pix_discount_cents: 1329 });
    const server = fakeCheckoutApi({
      cart: [...CART],
      profile: PROFILE,
      addresses: ADDRESSES,
      coupons: { BEMVINDA10: coupon },
    });
    await openFilled(server, CARD_AND_BOLETO);
    const summary = screen.getByRole('region', { name: 'Resumo do pedido' });
    fireEvent.change(within(summary).getByLabelText('Cupom de desconto'), {
      target: { value: 'bemvinda10' },
    });
    // Enter applies the code: it does not submit the order around it.
    fireEvent.keyDown(within(summary).getByLabelText('Cupom de desconto'), { key: 'Enter' });
    expect(await within(summary).findByText('BEMVINDA10')).toBeVisible();
    expect(callsTo(server, ORDER_CALL)).toHaveLength(0);
    expect(within(summary).getByText(coupon.description)).toBeVisible();
    const row = (label: string) => within(summary).getByText(label).nextElementSibling?.textContent;
    expect(row('Cupom BEMVINDA10')).toBe('−R$ 13,29');
    expect(row('Total no PIX')).toBe('R$ 119,61 + frete');
    expect(amountOf(/Cupom BEMVINDA10/)).toBe('−R$ 13,29');
    expect(amountOf(/Total/)).toBe('R$ 119,61');

    fireEvent.click(
      await screen.findByRole('radio', { name: /^Cartão de crédito/ }, { timeout: 3000 }),
    );
    await waitFor(() => expect(row('Cupom BEMVINDA10')).toBe('−R$ 13,99'));
    expect(row('Total no cartão')).toBe('R$ 125,91 + frete');
    expect(amountOf(/Cupom BEMVINDA10/)).toBe('−R$ 13,99');
    expect(amountOf(/Total/)).toBe('R$ 125,91');

    fireEvent.click(within(summary).getByRole('button', { name: 'Remover o cupom BEMVINDA10' }));
    await waitFor(() => expect(within(summary).queryByText('BEMVINDA10')).toBeNull());
    expect(row('Total no cartão')).toBe('R$ 139,90 + frete');
  });

  it("shows the server's refusal of the order and enables the button again", async () => {
    const server = await openFilled();
    server.orders = () => ({
      status: 422,
      body: {
        type: 'invalid_data',
        code: 'insufficient_stock',
        error: 'Estoque insuficiente para "Argola Lisa": resta 1 unidade.',
      },
    });
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Estoque insuficiente para "Argola Lisa": resta 1 unidade.',
    );
    expect(submitButton()).toHaveTextContent('Finalizar pedido');
    expect(submitButton()).toBeEnabled();

    server.orders = () => 'network-error';
    submit();
    await waitFor(() => expect(alertText()).toBe('Erro ao criar pedido'));
    expect(submitButton()).toBeEnabled();
    expect(callsTo(server, 'POST /orders/901/mercadopago_payment')).toHaveLength(0);
  });

  it('keeps the created order when the PIX fails, and a retry only creates the payment', async () => {
    const server = await openFilled();
    const createPayment = server.payments;
    server.payments = () => ({ status: 502, body: {} });
    submit();
    await waitFor(() => expect(alertText()).toBe('Erro ao criar pagamento PIX'));
    expect(submitButton()).toBeEnabled();
    // The cart was emptied by the order; the page still shows what was ordered.
    await waitFor(() => expect(callsTo(server, 'GET /carts/current')).toHaveLength(2));
    expect(within(products()).getByRole('row', { name: /Argola Lisa/ })).toBeVisible();
    expect(screen.getByText(/Pedido LP-901 criado/)).toBeVisible();

    server.payments = () => ({ status: 422, body: { message: 'Pedido já foi pago' } });
    submit();
    await waitFor(() => expect(alertText()).toBe('Pedido já foi pago'));

    server.payments = createPayment;
    submit();
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/payment-pix?order_id=901&payment_id=55',
      ),
    );
    expect(callsTo(server, ORDER_CALL)).toHaveLength(1);
    expect(callsTo(server, PAYMENT_CALL(901))).toHaveLength(3);
    expect(readPendingPayment()).toEqual({ order_id: 901, payment_id: 55 });
  });

  it('sends an Idempotency-Key on every order attempt, a new one once the form changed', async () => {
    const server = await openFilled();
    server.orders = () => ({ status: 409, body: { message: 'Seu carrinho mudou' } });
    submit();
    await screen.findByText('Seu carrinho mudou');
    submit();
    await waitFor(() => expect(callsTo(server, ORDER_CALL)).toHaveLength(2));
    await waitFor(() => expect(submitButton()).toBeEnabled());
    type(/Telefone/, '11912345678');
    submit();
    await waitFor(() => expect(callsTo(server, ORDER_CALL)).toHaveLength(3));

    const keys = callsTo(server, ORDER_CALL).map((request) => request.headers['idempotency-key']);
    expect(keys.every((key) => typeof key === 'string' && key.length >= 8)).toBe(true);
    // The unchanged retry may be the same submission whose answer was lost: same key.
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('calculates PAC and SEDEX for the CEP and adds it to the total', async () => {
    const server = await openFilled();
    const delivery = screen.getByRole('region', { name: 'Entrega' });
    fireEvent.click(within(delivery).getByRole('button', { name: 'Calcular' }));
    expect(await within(delivery).findByText('Entrega em até 8 dias úteis')).toBeVisible();
    expect(amountOf(/Frete \(PAC\)/)).toBe('R$ 21,90');
    expect(amountOf(/Total/)).toBe('R$ 154,80');
    expect(callsTo(server, 'POST /checkout/calculate_shipping')[0]?.body).toMatchObject({
      cep: '01310100',
      shipping_method: 'pac',
    });

    fireEvent.click(within(delivery).getByRole('radio', { name: 'SEDEX' }));
    expect(amountOf(/Frete/)).toBe('A calcular');
    fireEvent.click(within(delivery).getByRole('button', { name: 'Calcular' }));
    await waitFor(() => expect(amountOf(/Frete \(SEDEX\)/)).toBe('R$ 45,90'));
  });

  it('gives the shipping messages of the spec', async () => {
    const server = await openFilled();
    const delivery = screen.getByRole('region', { name: 'Entrega' });
    const calculate = () =>
      fireEvent.click(within(delivery).getByRole('button', { name: /Calcular/ }));

    type('CEP de entrega', '0131');
    calculate();
    expect(within(delivery).getByRole('alert')).toHaveTextContent(
      'Por favor, digite um CEP válido (8 dígitos)',
    );
    type('CEP de entrega', '11111111');
    calculate();
    expect(within(delivery).getByRole('alert')).toHaveTextContent(
      'Por favor, digite um CEP válido',
    );

    server.shipping = () => ({
      status: 422,
      body: { message: 'Não foi possível calcular o frete para este CEP' },
    });
    type('CEP de entrega', '69900000');
    calculate();
    expect(await within(delivery).findByRole('alert')).toHaveTextContent(
      'Não foi possível calcular o frete para este CEP',
    );

    server.shipping = () => ({ status: 500, body: { message: 'Erro interno do servidor.' } });
    type('CEP de entrega', '69900001');
    calculate();
    await waitFor(() =>
      expect(within(delivery).getByRole('alert')).toHaveTextContent(
        'Erro ao calcular frete. Tente novamente.',
      ),
    );
  });

  it('fills street, neighbourhood, city and state from the typed CEP', async () => {
    const server = fakeCheckoutApi({ cart: [...CART] });
    server.cep = () => ({
      body: {
        cep: '20040020',
        street: 'Avenida Rio Branco',
        neighborhood: 'Centro',
        city: 'Rio de Janeiro',
        state: 'RJ',
      },
    });
    renderCheckout();
    await screen.findByRole('region', { name: 'Dados do cliente' });
    type(/^CEP \*/, '20040-020');
    await waitFor(() => expect(field(/Rua/).value).toBe('Avenida Rio Branco'));
    expect(field(/Bairro/).value).toBe('Centro');
    expect(field(/Cidade/).value).toBe('Rio de Janeiro');
    expect(field(/Estado/).value).toBe('RJ');
    expect(field('CEP de entrega').value).toBe('20040-020');
  });
});

describe('CheckoutPage payment methods', () => {
  it('lists the methods after 1 s: PIX chosen, card and boleto disabled as coming soon', async () => {
    fakeCheckoutApi({ cart: [...CART] });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderCheckout();
    const box = await screen.findByRole('region', { name: 'Forma de pagamento' });
    expect(within(box).queryByRole('radio')).not.toBeInTheDocument();
    expect(within(box).getByRole('status')).toHaveTextContent('Carregando métodos de pagamento...');

    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(within(box).getByRole('radio', { name: /PIX/ })).toBeChecked();
    const card = within(box).getByRole('radio', { name: /Cartão de crédito/ });
    const slip = within(box).getByRole('radio', { name: /Boleto/ });
    expect(card).toBeDisabled();
    expect(slip).toBeDisabled();
    expect(card.closest('label')).toHaveTextContent('Em breve');
    expect(slip.closest('label')).toHaveTextContent('Em breve');
  });
});
