import { AppError } from '../../http/app-error.ts';

/** Why a coupon is refused, as apply_coupon answers it: 422 with the reason on the `code` field. */
export function couponRejected(reason: string): AppError {
  return new AppError('invalid_data', reason, {
    code: 'coupon_rejected',
    fields: { code: [reason] },
  });
}
