import { FULFILMENT_MESSAGES } from '@lumina/shared/fulfilment/fulfilment-texts';
import { ORDER_MESSAGES } from '@lumina/shared/orders/order-messages';
import type { StoreSettings } from '@lumina/shared/settings/store-settings';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { type OrderRow, orders } from '../../db/schema/orders.ts';
import { AppError } from '../../http/app-error.ts';
import type { AdminActor } from '../admin/orders/service.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import type { OrderActor, OrderLifecycle } from '../orders/lifecycle-service.ts';
import type { LabelRow } from './fulfilment-json.ts';
import { type LabelFailure, labelFailureOf } from './label-errors.ts';
import { createLabelOrderSteps, orderActorOf } from './label-order-steps.ts';
import { createLabelRepository } from './label-repository.ts';
import { labelRequestOf } from './label-request.ts';
import { LABEL_TEXTS } from './label-texts.ts';
import { type LabelProvider, ProviderError, type ProviderLabelStatus } from './ports.ts';

/**
 * Longer than any one call to Melhor Envio may take: a label untouched for this long while a
 * step was under way belongs to a process that died, and may be taken up again.
 */
export const LABEL_LEASE_MS = 2 * 60_000;

/** The states of a purchase under way; past them the label exists at Melhor Envio. */
export const PURCHASE_STATES: readonly string[] = ['claimed', 'carted', 'paid'];
/** Melhor Envio's statuses of a label that was paid for, and of one already generated. */
const PAID_STATUSES: readonly ProviderLabelStatus[] = [
  'released',
  'generated',
  'posted',
  'delivered',
];
const GENERATED_STATUSES: readonly ProviderLabelStatus[] = ['generated', 'posted', 'delivered'];
const SHIPPED_STATUSES: readonly string[] = [
  'shipped',
  'delivered',
  'partially_returned',
  'returned',
];

/** Why an order gets no label (bought now or resumed): not paid, or already gone. */
export function refusalFor(order: OrderRow): AppError {
  const shipped = SHIPPED_STATUSES.includes(order.status);
  return new AppError(
    'conflict',
    shipped ? LABEL_TEXTS.alreadyShipped : FULFILMENT_MESSAGES.notPaid,
    {
      code: shipped ? 'order_shipped' : 'order_not_paid',
    },
  );
}

export function orderNotFound(): AppError {
  return new AppError('not_found', ORDER_MESSAGES.notFound, { code: 'order_not_found' });
}

/**
 * The purchase of one label at Melhor Envio: cart, checkout with the wallet, generate. Each step
 * is recorded the moment Melhor Envio answers it, and marked `uncertain` while its call is out,
 * so whoever takes the label up again (the owner's button, another administrator, the retry
 * job) resumes at the missing step and looks before doing again what may have been done: never
 * a second label. With its tracking code the order moves to shipped through its lifecycle.
 */
export function createLabelPurchase(deps: {
  db: Db;
  now: () => Date;
  lifecycle: OrderLifecycle;
  outbox: Pick<MailOutbox, 'kick'>;
  storeSettings: () => StoreSettings;
  logger?: { error(details: Record<string, unknown>, message: string): void };
}) {
  const { db, now } = deps;
  const labels = createLabelRepository(db);
  const steps = createLabelOrderSteps(deps.lifecycle);

  async function orderOf(orderId: number): Promise<OrderRow> {
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    if (!order) throw orderNotFound();
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
      request = await labelRequestOf(db, order, deps.storeSettings(), label.serviceId);
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

  /**
   * Records a step's answer; the one that pays the label also writes the order's history, in the
   * same transaction (label first, then the order: the tracking's order of locks).
   */
  async function recordStep(
    label: LabelRow,
    values: Parameters<typeof labels.record>[1],
    by: OrderActor,
  ): Promise<LabelRow | undefined> {
    if (values.state !== 'paid') return labels.record(label, values, now());
    return db.transaction(async (tx) => {
      const paid = await createLabelRepository(tx).record(label, values, now());
      if (paid) await steps.purchased(tx, paid, by);
      return paid;
    });
  }

  /** Checkout and generate: look first when the last call went unanswered, then call. */
  async function providerStep(
    provider: LabelProvider,
    label: LabelRow,
    step: 'checkout' | 'generate',
    by: OrderActor,
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
        return recordStep(
          label,
          { state: next, uncertain: false, trackingCode: status.trackingCode, ...stamp() },
          by,
        );
      }
    }
    const sending = await labels.record(label, { uncertain: true }, now());
    if (!sending) return undefined;
    try {
      if (step === 'checkout') {
        const { priceCents } = await provider.checkout([id]);
        return await recordStep(
          sending,
          { state: 'paid', priceCents: priceCents[id] ?? null, uncertain: false, ...stamp() },
          by,
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
              orderActorOf(admin),
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

  return { orderOf, advance, resume, finish };
}

export type LabelPurchase = ReturnType<typeof createLabelPurchase>;
