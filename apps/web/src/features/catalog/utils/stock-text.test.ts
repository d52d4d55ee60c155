import { describe, expect, it } from 'vitest';
import { stockText } from './stock-text.ts';

const product = (stock_quantity: number, active = true) => ({
  active,
  stock_quantity,
  stock_status: stock_quantity > 0 ? ('in_stock' as const) : ('out_of_stock' as const),
});

describe('stockText', () => {
  it.each([
    [25, 'Em estoque: 25 unidades'],
    [11, 'Em estoque: 11 unidades'],
    [10, 'Últimas 10 unidades'],
    [2, 'Últimas 2 unidades'],
    [1, 'Última unidade'],
    [0, 'Esgotado'],
  ])('says %d units as %j', (units, text) => {
    expect(stockText(product(units)).text).toBe(text);
  });

  it('calls an inactive product unavailable whatever its stock', () => {
    expect(stockText(product(30, false))).toEqual({ text: 'Indisponível', tone: 'inactive' });
  });
});
