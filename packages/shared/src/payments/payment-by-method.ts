import { z } from 'zod';
import { errorBodySchema } from '../http/error-body.ts';
import { paymentRowStatusSchema } from '../orders/order-schemas.ts';
import { isValidCpf } from '../validation/cpf.ts';

export const PAY_BY_METHOD_MESSAGES = {
  method: 'Escolha como pagar: PIX, cartão ou boleto.',
  token: 'Os dados do cartão não chegaram. Preencha o cartão de novo.',
  installments: 'Escolha o número de parcelas.',
  paymentMethodId: 'Não reconhecemos a bandeira do cartão. Confira o número do cartão.',
  cpf: 'CPF inválido',
} as const;

const M = PAY_BY_METHOD_MESSAGES;

const cardBodySchema = z.object({
  method: z.literal('card'),
  token: z.string({ error: M.token }).trim().min(1, M.token).max(200, M.token),
  installments: z.number({ error: M.installments }).int(M.installments).min(1, M.installments),
  payment_method_id: z
    .string({ error: M.paymentMethodId })
    .regex(/^[a-z_]{2,30}$/, M.paymentMethodId),
  issuer_id: z
    .union([z.string().regex(/^\d{1,10}$/), z.number().int().positive()])
    .transform(String)
    .nullish(),
  payer: z.object(
    {
      cpf: z
        .string({ error: M.cpf })
        .transform((value) => value.replace(/\D/g, ''))
        .refine(isValidCpf, M.cpf),
    },
    { error: M.cpf },
  ),
});

/** POST /api/orders/{id}/payments: the amount is never sent, the server takes the order's. */
export const payByMethodBodySchema = z.discriminatedUnion(
  'method',
  [
    cardBodySchema,
    z.object({ method: z.literal('boleto') }),
    z.object({ method: z.literal('pix') }),
  ],
  { error: M.method },
);
export type PayByMethodBody = z.infer<typeof payByMethodBodySchema>;

export const paymentByMethodSchema = z.object({
  id: z.number().int(),
  method: z.enum(['pix', 'card', 'boleto']),
  status: paymentRowStatusSchema,
  /** MercadoPago's status_detail (accredited, cc_rejected_..., pending_waiting_payment). */
  status_detail: z.string().nullable(),
  message: z.string().describe('pt-BR, ready to show'),
  installments: z.number().int().nullable().optional(),
  card: z.object({ brand: z.string().nullable(), last_four: z.string().nullable() }).optional(),
  boleto: z
    .object({ digitable_line: z.string().nullable(), pdf_url: z.string(), due_date: z.string() })
    .optional(),
  pix_data: z
    .object({ qr_code: z.string(), qr_code_base64: z.string(), ticket_url: z.string().nullable() })
    .optional(),
});

export const payByMethodResponseSchema = z.object({ payment: paymentByMethodSchema });
export type PayByMethodResponse = z.infer<typeof payByMethodResponseSchema>;

/** A refused card: 422, the error body with the payment (status rejected) beside it. */
export const cardRejectedResponseSchema = errorBodySchema.extend({
  payment: paymentByMethodSchema.optional(),
});
