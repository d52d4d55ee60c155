import { z } from 'zod';
import { PACKING_SLIP_LAYOUTS } from './fulfilment-json.ts';

/**
 * The NF-e's texts beyond the contract's (fulfilment-texts.ts): why an order has no sales order
 * in Bling to issue from, what to do when Bling's answer was lost, and the form's checks.
 */
export const INVOICE_MESSAGES = {
  salesOrderNotYet: 'O pedido ainda não chegou ao Bling; tente de novo em alguns minutos.',
  salesOrderFailed: (reason: string) =>
    `O Bling não aceitou o pedido de venda deste pedido (${reason}). Lance a venda no Bling e emita a NF-e por lá.`,
  paidBeforeBling:
    'Este pedido foi pago antes de a loja se conectar ao Bling, por isso não há pedido de venda nele: emita a NF-e direto no Bling.',
  /** The generate call went unanswered and the adapter cannot look for its NF-e. */
  checkBling:
    'O Bling não respondeu quando a NF-e foi pedida e ela pode ter sido gerada. Confira no Bling a NF-e deste pedido e, se ela existir, envie-a por lá.',
  blingUnreadable:
    'O Bling respondeu de um jeito que a loja não entendeu. Confira a NF-e deste pedido no Bling.',
  denied: (reason: string) =>
    `A SEFAZ denegou a NF-e: ${reason}. Uma NF-e denegada não pode ser reenviada; veja com o seu contador.`,
  notAuthorised: 'Só uma NF-e autorizada pode ser cancelada.',
  cancelling: 'Esta NF-e já está sendo cancelada.',
  justification: 'A justificativa deve ter de 15 a 255 caracteres.',
  layout: 'Escolha o romaneio em A4 (a4) ou para impressora térmica de 80 mm (thermal).',
  /** The shipped e-mail's link to the DANFE. */
  danfeLink: 'Nota fiscal (DANFE)',
} as const;

/** SEFAZ takes a cancellation's reason of 15 to 255 characters (NF-e layout, xJust). */
export const INVOICE_JUSTIFICATION = { min: 15, max: 255 } as const;

/** POST /api/admin/orders/{id}/invoice/cancel */
export const cancelInvoiceBodySchema = z.object(
  {
    justification: z
      .string({ error: INVOICE_MESSAGES.justification })
      .trim()
      .min(INVOICE_JUSTIFICATION.min, INVOICE_MESSAGES.justification)
      .max(INVOICE_JUSTIFICATION.max, INVOICE_MESSAGES.justification),
  },
  { error: INVOICE_MESSAGES.justification },
);
export type CancelInvoiceBody = z.infer<typeof cancelInvoiceBodySchema>;

/** GET /api/admin/orders/{id}/packing_slip?layout=a4|thermal (a4 when left out). */
export const packingSlipQuerySchema = z.object({
  layout: z.enum(PACKING_SLIP_LAYOUTS, { error: INVOICE_MESSAGES.layout }).default('a4'),
});
