import { PIX_COUNTDOWN_SECONDS } from '@lumina/shared/constants/account-constants';
import { useEffect, useState } from 'react';

const TICK_MS = 1000;

/**
 * When the page's clock reaches zero. The server's expires_at wins, so a reload does not restart
 * the 30 minutes; the spec's 1800 s is the ceiling and the fallback.
 */
function deadlineFrom(expiresAt: string | undefined, now: number): number {
  const ceiling = now + PIX_COUNTDOWN_SECONDS * 1000;
  const server = expiresAt ? Date.parse(expiresAt) : Number.NaN;
  return Number.isNaN(server) ? ceiling : Math.min(server, ceiling);
}

/** Seconds left to pay (spec 001 §4: from 1800, never below 0). */
export function usePixCountdown(expiresAt: string | undefined): number {
  const [deadline] = useState(() => deadlineFrom(expiresAt, Date.now()));
  const [now, setNow] = useState(() => Date.now());
  const remaining = Math.max(0, Math.ceil((deadline - now) / 1000));
  const running = remaining > 0;

  useEffect(() => {
    if (!running) return;
    // Read from the clock on each tick rather than counting ticks: a throttled background tab
    // shows the right time when it comes back.
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [running]);

  return remaining;
}
