import { z } from 'zod';
import type { PromotionJson } from '../promotions/coupon-schema.ts';
import { isStateCode } from '../addresses/brazil-states.ts';
import { centsToReais, reaisToCents } from '../format/money.ts';
import type { StorePayments } from '../payments/card-instalments.ts';
import { isValidCepInput } from '../validation/cep.ts';
import { onlyDigits } from '../validation/digits.ts';
import { isValidEmail } from '../validation/email.ts';
import { isValidPhone } from '../validation/phone.ts';
import {
  stockAlertSettingsFields,
  stockAlertSettingsJsonFields,
  stockAlertSettingsOf,
} from '../stock-alerts/stock-alert-schemas.ts';
import {
  brazilianMobile,
  DEMO_WHATSAPP,
  hasUnsafeHtml,
  isValidDocument,
  isValidMailbox,
  type SocialNetwork,
  socialProfileUrl,
  whatsappLink,
} from './settings-rules.ts';

/** pt-BR messages of the store settings form, the same on the panel and in the API's 422. */
export const SETTINGS_MESSAGES = {
  text: (max: number) => `Use no máximo ${max} caracteres`,
  document: 'CNPJ ou CPF inválido',
  cep: 'CEP deve ter 8 dígitos',
  state: 'UF inválida (use a sigla do estado, por exemplo SP)',
  address: 'Endereço inválido',
  email: 'Email inválido',
  mailbox: 'Remetente inválido (use email@loja.com.br ou Nome <email@loja.com.br>)',
  phone: 'Telefone inválido (deve ter 10 ou 11 dígitos)',
  whatsapp: 'WhatsApp deve ser um celular com DDD: 11 dígitos começando com 9 depois do DDD',
  percent: 'Desconto PIX deve ser um número de 0 a 100',
  money: 'Valor inválido (use reais com até 2 casas decimais, até R$ 100.000,00)',
  installmentsMax: 'Parcelas: use um número inteiro de 1 a 12',
  interestFree: 'Parcelas sem juros: use um número inteiro de 1 até o máximo de parcelas',
  boletoDueDays: 'Vencimento do boleto: use um número inteiro de 1 a 30 dias',
  autoInvoice: 'Emissão automática de NF-e: marque ou desmarque a opção',
  social: (network: string) => `${network}: informe o @perfil ou o endereço do perfil`,
  policyUnsafe:
    'A política contém conteúdo não permitido (scripts, atributos de evento ou links javascript:). Use só texto, títulos, listas, negrito, itálico e links.',
  lowStockThreshold: 'Informe um número inteiro de unidades, 0 ou mais.',
  reminderDelayHours: 'Lembretes: informe as horas, de 0,01 a 168 (0,5 é meia hora).',
  saved: 'Configurações salvas.',
} as const;

const M = SETTINGS_MESSAGES;

export const MAX_INSTALLMENTS = 12;
/** Largest amount the money fields take (R$ 100.000,00), as the product prices. */
export const MAX_SETTINGS_MONEY_CENTS = 10_000_000;
export const POLICY_MAX_LENGTH = 50_000;
/** MercadoPago takes a boleto due in 1 to 30 days; 3 is its own default. */
export const BOLETO_DUE_DAYS = { min: 1, max: 30, default: 3 } as const;
/**
 * A variant with this many units or fewer is low on stock (its own threshold wins when set):
 * the catalogue's people get one e-mail when it gets there. 0: only when it runs out.
 */
export const LOW_STOCK_THRESHOLD = { max: 100_000, default: 3 } as const;

/**
 * Reminders: how long a signed-in shopper's cart stays untouched (or an order's PIX stays
 * expired) before the one reminder e-mail. Hours with up to two decimals, so 0,5 is half an hour
 * (the browser tests take 0,01, 36 seconds); at most a week, as long as a restore link lives.
 */
export const REMINDER_DELAY_HOURS = { min: 0.01, max: 168, default: 4 } as const;

/** Text that may be left blank: trimmed, '' when blank, null or missing. */
function text(max: number) {
  return z
    .string({ error: M.text(max) })
    .nullish()
    .transform((value) => value?.trim() ?? '')
    .pipe(z.string().max(max, M.text(max)));
}

/** Blank, or a value `accept` turns into what is stored (undefined: refused with `message`). */
function blankOr(message: string, accept: (value: string) => string | undefined, max = 200) {
  return text(max).transform((value, ctx) => {
    if (value === '') return '';
    const accepted = accept(value);
    if (accepted === undefined) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return accepted;
  });
}

