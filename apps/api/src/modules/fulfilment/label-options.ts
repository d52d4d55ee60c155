import {
  isLabelServiceId,
  LABEL_SERVICE_COMPANIES,
  LABEL_SERVICES,
  type LabelOptionsJson,
  type LabelServiceId,
  type LabelServiceOptionJson,
} from '@lumina/shared/fulfilment/fulfilment-json';
import { LABEL_CHOICE_MESSAGES } from '@lumina/shared/fulfilment/fulfilment-texts';
import type { StoreSettings } from '@lumina/shared/settings/store-settings';
import type { Db } from '../../db/database.ts';
import type { OrderRow } from '../../db/schema/orders.ts';
import { AppError } from '../../http/app-error.ts';
import { labelFailureOf } from './label-errors.ts';
import { labelRequestOf, serviceIdOf } from './label-request.ts';
import type { LabelProvider, ProviderServiceQuote } from './ports.ts';

const SERVICE_IDS = Object.keys(LABEL_SERVICES).map(Number).filter(isLabelServiceId);

function option(
  serviceId: LabelServiceId,
  quote: ProviderServiceQuote | undefined,
  chosen: boolean,
): LabelServiceOptionJson {
  return {
    service_id: serviceId,
    company: quote?.company ?? LABEL_SERVICE_COMPANIES[serviceId],
    // Melhor Envio's own name of the service ('.Package'), beside its carrier; the shop's full
    // name when it gives none.
    name: quote?.name ?? LABEL_SERVICES[serviceId],
    price_cents: quote?.priceCents ?? null,
    delivery_days: quote?.deliveryDays ?? null,
    chosen,
  };
}

/** Cheapest first; a service without a price now after every priced one. */
function byPrice(a: LabelServiceOptionJson, b: LabelServiceOptionJson): number {
  const price = (a.price_cents ?? Infinity) - (b.price_cents ?? Infinity);
  if (price !== 0 && !Number.isNaN(price)) return price;
  return (
    (a.delivery_days ?? Infinity) - (b.delivery_days ?? Infinity) || a.service_id - b.service_id
  );
}

function refused(message: string, code: string): AppError {
  return new AppError('invalid_data', message, {
    code,
    fields: { service_id: [message] },
  });
}

/**
 * Which services the owner may buy an order's label with: those Melhor Envio prices now for the
 * label's own box that deliver within the business days the shopper was promised at checkout,
 * plus the shopper's own service always (what they chose and paid for, even when Melhor Envio
 * now quotes it a day longer). Only services of LABEL_SERVICES: a quoted service the label flow
 * cannot buy (one that needs a drop-off agency, which the shop does not pick) is left out rather
 * than offered and refused at the cart.
 */
export function createLabelOptions(deps: { db: Db; storeSettings: () => StoreSettings }) {
  async function quotesFor(provider: LabelProvider, order: OrderRow) {
    // The same request the cart gets: the shop's and the shopper's CEPs, one box, its insurance.
    const request = await labelRequestOf(deps.db, order, deps.storeSettings());
    try {
      return await provider.quote({
        fromZipCode: request.from.address.zipCode,
        toZipCode: request.to.address.zipCode,
        volume: request.volume,
        insuranceValueCents: request.insuranceValueCents,
      });
    } catch (error) {
      throw labelFailureOf(error).error;
    }
  }

  return {
    /** GET /api/admin/orders/{id}/label/options */
    async optionsOf(provider: LabelProvider, order: OrderRow): Promise<LabelOptionsJson> {
      const quotes = await quotesFor(provider, order);
      const promisedDays = order.shippingDeliveryDays;
      const chosenId = serviceIdOf(order);
      const options = SERVICE_IDS.flatMap((serviceId) => {
        const quote = quotes.find((candidate) => candidate.serviceId === serviceId);
        if (serviceId === chosenId) return [option(serviceId, quote, true)];
        if (!quote || quote.deliveryDays > promisedDays) return [];
        return [option(serviceId, quote, false)];
      });
      return {
        promised_days: promisedDays,
        chosen_service_id: chosenId,
        options: options.sort(byPrice),
      };
    },

    /**
     * Refuses (422) a service other than the shopper's unless a fresh quote offers it within the
     * promise: the owner's list may be minutes old, and Melhor Envio's deadlines move.
     */
    async check(provider: LabelProvider, order: OrderRow, serviceId: number): Promise<void> {
      if (serviceId === serviceIdOf(order)) return;
      if (!isLabelServiceId(serviceId)) {
        throw refused(LABEL_CHOICE_MESSAGES.unavailable, 'label_service_unavailable');
      }
      const quote = (await quotesFor(provider, order)).find(
        (candidate) => candidate.serviceId === serviceId,
      );
      if (!quote) throw refused(LABEL_CHOICE_MESSAGES.unavailable, 'label_service_unavailable');
      if (quote.deliveryDays > order.shippingDeliveryDays) {
        throw refused(LABEL_CHOICE_MESSAGES.outsidePromise, 'label_service_outside_promise');
      }
    },
  };
}

export type LabelOptions = ReturnType<typeof createLabelOptions>;
