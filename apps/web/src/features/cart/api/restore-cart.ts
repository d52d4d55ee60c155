import type { RestoreCartAnswer } from '@lumina/shared/reminders/reminders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { cartWantedChannel } from '../../../lib/cart/cart-events.ts';

/**
 * GET /api/carts/restore/{token}: a reminder's link puts its items into this browser's cart (the
 * signed-in user's, else the visitor's). The link works once, so it is sent once per page.
 */
export function restoreCart(token: string): Promise<RestoreCartAnswer> {
  return apiRequest<RestoreCartAnswer>(`/carts/restore/${encodeURIComponent(token)}`);
}

export function useRestoreCart() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: restoreCart,
    onSuccess: async () => {
      // Whichever cart it went to is read again, and the layout loads the cart if it had not.
      await client.invalidateQueries({ queryKey: ['cart'] });
      cartWantedChannel.emit();
    },
  });
}