const PRICE_TEXT = /^\d+([.,]\d{1,2})?$/;

/** Reais (number or '299,00') -> cents from 0 to R$ 100.000,00; blank -> `blank`. */
function money<B extends number | null>(blank: B) {
  return z
    .union([z.number(), z.string()], { error: M.money })
    .nullish()
    .transform((value, ctx): number | B => {
      if (value === undefined || value === null || value === '') return blank;
      const typed = typeof value === 'number' ? String(value) : value.trim();
      const cents = PRICE_TEXT.test(typed) ? reaisToCents(typed.replace(',', '.')) : undefined;
      if (cents === undefined || cents > MAX_SETTINGS_MONEY_CENTS) {
        ctx.addIssue({ code: 'custom', message: M.money });
        return z.NEVER;
      }
      return cents;
    });
}

function social(network: SocialNetwork, label: string) {
  return blankOr(M.social(label), (value) => socialProfileUrl(network, value), 300);
}

const policy = text(POLICY_MAX_LENGTH).refine((html) => !hasUnsafeHtml(html), M.policyUnsafe);

const installmentsSchema = z
  .object(
    {
      max: z.coerce
        .number({ error: M.installmentsMax })
        .int(M.installmentsMax)
        .min(1, M.installmentsMax)
        .max(MAX_INSTALLMENTS, M.installmentsMax),
      interest_free: z.coerce
        .number({ error: M.interestFree })
        .int(M.interestFree)
        .min(1, M.interestFree)
        .max(MAX_INSTALLMENTS, M.interestFree),
      min_installment: money(0),
    },
    { error: M.installmentsMax },
  )
  .refine((value) => value.interest_free <= value.max, {
    message: M.interestFree,
    path: ['interest_free'],
  });

/**
 * The body of PUT /api/admin/settings under `settings` (DESIGN.md), parsed to what is stored:
 * every text trimmed ('' when not filled in), digits without masks, money in cents
 * (`free_shipping_threshold` null: no free shipping), social profiles as https addresses.
 * The whole document is replaced on each save; policies are cleaned again by the server.
 */
