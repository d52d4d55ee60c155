import {
  MAX_LABELS_AT_ONCE,
  type BulkLabelResultJson,
  type OrderFulfilmentJson,
} from '@lumina/shared/fulfilment/fulfilment-json';
import { FULFILMENT_MESSAGES } from '@lumina/shared/fulfilment/fulfilment-texts';
import type { StoreSettings } from '@lumina/shared/settings/store-settings';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { orders } from '../../db/schema/orders.ts';
import { AppError } from '../../http/app-error.ts';
import type { AdminActor } from '../admin/orders/service.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import type { OrderLifecycle } from '../orders/lifecycle-service.ts';
import type { SecurityLog } from '../security/security-log.ts';
import {
  CANCELLABLE_STATES,
  type LabelRow,
  labelJson,
  PRINTABLE_STATES,
  trackingEventsJson,
} from './fulfilment-json.ts';
import { labelFailureOf, RETRYABLE_ERROR } from './label-errors.ts';
import { createLabelOptions } from './label-options.ts';
import {
  createLabelPurchase,
  LABEL_LEASE_MS,
  PURCHASE_STATES,
  refusalFor,
} from './label-purchase.ts';
import { createLabelOrderSteps, orderActorOf } from './label-order-steps.ts';
import { createLabelRepository } from './label-repository.ts';
import { serviceIdOf } from './label-request.ts';
import { LABEL_TEXTS } from './label-texts.ts';
import type { LabelProvider } from './ports.ts';

/** The retry job leaves a label that met an outage alone this long before trying again. */
export const LABEL_RETRY_QUIET_MS = 5 * 60_000;

export interface LabelServiceDeps {
  db: Db;
  now: () => Date;
  /** Melhor Envio when connected (OAuth or MELHOR_ENVIO_TOKEN); null: labels are off. */
  provider: () => Promise<LabelProvider | null>;
  lifecycle: OrderLifecycle;
  outbox: Pick<MailOutbox, 'kick'>;
  securityLog: SecurityLog;
  storeSettings: () => StoreSettings;
  /** Where an adapter's unexpected failure (not a ProviderError) is reported in full. */
  logger?: { error(details: Record<string, unknown>, message: string): void };
}

export function notConnectedError(): AppError {
  return new AppError('conflict', FULFILMENT_MESSAGES.notConnected, {
    code: 'melhor_envio_not_connected',
  });
}

/**
 * The label side's operations on orders: buy one (or many), cancel, print, and what an order
 * shows of its label. The purchase itself, step by step, is label-purchase.ts.
 */
