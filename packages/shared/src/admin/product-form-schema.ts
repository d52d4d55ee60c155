import { z } from 'zod';
import { CATEGORY_SLUGS } from '../catalog/categories.ts';
import { reaisToCents } from '../format/money.ts';
import { optionalText, requiredText } from '../validation/rule-schema.ts';
import {
  MAX_OPTION_VALUES,
  MAX_OPTIONS,
  MAX_VARIANT_PRICE_CENTS,
  MAX_VARIANT_STOCK,
  MAX_VARIANT_WEIGHT_GRAMS,
  MAX_VARIANTS,
  OPTION_NAME_MAX,
  OPTION_VALUE_MAX,
  VARIANT_SKU_MAX,
} from '../catalog/variants.ts';
import { INTEGER_ID_MAX } from '../validation/integer-id.ts';

// Spec 001 §5 lists the required fields without wording; these texts are ours.
export const ADMIN_PRODUCT_MESSAGES = {
  name: 'Nome é obrigatório',
  nameTooLong: 'Nome deve ter no máximo 200 caracteres',
  price: 'Preço é obrigatório',
  priceInvalid: 'Preço inválido (use um valor maior que zero com até 2 casas decimais)',
  category: 'Categoria é obrigatória',
  descriptionTooLong: 'Descrição deve ter no máximo 20000 caracteres',
  skuTooLong: 'SKU deve ter no máximo 60 caracteres',
  skuTaken: 'SKU já cadastrado',
  pixPriceInvalid: 'Preço PIX inválido (use um valor maior que zero com até 2 casas decimais)',
  pixPriceAbovePrice: 'O preço PIX não pode ser maior que o preço',
  stock: 'Estoque deve ser um número inteiro de 0 a 100000',
  subcategoryTooLong: 'Subcategoria deve ter no máximo 60 caracteres',
  displayStatus: 'Exibição inválida: escolha visível ou destaque',
  options: 'Tamanhos e medidas: até 20 opções de até 30 caracteres cada',
  images: 'Imagens: até 10 endereços de imagens da loja',
  tooManyOptions: `Até ${MAX_OPTIONS} opções por produto`,
  optionName: `Nome da opção é obrigatório (até ${OPTION_NAME_MAX} caracteres)`,
  optionNameRepeated: (name: string) => `Opção repetida: ${name}`,
  optionValues: `Cada opção precisa de 1 a ${MAX_OPTION_VALUES} valores de até ${OPTION_VALUE_MAX} caracteres`,
  optionValueRepeated: (name: string, value: string) => `Valor repetido em ${name}: ${value}`,
  tooManyVariants: `Até ${MAX_VARIANTS} variantes por produto`,
  noVariants: 'O produto precisa de pelo menos uma variante',
  variantWithoutOptions: 'Sem opções, o produto tem uma única variante',
  variantOptionMissing: (row: number, name: string) => `Variante ${row}: escolha ${name}`,
  variantValueUnknown: (row: number, name: string) =>
    `Variante ${row}: valor de ${name} fora da lista da opção`,
  variantRepeated: (row: number) => `Variante ${row}: combinação repetida`,
  variantSkuTaken: (row: number) => `Variante ${row}: SKU já cadastrado`,
  variantStock: `Estoque deve ser um número inteiro de 0 a ${MAX_VARIANT_STOCK}`,
  variantPrice:
    'Preço inválido (use um valor maior que zero com até 2 casas decimais, até R$ 100.000,00)',
  lowStockThreshold: `Estoque mínimo deve ser um número inteiro de 0 a ${MAX_VARIANT_STOCK}, ou vazio para usar o padrão da loja`,
  variantWeight: `Peso deve ser um número inteiro de gramas, de 1 a ${MAX_VARIANT_WEIGHT_GRAMS}`,
  gtin: 'Código de barras (GTIN) deve ter 8, 12, 13 ou 14 dígitos',
} as const;

const M = ADMIN_PRODUCT_MESSAGES;

// Step 0.01: at most two decimals, with a dot or a pt-BR comma.
const PRICE_TEXT = /^\d+([.,]\d{1,2})?$/;

/** Reais typed in the form (number or text) -> cents; undefined when not a positive price. */
export function adminPriceCents(value: number | string): number | undefined {
  const text = typeof value === 'number' ? String(value) : value.trim();
  if (!PRICE_TEXT.test(text)) return undefined;
  const cents = reaisToCents(text.replace(',', '.'));
  return cents !== undefined && cents > 0 ? cents : undefined;
}