export const storeSettingsInputSchema = z
  .object({
    trade_name: text(120),
    legal_name: text(160),
    document: blankOr(M.document, (value) =>
      isValidDocument(value) ? onlyDigits(value) : undefined,
    ),
    address: z.object(
      {
        zip_code: blankOr(M.cep, (value) =>
          isValidCepInput(value) ? onlyDigits(value) : undefined,
        ),
        street: text(200),
        number: text(20),
        complement: text(100),
        neighborhood: text(100),
        city: text(100),
        state: blankOr(M.state, (value) =>
          isStateCode(value.toUpperCase()) ? value.toUpperCase() : undefined,
        ),
      },
      { error: M.cep },
    ),
    sac_email: blankOr(M.email, (value) => (isValidEmail(value) ? value.toLowerCase() : undefined)),
    phone: blankOr(M.phone, (value) =>
      /^[\d()\-\s+]*$/.test(value) && isValidPhone(value) ? onlyDigits(value) : undefined,
    ),
    whatsapp: blankOr(M.whatsapp, brazilianMobile),
    business_hours: text(200),
    // The data protection officer (LGPD art. 41), optional: a small business may name none
    // (ANPD Resolução CD/ANPD 2/2022, art. 11), and the SAC then takes data requests.
    dpo_name: text(120),
    dpo_email: blankOr(M.email, (value) => (isValidEmail(value) ? value.toLowerCase() : undefined)),
    mail_from: blankOr(M.mailbox, (value) => (isValidMailbox(value) ? value : undefined)),
    reply_to: blankOr(M.email, (value) => (isValidEmail(value) ? value.toLowerCase() : undefined)),
    pix_discount_percent: z
      .union([z.number(), z.string()], { error: M.percent })
      // A form sends '2,5'; blank is no number at all (0 must be typed to give no discount).
      .transform((value) =>
        typeof value === 'number'
          ? value
          : value.trim()
            ? Number(value.trim().replace(',', '.'))
            : NaN,
      )
      .pipe(
        z
          .number({ error: M.percent })
          .min(0, M.percent)
          .max(100, M.percent)
          // Hundredths of a percent at most: 2,5% is a real offer, 2,537% is a typing slip.
          .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, M.percent),
      ),
    free_shipping_threshold: money(null),
    installments: installmentsSchema,
    // A document saved before this setting existed has none: MercadoPago's default.
    boleto_due_days: z.coerce
      .number({ error: M.boletoDueDays })
      .int(M.boletoDueDays)
      .min(BOLETO_DUE_DAYS.min, M.boletoDueDays)
      .max(BOLETO_DUE_DAYS.max, M.boletoDueDays)
      .default(BOLETO_DUE_DAYS.default),
    // A document saved before this setting existed has none: the default.
    low_stock_threshold: z.coerce
      .number({ error: M.lowStockThreshold })
      .int(M.lowStockThreshold)
      .min(0, M.lowStockThreshold)
      .max(LOW_STOCK_THRESHOLD.max, M.lowStockThreshold)
      .default(LOW_STOCK_THRESHOLD.default),
    // 'Avise-me quando chegar': how many waiting shoppers a restock e-mails.
    ...stockAlertSettingsFields,
    // Reminders (abandoned carts, expired PIX): a document saved before it has none, the default.
    reminder_delay_hours: z
      .union([z.number(), z.string()], { error: M.reminderDelayHours })
      .nullish()
      .transform((value) =>
        value === undefined || value === null
          ? REMINDER_DELAY_HOURS.default
          : typeof value === 'number'
            ? value
            : value.trim()
              ? Number(value.trim().replace(',', '.'))
              : NaN,
      )
      .pipe(
        z
          .number({ error: M.reminderDelayHours })
          .min(REMINDER_DELAY_HOURS.min, M.reminderDelayHours)
          .max(REMINDER_DELAY_HOURS.max, M.reminderDelayHours)
          .refine(
            (value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6,
            M.reminderDelayHours,
          ),
      ),
    // Issue the NF-e through Bling by itself once a paid order reaches Bling. Left out (a panel
    // from before the setting): what is stored stays, so saving other fields never turns it off.
    auto_invoice: z.boolean({ error: M.autoInvoice }).optional(),
    social: z.object({
      instagram: social('instagram', 'Instagram'),
      facebook: social('facebook', 'Facebook'),
      tiktok: social('tiktok', 'TikTok'),
    }),
    policies: z.object({
      terms: policy,
      returns: policy,
      shipping: policy,
    }),
  })
  // Stored names say the unit, so no reader mistakes cents for reais.
  .transform(({ free_shipping_threshold, installments, ...rest }) => ({
    ...rest,
    free_shipping_threshold_cents: free_shipping_threshold,
    installments: {
      max: installments.max,
      interest_free: installments.interest_free,
      min_installment_cents: installments.min_installment,
    },
  }));

/**
 * The settings as stored and as every module reads them: money in cents. `auto_invoice` is
 * undefined only in a body that left it out (the service keeps the stored value then).
 */
export type StoreSettings = z.output<typeof storeSettingsInputSchema>;
export type StoreSettingsInput = z.input<typeof storeSettingsInputSchema>;

/** `{settings:{...}}`, the body of PUT /api/admin/settings. */
export const storeSettingsBodySchema = z.object({ settings: storeSettingsInputSchema });

export const POLICY_KEYS = ['terms', 'returns', 'shipping'] as const;
export type PolicyKey = (typeof POLICY_KEYS)[number];

/** What a public shop needs filled in, by the field's name in the body, with its pt-BR label. */
export const REQUIRED_FOR_PUBLIC_SHOP = [
  ['trade_name', 'Nome fantasia'],
  ['legal_name', 'Razão social'],
  ['document', 'CNPJ ou CPF'],
  ['address', 'Endereço completo (CEP, rua, número, bairro, cidade e UF)'],
  ['sac_email', 'Email do SAC'],
  ['phone_or_whatsapp', 'Telefone ou WhatsApp'],
  ['policies.terms', 'Termos de uso'],
  ['policies.returns', 'Política de trocas e devoluções'],
  ['policies.shipping', 'Política de envio'],
] as const;

export type MissingSetting = (typeof REQUIRED_FOR_PUBLIC_SHOP)[number][0];