export function createLabelService(deps: LabelServiceDeps) {
  const { db, now } = deps;
  const labels = createLabelRepository(db);
  const purchase = createLabelPurchase(deps);
  const { orderOf, advance, resume, finish } = purchase;
  const steps = createLabelOrderSteps(deps.lifecycle);
  const choices = createLabelOptions(deps);

  async function providerOrFail(): Promise<LabelProvider> {
    const provider = await deps.provider();
    if (!provider) throw notConnectedError();
    return provider;
  }

  /**
   * `serviceId`: the owner's choice (checked against a fresh quote); absent, the shopper's. An
   * order that already has its label gets that one, whatever service this call names.
   */
  async function buy(orderId: number, admin: AdminActor, serviceId?: number): Promise<LabelRow> {
    const provider = await providerOrFail();
    const order = await orderOf(orderId);
    const existing = await labels.liveOf(orderId);
    if (existing) return resume(provider, existing, admin);
    if (order.status !== 'processing') throw refusalFor(order);
    const service = serviceId ?? serviceIdOf(order);
    await choices.check(provider, order, service);
    const claimed = await labels.claim({
      orderId,
      serviceId: service,
      createdBy: admin.id,
      at: now(),
    });
    // Another click or administrator claimed it first: theirs is the label.
    if (!claimed) return (await labels.liveOf(orderId)) ?? throwBuying();
    await deps.securityLog.record({
      type: 'admin_order_action',
      severity: 'info',
      userId: admin.id,
      ip: admin.ip,
      userAgent: admin.userAgent,
      message: `Pedido ${order.orderNumber}: compra da etiqueta no Melhor Envio iniciada`,
      metadata: { order_id: orderId, action: 'label', label_id: claimed.id },
    });
    return advance(provider, claimed, admin);
  }

  /** The services the owner may buy the order's label with (only while it may get one). */
  async function options(orderId: number) {
    const provider = await providerOrFail();
    const order = await orderOf(orderId);
    if (await labels.liveOf(orderId)) {
      throw new AppError('conflict', FULFILMENT_MESSAGES.labelExists, { code: 'label_exists' });
    }
    if (order.status !== 'processing') throw refusalFor(order);
    return choices.optionsOf(provider, order);
  }

  function throwBuying(): never {
    throw new AppError('conflict', LABEL_TEXTS.buying, { code: 'label_in_progress' });
  }

  /**
   * Cancels the order's label before the carrier has the parcel (Melhor Envio credits the
   * wallet); a purchase stopped halfway is cancelled where it stands. An order the label had
   * shipped goes back to waiting for a label, so the owner can buy another.
   */
  async function cancel(orderId: number, admin: AdminActor): Promise<LabelRow> {
    const order = await orderOf(orderId);
    const label = await labels.liveOf(orderId);
    if (!label) throw new AppError('not_found', LABEL_TEXTS.noLabel, { code: 'label_not_found' });
    if (!(CANCELLABLE_STATES as readonly string[]).includes(label.state)) {
      throw new AppError('conflict', FULFILMENT_MESSAGES.labelNotCancellable, {
        code: 'label_not_cancellable',
      });
    }
    const held = PURCHASE_STATES.includes(label.state)
      ? ((await labels.take(label, now(), LABEL_LEASE_MS)) ?? throwBuying())
      : label;
    try {
      let providerOrderId = held.providerOrderId;
      if (!providerOrderId && held.uncertain) {
        const provider = await providerOrFail();
        const found = await provider.findByTag(order.orderNumber);
        if (found && !(await labels.providerOrderTaken(found.providerOrderId))) {
          providerOrderId = found.providerOrderId;
        }
      }
      if (providerOrderId) {
        await (await providerOrFail()).cancel(providerOrderId, LABEL_TEXTS.cancelDescription);
      }
    } catch (error) {
      // The label stays as it was (its last error too, so the retry job treats it as before).
      await labels.record(
        held,
        { lastError: label.lastError, lastErrorAt: label.lastErrorAt },
        now(),
      );
      if (error instanceof AppError) throw error;
      throw labelFailureOf(error).error;
    }
    const at = now();
    const canceled = await db.transaction(async (tx) => {
      const row = await createLabelRepository(tx).record(
        held,
        { state: 'canceled', canceledAt: at, uncertain: false, lastError: null, lastErrorAt: null },
        at,
      );
      if (row) await steps.cancelled(tx, row, orderActorOf(admin));
      return row;
    });
    await deps.securityLog.record({
      type: 'admin_order_action',
      severity: 'warning',
      userId: admin.id,
      ip: admin.ip,
      userAgent: admin.userAgent,
      message: `Pedido ${order.orderNumber}: etiqueta do Melhor Envio cancelada`,
      metadata: { order_id: orderId, action: 'label_cancel', label_id: label.id },
    });
    return canceled ?? (await labels.byId(label.id)) ?? label;
  }

  async function printUrl(orderIds: readonly number[]): Promise<string> {
    const unique = [...new Set(orderIds)];
    const rows = await db
      .select({ id: orders.id, orderNumber: orders.orderNumber })
      .from(orders)
      .where(inArray(orders.id, unique));
    const numberOf = new Map(rows.map((row) => [row.id, row.orderNumber]));
    const ready: string[] = [];
    const missing: string[] = [];
    for (const orderId of unique) {
      const label = await labels.liveOf(orderId);
      const printable =
        label?.providerOrderId && (PRINTABLE_STATES as readonly string[]).includes(label.state);
      if (printable && label.providerOrderId) ready.push(label.providerOrderId);
      else missing.push(numberOf.get(orderId) ?? `#${orderId}`);
    }
    if (missing.length > 0) {
      throw new AppError('conflict', LABEL_TEXTS.notPrintable(missing.join(', ')), {
        code: 'label_not_printable',
      });
    }
    const provider = await providerOrFail();
    try {
      return await provider.printUrl(ready);
    } catch (error) {
      throw labelFailureOf(error).error;
    }
  }

  return {
    /** POST /api/admin/orders/{id}/label: buys (or resumes) the order's one label. */
    buy,
    /** GET /api/admin/orders/{id}/label/options */
    options,

    /** The bulk purchase, one order after the other; each answers its label or its error. */
    async buyMany(orderIds: readonly number[], admin: AdminActor): Promise<BulkLabelResultJson[]> {
      const unique = [...new Set(orderIds)].slice(0, MAX_LABELS_AT_ONCE);
      const results: BulkLabelResultJson[] = [];
      for (const orderId of unique) {
        try {
          results.push({ order_id: orderId, label: labelJson(await buy(orderId, admin)) });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          results.push({ order_id: orderId, error: error.message });
        }
      }
      return results;
    },

    cancel,
    printUrl,

    /** The label the order shows (its live one, else the last cancelled), if any. */
    labelOf: (orderId: number) => labels.shownOf(orderId),

    /** `label_state` of the admin's order list, by order id (absent: no label). */
    labelStatesOf: (orderIds: readonly number[]) => labels.shownStatesOf(orderIds),

    /** `fulfilment.label` and `.tracking_events` of an order's JSON. */
    async fulfilmentOfOrder(
      orderId: number,
    ): Promise<Pick<OrderFulfilmentJson, 'label' | 'tracking_events'>> {
      const [label, events] = await Promise.all([
        labels.shownOf(orderId),
        labels.eventsOf(orderId),
      ]);
      return {
        label: label ? labelJson(label) : null,
        tracking_events: trackingEventsJson(events),
      };
    },

    /** The shopper's order JSON `tracking_events`: where the parcel went, without the label. */
    trackingEventsOf: async (orderId: number) => trackingEventsJson(await labels.eventsOf(orderId)),

    /**
     * The retry job: purchases halfway whose last step met an outage (or whose process died),
     * resumed by the system. Answers how many ended generated and how many failed again.
     */
    async retryStuck(): Promise<{ resumed: number; generated: number; failed: number }> {
      const provider = await deps.provider();
      if (!provider) return { resumed: 0, generated: 0, failed: 0 };
      const stuck = await labels.stuck(
        now(),
        RETRYABLE_ERROR,
        LABEL_RETRY_QUIET_MS,
        LABEL_LEASE_MS,
      );
      let generated = 0;
      let failed = 0;
      for (const label of stuck) {
        try {
          const after = await resume(provider, label, null);
          if (!PURCHASE_STATES.includes(after.state)) generated += 1;
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          failed += 1;
        }
      }
      return { resumed: stuck.length, generated, failed };
    },

    /** For the tracking side: the code is known now, so the order can ship. */
    shipIfReady: (label: LabelRow) => finish(null, label, null),
  };
}

export type LabelService = ReturnType<typeof createLabelService>;
