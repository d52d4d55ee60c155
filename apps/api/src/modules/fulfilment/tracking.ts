import { MAX_LABELS_AT_ONCE } from '@lumina/shared/fulfilment/fulfilment-json';
import { TRACKING_STATUS_TEXTS } from '@lumina/shared/fulfilment/fulfilment-texts';
import type { Db } from '../../db/database.ts';
import { type LabelState, trackingEvents } from '../../db/schema/fulfilment.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import type { OrderLifecycle } from '../orders/lifecycle-service.ts';
import type { LabelRow } from './fulfilment-json.ts';
import { createLabelOrderSteps, orderActorOf } from './label-order-steps.ts';
import { createLabelRepository } from './label-repository.ts';
import type { LabelService } from './label-service.ts';
import type { LabelProvider, ProviderLabelTracking } from './ports.ts';

export type TrackingSource = 'webhook' | 'poll';

export interface TrackingOutcome {
  applied: number;
  /** Melhor Envio spoke of an order no label of the shop has. */
  unknown: number;
}

/** How far a label has gone; the carrier's news never takes one back. */
const RANK: Record<LabelState, number> = {
  claimed: 0,
  carted: 1,
  paid: 2,
  generated: 3,
  posted: 4,
  delivered: 5,
  canceled: -1,
};

/** What Melhor Envio's news makes of the label, or null when it changes nothing. */
function changesOf(label: LabelRow, news: ProviderLabelTracking, at: Date) {
  if (label.state === 'canceled') return null;
  const trackingCode = label.trackingCode ?? news.trackingCode;
  switch (news.status) {
    case 'generated':
      return trackingCode !== label.trackingCode && label.state === 'generated'
        ? { trackingCode }
        : null;
    case 'posted':
    case 'delivered': {
      const state = RANK[news.status] > RANK[label.state] ? news.status : label.state;
      const postedAt = label.postedAt ?? news.postedAt ?? (news.status === 'posted' ? at : null);
      const deliveredAt =
        label.deliveredAt ?? (news.status === 'delivered' ? (news.deliveredAt ?? at) : null);
      return { state, trackingCode, postedAt, deliveredAt };
    }
    case 'canceled':
    case 'expired':
      // Cancelled in Melhor Envio's panel, or never posted in time: the wallet got it back.
      return RANK[label.state] >= RANK.carted && RANK[label.state] <= RANK.generated
        ? { state: 'canceled' as const, canceledAt: news.canceledAt ?? at, uncertain: false }
        : null;
    default:
      // pending and released belong to the purchase, which records them itself.
      return null;
  }
}

/**
 * Where the parcels are, from Melhor Envio's webhooks and from the polling job: the label's state
 * and dates, one tracking event per label and status (with its pt-BR description), and the
 * order moved through its lifecycle: shipped once posted (if the label's generation had not
 * already), delivered once delivered. A repeated piece of news finds its event recorded and
 * moves nothing twice.
 */
export function createTracking(deps: {
  db: Db;
  now: () => Date;
  provider: () => Promise<LabelProvider | null>;
  lifecycle: OrderLifecycle;
  outbox: Pick<MailOutbox, 'kick'>;
  labels: Pick<LabelService, 'shipIfReady'>;
}) {
  const { db, now } = deps;
  const repository = createLabelRepository(db);
  const steps = createLabelOrderSteps(deps.lifecycle);
  const system = orderActorOf(null);

  /** One label's news in one transaction: its row, its events and the order's steps. */
  async function applyOne(label: LabelRow, news: ProviderLabelTracking, source: TrackingSource) {
    const at = now();
    const changes = changesOf(label, news, at);
    if (!changes) return { label, mailed: false };
    return db.transaction(async (tx) => {
      const labels = createLabelRepository(tx);
      const updated = (await labels.record(label, changes, at)) ?? label;
      const events: { status: string; occurredAt: Date | null }[] = [
        { status: 'posted', occurredAt: updated.postedAt },
        { status: 'delivered', occurredAt: updated.deliveredAt },
      ];
      const fresh = new Set<string>();
      for (const event of events) {
        if (!event.occurredAt) continue;
        const inserted = await tx
          .insert(trackingEvents)
          .values({
            orderId: updated.orderId,
            labelId: updated.id,
            status: event.status,
            description: TRACKING_STATUS_TEXTS[event.status] ?? null,
            occurredAt: event.occurredAt,
            source,
            createdAt: at,
          })
          .onConflictDoNothing()
          .returning({ id: trackingEvents.id });
        if (inserted.length > 0) fresh.add(event.status);
      }
      let mailed = false;
      if (updated.state === 'canceled' && label.state !== 'canceled') {
        await steps.cancelled(tx, updated, system);
      }
      if (updated.state === 'posted' || updated.state === 'delivered') {
        mailed = (await steps.ship(tx, updated, system))?.outcome === 'changed';
      }
      if (fresh.has('delivered')) {
        mailed = (await steps.deliver(tx, updated, system))?.outcome === 'changed' || mailed;
      }
      return { label: updated, mailed };
    });
  }

  async function applyTracking(
    tracking: readonly ProviderLabelTracking[],
    source: TrackingSource,
  ): Promise<TrackingOutcome> {
    const known = new Map(
      (await repository.byProviderOrderIds(tracking.map((news) => news.providerOrderId))).map(
        (label) => [label.providerOrderId, label],
      ),
    );
    let applied = 0;
    let unknown = 0;
    let mailed = false;
    for (const news of tracking) {
      const label = known.get(news.providerOrderId);
      if (!label) {
        unknown += 1;
        continue;
      }
      const result = await applyOne(label, news, source);
      mailed ||= result.mailed;
      if (result.label !== label) applied += 1;
      // A code that came with the news ships an order whose label was waiting for it.
      if (result.label.state === 'generated' && result.label.trackingCode) {
        await deps.labels.shipIfReady(result.label);
      }
    }
    if (mailed) deps.outbox.kick();
    return { applied, unknown };
  }

  return {
    applyTracking,

    /**
     * The polling job: every label the carrier may still move (generated or posted), asked
     * about in batches; webhooks lost on the way are made up for here.
     */
    async pollOpenLabels(): Promise<TrackingOutcome & { asked: number }> {
      const provider = await deps.provider();
      const total = { applied: 0, unknown: 0, asked: 0 };
      if (!provider) return total;
      let afterId = 0;
      for (;;) {
        const batch = await repository.open(afterId, MAX_LABELS_AT_ONCE);
        const last = batch.at(-1);
        if (!last) break;
        afterId = last.id;
        const ids = batch.flatMap((label) =>
          label.providerOrderId ? [label.providerOrderId] : [],
        );
        const outcome = await applyTracking(await provider.tracking(ids), 'poll');
        total.applied += outcome.applied;
        total.unknown += outcome.unknown;
        total.asked += ids.length;
      }
      return total;
    },
  };
}

export type Tracking = ReturnType<typeof createTracking>;
