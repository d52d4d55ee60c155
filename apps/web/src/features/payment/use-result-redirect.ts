import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { clearPendingPayment } from '../../lib/payment/pending-payment.ts';
import { notify } from '../../lib/ui-events.ts';

export type PaymentOutcome = 'success' | 'failure';

/**
 * Once a page knows how the payment ended: forget the saved payment, say so (when `message` is
 * given) and open /payment-success or /payment-failure for the order.
 */
export function useResultRedirect(
  orderId: number,
  outcome: PaymentOutcome | undefined,
  message?: string,
): void {
  const navigate = useNavigate();
  const done = useRef(false);

  useEffect(() => {
    // Once only: a re-render (or StrictMode's second effect run) must not toast twice.
    if (!outcome || done.current) return;
    done.current = true;
    clearPendingPayment();
    if (message) notify(message, outcome === 'success' ? 'success' : 'error');
    void navigate(`/payment-${outcome}?order_id=${orderId}`, { replace: true });
  }, [orderId, outcome, message, navigate]);
}
