import { adminPriceCents } from '@lumina/shared/admin/product-form-schema';
import type { OptionValues, ProductDto } from '@lumina/shared/catalog/product';
import {
  MAX_OPTIONS,
  optionCombinations,
  suggestedVariantSku,
} from '@lumina/shared/catalog/variants';

/** 'CLK' and 8 mm, Prata -> 'CLK-8MM-PRATA' (the server writes the same for a blank SKU). */
export { suggestedVariantSku as suggestedSku };

/**
 * The product form's options and variant grid as the panel edits them. Rows hold their values by
 * the option's local key, not its name, so renaming an option keeps every row; text is kept as
 * typed and only becomes numbers in the body.
 */

export interface OptionDraft {
  /** Local, stable while the dialog is open. */
  key: string;
  name: string;
  values: string[];
}

export interface VariantRow {
  /** Local, stable while the row exists. */
  key: string;
  /** The server's id: an existing variant keeps it (and its place in carts and orders). */
  id?: number;
  /** Option key -> value. */
  values: Record<string, string>;
  /** null: the suggestion from the product SKU and the values, which follows both. */
  sku: string | null;
  stock: string;
  /** '' : the store settings' default threshold. */
  low_stock: string;
  price: string;
  sale_price: string;
  pix_price: string;
  weight: string;
  gtin: string;
  image: string;
  active: boolean;
}

export interface GridState {
  options: OptionDraft[];
  rows: VariantRow[];
  /** Combinations the owner removed (they do not exist as pieces), by option key. */
  removed: Record<string, string>[];
  /** Rows that left the grid with a value: a value added back brings them (and their id) back. */
  stash: VariantRow[];
}

let nextKey = 0;
export const localKey = (prefix: string) => `${prefix}${(nextKey += 1)}`;

const reais = (cents: number | null) =>
  cents === null ? '' : (cents / 100).toFixed(2).replace('.', ',');

/** Options that take part in the grid: named, with at least one value. */
export function gridOptions(options: readonly OptionDraft[]): OptionDraft[] {
  return options.filter((option) => option.name.trim() !== '' && option.values.length > 0);
}

export function emptyRow(values: Record<string, string>): VariantRow {
  return {
    key: localKey('v'),
    values,
    sku: null,
    stock: '0',
    low_stock: '',
    price: '',
    sale_price: '',
    pix_price: '',
    weight: '',
    gtin: '',
    image: '',
    active: true,
  };
}

/** Every combination of the options' values, the first option varying slowest, by local key. */
export function combinations(options: readonly OptionDraft[]): Record<string, string>[] {
  return optionCombinations(options, (option) => option.key);
}

function comboKey(options: readonly OptionDraft[], values: Record<string, string>): string {
  return JSON.stringify(options.map((option) => values[option.key] ?? null));
}

/**
 * The grid for the current options: one row per combination not removed, keeping the row that
 * already had exactly those values, else a row from before an option was added (its values are a
 * part of the combination: the first such combination inherits its id, SKU and stock), else a
 * new row. Rows that no longer fit wait in the stash.
 */
export function syncGrid(state: GridState): GridState {
  const options = gridOptions(state.options);
  const removed = new Set(state.removed.map((values) => comboKey(options, values)));
  const pool = [...state.rows, ...state.stash];
  const used = new Set<VariantRow>();
  const fits = (row: VariantRow, combo: Record<string, string>, exact: boolean) =>
    options.every((option) =>
      row.values[option.key] === undefined ? !exact : row.values[option.key] === combo[option.key],
    );
  const rows = combinations(options)
    .filter((combo) => options.length === 0 || !removed.has(comboKey(options, combo)))
    .map((combo) => {
      const row =
        pool.find((candidate) => !used.has(candidate) && fits(candidate, combo, true)) ??
        pool.find((candidate) => !used.has(candidate) && fits(candidate, combo, false));
      if (!row) return emptyRow(combo);
      used.add(row);
      return { ...row, values: combo };
    });
  const stash = pool.filter((row) => !used.has(row) && (row.id !== undefined || touched(row)));
  return { ...state, rows, stash };
}

function touched(row: VariantRow): boolean {
  return (
    row.sku !== null ||
    row.stock !== '0' ||
    row.low_stock !== '' ||
    row.price !== '' ||
    row.sale_price !== '' ||
    row.pix_price !== '' ||
    row.weight !== '' ||
    row.gtin !== '' ||
    row.image !== '' ||
    !row.active
  );
}

