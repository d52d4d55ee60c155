import type { ReactNode } from 'react';
import { DetailBox, DetailRow } from './detail-box.tsx';

/** An erased customer's order keeps its fiscal data only (LGPD): the contact is gone. */
export const ERASED_CONTACT = 'Removido a pedido do titular (LGPD)';

/** The 'Cliente' card: name and e-mail (a mailto link), then what the page adds. */
export function CustomerBox({
  name,
  email,
  children,
}: {
  name: string;
  email: string | null;
  children?: ReactNode;
}) {
  return (
    <DetailBox title="Cliente">
      <dl>
        <DetailRow label="Nome">{name}</DetailRow>
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
