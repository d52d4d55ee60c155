import { z } from 'zod';

/**
 * The consents of the personal-data page (spec 001 §3, §4), by the names the page uses: the
 * three optional cookie categories and e-mail marketing (`marketingComm`). Essential cookies
 * are always on and are not a choice.
 */
export const PAGE_CONSENTS = ['performance', 'functional', 'marketing', 'marketingComm'] as const;
export type PageConsent = (typeof PAGE_CONSENTS)[number];

/**
 * The register form's consents, by the same kind of name: an account created with Google never
 * saw that form, so it is asked for them on its first visit. The policy and the terms are
 * accepted, never withdrawn here (withdrawing them is asking for the account's deletion).
 */
export const ACCOUNT_CONSENTS = ['privacyPolicy', 'termsOfService', 'dataProcessing'] as const;
export type AccountConsent = (typeof ACCOUNT_CONSENTS)[number];

export const ALL_CONSENTS = [...PAGE_CONSENTS, ...ACCOUNT_CONSENTS] as const;
export type ConsentName = (typeof ALL_CONSENTS)[number];

export const CONSENT_TEXTS = {
  updated: 'Consentimento atualizado com sucesso!',
  empty: 'Informe ao menos um consentimento para alterar.',
  mustAccept:
    'A Política de Privacidade e os Termos de Uso são aceitos, não retirados: para retirá-los, solicite a exclusão da conta.',
} as const;

const flags = {
  performance: z.boolean(),
  functional: z.boolean(),
  marketing: z.boolean(),
  marketingComm: z.boolean(),
  privacyPolicy: z.boolean(),
  termsOfService: z.boolean(),
  dataProcessing: z.boolean(),
};

/** GET /api/users/consents (and the PUT answer): the current choice of each. */
export const consentsAnswerSchema = z.object({
  consents: z.object(flags),
  updated_at: z.string().nullable(),
});
export type ConsentsAnswer = z.infer<typeof consentsAnswerSchema>;

const accept = z.literal(true, { error: CONSENT_TEXTS.mustAccept });

/** PUT /api/users/consents: the same shape, only the consents that change. */
export const updateConsentsSchema = z.object({
  consents: z
    .object({
      performance: flags.performance.optional(),
      functional: flags.functional.optional(),
      marketing: flags.marketing.optional(),
      marketingComm: flags.marketingComm.optional(),
      privacyPolicy: accept.optional(),
      termsOfService: accept.optional(),
      dataProcessing: flags.dataProcessing.optional(),
    })
    .strict()
    .refine((value) => Object.keys(value).length > 0, { message: CONSENT_TEXTS.empty }),
});
export type UpdateConsents = z.infer<typeof updateConsentsSchema>;
