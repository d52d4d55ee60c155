import type { LabelProvider } from './ports.ts';

/**
 * How long the wallet's balance read from Melhor Envio is shown before it is read again: the
 * panel asks for it on every admin order page (GET /api/admin/fulfilment), and it changes only
 * when a label is paid or cancelled. This process forgets it at once then; a purchase made by
 * another process (or in Melhor Envio's own panel) shows within this time.
 */
export const WALLET_BALANCE_TTL_MS = 60_000;

/**
 * The wallet's balance, kept for a short while in this process. A failed read is not kept (the
 * next page asks again), and reads that overlap share one call.
 */
export function createWalletBalance(now: () => Date, ttlMs = WALLET_BALANCE_TTL_MS) {
  let kept: { cents: Promise<number>; readAt: number } | undefined;

  function forget(): void {
    kept = undefined;
  }

  async function forgetting<T>(call: Promise<T>): Promise<T> {
    try {
      return await call;
    } finally {
      // Failed or not, the call may have moved money: the next read asks Melhor Envio.
      forget();
    }
  }

  return {
    /** The balance in cents: the one read less than `ttlMs` ago, else Melhor Envio's. */
    read(provider: LabelProvider): Promise<number> {
      const at = now().getTime();
      if (kept && at - kept.readAt < ttlMs) return kept.cents;
      const entry = { cents: provider.balanceCents(), readAt: at };
      kept = entry;
      entry.cents.catch(() => {
        if (kept === entry) forget();
      });
      return entry.cents;
    },

    /** `provider` whose payments and cancellations forget the balance they change. */
    watch(provider: LabelProvider): LabelProvider {
      return {
        ...provider,
        checkout: (ids) => forgetting(provider.checkout(ids)),
        cancel: (id, description) => forgetting(provider.cancel(id, description)),
      };
    },

    forget,
  };
}
