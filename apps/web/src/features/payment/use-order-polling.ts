import { useCallback, useEffect, useRef, useState } from 'react';
import { getOrderStatus } from '../../lib/payment/payment-api.ts';
import {
  INITIAL_POLL_SNAPSHOT,
  startOrderPoller,
  type OrderPoller,
  type PollSnapshot,
} from './order-poller.ts';

export interface UseOrderPollingOptions {
  /** null: nothing to poll (no order id yet). */
  orderId: number | null;
  intervalMs: number;
  maxChecks: number;
  /** False holds the polling (e.g. until the payment has loaded). */
  enabled?: boolean;
  immediate?: boolean;
}

export interface OrderPolling extends PollSnapshot {
  /** Checks at once ('Verificar Agora', after a simulated payment). */
  checkNow: () => Promise<void>;
}

/**
 * Polls GET /api/orders/{id} every `intervalMs`, at most `maxChecks` times, stopping on a final
 * status (spec 001 §4: PIX page 10 s x 36, pending page 5 s x 120).
 */
export function useOrderPolling({
  orderId,
  intervalMs,
  maxChecks,
  enabled = true,
  immediate = false,
}: UseOrderPollingOptions): OrderPolling {
  // Kept with the order it belongs to, so another order id starts from a clean state.
  const [state, setState] = useState<{ orderId: number; snapshot: PollSnapshot } | null>(null);
  const poller = useRef<OrderPoller | null>(null);

  useEffect(() => {
    if (!enabled || orderId === null) return;
    const current = startOrderPoller({
      check: (signal) => getOrderStatus(orderId, signal),
      intervalMs,
      maxChecks,
      immediate,
      onChange: (snapshot) => setState({ orderId, snapshot }),
    });
    poller.current = current;
    return () => {
      current.stop();
      if (poller.current === current) poller.current = null;
    };
  }, [orderId, intervalMs, maxChecks, enabled, immediate]);

  const checkNow = useCallback(() => poller.current?.checkNow() ?? Promise.resolve(), []);

  const snapshot = state?.orderId === orderId ? state.snapshot : INITIAL_POLL_SNAPSHOT;
  return { ...snapshot, checkNow };
}
