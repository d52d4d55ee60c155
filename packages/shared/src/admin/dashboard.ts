import { z } from 'zod';

/**
 * GET /api/admin/dashboard?period=7|30|90: the owner's home. The queue holds only what the
 * caller's role reaches (an operator sees orders, not security alerts); `figures` is null
 * without the 'reports' permission. Money in reais with two decimals, days in São Paulo time.
 */
export const DASHBOARD_PERIODS = [7, 30, 90] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
export const DEFAULT_DASHBOARD_PERIOD: DashboardPeriod = 30;

export const DASHBOARD_QUEUE_KEYS = [
  'pix_to_confirm', // orders waiting for a PIX or other payment to be confirmed
  'orders_to_ship', // paid (processing) orders with no shipment
  'labels_failed', // shipping labels whose purchase or generation failed
  'invoices_failed', // NF-e rejected, denied or in error
  'returns_open', // withdrawal and exchange requests waiting for the shop; days_left of the nearest
  'privacy_open', // LGPD requests not completed; days_left to the legal deadline of the nearest
  'messages_unread', // contact messages not read yet
  'variants_out_of_stock', // active variants of active products with no unit
  'variants_low_stock', // active variants with stock at or below their threshold (above 0)
  'bling_to_check', // products whose Bling sync failed or waits for a decision
  'reviews_pending', // product reviews waiting for moderation
  'security_alerts', // security alerts of the last 7 days
] as const;
export type DashboardQueueKey = (typeof DASHBOARD_QUEUE_KEYS)[number];

export const dashboardQueueItemSchema = z.object({
  key: z.enum(DASHBOARD_QUEUE_KEYS),
  count: z.number().int(),
  /** Days left before the most urgent one's deadline (negative: overdue); null where none. */
  days_left: z.number().int().nullable(),
});
export type DashboardQueueItem = z.infer<typeof dashboardQueueItemSchema>;

const periodTotals = z.object({
  revenue: z.number(),
  orders: z.number().int(),
  average_order_value: z.number(),
});

export const dashboardFiguresSchema = z.object({
  period_days: z.union([z.literal(7), z.literal(30), z.literal(90)]),
  /** First and last day of the period (YYYY-MM-DD, São Paulo); the last is today. */
  from: z.string(),
  to: z.string(),
  /** One row per day of the period, oldest first; `previous_*` is the same weekday-aligned day of the period before. */
  daily: z.array(
    z.object({
      date: z.string(),
      revenue: z.number(),
      orders: z.number().int(),
      previous_revenue: z.number(),
      previous_orders: z.number().int(),
    }),
  ),
  totals: periodTotals,
  previous: periodTotals,
  /** Carts that got an item in the period against orders paid in the period; rate in 0..1. */
  conversion: z.object({
    carts: z.number().int(),
    paid_orders: z.number().int(),
    rate: z.number().nullable(),
  }),
  by_payment_method: z.array(
    z.object({ method: z.string(), revenue: z.number(), orders: z.number().int() }),
  ),
  by_category: z.array(z.object({ category: z.string(), revenue: z.number() })),
  best_sellers: z.array(
    z.object({
      variant_id: z.number().int().nullable(),
      product_id: z.number().int().nullable(),
      name: z.string(),
      /** 'Diâmetro: 8 mm · Cor: Dourado'; empty for a product without options. */
      variant_label: z.string(),
      sku: z.string().nullable(),
      quantity: z.number().int(),
      revenue: z.number(),
    }),
  ),
  /** Buyers whose first paid order is in the period, and those who had bought before it. */
  customers: z.object({ new: z.number().int(), returning: z.number().int() }),
});
export type DashboardFigures = z.infer<typeof dashboardFiguresSchema>;

export const dashboardSchema = z
  .object({
    queue: z.array(dashboardQueueItemSchema),
    figures: dashboardFiguresSchema.nullable(),
    generated_at: z.string(),
  })
  .meta({ id: 'AdminDashboard' });
export type Dashboard = z.infer<typeof dashboardSchema>;

export const DASHBOARD_MESSAGES = {
  period: 'Escolha um período de 7, 30 ou 90 dias.',
} as const;

/** The query of GET /api/admin/dashboard: `period` in days, 30 when absent. */
export const dashboardQuerySchema = z.object({
  period: z
    .enum(['7', '30', '90'], { error: DASHBOARD_MESSAGES.period })
    .default(String(DEFAULT_DASHBOARD_PERIOD) as '30'),
});
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;
