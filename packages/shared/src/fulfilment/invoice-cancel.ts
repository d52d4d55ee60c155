import { z } from 'zod';

/**
 * SEFAZ takes an NF-e's cancellation only with a justification (xJust) of 15 to 255 characters:
 * the panel's dialog and POST /api/admin/orders/{id}/invoice/cancel check it with this one schema.
 */
export const INVOICE_CANCEL_JUSTIFICATION = { min: 15, max: 255 } as const;

export const INVOICE_CANCEL_MESSAGES = {
  justification: 'A justificativa deve ter de 15 a 255 caracteres.',
} as const;

const M = INVOICE_CANCEL_MESSAGES.justification;

export const invoiceCancelBodySchema = z.object({
  justification: z
    .string({ error: M })
    .trim()
    .min(INVOICE_CANCEL_JUSTIFICATION.min, M)
    .max(INVOICE_CANCEL_JUSTIFICATION.max, M),
});
export type InvoiceCancelBody = z.output<typeof invoiceCancelBodySchema>;
