import { describe, expect, it } from 'vitest';
import {
  PAYMENT_STATUS_LABELS,
  paymentStatusLabel,
  pixOutcome,
  pixStatusText,
  stopsPolling,
} from './payment-status.ts';

describe('payment status labels', () => {
  it('are one set for the order list, the result pages and the panel', () => {
    expect(PAYMENT_STATUS_LABELS).toEqual({
      pending: 'Aguardando Pagamento',
      processing: 'Processando',
      approved: 'Pago',
      completed: 'Concluído',
      rejected: 'Rejeitado',
      cancelled: 'Cancelado',
      refunded: 'Reembolsado',
    });
  });

  it.each([
    ['approved', 'Pago'],
    ['refunded', 'Reembolsado'],
    ['in_mediation', 'Aguardando Pagamento'],
    ['toString', 'Aguardando Pagamento'],
  ])('%s -> %s', (status, label) => {
    expect(paymentStatusLabel(status)).toBe(label);
  });
});

describe('PIX page', () => {
  it.each([
    ['pending', 'Aguardando pagamento...', false, undefined],
    ['processing', 'Processando pagamento...', true, 'success'],
    ['approved', 'Pagamento aprovado!', true, 'success'],
    ['completed', 'Pagamento aprovado!', false, 'success'],
    ['rejected', 'Pagamento rejeitado', true, 'failure'],
    ['cancelled', 'Pagamento cancelado', true, 'failure'],
    ['in_mediation', 'Aguardando pagamento...', false, undefined],
    ['constructor', 'Aguardando pagamento...', false, undefined],
  ])('%s: text %j, stops polling %s, outcome %s', (status, text, stops, outcome) => {
    expect(pixStatusText(status)).toBe(text);
    expect(stopsPolling(status)).toBe(stops);
    expect(pixOutcome(status)).toBe(outcome);
  });
});