/** The grid a product opens with: its options and its variants as rows. */
export function gridOf(product: ProductDto | undefined): GridState {
  const options: OptionDraft[] = (product?.options ?? []).map((option) => ({
    key: localKey('o'),
    name: option.name,
    values: [...option.values],
  }));
  const single = options.length === 0;
  const rows: VariantRow[] = (product?.variants ?? []).map((variant) => {
    const values: Record<string, string> = {};
    for (const option of options) {
      const value = variant.option_values[option.name];
      if (value !== undefined) values[option.key] = value;
    }
    return {
      key: localKey('v'),
      id: variant.id,
      values,
      // The one variant of a product without options has the product's SKU: given values, it
      // takes the suggestion built on it ('ARG-001-PRATA'), like the rows added beside it.
      sku: single && variant.sku === product?.sku ? null : variant.sku,
      stock: String(variant.stock_quantity),
      low_stock: variant.low_stock_threshold == null ? '' : String(variant.low_stock_threshold),
      price: reais(variant.price_cents),
      sale_price: reais(variant.sale_price_cents),
      pix_price: reais(variant.pix_price_cents),
      weight: variant.weight_grams === null ? '' : String(variant.weight_grams),
      gtin: variant.gtin ?? '',
      image: variant.image ?? '',
      active: variant.active,
    };
  });
  // Combinations the product has no variant for were removed when it was saved: they stay
  // removed (restorable), rather than coming back as new rows on every edit.
  const named = gridOptions(options);
  const removed =
    named.length === 0
      ? []
      : combinations(named).filter(
          (combo) =>
            !rows.some((row) =>
              named.every((option) => row.values[option.key] === combo[option.key]),
            ),
        );
  return syncGrid({ options, rows, removed, stash: [] });
}

export function addOption(state: GridState, name = ''): GridState {
  if (state.options.length >= MAX_OPTIONS) return state;
  return { ...state, options: [...state.options, { key: localKey('o'), name, values: [] }] };
}

export function updateOption(
  state: GridState,
  key: string,
  change: (option: OptionDraft) => OptionDraft,
): GridState {
  return syncGrid({
    ...state,
    options: state.options.map((option) => (option.key === key ? change(option) : option)),
  });
}

export function removeOption(state: GridState, key: string): GridState {
  const without = (values: Record<string, string>) => {
    const next = { ...values };
    delete next[key];
    return next;
  };
  return syncGrid({
    options: state.options.filter((option) => option.key !== key),
    rows: state.rows.map((row) => ({ ...row, values: without(row.values) })),
    removed: state.removed.map(without),
    // A stashed row named a value of this option: without it, it could match a wrong row.
    stash: [],
  });
}

/** Values typed at once ("6 mm, 8 mm") are added in order; repeated ones are ignored. */
export function addValues(state: GridState, key: string, text: string): GridState {
  return updateOption(state, key, (option) => {
    const values = [...option.values];
    for (const value of text.split(',').map((part) => part.trim())) {
      const seen = values.some(
        (existing) => existing.toLocaleLowerCase('pt-BR') === value.toLocaleLowerCase('pt-BR'),
      );
      if (value !== '' && !seen) values.push(value);
    }
    return { ...option, values };
  });
}

export function removeValue(state: GridState, key: string, value: string): GridState {
  return updateOption(state, key, (option) => ({
    ...option,
    values: option.values.filter((existing) => existing !== value),
  }));
}

/** Moves a value one place earlier: the storefront lists values in this order. */
export function moveValueEarlier(state: GridState, key: string, value: string): GridState {
  return updateOption(state, key, (option) => {
    const index = option.values.indexOf(value);
    if (index <= 0) return option;
    const values = [...option.values];
    values.splice(index - 1, 2, value, values[index - 1]!);
    return { ...option, values };
  });
}

/** A combination that does not exist as a piece leaves the grid. */
export function removeRow(state: GridState, rowKey: string): GridState {
  const row = state.rows.find((candidate) => candidate.key === rowKey);
  if (!row) return state;
  return syncGrid({ ...state, removed: [...state.removed, row.values] });
}

export function restoreRemoved(state: GridState): GridState {
  return syncGrid({ ...state, removed: [] });
}

export function updateRow(
  state: GridState,
  rowKey: string,
  change: Partial<Omit<VariantRow, 'key' | 'id' | 'values'>>,
): GridState {
  return {
    ...state,
    rows: state.rows.map((row) => (row.key === rowKey ? { ...row, ...change } : row)),
  };
}

export function setForAll(
  state: GridState,
  change: Partial<Pick<VariantRow, 'stock' | 'price'>>,
): GridState {
  return { ...state, rows: state.rows.map((row) => ({ ...row, ...change })) };
}

