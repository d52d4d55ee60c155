import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../../../lib/auth/testing/fake-api.ts';
import {
  createAdminPayment,
  createDetail,
  renderAdmin,
  storeLogin,
} from '../testing/admin-fixtures.tsx';

beforeEach(() => {
  localStorage.clear();
  storeLogin();
});

const paidByCard = createAdminPayment({
  id: 73,
  provider: 'mercadopago',
  status: 'approved',
  gateway_payment_id: '9001',
  txid: null,
  method: 'card',
  label: 'Cartão de crédito Mastercard final 6351 · 3x',
  status_detail: 'accredited',
  status_message: 'Pagamento aprovado.',
  installments: 3,
  card_brand: 'master',
  card_last_four: '6351',
  fee: 6.48,
  fee_cents: 648,
  net: 123.42,
  net_cents: 12342,
  approved_at: '2026-11-20T15:36:00.000Z',
});
const refused = createAdminPayment({
  id: 72,
  provider: 'mercadopago',
  status: 'rejected',
  gateway_payment_id: '9000',
  txid: null,
  method: 'card',
  label: 'Cartão de crédito Visa final 5682 · 3x',
  status_detail: 'cc_rejected_insufficient_amount',
  status_message: 'Saldo insuficiente no cartão.',
  installments: 3,
  card_brand: 'visa',
  card_last_four: '5682',
});

describe('admin order detail: payment', () => {
  it('shows how it was paid, the fee and the net, and every attempt with its detail', async () => {
    fakeApi(() => ({
      body: createDetail(
        {
          status: 'processing',
          payment_status: 'approved',
          payment_method: 'card',
          payment: {
            method: 'card',
            label: 'Cartão de crédito Mastercard final 6351 · 3x',
            status: 'approved',
            status_detail: 'accredited',
            installments: 3,
            card_brand: 'master',
            card_last_four: '6351',
            paid_at: '2026-11-20T15:36:00.000Z',
            boleto: null,
          },
        },
        { payments: [paidByCard, refused], available_actions: ['ship', 'cancel'] },
      ),
    }));
    renderAdmin('/admin/pedidos/41');
    const box = (await screen.findByRole('heading', { name: 'Pagamento' })).closest('section')!;
    const summary = within(box).getAllByText('Cartão de crédito Mastercard final 6351 · 3x')[0]!;
    expect(summary).toBeVisible();
    const row = (label: string) => within(box).getByText(label).closest('div');
    expect(row('Tarifa')).toHaveTextContent('TarifaR$ 6,48');
    expect(row('Líquido')).toHaveTextContent('LíquidoR$ 123,42');
    expect(row('Valor pago')).toHaveTextContent('Valor pagoR$ 129,90');

    expect(within(box).getByRole('heading', { name: 'Tentativas (2)' })).toBeVisible();
    const attempts = within(box).getAllByRole('listitem');
    expect(attempts[0]).toHaveTextContent(
      'Cartão de crédito Mastercard final 6351 · 3x · R$ 129,90',
    );
    expect(attempts[0]).toHaveTextContent('Pagamento aprovado. (accredited)');
    expect(attempts[1]).toHaveTextContent('Cartão de crédito Visa final 5682 · 3x');
    expect(attempts[1]).toHaveTextContent('Rejeitado');
    expect(attempts[1]).toHaveTextContent(
      'Saldo insuficiente no cartão. (cc_rejected_insufficient_amount)',
    );
  });

  it('leaves fee and net out when the provider did not report them', async () => {
    fakeApi(() => ({
      body: createDetail(
        {
          payment: {
            method: 'pix',
            label: 'PIX',
            status: 'pending',
            status_detail: null,
            installments: null,
            card_brand: null,
            card_last_four: null,
            paid_at: null,
            boleto: null,
          },
        },
        { payments: [createAdminPayment()] },
      ),
    }));
    renderAdmin('/admin/pedidos/41');
    const box = (await screen.findByRole('heading', { name: 'Pagamento' })).closest('section')!;
    expect(within(box).getAllByText('PIX', { exact: false }).length).toBeGreaterThan(0);
    expect(within(box).queryByText('Tarifa')).toBeNull();
    expect(within(box).queryByText('Líquido')).toBeNull();
  });

  it('says when the customer has not started paying', async () => {
    fakeApi(() => ({ body: createDetail() }));
    renderAdmin('/admin/pedidos/41');
    expect(await screen.findByText('O cliente ainda não começou a pagar.')).toBeVisible();
  });
});
