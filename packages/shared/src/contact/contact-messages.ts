import { z } from 'zod';

/**
 * The panel's inbox of contact-form messages (DESIGN.md: GET /api/admin/contact_messages,
 * PATCH /api/admin/contact_messages/{id} {status}). A message arrives 'new' (unread).
 */
export const CONTACT_MESSAGE_STATUSES = ['new', 'read', 'answered'] as const;
export type ContactMessageStatus = (typeof CONTACT_MESSAGE_STATUSES)[number];

export const CONTACT_MESSAGE_STATUS_LABELS: Record<ContactMessageStatus, string> = {
  new: 'Não lida',
  read: 'Lida',
  answered: 'Respondida',
};

export const CONTACT_MESSAGES_PER_PAGE = 20;

export const CONTACT_MESSAGE_TEXTS = {
  status: 'Situação inválida: use new, read ou answered.',
  page: 'Página inválida',
  perPage: 'Itens por página devem estar entre 1 e 100',
  id: 'Identificador de mensagem inválido.',
  notFound: 'Mensagem não encontrada.',
  updated: 'Mensagem atualizada.',
} as const;

/** How long the summary of a message is, in the inbox and the e-mail's subject. */
export const CONTACT_SUBJECT_MAX = 60;

/**
 * The form has no subject field (spec 000 §2: name, e-mail, message): the first line of the
 * message, cut at a word, stands in for one, as help desks do with subject-less forms.
 */
export function contactSubject(message: string): string {
  const line = message.trim().split(/\r?\n/)[0]?.trim() ?? '';
  if (line.length <= CONTACT_SUBJECT_MAX) return line;
  const cut = line.slice(0, CONTACT_SUBJECT_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > CONTACT_SUBJECT_MAX / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const statusSchema = z.enum(CONTACT_MESSAGE_STATUSES, { error: CONTACT_MESSAGE_TEXTS.status });

/** Query of GET /api/admin/contact_messages; no status lists every message. */
export const contactMessageListQuerySchema = z.object({
  status: statusSchema.optional(),
  page: z.coerce
    .number({ error: CONTACT_MESSAGE_TEXTS.page })
    .int(CONTACT_MESSAGE_TEXTS.page)
    .min(1, CONTACT_MESSAGE_TEXTS.page)
    .max(100_000, CONTACT_MESSAGE_TEXTS.page)
    .default(1),
  per_page: z.coerce
    .number({ error: CONTACT_MESSAGE_TEXTS.perPage })
    .int(CONTACT_MESSAGE_TEXTS.perPage)
    .min(1, CONTACT_MESSAGE_TEXTS.perPage)
    .max(100, CONTACT_MESSAGE_TEXTS.perPage)
    .default(CONTACT_MESSAGES_PER_PAGE),
});
export type ContactMessageListQuery = z.infer<typeof contactMessageListQuerySchema>;

/** Body of PATCH /api/admin/contact_messages/{id}. */
export const updateContactMessageSchema = z.strictObject(
  { status: statusSchema },
  { error: CONTACT_MESSAGE_TEXTS.status },
);
export type UpdateContactMessage = z.infer<typeof updateContactMessageSchema>;

export const contactMessageSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    /** The first line of the message (the form has no subject). */
    subject: z.string(),
    message: z.string(),
    status: z.enum(CONTACT_MESSAGE_STATUSES),
    status_label: z.string(),
    created_at: z.string(),
    /** The account with the sender's e-mail, when there is one: its orders are a click away. */
    account: z
      .object({ id: z.number().int(), name: z.string(), orders_count: z.number().int() })
      .nullable(),
  })
  .meta({ id: 'ContactMessage' });
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const contactMessageListSchema = z.object({
  messages: z.array(contactMessageSchema),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  total_pages: z.number().int(),
  /** Messages nobody has opened yet, whatever the filter: the panel's navigation shows it. */
  unread: z.number().int(),
});
export type ContactMessageList = z.infer<typeof contactMessageListSchema>;

export const contactMessageUpdateAnswerSchema = z.object({
  message: z.string(),
  contact_message: contactMessageSchema,
  unread: z.number().int(),
});
export type ContactMessageUpdateAnswer = z.infer<typeof contactMessageUpdateAnswerSchema>;
