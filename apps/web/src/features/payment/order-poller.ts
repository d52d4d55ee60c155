import { stopsPolling } from '@lumina/shared/payments/payment-status';
import type { OrderStatusResponse } from '../../lib/payment/payment-api.ts';

/**
 * polling: checks are still scheduled; done: a final status arrived; timeout: the limit was
 * reached while the order was still open; error: the limit was reached and the checks were
 * failing (spec 001 §4).
 */
export type PollPhase = 'polling' | 'done' | 'timeout' | 'error';

export interface PollSnapshot {
  phase: PollPhase;
  /** Scheduled checks made so far (a manual check does not count against the limit). */
  checks: number;
  /** The latest answer, kept when a later check fails. */
  response: OrderStatusResponse | null;
  /** The latest check, scheduled or manual, failed. */
  failed: boolean;
}

export interface OrderPollerOptions {
  check: (signal: AbortSignal) => Promise<OrderStatusResponse>;
  intervalMs: number;
  maxChecks: number;
  /** Check once at start instead of waiting a first interval. */
  immediate?: boolean;
  onChange: (snapshot: PollSnapshot) => void;
}

export interface OrderPoller {
  /** Checks now and restarts the interval; resolves once the answer is in the snapshot. */
  checkNow: () => Promise<void>;
  stop: () => void;
}

export const INITIAL_POLL_SNAPSHOT: PollSnapshot = {
  phase: 'polling',
  checks: 0,
  response: null,
  failed: false,
};

/** A completed order is as final as an approved payment for the result pages. */
export function isFinalOrderStatus(response: OrderStatusResponse): boolean {
  return stopsPolling(response.payment_status) || response.status === 'completed';
}

/**
 * One check at a time, each scheduled after the previous answer, so a slow server never gets
 * overlapping requests. Plain timers rather than React state, so the rule is testable alone.
 */
export function startOrderPoller({
  check,
  intervalMs,
  maxChecks,
  immediate = false,
  onChange,
}: OrderPollerOptions): OrderPoller {
  let stopped = false;
  // One controller per check: the api-client listens on the signal it gets, and one signal
  // shared by 120 checks would pile up listeners.
  let current: AbortController | null = null;
  let snapshot = INITIAL_POLL_SNAPSHOT;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: Promise<void> | null = null;

  const publish = (next: PollSnapshot) => {
    snapshot = next;
    onChange(next);
  };

  const schedule = () => {
    clearTimeout(timer);
    if (snapshot.phase === 'polling' && !stopped) {
      timer = setTimeout(() => void run(true), intervalMs);
    }
  };

  const runOnce = async (counted: boolean) => {
    const checks = snapshot.checks + (counted ? 1 : 0);
    let response = snapshot.response;
    let failed = false;
    const controller = new AbortController();
    current = controller;
    try {
      response = await check(controller.signal);
    } catch {
      failed = true;
    }
    if (stopped) return;
    let phase = snapshot.phase;
    if (!failed && response && isFinalOrderStatus(response)) phase = 'done';
    else if (counted && phase === 'polling' && checks >= maxChecks) {
      phase = failed ? 'error' : 'timeout';
    }
    publish({ phase, checks, response, failed });
  };

  const run = (counted: boolean): Promise<void> => {
    // A manual check while one is under way waits for it instead of asking twice.
    if (inFlight) return inFlight;
    clearTimeout(timer);
    inFlight = runOnce(counted).finally(() => {
      inFlight = null;
      schedule();
    });
    return inFlight;
  };

  if (immediate) void run(true);
  else schedule();

  return {
    checkNow: () => run(false),
    stop: () => {
      stopped = true;
      clearTimeout(timer);
      current?.abort();
    },
  };
}
