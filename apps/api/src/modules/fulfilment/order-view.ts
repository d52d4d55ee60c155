import type {
  InvoiceStateJson,
  LabelStateJson,
  OrderFulfilmentJson,
  ShopperInvoiceJson,
  TrackingEventJson,
} from '@lumina/shared/fulfilment/fulfilment-json';
import type { InvoiceService } from './invoice-service.ts';
import type { LabelModule } from './label-module.ts';

/**
 * What an order's JSON shows of its fulfilment, for the modules that write that JSON (the
 * administrator's order and list, the shopper's order): the label, the NF-e and the tracking.
 */
export function createFulfilmentView(deps: {
  labels: Pick<LabelModule['labels'], 'fulfilmentOfOrder' | 'labelStatesOf' | 'trackingEventsOf'>;
  invoices: Pick<InvoiceService, 'invoiceOfOrder' | 'invoiceStatesOf' | 'shopperInvoiceOf'>;
}) {
  const { labels, invoices } = deps;
  return {
    async ofOrder(orderId: number): Promise<OrderFulfilmentJson> {
      const [label, invoice] = await Promise.all([
        labels.fulfilmentOfOrder(orderId),
        invoices.invoiceOfOrder(orderId),
      ]);
      return { ...label, invoice };
    },

    async statesOf(orderIds: number[]): Promise<{
      label: Map<number, LabelStateJson>;
      invoice: Map<number, InvoiceStateJson>;
    }> {
      const [label, invoice] = await Promise.all([
        labels.labelStatesOf(orderIds),
        invoices.invoiceStatesOf(orderIds),
      ]);
      return { label, invoice };
    },

    /** The shopper sees the parcel's steps and the DANFE; the label is the shop's business. */
    async forShopper(
      orderId: number,
    ): Promise<{ invoice: ShopperInvoiceJson | null; tracking_events: TrackingEventJson[] }> {
      const [tracking_events, invoice] = await Promise.all([
        labels.trackingEventsOf(orderId),
        invoices.shopperInvoiceOf(orderId),
      ]);
      return { invoice, tracking_events };
    },
  };
}

export type FulfilmentView = ReturnType<typeof createFulfilmentView>;
