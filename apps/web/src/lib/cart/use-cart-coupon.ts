import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { COUPON_MESSAGES } from '@lumina/shared/promotions/coupon-messages';
import { useCartScope } from './cart-key.ts';
import { applyCoupon, removeCoupon } from './coupon-operations.ts';
import { normalizeCouponCode } from '@lumina/shared/promotions/coupon-code';

/**
 * The coupon field's state: apply a code or remove the cart's coupon, for the visitor's cart or
 * the user's alike. `error` is the server's reason for the last refusal, shown under the field.
 */
export function useCartCoupon() {
  const client = useQueryClient();
  const { mode, userId } = useCartScope();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run(action: () => Promise<string | null>): Promise<boolean> {
    if (mode === null || busy) return false;
    setBusy(true);
    setError(null);
    try {
      const refusal = await action();
      setError(refusal);
      return refusal === null;
    } finally {
      setBusy(false);
    }
  }

  return {
    busy,
    error,
    clearError: () => setError(null),
    /** Resolves true when the code was applied. */
    apply(typed: string): Promise<boolean> {
      const code = normalizeCouponCode(typed);
      if (code === '') {
        setError(COUPON_MESSAGES.codeRequired);
        return Promise.resolve(false);
      }
      return run(async () => {
        const outcome = await applyCoupon({ client, mode: mode ?? 'anonymous', userId }, code);
        return outcome.kind === 'applied' ? null : outcome.message;
      });
    },
    remove: () => run(() => removeCoupon({ client, mode: mode ?? 'anonymous', userId })),
  };
}
