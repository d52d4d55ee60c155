import { z } from 'zod';
import { POLICY_KEYS, type PolicyKey } from './store-settings.ts';

/**
 * The shop's policy pages: the address each one is served at and its title. A policy the owner
 * has not written has no page (404), no link and no place in the sitemap.
 */
export const POLICY_PAGES = {
  terms: { path: '/termos-de-uso', title: 'Termos de uso' },
  returns: { path: '/trocas-e-devolucoes', title: 'Trocas e devoluções' },
  shipping: { path: '/politica-de-envio', title: 'Política de envio' },
} as const satisfies Record<PolicyKey, { path: string; title: string }>;

export type PolicyPagePath = (typeof POLICY_PAGES)[PolicyKey]['path'];

/** The policy a page address shows ('/termos-de-uso' -> 'terms'), case and trailing slash aside. */
export function policyKeyOfPath(pathname: string): PolicyKey | undefined {
  const path = `/${pathname.toLowerCase().split('/').filter(Boolean).join('/')}`;
  return POLICY_KEYS.find((key) => POLICY_PAGES[key].path === path);
}

export const policyKeySchema = z.enum(POLICY_KEYS);

/** GET /api/store/policies/{key}: one policy's text (HTML cleaned on save) and when it changed. */
export const policyAnswerSchema = z.object({
  policy: z.object({
    key: policyKeySchema,
    title: z.string(),
    html: z.string().describe('HTML cleaned by the allow-list when it was saved'),
    updated_at: z.string().nullable().describe('when this policy last changed'),
  }),
});
export type PolicyAnswer = z.infer<typeof policyAnswerSchema>;
