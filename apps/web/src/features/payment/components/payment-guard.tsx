import { CHECKOUT_TEXTS } from '@lumina/shared/checkout/checkout-messages';
import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { AUTH_LOADING_TEXT } from '../../../lib/auth/require-auth.tsx';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { REDIRECT_NOTICE_MS } from '../order-id.ts';

/**
 * Payment and result pages (spec 001 §2): unlike the other protected pages, a visitor who is not
 * logged in reads why and is then sent to /minha-conta, where the login is.
 */
export function PaymentGuard({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const navigate = useNavigate();

  useEffect(() => {
    if (status !== 'anonymous') return;
    const timer = setTimeout(
      () => void navigate('/minha-conta', { replace: true }),
      REDIRECT_NOTICE_MS,
    );
    return () => clearTimeout(timer);
  }, [status, navigate]);

  if (status === 'loading') {
    return (
      <p role="status" className="mx-auto max-w-7xl px-4 py-16 text-center text-ink-700">
        {AUTH_LOADING_TEXT}
      </p>
    );
  }
  if (status === 'anonymous') {
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <FormAlert kind="warning" messages={[CHECKOUT_TEXTS.notLoggedIn]} />
      </div>
    );
  }
  return children;
}
