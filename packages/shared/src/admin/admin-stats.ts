import { z } from 'zod';

/** GET /api/admin/stats: the shop at a glance (spec 001 §2 stat cards; cache 2 min, §9). */
export const adminStatsSchema = z
  .object({
    products: z.object({
      total: z.number().int(),
      active: z.number().int(),
      inactive: z.number().int(),
      /** Active products with no unit left. */
      out_of_stock: z.number().int(),
      from_bling: z.number().int(),
      pending: z.number().int(),
      failed: z.number().int(),
    }),
    orders: z.object({
      /** Placed today (America/Sao_Paulo). */
      today: z.number().int(),
      awaiting_payment: z.number().int(),
      paid_not_shipped: z.number().int(),
      /** Paid orders (by payment day) not cancelled or refunded since, in reais. */
      revenue: z.object({ today: z.number(), last_7_days: z.number(), last_30_days: z.number() }),
    }),
    customers: z.object({ total: z.number().int(), new_last_7_days: z.number().int() }),
    generated_at: z.string(),
  })
  .meta({ id: 'AdminStats' });
export type AdminStats = z.infer<typeof adminStatsSchema>;
