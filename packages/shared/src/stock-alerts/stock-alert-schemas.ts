/**
 * 'Avise-me quando chegar' (back in stock): the request the product page sends, the answers, the
 * pt-BR texts both sides show, and the store settings that throttle the e-mails of a restock.
 */
import { z } from 'zod';
import { emailSchema } from '../validation/email.ts';

/** 'pending': waits for its confirmation link; 'waiting': in the queue; 'sent': e-mailed once. */
export const STOCK_ALERT_STATUSES = ['pending', 'waiting', 'sent'] as const;
export type StockAlertStatus = (typeof STOCK_ALERT_STATUSES)[number];

export const STOCK_ALERT_MESSAGES = {
  variant: 'Escolha a variante esgotada que você quer esperar.',
  consent: 'Marque a caixa para autorizar o e-mail de aviso.',
  unavailable: 'Este produto não está à venda no momento.',
  inStock: 'Esta variante já está disponível: você pode comprá-la agora.',
  throttled: 'Muitos pedidos de aviso. Aguarde um pouco e tente novamente.',
  /**
   * A visitor's answer, the same whether the address already waits or not (nobody can learn who
   * waits for what by asking).
   */
  confirmationSent: (email: string) =>
    `Enviamos um e-mail para ${email}. Abra o link dele para ativar o aviso.`,
  /** A signed-in shopper asking with the account's own confirmed address: no link needed. */
  waiting: 'Pronto! Você vai receber um e-mail assim que esta variante chegar.',
  confirmed: 'Aviso confirmado! Você vai receber um e-mail assim que esta variante chegar.',
  cancelled: 'Aviso cancelado. Seu e-mail foi removido da lista de espera.',
  invalidLink: 'Este link expirou ou já foi usado.',
} as const;

/** What the box on the product page says: consent to this one e-mail, for this one purpose. */
export const STOCK_ALERT_CONSENT_TEXT =
  'Quero receber um único e-mail quando esta variante voltar ao estoque. Meu e-mail será usado só para isso e apagado depois.';

/** A link's token: 32 random bytes in base64url, the only shape a link we sent can have. */
export const STOCK_ALERT_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** POST /api/stock_alerts (DESIGN.md `{variant_id, email}`, with the consent the LGPD asks). */
export const stockAlertRequestSchema = z.object({
  variant_id: z.coerce
    .number({ error: STOCK_ALERT_MESSAGES.variant })
    .int(STOCK_ALERT_MESSAGES.variant)
    .positive(STOCK_ALERT_MESSAGES.variant)
    .max(2_147_483_647, STOCK_ALERT_MESSAGES.variant),
  email: emailSchema(),
  // A box the form sends ticked or not; only ticked passes.
  consent: z
    .boolean({ error: STOCK_ALERT_MESSAGES.consent })
    .refine((ticked) => ticked, STOCK_ALERT_MESSAGES.consent)
    .transform(() => true as const),
});
export type StockAlertRequest = z.input<typeof stockAlertRequestSchema>;

export const stockAlertAnswerSchema = z.object({
  success: z.literal(true),
  /** 'pending': a confirmation link went (or the address already waits); 'waiting': in the queue. */
  status: z.enum(['pending', 'waiting']),
  message: z.string(),
});
export type StockAlertAnswer = z.infer<typeof stockAlertAnswerSchema>;

/** POST /api/stock_alerts/confirm/{token} and /cancel/{token}. */
export const stockAlertLinkAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** The product page of the variant, to go back to ('/produto/12?variante=SKU'). */
  product: z.object({ name: z.string(), variant: z.string(), path: z.string() }).nullable(),
});
export type StockAlertLinkAnswer = z.infer<typeof stockAlertLinkAnswerSchema>;

/** GET /api/admin/stock_alerts?product_id=: who waits for each variant of a product. */
export const adminStockAlertCountsSchema = z.object({
  variants: z.array(
    z.object({
      variant_id: z.number().int(),
      /** Confirmed and in the queue. */
      waiting: z.number().int(),
      /** Visitors who have not followed their confirmation link yet. */
      pending: z.number().int(),
    }),
  ),
});
export type AdminStockAlertCounts = z.infer<typeof adminStockAlertCountsSchema>;

/**
 * The store settings that throttle a restock's e-mails: how many waiting people each unit that
 * arrived calls, and a ceiling for one restock. 3 units at 3 a unit e-mail 9 people, never 300;
 * the rest wait for the next restock.
 */
export const STOCK_ALERTS_PER_UNIT = { min: 1, max: 100, default: 3 } as const;
export const STOCK_ALERTS_PER_RESTOCK = { min: 1, max: 1000, default: 50 } as const;

/** How many of the waiting are e-mailed when a variant comes back with `units` units. */
export function alertsToSend(
  units: number,
  settings: { stock_alerts_per_unit: number; stock_alerts_per_restock: number },
): number {
  if (units <= 0) return 0;
  return Math.min(units * settings.stock_alerts_per_unit, settings.stock_alerts_per_restock);
}

export const STOCK_ALERT_SETTINGS_MESSAGES = {
  perUnit: `Avisos por unidade reposta: use um número inteiro de ${STOCK_ALERTS_PER_UNIT.min} a ${STOCK_ALERTS_PER_UNIT.max}`,
  perRestock: `Máximo de avisos por reposição: use um número inteiro de ${STOCK_ALERTS_PER_RESTOCK.min} a ${STOCK_ALERTS_PER_RESTOCK.max}`,
} as const;

function whole(limits: { min: number; max: number; default: number }, message: string) {
  return z.coerce
    .number({ error: message })
    .int(message)
    .min(limits.min, message)
    .max(limits.max, message)
    .default(limits.default);
}

/**
 * The two fields inside the store settings' body (settings/store-settings.ts); a document saved
 * before they existed parses with the defaults.
 */
export const stockAlertSettingsFields = {
  stock_alerts_per_unit: whole(STOCK_ALERTS_PER_UNIT, STOCK_ALERT_SETTINGS_MESSAGES.perUnit),
  stock_alerts_per_restock: whole(
    STOCK_ALERTS_PER_RESTOCK,
    STOCK_ALERT_SETTINGS_MESSAGES.perRestock,
  ),
};

/** The same two in GET/PUT /api/admin/settings. */
export const stockAlertSettingsJsonFields = {
  stock_alerts_per_unit: z
    .number()
    .int()
    .describe('back-in-stock e-mails sent for each unit of a variant that comes back'),
  stock_alerts_per_restock: z
    .number()
    .int()
    .describe('the most back-in-stock e-mails one restock sends; the rest wait for the next'),
};

export type StockAlertSettings = {
  stock_alerts_per_unit: number;
  stock_alerts_per_restock: number;
};

export function stockAlertSettingsOf(settings: StockAlertSettings): StockAlertSettings {
  return {
    stock_alerts_per_unit: settings.stock_alerts_per_unit,
    stock_alerts_per_restock: settings.stock_alerts_per_restock,
  };
}
