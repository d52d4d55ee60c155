import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createOrderStatus, signIn } from '../testing/payment-fixtures.tsx';
import { installFakeMercadoPago } from '../testing/fake-mercadopago-js.ts';
import {
  fakePaymentStepApi,
  renderPaymentStep,
  type StepAnswer,
} from '../testing/render-payment-step.tsx';
import { CardPaymentPage } from './card-payment-page.tsx';

const ORDER = createOrderStatus({ id: 12, total: 109.9 });
const PAY_CALL = 'POST /orders/12/payments';

function approved(status = 'approved', message = 'Pagamento aprovado.'): StepAnswer {
  return {
    body: {
      payment: {
        id: 7,
        method: 'card',
        status,
        status_detail: status === 'approved' ? 'accredited' : 'pending_contingency',
        message,
        installments: 3,
        card: { brand: 'master', last_four: '6351' },
      },
    },
  };
}

function setup(pay: () => StepAnswer | Promise<StepAnswer> = () => approved()) {
  const sdk = installFakeMercadoPago();
  const api = fakePaymentStepApi({ order: () => ORDER, pay });
  renderPaymentStep(<CardPaymentPage />, {
    route: '/payment-card?order_id=12',
    path: '/payment-card',
  });
  return {
    sdk,
    api,
    payCalls: () => api.requests.filter((r) => `${r.method} ${r.path}` === PAY_CALL),
  };
}

const select = () => screen.getByLabelText<HTMLSelectElement>('Parcelas');
const optionTexts = () =>
  within(select())
    .getAllByRole('option')
    .map((o) => o.textContent);
const payButton = () => screen.getByRole('button', { name: /^Pagar$|Processando/ });

async function fillCard(sdk: ReturnType<typeof installFakeMercadoPago>, holder = 'APRO') {
  await waitFor(() => expect(sdk.live()).toHaveLength(3));
  sdk.typeCard();
  fireEvent.change(screen.getByLabelText(/Nome do titular/), { target: { value: holder } });
  fireEvent.change(screen.getByLabelText('CPF do titular'), { target: { value: '12345678909' } });
  // The issuer's plan arrived: counts with interest are listed.
  await waitFor(() => expect(optionTexts().length).toBeGreaterThan(3));
}

