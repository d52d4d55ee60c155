import { z } from 'zod';
import { CONTACT_MESSAGE_STATUSES } from '../contact/contact-messages.ts';
import { ORDER_STATUSES } from '../orders/order-status.ts';
import { ORDER_PAYMENT_METHODS } from '../payments/payment-methods.ts';
import { consentsAnswerSchema } from '../privacy/consents.ts';
import { PRIVACY_REQUEST_STATUSES, PRIVACY_REQUEST_TYPES } from '../privacy/privacy-requests.ts';
import { RETURN_STATUSES, RETURN_TYPES } from '../returns/return-schemas.ts';

/**
 * The panel's customers (DESIGN.md: GET /api/admin/customers, GET /api/admin/customers/{id}).
 * `phone` and `cpf` are present only as `customerFieldsFor(role)` allows (staff-roles.ts): the
 * owner reads both, a manager the phone and the CPF masked by `maskCpf`.
 */

export const ADMIN_CUSTOMERS_PER_PAGE = 20;

export const CUSTOMER_SORTS = [
  'last_order',
  'total_spent',
  'orders_count',
  'name',
  'created_at',
] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

export const CUSTOMER_SORT_LABELS: Record<CustomerSort, string> = {
  last_order: 'Último pedido',
  total_spent: 'Total gasto',
  orders_count: 'Pedidos pagos',
  name: 'Nome',
  created_at: 'Cadastro',
};

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export const CUSTOMER_TEXTS = {
  search: 'A busca deve ter no máximo 100 caracteres',
  page: 'Página inválida',
  sort: 'Ordenação inválida: use last_order, total_spent, orders_count, name ou created_at.',
  direction: 'Direção inválida: use asc ou desc.',
  notFound: 'Cliente não encontrado.',
} as const;

/** Query of GET /api/admin/customers; an empty `q` means everyone. */
export const adminCustomerListQuerySchema = z.object({
  /** Name or e-mail; phone digits, and CPF digits for a role that reads the CPF. */
  q: z.string().trim().max(100, CUSTOMER_TEXTS.search).optional(),
  page: z.coerce
    .number({ error: CUSTOMER_TEXTS.page })
    .int(CUSTOMER_TEXTS.page)
    .min(1, CUSTOMER_TEXTS.page)
    .max(100_000, CUSTOMER_TEXTS.page)
    .default(1),
  sort: z.enum(CUSTOMER_SORTS, { error: CUSTOMER_TEXTS.sort }).default('last_order'),
  direction: z.enum(SORT_DIRECTIONS, { error: CUSTOMER_TEXTS.direction }).default('desc'),
});
export type AdminCustomerListQuery = z.infer<typeof adminCustomerListQuerySchema>;

/** The identifying fields a role may read; absent when it may not. */
const identifying = {
  /** 10 or 11 digits, as the account keeps it. */
  phone: z.string().nullable().optional(),
  /** 11 digits for the owner, '***.456.789-**' for a manager. */
  cpf: z.string().nullable().optional(),
};

export const adminCustomerRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  created_at: z.string(),
  /** Orders paid and not cancelled, refunded or returned since (the home's revenue rule). */
  orders_count: z.number().int(),
  /** Their totals, in reais. */
  total_spent: z.number(),
  /** The last order placed, whatever its state; null when none. */
  last_order_at: z.string().nullable(),
  /** E-mail marketing, as the personal-data page (/gerenciar-dados) last left it. */
  marketing_consent: z.boolean(),
  ...identifying,
});
export type AdminCustomerRow = z.infer<typeof adminCustomerRowSchema>;

export const adminCustomerListResponseSchema = z.object({
  customers: z.array(adminCustomerRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  total_pages: z.number().int(),
});
export type AdminCustomerListResponse = z.infer<typeof adminCustomerListResponseSchema>;

export const adminCustomerDetailSchema = z.object({
  customer: adminCustomerRowSchema.extend({
    email_verified: z.boolean(),
    /** Signs in with Google (the account may have no password). */
    google: z.boolean(),
  }),
  orders: z.array(
    z.object({
      id: z.number().int(),
      order_number: z.string(),
      created_at: z.string(),
      status: z.enum(ORDER_STATUSES),
      total: z.number(),
      payment_method: z.enum(ORDER_PAYMENT_METHODS),
    }),
  ),
  /** The address book; addresses hold no phone of their own. */
  addresses: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      street: z.string(),
      number: z.string(),
      complement: z.string().nullable(),
      neighborhood: z.string(),
      city: z.string(),
      state: z.string(),
      zip_code: z.string(),
      is_default: z.boolean(),
    }),
  ),
  requests: z.object({
    privacy: z.array(
      z.object({
        id: z.number().int(),
        type: z.enum(PRIVACY_REQUEST_TYPES),
        status: z.enum(PRIVACY_REQUEST_STATUSES),
        requested_at: z.string(),
      }),
    ),
    returns: z.array(
      z.object({
        id: z.number().int(),
        protocol: z.string(),
        type: z.enum(RETURN_TYPES),
        status: z.enum(RETURN_STATUSES),
        order_number: z.string(),
        created_at: z.string(),
      }),
    ),
    /** Contact-form messages sent from the account's e-mail address. */
    messages: z.array(
      z.object({
        id: z.number().int(),
        status: z.enum(CONTACT_MESSAGE_STATUSES),
        summary: z.string(),
        created_at: z.string(),
      }),
    ),
  }),
  consents: consentsAnswerSchema,
});
export type AdminCustomerDetail = z.infer<typeof adminCustomerDetailSchema>;
