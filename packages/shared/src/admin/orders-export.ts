import { z } from 'zod';
import { parseCalendarDate } from '../validation/calendar-date.ts';

/**
 * The accountant's export of orders (GET /api/admin/orders/export, permission 'reports'): the
 * query both the panel's dialog and the API validate, the limits and the file's name.
 */
export const ORDERS_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type OrdersExportFormat = (typeof ORDERS_EXPORT_FORMATS)[number];

/** A year, leap day included: what an accountant closes at once. */
export const ORDERS_EXPORT_MAX_DAYS = 366;

/** Exports one person may take in a window: each reads every order of a period. */
export const ORDERS_EXPORT_LIMIT = { max: 10, windowMs: 10 * 60 * 1000 } as const;

/** Lines one file may hold (one per item sold); a bigger period is split by the caller. */
export const ORDERS_EXPORT_MAX_ROWS = 50_000;

export const ORDERS_EXPORT_FORMAT_LABELS: Record<OrdersExportFormat, string> = {
  csv: 'CSV',
  xlsx: 'Excel (.xlsx)',
};

export const ORDERS_EXPORT_MESSAGES = {
  from: 'Informe a data inicial válida (AAAA-MM-DD)',
  to: 'Informe a data final válida (AAAA-MM-DD)',
  order: 'A data inicial deve ser anterior ou igual à data final',
  tooLong: `O período pode ter no máximo ${ORDERS_EXPORT_MAX_DAYS} dias`,
  format: 'Escolha o formato: CSV ou Excel (.xlsx)',
  throttled: 'Muitas exportações em pouco tempo. Aguarde alguns minutos e tente novamente.',
  tooManyRows: `O período tem mais de ${ORDERS_EXPORT_MAX_ROWS.toLocaleString('pt-BR')} linhas. Escolha um período menor.`,
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days from `from` to `to`, both counted ('2026-11-01' to '2026-11-30' is 30). */
export function daysInRange(from: string, to: string): number {
  const start = parseCalendarDate(from);
  const end = parseCalendarDate(to);
  if (start === undefined || end === undefined) return Number.NaN;
  const ms = (day: typeof start) => Date.UTC(day.year, day.month - 1, day.day);
  return Math.round((ms(end) - ms(start)) / DAY_MS) + 1;
}

const day = (message: string) =>
  z
    .string({ error: message })
    .refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !!parseCalendarDate(value), message);

/** Days in the shop's time zone (America/Sao_Paulo), both included, by the order's creation. */
export const ordersExportQuerySchema = z
  .object({
    from: day(ORDERS_EXPORT_MESSAGES.from),
    to: day(ORDERS_EXPORT_MESSAGES.to),
    format: z.enum(ORDERS_EXPORT_FORMATS, { error: ORDERS_EXPORT_MESSAGES.format }),
  })
  .superRefine((query, context) => {
    const days = daysInRange(query.from, query.to);
    if (days < 1) {
      context.addIssue({ code: 'custom', message: ORDERS_EXPORT_MESSAGES.order, path: ['from'] });
    } else if (days > ORDERS_EXPORT_MAX_DAYS) {
      context.addIssue({ code: 'custom', message: ORDERS_EXPORT_MESSAGES.tooLong, path: ['to'] });
    }
  });
export type OrdersExportQuery = z.infer<typeof ordersExportQuerySchema>;

/** 'pedidos-2026-11-01-a-2026-11-30.csv' */
export function ordersExportFileName(query: OrdersExportQuery): string {
  return `pedidos-${query.from}-a-${query.to}.${query.format}`;
}
