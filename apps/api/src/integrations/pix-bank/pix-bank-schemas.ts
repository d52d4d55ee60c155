import { z } from 'zod';

/**
 * The answers of the Banco Central's API Pix (bacen/pix-api, openapi.yaml) the shop reads. Loose
 * objects: a PSP adds fields of its own, and an unknown one is not an error.
 */

/** '123.45': the API writes money as text with two decimals. */
const valor = z.string().regex(/^\d{1,10}\.\d{2}$/);

export const tokenSchema = z.looseObject({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().int().positive().optional(),
});

export const COB_STATUSES = [
  'ATIVA',
  'CONCLUIDA',
  'REMOVIDA_PELO_USUARIO_RECEBEDOR',
  'REMOVIDA_PELO_PSP',
] as const;

export const devolucaoSchema = z.looseObject({
  id: z.string().min(1),
  rtrId: z.string().nullish(),
  valor,
  status: z.enum(['EM_PROCESSAMENTO', 'DEVOLVIDO', 'NAO_REALIZADO']),
  motivo: z.string().nullish(),
});

export const pixSchema = z.looseObject({
  endToEndId: z.string().min(1),
  txid: z.string().nullish(),
  valor,
  horario: z.string().min(1),
  infoPagador: z.string().nullish(),
  devolucoes: z.array(devolucaoSchema).nullish(),
});

export const cobSchema = z.looseObject({
  txid: z.string().regex(/^[a-zA-Z0-9]{26,35}$/),
  revisao: z.number().int().nullish(),
  status: z.enum(COB_STATUSES),
  calendario: z.looseObject({ expiracao: z.coerce.number().int().positive().optional() }),
  valor: z.looseObject({ original: valor }),
  chave: z.string().min(1),
  location: z.string().nullish(),
  pixCopiaECola: z.string().min(1).nullish(),
  pix: z.array(pixSchema).nullish(),
});

export const pixListSchema = z.looseObject({
  parametros: z.looseObject({
    paginacao: z.looseObject({
      paginaAtual: z.number().int(),
      quantidadeDePaginas: z.number().int(),
    }),
  }),
  pix: z.array(pixSchema),
});

export const webhookSchema = z.looseObject({ webhookUrl: z.string().min(1) });

/** RFC 7807, as the API answers its errors. */
export const problemSchema = z.looseObject({
  title: z.string().optional(),
  detail: z.string().optional(),
});

export type PixBankCob = z.output<typeof cobSchema>;
export type PixBankPix = z.output<typeof pixSchema>;
export type PixBankDevolucao = z.output<typeof devolucaoSchema>;
export type CobStatus = (typeof COB_STATUSES)[number];

/** 12345 -> '123.45'. */
export function centsToValor(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 1) {
    throw new RangeError('amount must be a positive integer of cents');
  }
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** '123.45' -> 12345, without going through a float. */
export function valorToCents(text: string): number {
  const [units = '0', decimals = '00'] = text.split('.');
  return Number(units) * 100 + Number(decimals.padEnd(2, '0').slice(0, 2));
}