export function rowValues(options: readonly OptionDraft[], row: VariantRow): string[] {
  return gridOptions(options).map((option) => row.values[option.key] ?? '');
}

export function rowSku(state: GridState, row: VariantRow, productSku: string): string {
  return row.sku ?? suggestedVariantSku(productSku, rowValues(state.options, row));
}

/** "8 mm · Prata": how a row is named on screen and to assistive technology. */
export function rowLabel(options: readonly OptionDraft[], row: VariantRow): string {
  return rowValues(options, row).join(' · ');
}

/** Reais typed ("12,90") -> the number of reais the API reads (12.9); null when empty. */
function reaisOf(text: string): number | string | null {
  if (text.trim() === '') return null;
  const cents = adminPriceCents(text);
  // Not a price: sent as typed so the schema says what is wrong with it.
  return cents === undefined ? text : cents / 100;
}

function integerOf(text: string): number | string | null {
  if (text.trim() === '') return null;
  return /^\d+$/.test(text.trim()) ? Number(text.trim()) : text;
}

/** The options the body carries: an option slot left empty (no name, no value) is none. */
function sentOptions(state: GridState): OptionDraft[] {
  return state.options.filter((option) => option.name.trim() !== '' || option.values.length > 0);
}

/** The body's option positions -> the form's, for messages about an option. */
export function optionPositions(state: GridState): number[] {
  const sent = sentOptions(state);
  return sent.map((option) => state.options.indexOf(option));
}

/**
 * `options` and `variants` of the body. Without options there are no variants in the body: the
 * product keeps one variant from the form's SKU and stock, as before variants existed.
 */
export function gridBody(state: GridState, productSku: string) {
  // An option slot left empty (no name, no value) is not an option.
  const options = sentOptions(state).map((option) => ({
    name: option.name.trim(),
    values: option.values,
  }));
  if (options.length === 0) return { options };
  const named = gridOptions(state.options);
  const variants = state.rows.map((row) => {
    const option_values: OptionValues = {};
    for (const option of named) {
      const value = row.values[option.key];
      if (value !== undefined) option_values[option.name.trim()] = value;
    }
    return {
      ...(row.id === undefined ? {} : { id: row.id }),
      sku: rowSku(state, row, productSku),
      option_values,
      stock_quantity: integerOf(row.stock) ?? 0,
      low_stock_threshold: integerOf(row.low_stock),
      price: reaisOf(row.price),
      sale_price: reaisOf(row.sale_price),
      pix_price: reaisOf(row.pix_price),
      weight_grams: integerOf(row.weight),
      gtin: row.gtin.trim() || null,
      image: row.image || null,
      active: row.active,
    };
  });
  return { options, variants };
}

/** A message's place in the grid: a row's field, an option, or the section as a whole. */
export interface GridErrors {
  rows: Record<number, Record<string, string>>;
  options: Record<number, string>;
  general: string[];
}

export const noGridErrors = (): GridErrors => ({ rows: {}, options: {}, general: [] });

const ROW_IN_MESSAGE = /^Variante (\d+):/;

/**
 * Places a message given by path (the schema's issue path, or the server's dotted key, with or
 * without the row's position: 'product.variants.3.sku', 'variants.sku'). Without a position the
 * row is read from the message ('Variante 4: SKU já cadastrado'). False when the path is not
 * about options or variants.
 */
export function placeGridError(
  errors: GridErrors,
  path: readonly (string | number)[],
  message: string,
  /** The body's option positions -> the form's (optionPositions); as is without. */
  optionAt: readonly number[] = [],
): boolean {
  const parts = path.map(String);
  if (parts[0] === 'product') parts.shift();
  const [section, second, third] = parts;
  if (section === 'options') {
    const sent = Number(second);
    const index = optionAt[sent] ?? sent;
    if (second !== undefined && Number.isInteger(index)) errors.options[index] ??= message;
    else if (!errors.general.includes(message)) errors.general.push(message);
    return true;
  }
  if (section !== 'variants') return false;
  let index = second !== undefined && /^\d+$/.test(second) ? Number(second) : undefined;
  let field = index === undefined ? second : third;
  if (index === undefined) {
    const row = ROW_IN_MESSAGE.exec(message);
    if (row) index = Number(row[1]) - 1;
  }
  if (index === undefined) {
    if (!errors.general.includes(message)) errors.general.push(message);
    return true;
  }
  field = field ?? 'row';
  if (field === 'option_values') field = 'row';
  const row = (errors.rows[index] ??= {});
  row[field] ??= message;
  return true;
}
