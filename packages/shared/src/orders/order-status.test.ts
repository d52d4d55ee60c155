import { describe, expect, it } from 'vitest';
import { orderStatusLabel } from './order-status.ts';

describe('orderStatusLabel', () => {
  it.each([
    ['pending', 'Pendente'],
    ['processing', 'Processando'],
    ['shipped', 'Enviado'],
    ['delivered', 'Entregue'],
    ['cancelled', 'Cancelado'],
    ['refunded', 'Reembolsado'],
    ['partially_returned', 'Devolvido parcialmente'],
    ['returned', 'Devolvido'],
    ['lost', 'Pendente'],
  ])('%s -> %s', (status, label) => {
    expect(orderStatusLabel(status)).toBe(label);
  });
});
