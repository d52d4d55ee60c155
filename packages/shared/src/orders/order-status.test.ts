import { describe, expect, it } from 'vitest';
import { orderStatusLabel, paymentBadge } from './order-status.ts';

describe('orderStatusLabel', () => {
  it.each([
    ['pending', 'Pendente'],
    ['processing', 'Processando'],
    ['shipped', 'Enviado'],
    ['delivered', 'Entregue'],
    ['cancelled', 'Cancelado'],
    ['refunded', 'Reembolsado'],
    ['lost', 'Pendente'],
  ])('%s -> %s', (status, label) => {
    expect(orderStatusLabel(status)).toBe(label);
  });
});

describe('paymentBadge', () => {
  it.each([
    ['pending', 'pending', 'Aguardando Pagamento'],
    ['approved', 'approved', 'Pago'],
    ['rejected', 'rejected', 'Rejeitado'],
    ['cancelled', 'cancelled', 'Cancelado'],
    ['processing', 'pending', 'Aguardando Pagamento'],
    ['', 'pending', 'Aguardando Pagamento'],
  ])('%j -> %s (%s)', (status, badge, label) => {
    expect(paymentBadge(status)).toEqual({ status: badge, label });
  });
});
