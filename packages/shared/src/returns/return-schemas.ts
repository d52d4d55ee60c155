import { z } from 'zod';
import { trackingCodeSchema } from '../orders/tracking-code.ts';

/**
 * Withdrawals (CDC art. 49: seven days from receipt, the whole amount paid back, freight
 * included) and exchanges, with Decreto 7.962/2013 art. 5 (a clear way to withdraw, acknowledged
 * at once). The contracts of the shopper's and the administrator's paths (DESIGN.md: POST
 * /api/orders/{id}/returns, GET /api/my_returns, /api/admin/returns...), one source for web and API.
 */

export const RETURN_TYPES = ['withdrawal', 'exchange'] as const;
export type ReturnType = (typeof RETURN_TYPES)[number];

/** requested -> instructions_sent -> received -> refunded | exchanged; rejected from any open one. */
export const RETURN_STATUSES = [
  'requested',
  'instructions_sent',
  'received',
  'refunded',
  'exchanged',
  'rejected',
] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** Still waiting for the shop: the queue shows these first. */
export const OPEN_RETURN_STATUSES: readonly ReturnStatus[] = [
  'requested',
  'instructions_sent',
  'received',
];

export const RETURN_TYPE_LABELS: Record<ReturnType, string> = {
  withdrawal: 'Desistência da compra',
  exchange: 'Troca',
};

export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Solicitado',
  instructions_sent: 'Instruções de envio enviadas',
  received: 'Recebido pela loja',
  refunded: 'Reembolsado',
  exchanged: 'Troca enviada',
  rejected: 'Recusado',
};

/** CDC art. 49: seven days from the day the goods were received. */
export const WITHDRAWAL_DAYS = 7;
/** The shop answers a request (instructions or refusal) within five days. */
export const RETURN_ANSWER_DAYS = 5;

export const INSTRUCTION_KINDS = ['authorization_code', 'posting_address'] as const;
export type InstructionKind = (typeof INSTRUCTION_KINDS)[number];

