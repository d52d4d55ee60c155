import type { AdminStockAlertCounts } from '@lumina/shared/stock-alerts/stock-alert-schemas';
import { useQuery } from '@tanstack/react-query';
import { adminRequest } from './admin-request.ts';

/** Who waits for each variant of a product ('Avise-me quando chegar'); read on each opening. */
export function useStockAlertCounts(productId: number) {
  return useQuery({
    // Under 'admin': a save of the product (a restock) reads the counts again.
    queryKey: ['admin', 'stock-alerts', productId] as const,
    queryFn: ({ signal }) =>
      adminRequest<AdminStockAlertCounts>('/admin/stock_alerts', {
        query: { product_id: productId },
        signal,
      }),
    staleTime: 0,
  });
}
