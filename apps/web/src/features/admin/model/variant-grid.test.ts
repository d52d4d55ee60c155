import { adminProductFormSchema } from '@lumina/shared/admin/product-form-schema';
import { describe, expect, it } from 'vitest';
import { createAdminProduct, createVariant } from '../testing/admin-fixtures.tsx';
import {
  addOption,
  addValues,
  gridBody,
  gridOf,
  noGridErrors,
  optionPositions,
  placeGridError,
  removeOption,
  removeRow,
  removeValue,
  restoreRemoved,
  rowLabel,
  rowSku,
  setForAll,
  suggestedSku,
  updateOption,
  updateRow,
  type GridState,
} from './variant-grid.ts';

/** A new product's grid with the options given by name and values. */
function gridWith(options: [string, string][]): GridState {
  let state = gridOf(undefined);
  for (const [name, values] of options) {
    state = addOption(state);
    const key = state.options.at(-1)!.key;
    state = updateOption(state, key, (option) => ({ ...option, name }));
    state = addValues(state, key, values);
  }
  return state;
}

const labels = (state: GridState) => state.rows.map((row) => rowLabel(state.options, row));

describe('variant grid', () => {
  it('has one row per combination, the first option varying slowest', () => {
    const state = gridWith([
      ['Diâmetro', '6 mm, 8 mm, 10 mm'],
      ['Cor', 'Prata, Dourado'],
    ]);
    expect(labels(state)).toEqual([
      '6 mm · Prata',
      '6 mm · Dourado',
      '8 mm · Prata',
      '8 mm · Dourado',
      '10 mm · Prata',
      '10 mm · Dourado',
    ]);
    expect(state.rows.map((row) => rowSku(state, row, 'CLK'))).toEqual([
      'CLK-6MM-PRATA',
      'CLK-6MM-DOURADO',
      'CLK-8MM-PRATA',
      'CLK-8MM-DOURADO',
      'CLK-10MM-PRATA',
      'CLK-10MM-DOURADO',
    ]);
  });

  it('keeps the rows it had (id, SKU, stock, prices) when a value is added or removed', () => {
    const product = createAdminProduct({
      options: [{ name: 'Diâmetro', values: ['6 mm', '8 mm'] }],
      variants: [
        createVariant({ id: 5, sku: 'CLK-6', option_values: { Diâmetro: '6 mm' } }),
        createVariant({
          id: 6,
          sku: 'CLK-8',
          option_values: { Diâmetro: '8 mm' },
          stock_quantity: 0,
          price_cents: 6290,
        }),
      ],
    });
    let state = gridOf(product);
    const key = state.options[0]!.key;
    state = addValues(state, key, '10 mm');
    expect(state.rows.map((row) => [row.id, row.sku, row.stock, row.price])).toEqual([
      [5, 'CLK-6', '8', ''],
      [6, 'CLK-8', '0', '62,90'],
      [undefined, null, '0', ''],
    ]);
    // A value taken out by mistake and put back brings its variant back, id included.
    state = removeValue(state, key, '8 mm');
    expect(labels(state)).toEqual(['6 mm', '10 mm']);
    state = addValues(state, key, '8 mm');
    expect(state.rows.map((row) => row.id)).toEqual([5, undefined, 6]);
  });

  it('gives a new option to the rows it already had, the first value inheriting them', () => {
    let state = gridOf(
      createAdminProduct({
        options: [{ name: 'Diâmetro', values: ['6 mm', '8 mm'] }],
        variants: [
          createVariant({ id: 5, option_values: { Diâmetro: '6 mm' }, stock_quantity: 3 }),
          createVariant({ id: 6, option_values: { Diâmetro: '8 mm' }, stock_quantity: 4 }),
        ],
      }),
    );
    state = addOption(state);
    const cor = state.options[1]!.key;
    state = updateOption(state, cor, (option) => ({ ...option, name: 'Cor' }));
    state = addValues(state, cor, 'Prata, Dourado');
    expect(state.rows.map((row) => [rowLabel(state.options, row), row.id, row.stock])).toEqual([
      ['6 mm · Prata', 5, '3'],
      ['6 mm · Dourado', undefined, '0'],
      ['8 mm · Prata', 6, '4'],
      ['8 mm · Dourado', undefined, '0'],
    ]);
    // Renaming an option keeps every row.
    state = updateOption(state, cor, (option) => ({ ...option, name: 'Banho' }));
    expect(state.rows.map((row) => row.id)).toEqual([5, undefined, 6, undefined]);
    state = removeOption(state, cor);
    expect(state.rows.map((row) => row.id)).toEqual([5, 6]);
  });

  it('turns the one variant of a product without options into the first combination', () => {
    let state = gridOf(createAdminProduct());
    expect(state.rows).toHaveLength(1);
    expect(gridBody(state, 'ARG-001')).toEqual({ options: [] });
    state = addOption(state);
    const key = state.options[0]!.key;
    state = updateOption(state, key, (option) => ({ ...option, name: 'Cor' }));
    state = addValues(state, key, 'Prata, Dourado');
    expect(state.rows.map((row) => [row.id, row.stock, rowSku(state, row, 'ARG-001')])).toEqual([
      [31, '8', 'ARG-001-PRATA'],
      [undefined, '0', 'ARG-001-DOURADO'],
    ]);
  });

  it('opens with the combinations a product has no variant for still removed', () => {
    let state = gridOf(
      createAdminProduct({
        options: [
          { name: 'Diâmetro', values: ['6 mm', '8 mm'] },
          { name: 'Cor', values: ['Prata', 'Dourado'] },
        ],
        variants: [
          createVariant({ id: 5, option_values: { Diâmetro: '6 mm', Cor: 'Prata' } }),
          createVariant({ id: 6, option_values: { Diâmetro: '8 mm', Cor: 'Prata' } }),
          createVariant({ id: 7, option_values: { Diâmetro: '8 mm', Cor: 'Dourado' } }),
        ],
      }),
    );
    expect(labels(state)).toEqual(['6 mm · Prata', '8 mm · Prata', '8 mm · Dourado']);
    state = restoreRemoved(state);
    expect(state.rows.map((row) => row.id)).toEqual([5, undefined, 6, 7]);
  });

  it('leaves an empty option slot out of the body, messages still finding their option', () => {
    let state = addOption(gridOf(createAdminProduct()));
    expect(gridBody(state, 'ARG-001')).toEqual({ options: [] });
    state = addOption(state);
    const second = state.options[1]!.key;
    state = updateOption(state, second, (option) => ({ ...option, name: 'Cor' }));
    expect(gridBody(state, 'ARG-001').options).toEqual([{ name: 'Cor', values: [] }]);
    const errors = noGridErrors();
    placeGridError(errors, ['options', 0, 'values'], 'Sem valores', optionPositions(state));
    expect(errors.options).toEqual({ 1: 'Sem valores' });
  });

  it('removes a combination that does not exist, and restores it on request', () => {
    let state = gridWith([
      ['Diâmetro', '6 mm, 8 mm'],
      ['Cor', 'Prata, Dourado'],
    ]);
    state = removeRow(state, state.rows[1]!.key);
    expect(labels(state)).toEqual(['6 mm · Prata', '8 mm · Prata', '8 mm · Dourado']);
    state = addValues(state, state.options[0]!.key, '10 mm');
    expect(labels(state)).not.toContain('6 mm · Dourado');
    state = restoreRemoved(state);
    expect(labels(state)).toContain('6 mm · Dourado');
  });

  it('sets the stock or the price of every row at once', () => {
    let state = gridWith([['Cor', 'Prata, Dourado, Preto']]);
    state = setForAll(state, { stock: '7' });
    state = setForAll(state, { price: '19,90' });
    expect(state.rows.map((row) => [row.stock, row.price])).toEqual([
      ['7', '19,90'],
      ['7', '19,90'],
      ['7', '19,90'],
    ]);
  });

  it('sends options and variants in reais, the schema accepting them', () => {
    let state = gridWith([
      ['Diâmetro', '8 mm'],
      ['Cor', 'Prata, Dourado'],
    ]);
    const [first, second] = state.rows;
    state = updateRow(state, first!.key, {
      stock: '4',
      price: '62,90',
      pix_price: '59,9',
      weight: '12',
      gtin: '7891234567895',
      low_stock: '2',
    });
    state = updateRow(state, second!.key, { sku: 'CLK-OURO', active: false, sale_price: '50' });
    const body = gridBody(state, 'CLK');
    expect(body).toEqual({
      options: [
        { name: 'Diâmetro', values: ['8 mm'] },
        { name: 'Cor', values: ['Prata', 'Dourado'] },
      ],
      variants: [
        {
          sku: 'CLK-8MM-PRATA',
          option_values: { Diâmetro: '8 mm', Cor: 'Prata' },
          stock_quantity: 4,
          low_stock_threshold: 2,
          price: 62.9,
          sale_price: null,
          pix_price: 59.9,
          weight_grams: 12,
          gtin: '7891234567895',
          image: null,
          active: true,
        },
        {
          sku: 'CLK-OURO',
          option_values: { Diâmetro: '8 mm', Cor: 'Dourado' },
          stock_quantity: 0,
          low_stock_threshold: null,
          price: null,
          sale_price: 50,
          pix_price: null,
          weight_grams: null,
          gtin: null,
          image: null,
          active: false,
        },
      ],
    });
    const parsed = adminProductFormSchema.safeParse({
      name: 'Clicker',
      price: '59,90',
      category: 'orelha',
      ...body,
    });
    expect(parsed.success).toBe(true);
    expect(parsed.data?.variants?.[0]?.price).toBe(6290);
    expect(parsed.data?.variants?.map((variant) => variant.low_stock_threshold)).toEqual([2, null]);
  });

  it('suggests a SKU from the product SKU and the values, without accents or spaces', () => {
    expect(suggestedSku('clk', ['8 mm', 'Prata'])).toBe('CLK-8MM-PRATA');
    expect(suggestedSku('CLK', ['1,2 mm', 'Ouro Rosé'])).toBe('CLK-1-2MM-OUROROSE');
    expect(suggestedSku('', ['8 mm'])).toBe('');
    expect(suggestedSku('X'.repeat(58), ['Prata']).length).toBe(60);
  });

  it('places messages on their row, with or without the position in the key', () => {
    const errors = noGridErrors();
    expect(placeGridError(errors, ['product', 'variants', '3', 'sku'], 'SKU já cadastrado')).toBe(
      true,
    );
    placeGridError(errors, ['variants', 'sku'], 'Variante 2: SKU já cadastrado');
    placeGridError(errors, ['variants', 0, 'option_values', 'Cor'], 'Variante 1: escolha Cor');
    placeGridError(errors, ['variants'], 'O produto precisa de pelo menos uma variante');
    placeGridError(errors, ['options', 1, 'name'], 'Opção repetida: Cor');
    expect(placeGridError(errors, ['sku'], 'SKU já cadastrado')).toBe(false);
    expect(errors).toEqual({
      rows: {
        0: { row: 'Variante 1: escolha Cor' },
        1: { sku: 'Variante 2: SKU já cadastrado' },
        3: { sku: 'SKU já cadastrado' },
      },
      options: { 1: 'Opção repetida: Cor' },
      general: ['O produto precisa de pelo menos uma variante'],
    });
  });
});
