import { CORREIOS_TRACKING_URL } from '../orders/tracking-code.ts';
import { isLabelServiceId, LABEL_SERVICE_COMPANIES } from './fulfilment-json.ts';

/**
 * Melhor Envio's tracking page (Melhor Rastreio), which follows the code of any carrier it sells
 * labels for: Melhor Envio's own WooCommerce plugin sends shoppers to
 * `https://melhorrastreio.com.br/rastreio/{code}` (wp-melhorenvio-v2, Services/TrackingService.php
 * and Services/ListOrderService.php).
 */
export const MELHOR_RASTREIO_URL = 'https://melhorrastreio.com.br/rastreio/';

/**
 * Where a label's parcel is followed. A Correios service keeps the Correios page the rest of the
 * shop links to (the code is pasted there); any other carrier's code means nothing to the
 * Correios, so it goes to Melhor Rastreio with the code in the address.
 */
export function labelTrackingUrl(serviceId: number, trackingCode: string | null): string | null {
  if (!trackingCode) return null;
  if (isLabelServiceId(serviceId) && LABEL_SERVICE_COMPANIES[serviceId] === 'Correios') {
    return CORREIOS_TRACKING_URL;
  }
  return `${MELHOR_RASTREIO_URL}${encodeURIComponent(trackingCode)}`;
}
