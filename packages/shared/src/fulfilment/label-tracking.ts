import { CORREIOS_TRACKING_URL } from '../orders/tracking-code.ts';
import { isLabelServiceId, LABEL_SERVICE_COMPANIES } from './fulfilment-json.ts';

/**
 * Melhor Envio's tracking page (Melhor Rastreio), which follows the code of any carrier it sells
 * labels for: Melhor Envio's own WooCommerce plugin sends shoppers to
 * `https://melhorrastreio.com.br/rastreio/{code}` (wp-melhorenvio-v2, Services/TrackingService.php
 * and Services/ListOrderService.php).
 */
export const MELHOR_RASTREIO_URL = 'https://melhorrastreio.com.br/rastreio/';

/** The carrier of a label's service when it is not the Correios (null for the Correios). */
export function labelCarrier(serviceId: number): string | null {
  const company = isLabelServiceId(serviceId) ? LABEL_SERVICE_COMPANIES[serviceId] : null;
  return company === 'Correios' ? null : (company ?? 'Melhor Envio');
}

/**
 * Where a shipped parcel is followed. The Correios (`carrier` null) keep their page, where the
 * code is pasted; any other carrier's code means nothing to the Correios, so it goes to Melhor
 * Rastreio with the code in the address.
 */
export function trackingUrlOf(trackingCode: string | null, carrier: string | null): string | null {
  if (!trackingCode) return null;
  if (carrier === null) return CORREIOS_TRACKING_URL;
  return `${MELHOR_RASTREIO_URL}${encodeURIComponent(trackingCode)}`;
}

/** Where a label's parcel is followed (see trackingUrlOf). */
export function labelTrackingUrl(serviceId: number, trackingCode: string | null): string | null {
  return trackingUrlOf(trackingCode, labelCarrier(serviceId));
}
