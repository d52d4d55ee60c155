import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createOrderStatus, signIn } from '../testing/payment-fixtures.tsx';
import { fakePaymentStepApi, renderPaymentStep } from '../testing/render-payment-step.tsx';
import { BoletoPaymentPage } from './boleto-payment-page.tsx';

const LINE = '23790000001325000000000000000000000000000000000';

const BOLETO = {
  payment: {
    id: 8,
    method: 'boleto',
    status: 'pending',
    status_detail: 'pending_waiting_payment',
    message: 'Boleto gerado. O pedido será confirmado quando o banco avisar o pagamento.',
    installments: null,
    boleto: {
      digitable_line: LINE,
      pdf_url: 'https://mercadopago.test/boleto/8.pdf',
      due_date: '2026-11-30',
    },
  },
};

beforeEach(() => {
  localStorage.clear();
  signIn();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('BoletoPaymentPage', () => {
  it('issues the boleto once and shows its line to copy, the PDF and the due date; paid goes to success', async () => {
    let order = createOrderStatus({ id: 12 });
    const api = fakePaymentStepApi({ order: () => order, pay: () => ({ body: BOLETO }) });
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderPaymentStep(<BoletoPaymentPage />, {
      route: '/payment-boleto?order_id=12',
      path: '/payment-boleto',
    });
    expect(await screen.findByRole('heading', { name: 'Boleto gerado' })).toBeVisible();
    const line = screen.getByLabelText<HTMLTextAreaElement>('Linha digitável');
    expect(line.value).toBe('23790.00000 13250.000000 00000.000000 0 00000000000000');
    expect(screen.getByText('30/11/2026')).toBeVisible();
    expect(screen.getByRole('link', { name: /Abrir boleto \(PDF\)/ })).toHaveAttribute(
      'href',
      'https://mercadopago.test/boleto/8.pdf',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Copiar linha digitável' }));
    expect(await screen.findByText('Linha digitável copiada!')).toBeVisible();
    expect(writeText).toHaveBeenCalledWith(LINE);
    const posts = api.requests.filter((r) => r.method === 'POST');
    expect(posts).toEqual([
      { method: 'POST', path: '/orders/12/payments', body: { method: 'boleto' } },
    ]);

    order = createOrderStatus({ id: 12, payment_status: 'approved', status: 'paid' });
    fireEvent.click(screen.getByRole('button', { name: 'Já paguei: verificar agora' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/payment-success?order_id=12'),
    );
  });

  it('says why no boleto was issued, and offers to try again or pay by PIX', async () => {
    fakePaymentStepApi({
      order: () => createOrderStatus({ id: 12 }),
      pay: () => ({
        status: 422,
        body: {
          type: 'invalid_data',
          code: 'boleto_requires_cpf',
          message:
            'Para pagar com boleto, o pedido precisa de um CPF válido. Faça o pedido com seu CPF.',
        },
      }),
    });
    renderPaymentStep(<BoletoPaymentPage />, {
      route: '/payment-boleto?order_id=12',
      path: '/payment-boleto',
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível gerar o boleto agora.');
    expect(alert).toHaveTextContent('precisa de um CPF válido');
    expect(screen.getByRole('link', { name: 'Pagar com PIX' })).toHaveAttribute(
      'href',
      '/payment-pix?order_id=12',
    );
  });
});
