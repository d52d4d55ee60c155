import { useId, useState } from 'react';
import { COUPON_MESSAGES } from '@lumina/shared/promotions/coupon-messages';
import type { CartView } from '../lib/cart/cart-types.ts';
import { useCouponFieldOnScreen } from '../lib/cart/coupon-notice.ts';
import { COUPON_TEXTS } from '../lib/cart/coupon-texts.ts';
import { useCartCoupon } from '../lib/cart/use-cart-coupon.ts';
import { cn } from '../lib/cn.ts';
import { Button } from './ui/button.tsx';

export interface CouponFieldProps {
  cart: Pick<CartView, 'coupon' | 'coupon_notice' | 'promotions'>;
  /** The checkout's narrower version. */
  compact?: boolean;
  /** The page shows a PIX total: say when the PIX price already beats the coupon there. */
  pixShown?: boolean;
  /** Nothing can change any more (the order exists). */
  disabled?: boolean;
  className?: string;
}

/**
 * 'Cupom de desconto' with 'Aplicar', or the applied coupon with its conditions in small print
 * (Decreto 7.962/2013 art. 2 VI) and 'Remover'; the conditions of the automatic promotions that
 * discount the cart too. It is not a form of its own: the checkout draws
 * it inside its form, so Enter applies the code instead of submitting the order.
 */
export function CouponField({
  cart,
  compact = false,
  pixShown = true,
  disabled = false,
  className,
}: CouponFieldProps) {
  const id = useId();
  const coupon = useCartCoupon();
  useCouponFieldOnScreen();
  const [code, setCode] = useState('');
  const errorId = `${id}-erro`;
  const applied = cart.coupon;
  const pixBeatsCoupon =
    pixShown &&
    applied !== null &&
    applied !== undefined &&
    applied.kind !== 'free_shipping' &&
    applied.discount_cents > 0 &&
    applied.pix_discount_cents === 0;

  const apply = () =>
    void coupon.apply(code).then((ok) => {
      if (ok) setCode('');
    });

  return (
    <div className={cn('flex flex-col gap-2 text-sm', className)}>
      {cart.coupon_notice ? (
        <p
          role="status"
          className="rounded-xl border-l-4 border-l-gold-700 bg-cream-100 p-3 text-ink-900"
        >
          {cart.coupon_notice}
        </p>
      ) : null}
      {cart.promotions.map((promotion) => (
        <p key={promotion.id} className="text-xs leading-relaxed text-ink-600">
          <strong className="font-semibold text-ink-900">Promoção {promotion.name}:</strong>{' '}
          {promotion.description}
        </p>
      ))}
      {applied ? (
        <div className="flex flex-col gap-1 rounded-xl bg-cream-100 p-3">
          <p className="flex items-center justify-between gap-2">
            <span className="text-ink-900">
              Cupom <strong className="font-semibold tracking-wide">{applied.code}</strong>
            </span>
            <button
              type="button"
              onClick={() => void coupon.remove()}
              disabled={coupon.busy || disabled}
              aria-label={`${COUPON_TEXTS.remove} o cupom ${applied.code}`}
              className="min-h-10 px-2 font-medium text-gold-700 underline underline-offset-2 hover:text-ink-900 disabled:opacity-60"
            >
              {COUPON_TEXTS.remove}
            </button>
          </p>
          <p className="text-xs leading-relaxed text-ink-600">{applied.description}</p>
          {pixBeatsCoupon ? (
            <p className="text-xs text-ink-700">{COUPON_MESSAGES.pixBetter}</p>
          ) : null}
          {coupon.error ? (
            <p role="alert" className="text-xs font-medium text-sale">
              {coupon.error}
            </p>
          ) : null}
        </div>
      ) : (
        <div>
          <label htmlFor={`${id}-code`} className="block font-medium text-ink-900">
            {COUPON_TEXTS.fieldLabel}
          </label>
          <div className={cn('mt-1 flex gap-2', compact && 'gap-1.5')}>
            <input
              id={`${id}-code`}
              value={code}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              maxLength={60}
              disabled={disabled}
              aria-invalid={coupon.error ? true : undefined}
              aria-describedby={coupon.error ? errorId : undefined}
              onChange={(event) => {
                setCode(event.target.value);
                coupon.clearError();
              }}
              onKeyDown={(event) => {
                if (event.key !== 'Enter') return;
                event.preventDefault();
                apply();
              }}
              className={cn(
                'h-11 min-w-0 flex-1 rounded-full border bg-white px-4 text-base text-ink-900 uppercase placeholder:text-ink-600 placeholder:normal-case sm:text-sm',
                coupon.error ? 'border-sale' : 'border-ink-300',
              )}
            />
            <Button
              variant="outline"
              size={compact ? 'sm' : 'md'}
              onClick={apply}
              disabled={coupon.busy || disabled}
            >
              {coupon.busy ? COUPON_TEXTS.applying : COUPON_TEXTS.apply}
            </Button>
          </div>
          {coupon.error ? (
            <p id={errorId} role="alert" className="mt-1 text-xs font-medium text-sale">
              {coupon.error}
            </p>
          ) : null}
        </div>
      )}
    </div>
  );
}
