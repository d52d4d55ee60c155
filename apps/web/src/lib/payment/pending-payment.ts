import { STORAGE_KEYS } from '../storage-keys.ts';

/** What the checkout keeps between creating the payment and the result pages (spec 001 §4). */
export interface PendingPayment {
  order_id: number;
  payment_id: number;
}

export function savePendingPayment(value: PendingPayment): void {
  try {
    localStorage.setItem(STORAGE_KEYS.pendingPayment, JSON.stringify(value));
  } catch {
    // Storage full or blocked: the pages still work from the order id in the address.
  }
}

export function readPendingPayment(): PendingPayment | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.pendingPayment);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<PendingPayment>;
    return Number.isInteger(parsed.order_id) && Number.isInteger(parsed.payment_id)
      ? { order_id: parsed.order_id!, payment_id: parsed.payment_id! }
      : null;
  } catch {
    return null;
  }
}

export function clearPendingPayment(): void {
  try {
    localStorage.removeItem(STORAGE_KEYS.pendingPayment);
  } catch {
    // Nothing to clear when storage is blocked.
  }
}
