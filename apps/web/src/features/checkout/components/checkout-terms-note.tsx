import { POLICY_PAGES } from '@lumina/shared/settings/policy-pages';
import type { PolicyKey } from '@lumina/shared/settings/store-settings';
import { Link } from 'react-router';
import { useStore } from '../../../lib/store-settings.ts';

const linkClass = 'font-medium text-ink-900 underline underline-offset-2 hover:text-gold-700';

/** The policies a purchase is made under, as the consent line names them. */
const NAMED: readonly { key: PolicyKey; label: string }[] = [
  { key: 'terms', label: 'os Termos de uso' },
  { key: 'returns', label: 'a Política de trocas e devoluções' },
];

/**
 * Beside 'Finalizar pedido': the terms and the returns policy the order is placed under, linked
 * so the shopper can read them first (Decreto 7.962/2013 art. 4); only the ones the shop wrote,
 * nothing when it wrote neither.
 */
export function CheckoutTermsNote() {
  const store = useStore();
  const named = NAMED.filter(({ key }) => store?.policies[key]);
  if (named.length === 0) return null;
  return (
    <p className="text-xs leading-relaxed text-ink-700">
      Ao finalizar o pedido, você concorda com{' '}
      {named.map(({ key, label }, index) => {
        const [article, ...words] = label.split(' ');
        return (
          <span key={key}>
            {index > 0 ? ' e ' : ''}
            {article}{' '}
            <Link to={POLICY_PAGES[key].path} target="_blank" rel="noopener" className={linkClass}>
              {words.join(' ')}
              <span className="sr-only"> (abre em nova aba)</span>
            </Link>
          </span>
        );
      })}
      .
    </p>
  );
}
