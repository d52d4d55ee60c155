import { z } from 'zod';

// Bling API v3 answers as the shop reads them (REFERENCE.md, Bling). Only what the shop uses is
// required; the rest passes through, so a new field at Bling breaks nothing.

const id = z.coerce.number().int().positive();
/** Prices arrive as numbers with up to 2 (sometimes more) decimals. */
const amount = z.coerce.number().finite();

export const blingTokenAnswer = z.looseObject({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  expires_in: z.coerce.number().int().positive(),
  token_type: z.string().optional(),
  scope: z.string().optional(),
});
export type BlingTokenAnswer = z.infer<typeof blingTokenAnswer>;

/** A product as GET /produtos lists it. */
export const blingListedProduct = z.looseObject({
  id,
  idProdutoPai: z.coerce.number().int().nullish(),
  nome: z.string().trim().min(1).max(500),
  codigo: z.string().trim().max(120).nullish(),
  preco: amount.nonnegative(),
  situacao: z.enum(['A', 'I', 'E']).default('A'),
  formato: z.enum(['S', 'V', 'E']).default('S'),
  descricaoCurta: z.string().nullish(),
  imagemURL: z.string().nullish(),
  estoque: z.looseObject({ saldoVirtualTotal: amount.nullish() }).nullish(),
});
export type BlingListedProduct = z.infer<typeof blingListedProduct>;

export const blingVariation = blingListedProduct.extend({
  variacao: z
    .looseObject({ nome: z.string().nullish(), ordem: z.coerce.number().nullish() })
    .nullish(),
});

/** GET /produtos/{id}: the listed fields and more. */
export const blingProductDetail = blingListedProduct.extend({
  pesoBruto: amount.nullish(),
  marca: z.string().nullish(),
  dimensoes: z
    .looseObject({
      largura: amount.nullish(),
      altura: amount.nullish(),
      profundidade: amount.nullish(),
    })
    .nullish(),
  midia: z
    .looseObject({
      imagens: z
        .looseObject({
          externas: z.array(z.looseObject({ link: z.string() })).nullish(),
        })
        .nullish(),
    })
    .nullish(),
  variacoes: z.array(blingVariation).nullish(),
});
export type BlingProductDetail = z.infer<typeof blingProductDetail>;

/** A page's items are read one by one: one bad product must not hide the others. */
export const blingProductPage = z.looseObject({ data: z.array(z.unknown()) });

export const blingStockBalances = z.looseObject({
  data: z.array(
    z.looseObject({
      produto: z.looseObject({ id }),
      saldoFisicoTotal: amount.nullish(),
      saldoVirtualTotal: amount.nullish(),
    }),
  ),
});

export const blingCreated = z.looseObject({ data: z.looseObject({ id }) });

export const blingDeposits = z.looseObject({
  data: z.array(
    z.looseObject({ id, descricao: z.string().nullish(), padrao: z.boolean().nullish() }),
  ),
});

export const blingContacts = z.looseObject({
  data: z.array(
    z.looseObject({
      id,
      nome: z.string().nullish(),
      numeroDocumento: z.string().nullish(),
      email: z.string().nullish(),
    }),
  ),
});

export const blingSalesOrderCreated = z.looseObject({
  data: z.looseObject({ id, numero: z.coerce.number().nullish() }),
});

/** Bling's error body: {"error":{"type","message","description"}}. */
export const blingErrorBody = z.looseObject({
  error: z.looseObject({
    type: z.string().optional(),
    message: z.string().optional(),
    description: z.string().optional(),
  }),
});
