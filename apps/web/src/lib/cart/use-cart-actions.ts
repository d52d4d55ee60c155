import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { removeLine, updateLine, type CartScope } from './cart-operations.ts';
import type { CartLine } from './cart-types.ts';
import { useCartScope } from './cart-key.ts';

/**
 * Quantity and remove actions for the cart page and the header dropdown. `busy` holds the ids of
 * the lines waiting for the server, whose controls should wait too.
 */
export function useCartActions() {
  const client = useQueryClient();
  const { mode, userId } = useCartScope();
  const [busy, setBusy] = useState<ReadonlySet<number>>(() => new Set());

  async function run(line: CartLine, action: (scope: CartScope) => Promise<void>): Promise<void> {
    if (mode === null) return;
    setBusy((current) => new Set(current).add(line.id));
    try {
      await action({ client, mode, userId });
    } finally {
      setBusy((current) => {
        const next = new Set(current);
        next.delete(line.id);
        return next;
      });
    }
  }

  return {
    busy,
    setQuantity: (line: CartLine, quantity: number) =>
      run(line, (scope) => updateLine(scope, line, quantity)),
    remove: (line: CartLine) => run(line, (scope) => removeLine(scope, line)),
  };
}
