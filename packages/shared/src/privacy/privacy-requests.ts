import { z } from 'zod';

/** The LGPD rights the personal-data page offers (spec 001 §4; DESIGN.md paths). */
export const PRIVACY_REQUEST_TYPES = ['access', 'export', 'deletion'] as const;
export type PrivacyRequestType = (typeof PRIVACY_REQUEST_TYPES)[number];

export const PRIVACY_REQUEST_TYPE_LABELS: Record<PrivacyRequestType, string> = {
  access: 'Acesso aos dados',
  export: 'Exportação completa',
  deletion: 'Exclusão dos dados',
};

export const PRIVACY_REQUEST_STATUSES = ['requested', 'completed'] as const;
export type PrivacyRequestStatus = (typeof PRIVACY_REQUEST_STATUSES)[number];

/** 'Solicitado' is the spec's; the later status is the shop's answer. */
export const PRIVACY_REQUEST_STATUS_LABELS: Record<PrivacyRequestStatus, string> = {
  requested: 'Solicitado',
  completed: 'Concluído',
};

export const PRIVACY_REQUEST_TEXTS = {
  badType: 'Tipo de solicitação inválido: use access, export ou deletion.',
  created: 'Solicitação registrada. Responderemos dentro do prazo de 15 dias úteis.',
  alreadyOpen: 'Você já tem uma solicitação deste tipo em andamento.',
  notFound: 'Solicitação não encontrada.',
  alreadyCompleted: 'Esta solicitação já foi concluída.',
  completed: 'Solicitação concluída. O titular recebeu a resposta por e-mail.',
  ordersInProgress:
    'Há pedidos em andamento nesta conta ({orders}): entregue ou cancele antes de excluir os dados.',
  exportNotReady: 'A exportação desta solicitação não está disponível.',
  noteTooLong: 'A observação pode ter no máximo 2000 caracteres.',
} as const;

/** POST /api/privacy_requests */
export const createPrivacyRequestSchema = z.object({
  type: z.enum(PRIVACY_REQUEST_TYPES, { error: PRIVACY_REQUEST_TEXTS.badType }),
});

export const privacyRequestSchema = z
  .object({
    id: z.number().int(),
    type: z.enum(PRIVACY_REQUEST_TYPES),
    type_label: z.string(),
    status: z.enum(PRIVACY_REQUEST_STATUSES),
    status_label: z.string(),
    requested_at: z.string(),
    /** The end of the 15th business day after the request (shop time). */
    deadline: z.string(),
    completed_at: z.string().nullable(),
    /** What the shop answered (what was done, kept and why). */
    response: z.string().nullable(),
    /**
     * An answered access or export request whose file can still be downloaded
     * (GET /api/privacy_requests/{id}/export; kept 30 days after the answer).
     */
    export_available: z.boolean(),
  })
  .meta({ id: 'PrivacyRequest' });
export type PrivacyRequest = z.infer<typeof privacyRequestSchema>;

/** GET /api/privacy_requests (the user's own) */
export const privacyRequestListSchema = z.object({ requests: z.array(privacyRequestSchema) });

/** POST /api/privacy_requests answer: the request, new or the one already open of that type. */
export const privacyRequestAnswerSchema = z.object({
  message: z.string(),
  created: z.boolean(),
  request: privacyRequestSchema,
});

/** GET /api/admin/privacy_requests: the queue, open ones first by deadline (overdue on top). */
export const adminPrivacyRequestSchema = privacyRequestSchema.extend({
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  user_email: z.string().nullable(),
  overdue: z.boolean(),
});
export const adminPrivacyQueueSchema = z.object({
  requests: z.array(adminPrivacyRequestSchema),
  open: z.number().int(),
  overdue: z.number().int(),
});

/** POST /api/admin/privacy_requests/{id}/complete: an optional note for the person. */
export const completePrivacyRequestSchema = z
  .object({
    note: z.string().trim().max(2000, { error: PRIVACY_REQUEST_TEXTS.noteTooLong }).optional(),
  })
  .strict();
export type CompletePrivacyRequest = z.infer<typeof completePrivacyRequestSchema>;

export const completePrivacyRequestAnswerSchema = z.object({
  message: z.string(),
  request: adminPrivacyRequestSchema,
});