/** The fields a public shop still lacks, in the panel's order (the CDC and Decreto 7.962/2013). */
export function missingSettings(settings: StoreSettings): MissingSetting[] {
  const { address: a, policies } = settings;
  const filled: Record<MissingSetting, boolean> = {
    trade_name: settings.trade_name !== '',
    legal_name: settings.legal_name !== '',
    document: settings.document !== '',
    address: [a.zip_code, a.street, a.number, a.neighborhood, a.city, a.state].every(Boolean),
    sac_email: settings.sac_email !== '',
    phone_or_whatsapp:
      settings.phone !== '' || (settings.whatsapp !== '' && settings.whatsapp !== DEMO_WHATSAPP),
    'policies.terms': policies.terms !== '',
    'policies.returns': policies.returns !== '',
    'policies.shipping': policies.shipping !== '',
  };
  return REQUIRED_FOR_PUBLIC_SHOP.map(([key]) => key).filter((key) => !filled[key]);
}

/**
 * The privacy policy's text is the shop's code, not a setting; these settings are the parts of it
 * the owner writes (who the shop is, how to reach it and its data protection officer), so a
 * change to any of them is a change of the policy a shopper reads.
 */
export const PRIVACY_POLICY_FIELDS = [
  'trade_name',
  'legal_name',
  'sac_email',
  'whatsapp',
  'business_hours',
  'dpo_name',
  'dpo_email',
] as const satisfies readonly (keyof StoreSettings)[];

/** When the privacy policy's own text (privacy-policy-content.tsx) last changed: noon in Brasília. */
export const PRIVACY_POLICY_TEXT_DATE = new Date('2026-11-27T15:00:00.000Z');

/** The privacy policy's date: its text's, or the later change of a setting it shows. */
export function privacyPolicyUpdatedAt(settingsChangedAt: Date | null): Date {
  return settingsChangedAt && settingsChangedAt > PRIVACY_POLICY_TEXT_DATE
    ? settingsChangedAt
    : PRIVACY_POLICY_TEXT_DATE;
}

const moneyOut = z.number().describe('reais with two decimals');

const settingsJsonFields = {
  trade_name: z.string(),
  legal_name: z.string(),
  document: z.string().describe('digits of the CNPJ (14) or CPF (11); empty when not filled'),
  address: z.object({
    zip_code: z.string(),
    street: z.string(),
    number: z.string(),
    complement: z.string(),
    neighborhood: z.string(),
    city: z.string(),
    state: z.string(),
  }),
  sac_email: z.string(),
  phone: z.string(),
  whatsapp: z.string().describe('11 national digits (DDD + mobile)'),
  business_hours: z.string(),
  dpo_name: z.string().describe('the data protection officer (LGPD art. 41); empty: none named'),
  dpo_email: z.string().describe("the officer's e-mail; empty: data requests go to the SAC"),
  pix_discount_percent: z.number(),
  free_shipping_threshold: moneyOut.nullable().describe('reais; null: no free shipping'),
  free_shipping_threshold_cents: z.number().int().nullable(),
  installments: z.object({
    max: z.number().int(),
    interest_free: z.number().int(),
    min_installment: moneyOut,
    min_installment_cents: z.number().int(),
  }),
  boleto_due_days: z.number().int().describe('a boleto is due this many days after it is issued'),
  social: z.object({ instagram: z.string(), facebook: z.string(), tiktok: z.string() }),
};

/** GET/PUT /api/admin/settings: the whole document, money in reais (and in cents beside it). */
export const adminSettingsJsonSchema = z.object({
  ...settingsJsonFields,
  low_stock_threshold: z
    .number()
    .int()
    .describe("e-mail the catalogue's staff when a variant gets down to this many units"),
  ...stockAlertSettingsJsonFields,
  auto_invoice: z
    .boolean()
    .describe('issue the NF-e through Bling by itself when an order is paid (needs Bling)'),
  reminder_delay_hours: z
    .number()
    .describe("hours a signed-in shopper's cart or an expired PIX waits before its reminder"),
  mail_from: z.string(),
  reply_to: z.string(),
  policies: z.object({ terms: z.string(), returns: z.string(), shipping: z.string() }),
});
export type AdminSettingsJson = z.infer<typeof adminSettingsJsonSchema>;

export const adminSettingsAnswerSchema = z.object({
  settings: adminSettingsJsonSchema,
  /** What a public shop still lacks (REQUIRED_FOR_PUBLIC_SHOP's keys), for the panel to list. */
  missing: z.array(z.enum(REQUIRED_FOR_PUBLIC_SHOP.map(([key]) => key))),
  version: z.number().int(),
  updated_at: z.string().nullable(),
});
export type AdminSettingsAnswer = z.infer<typeof adminSettingsAnswerSchema>;

