import { z } from 'zod';

/** What the panel and the API say about the Bling ERP, in the shop owner's words. */
export const BLING_TEXTS = {
  notConfigured:
    'Integração com o Bling não configurada: defina BLING_CLIENT_ID e BLING_CLIENT_SECRET no servidor.',
  notConnected: 'O Bling não está conectado: use "Conectar ao Bling" no painel.',
  badState: 'Autorização do Bling inválida ou expirada. Tente conectar novamente.',
  reconnect: 'O Bling recusou o acesso da loja: conecte o Bling novamente.',
  refused: 'A conexão com o Bling foi recusada no Bling.',
  connected: 'Bling conectado! Use "Sincronização completa" para trazer os produtos.',
  disconnected: 'Bling desconectado.',
  fullSyncStarted:
    'Sincronização completa com o Bling iniciada: os produtos são atualizados em instantes.',
  pendingSyncStarted: 'Sincronização dos itens pendentes com o Bling iniciada.',
  syncRunning: 'Uma sincronização com o Bling já está em andamento.',
} as const;

/** The last product sync, as the panel shows it. */
export const blingSyncSummarySchema = z.object({
  kind: z.enum(['full', 'incremental', 'pending']),
  created: z.number().int(),
  updated: z.number().int(),
  /** Products with a local change Bling has not seen: the pending sync sends them first. */
  skipped: z.number().int(),
  failed: z.number().int(),
  /** Why some failed (the first few), or why the whole run stopped. */
  errors: z.array(z.string()),
  /** Set when the run stopped before the end (Bling unreachable, access refused). */
  stopped: z.string().nullable(),
});
export type BlingSyncSummary = z.infer<typeof blingSyncSummarySchema>;

/** GET /api/bling/status */
export const blingStatusSchema = z
  .object({
    configured: z.boolean(),
    connected: z.boolean(),
    connected_at: z.string().nullable(),
    last_sync_at: z.string().nullable(),
    sync_running: z.boolean(),
    sync_started_at: z.string().nullable(),
    sync_finished_at: z.string().nullable(),
    sync_summary: blingSyncSummarySchema.nullable(),
    /** What Bling refused or never answered: the owner checks these in Bling. */
    attention: z.object({
      /** Paid orders Bling refused as sales orders (the reason is kept). */
      sales_orders_failed: z.number().int(),
      /** Paid orders sent with no answer: maybe in Bling, not sent again. */
      sales_orders_uncertain: z.number().int(),
      /** Stock movements refused or unanswered, not sent again. */
      stock_movements_in_doubt: z.number().int(),
    }),
  })
  .meta({ id: 'BlingStatus' });
export type BlingStatus = z.infer<typeof blingStatusSchema>;

/** GET /api/bling/oauth/start: where the administrator's browser goes next. */
export const blingAuthorizeSchema = z.object({ url: z.string() });

/** POST /api/products/sync_full_with_bling and /sync_with_bling (spec 001 §7: a message). */
export const blingSyncAnswerSchema = z.object({ message: z.string() });

/** POST /api/bling/test_webhook (spec 001 §7: response test_data.name). */
export const blingTestWebhookAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  test_data: z.object({ name: z.string() }),
});
export type BlingTestWebhookAnswer = z.infer<typeof blingTestWebhookAnswerSchema>;
