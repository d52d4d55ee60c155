import type {
  StockAlertAnswer,
  StockAlertLinkAnswer,
  StockAlertRequest,
} from '@lumina/shared/stock-alerts/stock-alert-schemas';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/stock_alerts: 'Avise-me quando chegar' for one out-of-stock variant. */
export function requestStockAlert(input: StockAlertRequest): Promise<StockAlertAnswer> {
  return apiRequest<StockAlertAnswer>('/stock_alerts', { method: 'POST', body: input });
}

export function useRequestStockAlert() {
  return useMutation({ mutationFn: requestStockAlert });
}

/** The links of the alert's e-mails: confirm (double opt-in) or cancel, by their token. */
export function followStockAlertLink(
  action: 'confirm' | 'cancel',
  token: string,
): Promise<StockAlertLinkAnswer> {
  return apiRequest<StockAlertLinkAnswer>(`/stock_alerts/${action}/${encodeURIComponent(token)}`, {
    method: 'POST',
  });
}

export function useFollowStockAlertLink(action: 'confirm' | 'cancel') {
  return useMutation({ mutationFn: (token: string) => followStockAlertLink(action, token) });
}
