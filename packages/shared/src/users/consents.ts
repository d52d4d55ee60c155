import { z } from 'zod';

export const CONSENT_MESSAGES = {
  privacyPolicy: 'Você deve aceitar a Política de Privacidade',
  termsOfService: 'Você deve aceitar os Termos de Serviço',
} as const;

/** The terms link has no page yet (spec 000 §2). */
export const TERMS_IN_DEVELOPMENT_ALERT = 'Termos de Serviço em desenvolvimento';

function mustAccept(message: string) {
  return z.literal(true, { error: message });
}

/** Register's four consents: the first two are required, the others default to false. */
export const consentsShape = {
  privacy_policy_accepted: mustAccept(CONSENT_MESSAGES.privacyPolicy),
  terms_of_service_accepted: mustAccept(CONSENT_MESSAGES.termsOfService),
  marketing_consent: z.boolean().default(false),
  data_processing_consent: z.boolean().default(false),
};
