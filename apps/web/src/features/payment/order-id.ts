/** The order id of `?order_id=`; null when missing or not a positive whole number. */
export function parseOrderId(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value.trim())) return null;
  const id = Number(value.trim());
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** How long a notice stays on screen before its redirect, so it can be read. */
export const REDIRECT_NOTICE_MS = 2000;
