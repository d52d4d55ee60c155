import {
  MAX_LABELS_AT_ONCE,
  type BulkLabelResultJson,
  type OrderFulfilmentJson,
} from '@lumina/shared/fulfilment/fulfilment-json';
import { FULFILMENT_MESSAGES } from '@lumina/shared/fulfilment/fulfilment-texts';
import { ORDER_MESSAGES } from '@lumina/shared/orders/order-messages';
import type { StoreSettings } from '@lumina/shared/settings/store-settings';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { type OrderRow, orders } from '../../db/schema/orders.ts';
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
import { type LabelFailure, labelFailureOf, RETRYABLE_ERROR } from './label-errors.ts';
import { createLabelOrderSteps, orderActorOf } from './label-order-steps.ts';
import { createLabelRepository } from './label-repository.ts';
import { labelRequestOf, serviceIdOf } from './label-request.ts';
import { LABEL_TEXTS } from './label-texts.ts';
import { type LabelProvider, ProviderError, type ProviderLabelStatus } from './ports.ts';

/**
 * Longer than any one call to Melhor Envio may take: a label untouched for this long while a
 * step was under way belongs to a process that died, and may be taken up again.
 */
export const LABEL_LEASE_MS = 2 * 60_000;
/** The retry job leaves a label that met an outage alone this long before trying again. */
export const LABEL_RETRY_QUIET_MS = 5 * 60_000;

