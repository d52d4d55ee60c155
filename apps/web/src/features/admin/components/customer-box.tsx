import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useCan } from '../../../lib/auth/use-permissions.ts';
import { DetailBox, DetailRow } from './detail-box.tsx';

/** An erased customer's order keeps its fiscal data only (LGPD): the contact is gone. */
export const ERASED_CONTACT = 'Removido a pedido do titular (LGPD)';

/**
 * The 'Cliente' card: name and e-mail (a mailto link), then what the page adds. The name opens
 * the customer's page for a role that reads customers; an erased account (no e-mail) has none.
 */
export function CustomerBox({
  name,
  email,
  customerId,
  children,
}: {
  name: string;
  email: string | null;
  customerId?: number | null;
  children?: ReactNode;
}) {
  const readsCustomers = useCan('customers');
  const linked =
    readsCustomers && customerId !== undefined && customerId !== null && email !== null;
  return (
    <DetailBox title="Cliente">
      <dl>
        <DetailRow label="Nome">
          {linked ? (
            <Link className="underline underline-offset-2" to={`/admin/clientes/${customerId}`}>
              {name}
            </Link>
          ) : (
            name
          )}
        </DetailRow>
        <DetailRow label="E-mail">
          {email ? (
            <a className="break-all underline" href={`mailto:${email}`}>
              {email}
            </a>
          ) : (
            ERASED_CONTACT
          )}
        </DetailRow>
        {children}
      </dl>
    </DetailBox>
  );
}
