import { describe, expect, it } from 'vitest';
import {
  itemCountText,
  itemName,
  itemRow,
  summaryRows,
  type SummaryItem,
} from './contract-summary.ts';

const ring: SummaryItem = {
  name: 'Argola Lisa',
  optionValues: { Diâmetro: '8 mm' },
  quantity: 2,
  unitCents: 4750,
  listUnitCents: 5000,
};
const labret: SummaryItem = {
  name: 'Labret Titânio',
  optionValues: {},
  quantity: 1,
  unitCents: 3790,
  listUnitCents: 3990,
};
const pac = { name: 'PAC', costCents: 2190, deliveryDays: 8 };

describe('contract summary', () => {
  it('names each line with its variant, quantity and total', () => {
    expect(itemRow(ring)).toEqual({ label: '2 × Argola Lisa (Diâmetro: 8 mm)', value: 'R$ 95,00' });
    expect(itemRow(labret)).toEqual({ label: '1 × Labret Titânio', value: 'R$ 37,90' });
    // The name's own size gives way to the variant's.
    expect(itemName('Argola - Tamanho: 10mm; Espessura: 1,2mm', { Diâmetro: '8mm' })).toBe(
      'Argola - Espessura: 1,2mm (Diâmetro: 8mm)',
    );
    expect(itemCountText(1)).toBe('1 item');
    expect(itemCountText(3)).toBe('3 itens');
  });

  it('gives freight, delivery time, payment and both totals once the freight is quoted', () => {
    expect(summaryRows({ items: [ring, labret], shipping: pac, pixDiscount: true })).toEqual([
      { label: 'Subtotal (3 itens)', value: 'R$ 132,90' },
      { label: 'Frete (PAC)', value: 'R$ 21,90' },
      { label: 'Prazo de entrega', value: 'até 8 dias úteis' },
      { label: 'Forma de pagamento', value: 'PIX' },
      { label: 'Total no PIX', value: 'R$ 154,80' },
      { label: 'Total sem o desconto do PIX', value: 'R$ 161,80' },
    ]);
  });

  it("lists the discounts under the subtotal and takes them off the method's total", () => {
    const rows = summaryRows({
      items: [ring, labret],
      shipping: pac,
      pixDiscount: true,
      discounts: [
        { label: 'Promoção Semana do Nariz', cents: 379 },
        { label: 'Cupom BEMVINDA10', cents: 1291 },
      ],
      // The same discounts on the list prices, for the total without the PIX discount.
      listDiscountCents: 1759,
    });
    expect(rows).toEqual([
      { label: 'Subtotal (3 itens)', value: 'R$ 132,90' },
      { label: 'Promoção Semana do Nariz', value: '−R$ 3,79' },
      { label: 'Cupom BEMVINDA10', value: '−R$ 12,91' },
      { label: 'Frete (PAC)', value: 'R$ 21,90' },
      { label: 'Prazo de entrega', value: 'até 8 dias úteis' },
      { label: 'Forma de pagamento', value: 'PIX' },
      { label: 'Total no PIX', value: 'R$ 138,10' },
      { label: 'Total sem o desconto do PIX', value: 'R$ 144,21' },
    ]);
  });

  it('says the freight is still to be added before the quote, and free PAC as Grátis', () => {
    const rows = summaryRows({ items: [ring], shipping: null, pixDiscount: true });
    expect(rows.map((row) => row.value)).toEqual([
      'R$ 95,00',
      'A calcular',
      'PIX',
      'R$ 95,00 + frete',
      'R$ 100,00 + frete',
    ]);
    const free = summaryRows({
      items: [ring],
      shipping: { ...pac, costCents: 0 },
      pixDiscount: false,
    });
    expect(free.find((row) => row.label === 'Frete (PAC)')?.value).toBe('Grátis');
  });

  it('has no row without the PIX discount when the shop gives none', () => {
    const labels = (pixDiscount: boolean, items: SummaryItem[]) =>
      summaryRows({ items, shipping: pac, pixDiscount }).map((row) => row.label);
    expect(labels(false, [ring])).not.toContain('Total sem o desconto do PIX');
    // Prices without any discount: nothing to compare, whatever the settings say.
    expect(labels(true, [{ ...ring, listUnitCents: ring.unitCents }])).not.toContain(
      'Total sem o desconto do PIX',
    );
  });

  it('prices a card or a boleto at the list prices, with no PIX saving to show', () => {
    expect(itemRow(ring, 'card')).toEqual({
      label: '2 × Argola Lisa (Diâmetro: 8 mm)',
      value: 'R$ 100,00',
    });
    expect(
      summaryRows({ items: [ring, labret], shipping: pac, pixDiscount: true, method: 'card' }),
    ).toEqual([
      { label: 'Subtotal (3 itens)', value: 'R$ 139,90' },
      { label: 'Frete (PAC)', value: 'R$ 21,90' },
      { label: 'Prazo de entrega', value: 'até 8 dias úteis' },
      { label: 'Forma de pagamento', value: 'Cartão de crédito' },
      { label: 'Total no cartão', value: 'R$ 161,80' },
    ]);
    const boleto = summaryRows({
      items: [ring],
      shipping: null,
      pixDiscount: true,
      method: 'boleto',
    });
    expect(boleto.map((row) => `${row.label}: ${row.value}`)).toEqual([
      'Subtotal (2 itens): R$ 100,00',
      'Frete: A calcular',
      'Forma de pagamento: Boleto bancário',
      'Total no boleto: R$ 100,00 + frete',
    ]);
  });
});