const PURCHASE_STATES: readonly string[] = ['claimed', 'carted', 'paid'];
/** Melhor Envio's statuses of a label that was paid for, and of one already generated. */
const PAID_STATUSES: readonly ProviderLabelStatus[] = [
  'released',
  'generated',
  'posted',
  'delivered',
];
const GENERATED_STATUSES: readonly ProviderLabelStatus[] = ['generated', 'posted', 'delivered'];

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
 * Buying an order's label at Melhor Envio: cart, checkout with the wallet, generate. Each step is
 * recorded the moment Melhor Envio answers it, and marked `uncertain` while its call is out, so
 * a retry (the owner's button, another administrator, the retry job) resumes at the step that
 * is missing and looks before doing again what may have been done: never a second label.
 * The order moves to shipped, through its lifecycle, once the label has its tracking code.
 */
export function createLabelService(deps: LabelServiceDeps) {
  const { db, now } = deps;
  const labels = createLabelRepository(db);
  const steps = createLabelOrderSteps(deps.lifecycle);

  async function providerOrFail(): Promise<LabelProvider> {
    const provider = await deps.provider();
    if (!provider) throw notConnectedError();
    return provider;
  }

  async function orderOf(orderId: number): Promise<OrderRow> {
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    if (!order)
      throw new AppError('not_found', ORDER_MESSAGES.notFound, { code: 'order_not_found' });
    return order;
  }

  /** Records the failure on the label (its last_error) and throws it for whoever asked. */
  async function fail(
    label: LabelRow,
    error: unknown,
    uncertain: (failure: LabelFailure) => boolean,
  ): Promise<never> {
    if (error instanceof AppError) {
      // The shop's own data stopped the step (the sender's address): nothing was sent.
      await labels.record(
        label,
        { lastError: error.message, lastErrorAt: now(), uncertain: false },
        now(),
      );
      throw error;
    }
    const failure = labelFailureOf(error);
    if (!(error instanceof ProviderError)) {
      deps.logger?.error(
        { err: error, labelId: label.id },
        'Melhor Envio adapter failed unexpectedly',
      );
    }
    const at = now();
    await labels.record(
      label,
      { lastError: failure.message, lastErrorAt: at, uncertain: uncertain(failure) },
      at,
    );
    throw failure.error;
  }

  /** Melhor Envio's status of one of its orders, or null when it does not say. */
  async function statusAt(provider: LabelProvider, providerOrderId: string) {
    const [tracking] = await provider.tracking([providerOrderId]);
    return tracking ?? null;
  }

  async function cartStep(provider: LabelProvider, label: LabelRow): Promise<LabelRow | undefined> {
    const order = await orderOf(label.orderId);
    if (label.uncertain) {
      // The last cart call went unanswered: the label may be in the cart already, under its tag.
      let found: Awaited<ReturnType<LabelProvider['findByTag']>>;
      try {
        found = await provider.findByTag(order.orderNumber);
      } catch (error) {
        return fail(label, error, () => true);
      }
      if (found && !(await labels.providerOrderTaken(found.providerOrderId))) {
        return labels.record(
          label,
          {
            state: 'carted',
            providerOrderId: found.providerOrderId,
            protocol: found.protocol,
            uncertain: false,
          },
          now(),
        );
      }
    }
    let request;
    try {
      request = await labelRequestOf(db, order, deps.storeSettings());
    } catch (error) {
      return fail(label, error, () => false);
    }
    const sending = await labels.record(
      label,
      { uncertain: true, invoiceKey: request.invoiceKey },
      now(),
    );
    if (!sending) return undefined;
    let answer: Awaited<ReturnType<LabelProvider['addToCart']>>;
    try {
      answer = await provider.addToCart(request);
    } catch (error) {
      return fail(sending, error, (failure) => failure.unanswered);
    }
    return labels.record(
      sending,
      {
        state: 'carted',
        providerOrderId: answer.providerOrderId,
        protocol: answer.protocol,
        uncertain: false,
      },
      now(),
    );
  }

  /** Checkout and generate: look first when the last call went unanswered, then call. */
  async function providerStep(
    provider: LabelProvider,
    label: LabelRow,
    step: 'checkout' | 'generate',
  ): Promise<LabelRow | undefined> {
    const id = label.providerOrderId;
    if (!id) throw new Error(`label ${label.id} is ${label.state} without Melhor Envio's id`);
    const done = step === 'checkout' ? PAID_STATUSES : GENERATED_STATUSES;
    const next = step === 'checkout' ? 'paid' : 'generated';
    const stamp = () => (step === 'checkout' ? { paidAt: now() } : { generatedAt: now() });
    if (label.uncertain) {
      let status;
      try {
        status = await statusAt(provider, id);
      } catch (error) {
        return fail(label, error, () => true);
      }
      if (status && done.includes(status.status)) {
        return labels.record(
          label,
          { state: next, uncertain: false, trackingCode: status.trackingCode, ...stamp() },
          now(),
        );
      }
    }
    const sending = await labels.record(label, { uncertain: true }, now());
    if (!sending) return undefined;
    try {
      if (step === 'checkout') {
        const { priceCents } = await provider.checkout([id]);
        return await labels.record(
          sending,
          { state: 'paid', priceCents: priceCents[id] ?? null, uncertain: false, ...stamp() },
          now(),
        );
      }
      await provider.generate([id]);
    } catch (error) {
      return fail(sending, error, (failure) => failure.unanswered);
    }
    return labels.record(sending, { state: 'generated', uncertain: false, ...stamp() }, now());
  }

  /** The tracking code (asked for once; the polling job asks again) and the order shipped. */
  async function finish(
    provider: LabelProvider | null,
    label: LabelRow,
    admin: AdminActor | null,
  ): Promise<LabelRow> {
    let current = label;
    if (
      provider &&
      current.state === 'generated' &&
      !current.trackingCode &&
      current.providerOrderId
    ) {
      const status = await statusAt(provider, current.providerOrderId).catch(() => null);
      if (status?.trackingCode) {
        current =
          (await labels.record(current, { trackingCode: status.trackingCode }, now())) ?? current;
      }
    }
    if (!current.trackingCode || !['generated', 'posted', 'delivered'].includes(current.state)) {
      return current;
    }
    const decision = await db.transaction((tx) => steps.ship(tx, current, orderActorOf(admin)));
    if (decision?.outcome === 'changed') deps.outbox.kick();
    const lastError = decision?.outcome === 'refused' ? decision.message : null;
    if (decision && current.lastError !== lastError) {
      const at = now();
      current =
        (await labels.record(current, { lastError, lastErrorAt: lastError ? at : null }, at)) ??
        current;
    }
    return current;
  }

  /** Runs the purchase from where the label stands, for a caller that holds it. */
  async function advance(
    provider: LabelProvider,
    label: LabelRow,
    admin: AdminActor | null,
  ): Promise<LabelRow> {
    let current = label;
    while (PURCHASE_STATES.includes(current.state)) {
      const next =
        current.state === 'claimed'
          ? await cartStep(provider, current)
          : await providerStep(
              provider,
              current,
              current.state === 'carted' ? 'checkout' : 'generate',
            );
      // Moved under us (cancelled, or the carrier's news): whatever it is now is the answer.
      if (!next) return (await labels.byId(current.id)) ?? current;
      current = next;
    }
    return finish(provider, current, admin);
  }

  /**
   * Takes a label up again: a purchase halfway only by whoever wins it, and only while the order
   * still waits to be shipped; the rest is idempotent.
   */
  async function resume(
    provider: LabelProvider,
    label: LabelRow,
    admin: AdminActor | null,
  ): Promise<LabelRow> {
    if (!PURCHASE_STATES.includes(label.state)) return finish(provider, label, admin);
    const order = await orderOf(label.orderId);
    if (order.status !== 'processing') {
      const refusal = refusalFor(order);
      // Kept on the label, so the retry job leaves it for the owner to cancel.
      if (label.lastError !== refusal.message) {
        await labels.record(label, { lastError: refusal.message, lastErrorAt: now() }, now());
      }
      throw refusal;
    }
    const taken = await labels.take(label, now(), LABEL_LEASE_MS);
    // Someone else is buying it right now: their work is the answer.
    if (!taken) return (await labels.byId(label.id)) ?? label;
    return advance(provider, taken, admin);
  }

  function refusalFor(order: OrderRow): AppError {
    const shipped = ['shipped', 'delivered', 'partially_returned', 'returned'].includes(
      order.status,
    );
    return new AppError(
      'conflict',
      shipped ? LABEL_TEXTS.alreadyShipped : FULFILMENT_MESSAGES.notPaid,
      {
        code: shipped ? 'order_shipped' : 'order_not_paid',
      },
    );
  }

  async function buy(orderId: number, admin: AdminActor): Promise<LabelRow> {
    const provider = await providerOrFail();
    const order = await orderOf(orderId);
    const existing = await labels.liveOf(orderId);
    if (existing) return resume(provider, existing, admin);
    if (order.status !== 'processing') throw refusalFor(order);
    const claimed = await labels.claim({
      orderId,
      serviceId: serviceIdOf(order),
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
      message: `Pedido ${order.orderNumber}: etiqueta comprada no Melhor Envio`,
      metadata: { order_id: orderId, action: 'label', label_id: claimed.id },
    });
    return advance(provider, claimed, admin);
  }

  function throwBuying(): never {
    throw new AppError('conflict', LABEL_TEXTS.buying, { code: 'label_in_progress' });
  }

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
    const canceled = await labels.record(
      held,
      { state: 'canceled', canceledAt: at, uncertain: false, lastError: null, lastErrorAt: null },
      at,
    );
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
