import type { BadgeVariant } from '../../../components/ui/badge.tsx';

/** The order's badge in 'Meus Pedidos' and on its own page. */
export const ORDER_BADGES: Record<string, BadgeVariant> = {
  pending: 'muted',
  processing: 'gold',
  shipped: 'ink',
  delivered: 'success',
  cancelled: 'sale',
  refunded: 'muted',
  partially_returned: 'gold',
  returned: 'muted',
};