/** An optional price override in reais -> cents; empty or null means "the product's own". */
const overridePrice = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((value, ctx) => {
    if (value === undefined || value === null || value === '') return null;
    const cents = adminPriceCents(value);
    if (cents === undefined || cents > MAX_VARIANT_PRICE_CENTS) {
      ctx.addIssue({ code: 'custom', message: M.variantPrice });
      return z.NEVER;
    }
    return cents;
  });

const optionSchema = z.object({
  name: z
    .string({ error: M.optionName })
    .trim()
    .min(1, M.optionName)
    .max(OPTION_NAME_MAX, M.optionName),
  values: z
    .array(
      z
        .string({ error: M.optionValues })
        .trim()
        .min(1, M.optionValues)
        .max(OPTION_VALUE_MAX, M.optionValues),
      {
        error: M.optionValues,
      },
    )
    .min(1, M.optionValues)
    .max(MAX_OPTION_VALUES, M.optionValues),
});

const variantSchema = z.object({
  /** An existing variant keeps its id (and its place in carts and orders). */
  id: z.number().int().min(1).max(INTEGER_ID_MAX).optional(),
  sku: optionalText(M.skuTooLong, VARIANT_SKU_MAX),
  option_values: z.record(z.string(), z.string().trim()).default({}),
  stock_quantity: z.coerce
    .number({ error: M.variantStock })
    .int(M.variantStock)
    .min(0, M.variantStock)
    .max(MAX_VARIANT_STOCK, M.variantStock)
    .default(0),
  // Blank or null: the store settings' default applies (a form's empty box sends ''); left
  // out: a variant keeps its own.
  low_stock_threshold: z.preprocess(
    (value) => (value === '' ? null : value),
    z.coerce
      .number({ error: M.lowStockThreshold })
      .int(M.lowStockThreshold)
      .min(0, M.lowStockThreshold)
      .max(MAX_VARIANT_STOCK, M.lowStockThreshold)
      .nullish(),
  ),
  price: overridePrice,
  sale_price: overridePrice,
  pix_price: overridePrice,
  weight_grams: z.coerce
    .number({ error: M.variantWeight })
    .int(M.variantWeight)
    .min(1, M.variantWeight)
    .max(MAX_VARIANT_WEIGHT_GRAMS, M.variantWeight)
    .nullish()
    .transform((value) => value ?? null),
  gtin: z
    .string({ error: M.gtin })
    .trim()
    .nullish()
    .transform((value, ctx) => {
      if (!value) return null;
      if (!/^(\d{8}|\d{12,14})$/.test(value)) {
        ctx.addIssue({ code: 'custom', message: M.gtin });
        return z.NEVER;
      }
      return value;
    }),
  image: z
    .string()
    .trim()
    .regex(/^\/[\w./-]{1,300}$/, M.images)
    .nullish()
    .transform((value) => value || null),
  active: z.boolean().default(true),
});

export type AdminVariantForm = z.output<typeof variantSchema>;

/**
 * The rules that span rows: unique option names and values, each variant naming exactly one
 * listed value of every option, no combination or SKU twice. Issues carry the row's path so the
 * panel marks the row.
 */
