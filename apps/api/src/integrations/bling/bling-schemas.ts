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

/**
 * POST /pedidos/vendas/{id}/gerar-nfe. Bling's reference documents a bare {idNotaFiscal}, but
 * answers seen in use come wrapped in `data` like every other answer; both are read, and
 * `data.id` too.
 */
export const blingGeneratedNfe = z
  .looseObject({
    idNotaFiscal: z.unknown().optional(),
    data: z
      .looseObject({ idNotaFiscal: z.unknown().optional(), id: z.unknown().optional() })
      .optional(),
  })
  .transform((answer) => answer.data?.idNotaFiscal ?? answer.data?.id ?? answer.idNotaFiscal)
  .pipe(id);

/** A text Bling leaves empty ('') until it exists (the key, the links) reads as null. */
const optionalText = z
  .string()
  .nullish()
  .transform((value) => value?.trim() || null);

/** numero is documented as a string and serie as an integer; either may come as the other. */
const numberOrText = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value) =>
    value === null || value === undefined ? null : String(value).trim() || null,
  );

/** GET /nfe/{idNotaFiscal}: what the shop reads of an NF-e. */
export const blingNfe = z.looseObject({
  id,
  situacao: z.coerce.number().int(),
  numero: numberOrText,
  serie: numberOrText,
  chaveAcesso: optionalText,
  /** Bling's page of the DANFE; linkPDF is the PDF itself. */
  linkDanfe: optionalText,
  linkPDF: optionalText,
  /** A link to the authorised XML. */
  xml: optionalText,
});
export type BlingNfe = z.infer<typeof blingNfe>;

/** GET /pedidos/vendas/{id}: only the NF-e linked to it (id 0 or absent when none). */
export const blingSalesOrderInvoice = z.looseObject({
  data: z.looseObject({
    id,
    notaFiscal: z.looseObject({ id: z.coerce.number().int().nonnegative() }).nullish(),
  }),
});

/** Bling's error body: {"error":{"type","message","description","fields"}}. */
export const blingErrorBody = z.looseObject({
  error: z.looseObject({
    type: z.string().optional(),
    message: z.string().optional(),
    description: z.string().optional(),
    /** Where a refusal names what is wrong (a field, the fiscal setup, SEFAZ's rejection). */
    fields: z.array(z.unknown()).optional().catch(undefined),
  }),
});