beforeEach(() => {
  localStorage.clear();
  signIn();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CardPaymentPage', () => {
  it("mounts MercadoPago's secure fields with the shop's public key and lists the shop's instalments", async () => {
    const { sdk } = setup();
    expect(await screen.findByRole('heading', { name: 'Pagamento com cartão' })).toBeVisible();
    await waitFor(() => expect(sdk.live()).toHaveLength(3));
    expect(sdk.instances[0]).toEqual({
      publicKey: 'TEST-public-key',
      options: { locale: 'pt-BR' },
    });
    expect(sdk.live().map((field) => [field.type, field.container])).toEqual([
      ['cardNumber', 'cartao-numero'],
      ['expirationDate', 'cartao-validade'],
      ['securityCode', 'cartao-cvv'],
    ]);
    for (const name of ['Número do cartão', 'Validade (MM/AA)', 'Código de segurança (CVV)']) {
      expect(screen.getByRole('group', { name })).toBeInTheDocument();
    }
    // Before the card's BIN: only the settings' 3 interest-free counts.
    expect(optionTexts()).toEqual([
      '1x de R$ 109,90 à vista',
      '2x de R$ 54,95 sem juros',
      '3x de R$ 36,63 sem juros',
    ]);
    expect(screen.getByText(/para ver as parcelas com juros/)).toBeVisible();

    sdk.typeCard();
    await waitFor(() => expect(optionTexts()).toHaveLength(5));
    // R$ 20,00 at least each: 5x at most; beyond 3x the issuer's instalment and total with interest.
    expect(optionTexts()[3]).toBe('4x de R$ 29,66 com juros (total R$ 118,65)');
    expect(optionTexts()[4]).toBe('5x de R$ 24,17 com juros (total R$ 120,84)');
  });

  it('tokenizes in the SDK and sends only the token: approved goes to the success page, once per click', async () => {
    let answer: (value: StepAnswer) => void = () => undefined;
    const { sdk, api, payCalls } = setup(
      () => new Promise<StepAnswer>((resolve) => (answer = resolve)),
    );
    await fillCard(sdk);
    fireEvent.change(select(), { target: { value: '3' } });
    fireEvent.click(payButton());
    fireEvent.click(payButton());
    await waitFor(() => expect(payCalls()).toHaveLength(1));
    expect(payButton()).toHaveTextContent('Processando pagamento...');
    expect(payButton()).toBeDisabled();
    expect(sdk.tokenRequests).toEqual([
      { cardholderName: 'APRO', identificationType: 'CPF', identificationNumber: '12345678909' },
    ]);
    expect(payCalls()[0]?.body).toEqual({
      method: 'card',
      token: 'tok-1',
      installments: 3,
      payment_method_id: 'master',
      issuer_id: '24',
      payer: { cpf: '12345678909' },
    });
    // Nothing of the card itself reaches the shop's API.
    expect(JSON.stringify(api.requests)).not.toMatch(/5031|6351/);
    act(() => answer(approved()));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/payment-success?order_id=12'),
    );
    expect(payCalls()).toHaveLength(1);
  });

  it('says a payment in review waits for MercadoPago and where the order updates', async () => {
    const { sdk } = setup(() =>
      approved(
        'processing',
        'Estamos processando o pagamento. Acompanhe o status em Meus pedidos.',
      ),
    );
    await fillCard(sdk, 'CONT');
    fireEvent.click(payButton());
    const review = await screen.findByRole('status', { name: 'Pagamento em análise' });
    expect(review).toHaveTextContent('Estamos processando o pagamento.');
    expect(review).toHaveTextContent(/analisando o pagamento/);
    expect(within(review).getByRole('link', { name: 'Acompanhar o pedido' })).toHaveAttribute(
      'href',
      '/minha-conta/pedidos/12',
    );
  });

  it("shows the refusal's reason, then a fresh form for another card or the PIX of the same order", async () => {
    const { sdk, payCalls } = setup(() => ({
      status: 422,
      body: {
        type: 'invalid_data',
        code: 'payment_rejected',
        message: 'Saldo insuficiente no cartão.',
        payment: {
          id: 7,
          method: 'card',
          status: 'rejected',
          status_detail: 'cc_rejected_insufficient_amount',
          message: 'Saldo insuficiente no cartão.',
        },
      },
    }));
    await fillCard(sdk, 'FUND');
    fireEvent.click(payButton());
    const refusal = await screen.findByRole('alert', {
      name: 'Pagamento recusado: Saldo insuficiente no cartão.',
    });
    // The form is gone with its secure fields.
    expect(sdk.live()).toHaveLength(0);

    fireEvent.click(within(refusal).getByRole('button', { name: 'Tentar com outro cartão' }));
    await waitFor(() => expect(sdk.live()).toHaveLength(3));
    expect(screen.getByLabelText<HTMLInputElement>(/Nome do titular/).value).toBe('');
    await fillCard(sdk, 'FUND');
    fireEvent.click(payButton());
    await waitFor(() => expect(payCalls()).toHaveLength(2));
    // A new token for the new card: a token is single-use.
    expect(payCalls().map((call) => (call.body as { token: string }).token)).toEqual([
      'tok-1',
      'tok-2',
    ]);

    const again = await screen.findByRole('alert', { name: /Pagamento recusado/ });
    fireEvent.click(within(again).getByRole('button', { name: 'Pagar com PIX' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/payment-pix?order_id=12'),
    );
  });

  it('names what is missing and sends nothing', async () => {
    const { sdk, payCalls } = setup();
    await waitFor(() => expect(sdk.live()).toHaveLength(3));
    fireEvent.click(payButton());
    expect(await screen.findByText('Informe o nome como está no cartão.')).toBeVisible();
    expect(screen.getByText('Confira o número do cartão.')).toBeVisible();
    expect(screen.getByText('CPF inválido')).toBeVisible();
    expect(sdk.tokenRequests).toHaveLength(0);
    expect(payCalls()).toHaveLength(0);
  });
});