function checkVariants(
  form: { options: z.output<typeof optionSchema>[]; variants?: AdminVariantForm[] },
  ctx: z.RefinementCtx,
): void {
  const names = new Set<string>();
  form.options.forEach((option, index) => {
    const key = option.name.toLocaleLowerCase('pt-BR');
    if (names.has(key)) {
      ctx.addIssue({
        code: 'custom',
        message: M.optionNameRepeated(option.name),
        path: ['options', index, 'name'],
      });
    }
    names.add(key);
    const values = new Set<string>();
    option.values.forEach((value, valueIndex) => {
      const valueKey = value.toLocaleLowerCase('pt-BR');
      if (values.has(valueKey)) {
        ctx.addIssue({
          code: 'custom',
          message: M.optionValueRepeated(option.name, value),
          path: ['options', index, 'values', valueIndex],
        });
      }
      values.add(valueKey);
    });
  });
  const variants = form.variants;
  if (variants === undefined) return;
  if (variants.length === 0) {
    ctx.addIssue({ code: 'custom', message: M.noVariants, path: ['variants'] });
    return;
  }
  if (form.options.length === 0 && variants.length > 1) {
    ctx.addIssue({ code: 'custom', message: M.variantWithoutOptions, path: ['variants'] });
    return;
  }
  const combinations = new Set<string>();
  const skus = new Set<string>();
  variants.forEach((variant, index) => {
    const row = index + 1;
    for (const option of form.options) {
      const value = variant.option_values[option.name];
      if (value === undefined || value === '') {
        ctx.addIssue({
          code: 'custom',
          message: M.variantOptionMissing(row, option.name),
          path: ['variants', index, 'option_values', option.name],
        });
      } else if (!option.values.includes(value)) {
        ctx.addIssue({
          code: 'custom',
          message: M.variantValueUnknown(row, option.name),
          path: ['variants', index, 'option_values', option.name],
        });
      }
    }
    const extra = Object.keys(variant.option_values).find(
      (name) => !form.options.some((option) => option.name === name),
    );
    if (extra !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: M.variantValueUnknown(row, extra),
        path: ['variants', index, 'option_values', extra],
      });
    }
    const combination = JSON.stringify(
      form.options.map((option) => variant.option_values[option.name]),
    );
    if (combinations.has(combination)) {
      ctx.addIssue({ code: 'custom', message: M.variantRepeated(row), path: ['variants', index] });
    }
    combinations.add(combination);
    if (variant.sku) {
      const sku = variant.sku.toUpperCase();
      if (skus.has(sku)) {
        ctx.addIssue({
          code: 'custom',
          message: M.variantSkuTaken(row),
          path: ['variants', index, 'sku'],
        });
      }
      skus.add(sku);
    }
  });
}

/** The admin's product create/edit form; the output carries the price in cents. */
export const adminProductFormSchema = z
  .object({
    name: requiredText(M.name).max(200, M.nameTooLong),
    price: z
      .union([z.number(), z.string()], { error: M.price })
      .refine((value) => value !== '', { error: M.price, abort: true })
      .transform((value, ctx) => {
        const cents = adminPriceCents(value);
        if (cents === undefined) {
          ctx.addIssue({ code: 'custom', message: M.priceInvalid });
          return z.NEVER;
        }
        return cents;
      }),
    category: z
      .string({ error: M.category })
      .trim()
      .toLowerCase()
      .pipe(z.enum(CATEGORY_SLUGS, { error: M.category })),
    description: optionalText(M.descriptionTooLong, 20_000),
    sku: optionalText(M.skuTooLong, 60),
    active: z.boolean().default(true),
    /** Beyond the spec's form: a shop sets its own PIX price. Empty: the store settings' PIX discount off the price. */
    pix_price: z
      .union([z.number(), z.string()])
      .nullish()
      .transform((value, ctx) => {
        if (value === undefined || value === null || value === '') return undefined;
        const cents = adminPriceCents(value);
        if (cents === undefined) {
          ctx.addIssue({ code: 'custom', message: M.pixPriceInvalid });
          return z.NEVER;
        }
        return cents;
      }),
    stock_quantity: z.coerce
      .number({ error: M.stock })
      .int(M.stock)
      .min(0, M.stock)
      .max(100_000, M.stock)
      .default(0),
    subcategory: optionalText(M.subcategoryTooLong, 60),
    display_status: z.enum(['visible', 'featured'], { error: M.displayStatus }).default('visible'),
    sizes: z
      .array(z.string().trim().min(1, M.options).max(30, M.options))
      .max(20, M.options)
      .default([]),
    measures: z
      .array(z.string().trim().min(1, M.options).max(30, M.options))
      .max(20, M.options)
      .default([]),
    /** Addresses the shop serves itself (its uploads, its demo drawings). */
    images: z
      .array(
        z
          .string()
          .trim()
          .regex(/^\/[\w./-]{1,300}$/, M.images),
      )
      .max(10, M.images)
      .default([]),
    /**
     * Up to 3 options and the variants (DESIGN.md, product variants). Without `variants` the
     * product has one variant, whose SKU and stock are the form's `sku` and `stock_quantity`.
     */
    options: z
      .array(optionSchema, { error: M.tooManyOptions })
      .max(MAX_OPTIONS, M.tooManyOptions)
      .default([]),
    variants: z
      .array(variantSchema, { error: M.tooManyVariants })
      .max(MAX_VARIANTS, M.tooManyVariants)
      .optional(),
  })
  .superRefine(checkVariants)
  .refine((form) => form.pix_price === undefined || form.pix_price <= form.price, {
    message: M.pixPriceAbovePrice,
    path: ['pix_price'],
  });

export type AdminProductFormInput = z.input<typeof adminProductFormSchema>;
export type AdminProductForm = z.output<typeof adminProductFormSchema>;
