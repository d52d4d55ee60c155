import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useCartScope } from '../../lib/cart/cart-key.ts';
import { applyCoupon } from '../../lib/cart/coupon-operations.ts';
import { normalizeCouponCode } from '@lumina/shared/promotions/coupon-code';
import { COUPON_TEXTS } from '../../lib/cart/coupon-texts.ts';
import { notify } from '../../lib/ui-events.ts';

/** The address's parameter a shared link carries its coupon in: /?cupom=BEMVINDA10. */
export const COUPON_LINK_PARAM = 'cupom';

/**
 * A link with ?cupom=CODE (an Instagram post, a newsletter) applies the code to the visitor's
 * cart, or the user's, once whose cart it is is known, and says how it went. The parameter leaves
 * the address bar at once, so a refresh or a shared copy of the address does not apply it again.
 * An empty cart keeps the coupon on the server until products arrive.
 */
export function CouponLink() {
  const location = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { mode, userId } = useCartScope();
  // React runs effects twice in development: one apply per arrival at the link.
  const handled = useRef<string | null>(null);

  useEffect(() => {
    // While the stored session is being checked, whose cart it is is not known yet.
    if (mode === null) return;
    const params = new URLSearchParams(location.search);
    const typed = params.get(COUPON_LINK_PARAM);
    if (typed === null || handled.current === location.key) return;
    handled.current = location.key;
    params.delete(COUPON_LINK_PARAM);
    const search = params.toString();
    void navigate(
      { pathname: location.pathname, search: search && `?${search}`, hash: location.hash },
      { replace: true, state: location.state as unknown },
    );
    const code = normalizeCouponCode(typed);
    if (code === '') return;
    void applyCoupon({ client, mode, userId }, code).then((outcome) => {
      if (outcome.kind === 'applied') notify(COUPON_TEXTS.linkApplied(code), 'success');
      else notify(COUPON_TEXTS.linkRefused(code, outcome.message), 'warning');
    });
  }, [location, navigate, client, mode, userId]);

  return null;
}
