import { POLICY_PAGES } from '@lumina/shared/settings/policy-pages';
import { shopName } from '@lumina/shared/settings/settings-rules';
import type { PolicyKey } from '@lumina/shared/settings/store-settings';
import { usePolicy } from '../../features/policies/api/get-policy.ts';
import { PolicyArticle } from '../../features/policies/components/policy-article.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useStore } from '../../lib/store-settings.ts';
import { Component as NotFound } from './not-found.tsx';

const DESCRIPTION_LENGTH = 155;

function summary(html: string): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length <= DESCRIPTION_LENGTH
    ? text
    : `${text.slice(0, DESCRIPTION_LENGTH - 1).trimEnd()}…`;
}

/** /termos-de-uso, /trocas-e-devolucoes, /politica-de-envio: the owner's text, or a 404. */
function PolicyPage({ policyKey }: { policyKey: PolicyKey }) {
  const query = usePolicy(policyKey);
  const store = useStore();
  const policy = query.data?.policy;
  const { title } = POLICY_PAGES[policyKey];
  usePageMeta(
    policy
      ? { title, description: summary(policy.html) }
      : { title, description: `${title} da loja.` },
  );
  if (policy) return <PolicyArticle policy={policy} shopName={store ? shopName(store) : ''} />;
  // null: not written (the server answered this page with 404); an error: nothing to show.
  if (query.data === null || query.isError) return <NotFound />;
  return <div className="min-h-dvh" aria-busy="true" />;
}

/** One page per policy, for the routes (routes.tsx). */
export const policyPages: Record<PolicyKey, () => React.JSX.Element> = {
  terms: () => <PolicyPage policyKey="terms" />,
  returns: () => <PolicyPage policyKey="returns" />,
  shipping: () => <PolicyPage policyKey="shipping" />,
};
