import { z } from 'zod';
import { DASHBOARD_MESSAGES } from '../admin/dashboard.ts';
import type { CartJson } from '../cart/cart-schemas.ts';

/**
 * Reminders of a cart left behind and of a PIX that expired unpaid: the restore link of their
 * e-mail (GET /api/carts/restore/{token}, the page /carrinho/recuperar/{token}) and the one-click
 * unsubscribe (RFC 8058: POST /api/unsubscribe/{token}, the page /descadastrar/{token}).
 */
export const REMINDER_MESSAGES = {
  restoreInvalid:
    'Este link de recuperação de carrinho não é válido. Confira se ele foi copiado inteiro do e-mail.',
  restoreUsed:
    'Este link de recuperação já foi usado: cada link recupera o carrinho uma vez. Seus itens podem estar no carrinho do aparelho em que você o abriu.',
  restoreExpired:
    'Este link de recuperação expirou: ele vale por 7 dias. As peças continuam na loja.',
  restored: 'Recuperamos o seu carrinho com os preços e o estoque de hoje.',
  restoredPartly:
    'Recuperamos o seu carrinho com os preços e o estoque de hoje. Algumas peças esgotaram ou saíram da loja e ficaram de fora.',
  nothingRestored:
    'As peças deste carrinho esgotaram ou saíram da loja, então não havia o que recuperar.',
  unsubscribeInvalid:
    'Este link de descadastro não é válido. Confira se ele foi copiado inteiro do e-mail, ou desligue os e-mails de marketing em Gerenciar dados, na sua conta.',
  unsubscribeExpired:
    'Este link de descadastro expirou. Desligue os e-mails de marketing em Gerenciar dados, na sua conta.',
  unsubscribeBody: 'Para se descadastrar, envie List-Unsubscribe=One-Click.',
  unsubscribed: 'Pronto: você não vai mais receber e-mails de marketing da loja.',
} as const;

/**
 * A link's token: 16 random bytes and the first 16 bytes of their HMAC, both base64url. The
 * server keeps only its SHA-256; a token it did not sign is refused before any lookup.
 */
export const REMINDER_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/;

/** The path parameter of both links: anything else is a link the shop never sent. */
export const reminderTokenSchema = z.string().max(200);

export function isReminderToken(value: string): boolean {
  return REMINDER_TOKEN_PATTERN.test(value);
}

/** A restore link works once, on any device, for this long after the e-mail. */
export const RESTORE_LINK_DAYS = 7;
/** An unsubscribe link keeps working this long: mail clients may offer it for weeks. */
export const UNSUBSCRIBE_LINK_DAYS = 90;

/** What a restore put back: lines and units written, lines left out (sold out, gone). */
export interface RestoredSummary {
  lines: number;
  units: number;
  missing: number;
}

/** GET /api/carts/restore/{token}: the visitor's cart with the lines put back. */
export interface RestoreCartAnswer {
  cart: CartJson;
  restored: RestoredSummary;
  message: string;
}

export const restoredSummarySchema = z.object({
  lines: z.number().int(),
  units: z.number().int(),
  missing: z.number().int(),
});

/** GET /api/unsubscribe/{token}: whose link it is (the address masked) and where it stands. */
export const unsubscribeStatusSchema = z.object({
  unsubscribe: z.object({
    email: z.string().describe("the address the e-mail went to, masked ('a***@example.com')"),
    subscribed: z.boolean().describe('whether the marketing consent is on now'),
  }),
});
export type UnsubscribeStatus = z.infer<typeof unsubscribeStatusSchema>;

/** POST /api/unsubscribe/{token}: RFC 8058's one field, from a form or from the shop's page. */
export const unsubscribeBodySchema = z.object(
  {
    'List-Unsubscribe': z.literal('One-Click', { error: REMINDER_MESSAGES.unsubscribeBody }),
  },
  { error: REMINDER_MESSAGES.unsubscribeBody },
);

export const unsubscribeAnswerSchema = z.object({
  unsubscribed: z.literal(true),
  message: z.string(),
});

/** 'ana@example.com' -> 'a***@example.com': enough to recognise, not to harvest. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

/** GET /api/admin/reminders/stats?period=7|30|90: the panel's card. Money in reais. */
export const reminderStatsQuerySchema = z.object({
  period: z.enum(['7', '30', '90'], { error: DASHBOARD_MESSAGES.period }).default('30'),
});

export const reminderStatsSchema = z.object({
  reminders: z.object({
    period_days: z.union([z.literal(7), z.literal(30), z.literal(90)]),
    from: z.string(),
    to: z.string(),
    sent: z.number().int().describe('reminder e-mails queued in the period'),
    restored: z.number().int().describe('restore links followed in the period'),
    carts_recovered: z
      .number()
      .int()
      .describe(
        'orders paid in the period that a restored cart became (same shopper, within 7 days of the restore, with a restored item)',
      ),
    revenue_recovered: z.number().describe("those orders' totals, reais"),
  }),
});
export type ReminderStats = z.infer<typeof reminderStatsSchema>['reminders'];