export const REFUND_METHODS = ['mercadopago', 'pix_manual', 'pix_bank'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

export const REFUND_METHOD_LABELS: Record<RefundMethod, string> = {
  mercadopago: 'Estorno pelo MercadoPago',
  pix_manual: 'PIX devolvido pela loja',
  pix_bank: 'Devolução PIX pelo banco',
};

export const RETURN_MESSAGES = {
  notFound: 'Pedido de devolução não encontrado',
  type: 'Escolha desistência ou troca',
  items: 'Escolha ao menos um item do pedido',
  itemId: 'Item do pedido inválido',
  quantity: 'A quantidade deve ser um número inteiro maior que zero',
  reason: 'O motivo deve ter no máximo 1000 caracteres',
  unknownItem: 'Este item não faz parte do pedido.',
  repeatedItem: 'Cada item do pedido deve aparecer uma vez só.',
  tooMany: (name: string, left: number) =>
    left === 0
      ? `Todas as unidades de "${name}" já estão em outro pedido de devolução ou troca.`
      : `Você pode devolver ou trocar no máximo ${left === 1 ? '1 unidade' : `${left} unidades`} de "${name}".`,
  exchangeVariantRequired: 'Escolha a variação que você quer receber na troca.',
  exchangeVariantNotAllowed: 'Só uma troca leva a variação desejada.',
  exchangeVariantInvalid:
    'A troca deve ser por outra variação disponível do mesmo produto (por exemplo, outro tamanho).',
  exchangePriceDiffers:
    'A troca é feita por uma variação de mesmo preço. Para outra, desista da compra e faça um novo pedido.',
  notPaid: 'Este pedido ainda não foi pago: não há o que devolver.',
  closed: 'Este pedido não aceita mais pedidos de devolução ou troca.',
  exchangeBeforeDelivery:
    'A troca pode ser pedida depois que o pedido for entregue. Antes disso, você pode desistir da compra.',
  deadlinePassed: (lastDay: string) =>
    `O prazo de 7 dias para desistir da compra ou pedir troca terminou em ${lastDay}. Fale com a gente pelo WhatsApp ou pelo formulário de contato.`,
  acknowledged: (protocol: string) =>
    `Pedido recebido. O número de protocolo é ${protocol}: enviamos a confirmação e as próximas etapas por e-mail.`,
  cancelled: (protocol: string) =>
    `Pedido cancelado (protocolo ${protocol}). O valor pago será devolvido integralmente; enviamos a confirmação por e-mail.`,
  instructions: 'Informe o código de autorização de postagem ou o endereço para envio',
  instructionsCode: 'Informe o código de autorização (de 4 a 40 letras, números ou hífens)',
  instructionsAddress: 'Informe o endereço de postagem (de 10 a 500 caracteres)',
  instructionsSent: 'Instruções enviadas ao cliente por e-mail.',
  receiveItems: 'Informe cada item recebido e se ele volta para a venda',
  receiveAllItems: 'Informe todos os itens do pedido de devolução, cada um uma vez.',
  received: 'Recebimento registrado. As peças em condição de venda voltaram ao estoque.',
  rejectReason: 'Informe o motivo da recusa (de 3 a 500 caracteres)',
  rejected: 'Pedido de devolução recusado. O cliente foi avisado por e-mail.',
  wrongStep: (label: string) => `Esta ação não é possível agora: o pedido está "${label}".`,
  notWithdrawal:
    'Só desistências são reembolsadas; uma troca é concluída com o envio da peça nova.',
  notExchange: 'Só trocas recebem uma peça nova.',
  exchangeShipped: 'Troca enviada. O cliente recebeu o código de rastreio por e-mail.',
  exchangeOutOfStock: (name: string) =>
    `Não há estoque da variação escolhida para a troca de "${name}". Ajuste o estoque ou fale com o cliente.`,
  refundBusy: 'Este pedido de devolução já está sendo reembolsado.',
} as const;

export const REFUND_MESSAGES = {
  amount: 'Informe um valor maior que zero, com no máximo dois decimais',
  tooLarge: (left: string) =>
    `O valor é maior do que ainda pode ser devolvido neste pedido (${left}).`,
  nothingLeft: 'Todo o valor pago neste pedido já foi devolvido.',
  notPaid: 'Este pedido não tem pagamento aprovado para devolver.',
  e2eRequired:
    'Informe o identificador da devolução PIX (E2E) que o banco mostrou: 32 caracteres, começando com E ou D.',
  e2eInvalid:
    'Identificador PIX (E2E) inválido: são 32 caracteres, começando com E ou D, seguidos do ISPB do banco (8 dígitos), da data e hora (12 dígitos) e de 11 letras ou números.',
  e2eUsed: 'Este identificador PIX (E2E) já foi registrado em outra devolução.',
  reason: 'O motivo deve ter no máximo 500 caracteres',
  cancelInstead:
    'Para devolver todo o valor de um pedido que ainda não foi enviado, cancele o pedido.',
  closedOrder: 'Este pedido não aceita reembolso.',
  busy: 'Outro reembolso deste pedido está em andamento. Aguarde alguns segundos e confira o pedido.',
  providerFailed:
    'O MercadoPago recusou o estorno: nada foi devolvido. Confira o pagamento no MercadoPago antes de tentar de novo.',
  providerNoAnswer:
    'O MercadoPago não respondeu ao estorno, que pode ter sido feito. Tente de novo em um minuto: o mesmo estorno será conferido, nunca feito duas vezes.',
  done: (amount: string) => `Reembolso de ${amount} registrado. O cliente foi avisado por e-mail.`,
  bankProcessing: (amount: string) =>
    `Devolução PIX de ${amount} enviada ao banco e em processamento. O cliente será avisado por e-mail quando o banco concluir.`,
  bankFailed:
    'O banco não realizou a devolução PIX: nada foi devolvido. Confira o PIX no banco antes de tentar de novo.',
  bankNoAnswer:
    'O banco não respondeu à devolução PIX, que pode ter sido feita. Tente de novo em um minuto: a mesma devolução será conferida, nunca feita duas vezes.',
} as const;

/**
 * The end-to-end id of a PIX transfer (Banco Central): E (a payment) or D (a devolução), the
 * payer's bank ISPB (8 digits), the moment (yyyyMMddHHmm) and 11 letters or digits: 32 characters.
 */
export function isPixEndToEndId(value: string): boolean {
  return /^[ED]\d{8}\d{12}[A-Za-z0-9]{11}$/.test(value);
}

export const pixEndToEndIdSchema = z
  .string({ error: REFUND_MESSAGES.e2eRequired })
  .trim()
  .refine(isPixEndToEndId, REFUND_MESSAGES.e2eInvalid);

/** Reais with at most two decimals, more than zero (a form's number field or JSON). */
export const refundAmountSchema = z
  .number({ error: REFUND_MESSAGES.amount })
  .positive(REFUND_MESSAGES.amount)
  .max(1_000_000, REFUND_MESSAGES.amount)
  .refine(
    (value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6,
    REFUND_MESSAGES.amount,
  );

const id = (message: string) => z.number({ error: message }).int(message).positive(message);

export const returnItemInputSchema = z.object({
  order_item_id: id(RETURN_MESSAGES.itemId),
  quantity: z
    .number({ error: RETURN_MESSAGES.quantity })
    .int(RETURN_MESSAGES.quantity)
    .min(1, RETURN_MESSAGES.quantity)
    .max(1000, RETURN_MESSAGES.quantity),
  exchange_variant_id: id(RETURN_MESSAGES.exchangeVariantInvalid).nullish(),
});

/** POST /api/orders/{id}/returns */
export const createReturnBodySchema = z.object({
  return: z.object({
    type: z.enum(RETURN_TYPES, { error: RETURN_MESSAGES.type }),
    items: z.array(returnItemInputSchema).min(1, RETURN_MESSAGES.items).max(100),
    reason: z.string().trim().max(1000, RETURN_MESSAGES.reason).nullish(),
  }),
});
export type CreateReturnBody = z.infer<typeof createReturnBodySchema>;

/** POST /api/admin/returns/{id}/instructions */
export const returnInstructionsBodySchema = z.object({
  instructions: z
    .object({
      kind: z.enum(INSTRUCTION_KINDS, { error: RETURN_MESSAGES.instructions }),
      code: z.string().trim().nullish(),
      address: z.string().trim().nullish(),
    })
    .superRefine((value, context) => {
      if (value.kind === 'authorization_code' && !/^[A-Za-z0-9-]{4,40}$/.test(value.code ?? '')) {
        context.addIssue({
          code: 'custom',
          path: ['code'],
          message: RETURN_MESSAGES.instructionsCode,
        });
      }
      const address = value.address ?? '';
      if (value.kind === 'posting_address' && (address.length < 10 || address.length > 500)) {
        context.addIssue({
          code: 'custom',
          path: ['address'],
          message: RETURN_MESSAGES.instructionsAddress,
        });
      }
    }),
});
export type ReturnInstructionsBody = z.infer<typeof returnInstructionsBodySchema>;

/** POST /api/admin/returns/{id}/receive: every item of the request, once. */
export const receiveReturnBodySchema = z.object({
  items: z
    .array(z.object({ return_item_id: id(RETURN_MESSAGES.receiveItems), resellable: z.boolean() }))
    .min(1, RETURN_MESSAGES.receiveItems)
    .max(100),
});

/**
 * POST /api/admin/returns/{id}/refund and POST /api/admin/orders/{id}/refunds. `amount` in reais
 * (default: what the request or the order still has to get back); `e2e_id` is the PIX devolução
 * the shop made from its bank, required when the order was paid with the built-in PIX.
 */
export const refundBodySchema = z
  .object({
    amount: refundAmountSchema.nullish(),
    e2e_id: pixEndToEndIdSchema.nullish(),
    reason: z.string().trim().max(500, REFUND_MESSAGES.reason).nullish(),
  })
  .nullish();
export type RefundBody = z.infer<typeof refundBodySchema>;

/** POST /api/admin/returns/{id}/reject */
export const rejectReturnBodySchema = z.object({
  reason: z
    .string({ error: RETURN_MESSAGES.rejectReason })
    .trim()
    .min(3, RETURN_MESSAGES.rejectReason)
    .max(500, RETURN_MESSAGES.rejectReason),
});

/** POST /api/admin/returns/{id}/ship_exchange: the new piece's Correios code. */
export const shipExchangeBodySchema = z.object({ tracking_code: trackingCodeSchema });

export const returnItemSchema = z.object({
  id: z.number().int(),
  order_item_id: z.number().int(),
  product_id: z.number().int().nullable(),
  product_name: z.string(),
  sku: z.string(),
  option_values: z.record(z.string(), z.string()),
  image_url: z.string().nullable(),
  quantity: z.number().int(),
  /** What the shopper paid per unit (reais). */
  unit_price: z.number(),
  exchange_variant_id: z.number().int().nullable(),
  /** The wanted variant's option values, for 'Troca por: Diâmetro 10 mm'. */
  exchange_option_values: z.record(z.string(), z.string()).nullable(),
  /** Set when the shop receives the piece: true puts it back on sale. */
  resellable: z.boolean().nullable(),
});

export const returnInstructionsSchema = z.object({
  kind: z.enum(INSTRUCTION_KINDS),
  code: z.string().nullable(),
  address: z.string().nullable(),
});

export const returnSchema = z
  .object({
    id: z.number().int(),
    /** What the shopper quotes: DEV-2026-000123. */
    protocol: z.string(),
    order_id: z.number().int(),
    order_number: z.string(),
    type: z.enum(RETURN_TYPES),
    type_label: z.string(),
    status: z.enum(RETURN_STATUSES),
    status_label: z.string(),
    reason: z.string().nullable(),
    created_at: z.string(),
    /** The shop answers by then (created + 5 days). */
    answer_by: z.string(),
    instructions: returnInstructionsSchema.nullable(),
    instructions_sent_at: z.string().nullable(),
    received_at: z.string().nullable(),
    refunded_at: z.string().nullable(),
    exchanged_at: z.string().nullable(),
    rejected_at: z.string().nullable(),
    rejection_reason: z.string().nullable(),
    exchange_tracking_code: z.string().nullable(),
    exchange_tracking_url: z.string().nullable(),
    /** What was paid back for this request (reais), once refunded. */
    refunded_amount: z.number().nullable(),
    items: z.array(returnItemSchema),
  })
  .meta({ id: 'Return' });
export type ReturnJson = z.infer<typeof returnSchema>;

export const createReturnResponseSchema = z.object({
  return: returnSchema,
  /** True when the order had not shipped: it was cancelled and its payment given back. */
  cancelled: z.boolean(),
  message: z.string(),
});
export type CreateReturnResponse = z.infer<typeof createReturnResponseSchema>;

export const myReturnsResponseSchema = z.object({ returns: z.array(returnSchema) });
export type MyReturnsResponse = z.infer<typeof myReturnsResponseSchema>;

/** Query of GET /api/admin/returns; an empty value means no filter. */
export const adminReturnListQuerySchema = z.object({
  status: z.enum(RETURN_STATUSES).optional(),
  type: z.enum(RETURN_TYPES).optional(),
  /** Only requests still waiting for the shop (requested, instructions sent, received). */
  open: z.enum(['true', 'false']).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminReturnListQuery = z.infer<typeof adminReturnListQuerySchema>;

const actorStepSchema = z.object({ admin_id: z.number().int(), at: z.string() }).nullable();

export const adminReturnSchema = returnSchema
  .extend({
    user_id: z.number().int(),
    customer_name: z.string(),
    customer_email: z.string().nullable(),
    /** Whole days left to answer (instructions or refusal); null once answered; negative: late. */
    days_left: z.number().int().nullable(),
    overdue: z.boolean(),
    /** Who took each step. */
    steps: z.object({
      instructions_sent: actorStepSchema,
      received: actorStepSchema,
      refunded: actorStepSchema,
      exchanged: actorStepSchema,
      rejected: actorStepSchema,
    }),
    /** What /refund gives back without an amount (reais); null when nothing is due. */
    suggested_refund: z.number().nullable(),
    payment_provider: z.enum(['pix_builtin', 'mercadopago', 'pix_bank']).nullable(),
    /** What the state allows now; the panel shows these buttons only. */
    available_actions: z.array(
      z.enum(['instructions', 'receive', 'refund', 'reject', 'ship_exchange']),
    ),
  })
  .meta({ id: 'AdminReturn' });
export type AdminReturnJson = z.infer<typeof adminReturnSchema>;

export const adminReturnListResponseSchema = z.object({
  returns: z.array(adminReturnSchema),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type AdminReturnListResponse = z.infer<typeof adminReturnListResponseSchema>;

export const adminReturnActionResponseSchema = z.object({
  return: adminReturnSchema,
  message: z.string(),
});
export type AdminReturnActionResponse = z.infer<typeof adminReturnActionResponseSchema>;

/** A refund of an order as its owner reads it. */
export const orderRefundSchema = z.object({
  id: z.number().int(),
  amount: z.number(),
  amount_cents: z.number().int(),
  method: z.enum(REFUND_METHODS),
  return_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type OrderRefundJson = z.infer<typeof orderRefundSchema>;

/** The same with what the shop keeps of it (admin order detail). */
export const adminRefundSchema = orderRefundSchema.extend({
  provider_refund_id: z.string().nullable(),
  e2e_id: z.string().nullable(),
  reason: z.string().nullable(),
  admin_id: z.number().int().nullable(),
  admin_name: z.string().nullable(),
});
export type AdminRefundJson = z.infer<typeof adminRefundSchema>;

/** POST /api/admin/orders/{id}/refunds answers the refund and what is left. */
export const adminOrderRefundResponseSchema = z.object({
  refund: adminRefundSchema,
  refunded_total: z.number(),
  refundable: z.number(),
  order_status: z.string(),
  message: z.string(),
});