/**
 * GET /api/store under `store`: what a shopper's page shows. The mail settings stay private and
 * the policies' texts are their own pages: only whether each one exists.
 */
export const publicStoreJsonSchema = z.object({
  ...settingsJsonFields,
  whatsapp_url: z.string().nullable(),
  policies: z.object({ terms: z.boolean(), returns: z.boolean(), shipping: z.boolean() }),
  privacy_updated_at: z
    .string()
    .describe(
      "when the privacy policy's text last changed: its own text's date, or a later change of the settings it shows (name, contacts, data protection officer)",
    ),
  payments: z
    .object({
      card: z
        .object({
          provider: z.literal('mercadopago'),
          public_key: z.string(),
          sdk_url: z.string(),
        })
        .nullable(),
      boleto: z.boolean(),
    })
    .describe(
      "the ways to pay beside PIX the shop is configured for: card (MercadoPago's browser SDK and public key; null while off, and no page promises instalments) and boleto",
    ),
});
/**
 * `promotions`: the automatic promotions on now; `order_whatsapp`: checkout offers the order
 * updates by WhatsApp (GET /api/store adds both to the settings).
 */
export type PublicStoreJson = z.infer<typeof publicStoreJsonSchema> & {
  promotions?: PromotionJson[];
  order_whatsapp?: boolean;
};
export const publicStoreAnswerSchema = z.object({ store: publicStoreJsonSchema });

function sharedJson(settings: StoreSettings) {
  return {
    trade_name: settings.trade_name,
    legal_name: settings.legal_name,
    document: settings.document,
    address: { ...settings.address },
    sac_email: settings.sac_email,
    phone: settings.phone,
    whatsapp: settings.whatsapp,
    business_hours: settings.business_hours,
    dpo_name: settings.dpo_name,
    dpo_email: settings.dpo_email,
    pix_discount_percent: settings.pix_discount_percent,
    free_shipping_threshold:
      settings.free_shipping_threshold_cents === null
        ? null
        : centsToReais(settings.free_shipping_threshold_cents),
    free_shipping_threshold_cents: settings.free_shipping_threshold_cents,
    installments: {
      max: settings.installments.max,
      interest_free: settings.installments.interest_free,
      min_installment: centsToReais(settings.installments.min_installment_cents),
      min_installment_cents: settings.installments.min_installment_cents,
    },
    boleto_due_days: settings.boleto_due_days,
    social: { ...settings.social },
  };
}

export function adminSettingsJson(settings: StoreSettings): AdminSettingsJson {
  return {
    ...sharedJson(settings),
    low_stock_threshold: settings.low_stock_threshold,
    ...stockAlertSettingsOf(settings),
    auto_invoice: settings.auto_invoice ?? false,
    reminder_delay_hours: settings.reminder_delay_hours,
    mail_from: settings.mail_from,
    reply_to: settings.reply_to,
    policies: { ...settings.policies },
  };
}

/** PIX only: no card, no boleto (the configuration's CARD_PAYMENTS off). */
export const NO_STORE_PAYMENTS: Readonly<StorePayments> = { card: null, boleto: false };

/**
 * `privacySettingsChangedAt`: when a field of PRIVACY_POLICY_FIELDS last changed (null: never
 * since the first start), which dates the privacy policy page with its own text's date.
 */
export function publicStoreJson(
  settings: StoreSettings,
  privacySettingsChangedAt: Date | null = null,
  payments: StorePayments = NO_STORE_PAYMENTS,
): PublicStoreJson {
  // The demo number a database from before the settings may still hold is nobody's WhatsApp:
  // a shopper is shown none rather than a fake one.
  const whatsapp = settings.whatsapp === DEMO_WHATSAPP ? '' : settings.whatsapp;
  return {
    ...sharedJson(settings),
    whatsapp,
    whatsapp_url: whatsapp ? whatsappLink(whatsapp) : null,
    policies: {
      terms: settings.policies.terms !== '',
      returns: settings.policies.returns !== '',
      shipping: settings.policies.shipping !== '',
    },
    privacy_updated_at: privacyPolicyUpdatedAt(privacySettingsChangedAt).toISOString(),
    payments: { card: payments.card && { ...payments.card }, boleto: payments.boleto },
  };
}
