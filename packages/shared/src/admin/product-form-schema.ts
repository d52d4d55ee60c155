import { z } from 'zod';
import { CATEGORY_SLUGS } from '../catalog/categories.ts';
import { reaisToCents } from '../format/money.ts';
import { optionalText, requiredText } from '../validation/rule-schema.ts';

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
    /** Beyond the spec's form: a shop sets its own PIX price. Empty: 5 % off the price. */
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
  })
  .refine((form) => form.pix_price === undefined || form.pix_price <= form.price, {
    message: M.pixPriceAbovePrice,
    path: ['pix_price'],
  });

export type AdminProductFormInput = z.input<typeof adminProductFormSchema>;
export type AdminProductForm = z.output<typeof adminProductFormSchema>;
