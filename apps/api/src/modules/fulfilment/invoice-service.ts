import type {
  InvoiceJson,
  InvoiceStateJson,
  ShopperInvoiceJson,
} from '@lumina/shared/fulfilment/fulfilment-json';
import { FULFILMENT_MESSAGES } from '@lumina/shared/fulfilment/fulfilment-texts';
import { INVOICE_MESSAGES } from '@lumina/shared/fulfilment/invoice-messages';
import { ORDER_MESSAGES } from '@lumina/shared/orders/order-messages';
import type { OrderEventAction } from '@lumina/shared/orders/order-events';
import type { OrderStatus } from '@lumina/shared/orders/order-status';
import type { Db } from '../../db/database.ts';
import type { OrderRow } from '../../db/schema/orders.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { AppError } from '../../http/app-error.ts';
import type { JobDefinition, JobLogger, JobSender } from '../../jobs/job-runner.ts';
import type { AdminActor } from '../admin/orders/service.ts';
import type { SalesOrderLink } from '../erp/sales-orders.ts';
import type { OrderActor, OrderLifecycle } from '../orders/lifecycle-service.ts';
import { createOrderRepository } from '../orders/repository.ts';
import type { Refunds } from '../payments/refunds.ts';
import type { SecurityLog } from '../security/security-log.ts';
import { canCancel, invoiceJson, orderUndone, shopperInvoiceJson } from './invoice-json.ts';
import { changeFor, failureOf, sameReading } from './invoice-readings.ts';
import {
  createInvoiceRepository,
  type InvoiceChange,
  type InvoiceRepository,
  type InvoiceRow,
} from './invoice-repository.ts';
import { type InvoiceProvider, type ProviderInvoice, ProviderError } from './ports.ts';

export const INVOICE_POLL_JOB = 'invoice-poll';
export const INVOICE_AUTO_ISSUE_JOB = 'invoice-auto-issue';

/**
 * A call to Bling answers, or times out, well within this (BLING_TIMEOUT_MS and the client's
 * retries): a row claimed longer ago with no answer recorded lost its call with its process.
 */
export const INVOICE_ATTEMPT_LEASE_MS = 2 * 60_000;
const POLL_BATCH = 20;

/** Only a sale that stands is invoiced: paid, and not cancelled, refunded or returned. */
const PAID_STATUSES: readonly OrderStatus[] = ['processing', 'shipped', 'delivered'];

export interface PollSummary {
  checked: number;
  changed: number;
  failed: number;
  /** Why the run stopped early (Bling down or its access refused), or null. */
  stopped: string | null;
}

const conflict = (message: string, code: string) => new AppError('conflict', message, { code });

/** The NF-e states the owner follows in the order's history, with the step each writes. */
const HISTORY_STEPS: Partial<Record<InvoiceRow['state'], OrderEventAction>> = {
  authorised: 'invoice_authorised',
  rejected: 'invoice_rejected',
  denied: 'invoice_denied',
  cancelled: 'invoice_cancelled',
};

/** Bling (and SEFAZ through it) decided: the history names Bling, not 'Sistema'. */
const BLING: OrderActor = { actor: 'system', source: 'bling' };

/**
 * The shop's NF-e, issued through Bling from the order's sales order (DESIGN.md: fulfilment
 * owns its invoices, the ERP its sales orders). Each step is recorded as soon as it is answered,
 * so a retry resumes at the next one and never generates a second NF-e: the row is claimed
 * first (the partial unique index), Bling's NF-e id is kept the moment it comes back, and a
 * generate call left unanswered is looked for in Bling before another is made.
 */
export function createInvoiceService(deps: {
  db: Db;
  now: () => Date;
  /** Bling's NF-e adapter; null while Bling is not configured. */
  provider: () => InvoiceProvider | null;
  /** Whether the shop is connected to Bling now (its connection row). */
  blingConnected: () => Promise<boolean>;
  erp: { salesOrderOf(orderId: number): Promise<SalesOrderLink> };
  refunds: Pick<Refunds, 'completedOf'>;
  /** The store setting `auto_invoice` as it is now. */
  autoInvoice: () => boolean;
  jobs: JobSender | undefined;
  securityLog: SecurityLog;
  /** The orders' history (order_events), where the NF-e's steps are kept beside the order's. */
  lifecycle: Pick<OrderLifecycle, 'lock' | 'note'>;
  logger?: Pick<JobLogger, 'warn' | 'error'>;
}) {
  const { db, now } = deps;
  const repository = createInvoiceRepository(db);
  const orders = createOrderRepository(db);

  /**
   * Writes the row (`take`: only while it is as `row` was seen) and, when its state moves to one
   * the owner follows, the step in the order's history in the same transaction (the NF-e row
   * first, then the order).
   */
  async function write(
    row: InvoiceRow,
    values: InvoiceChange,
    how: { take: boolean; by?: OrderActor },
  ): Promise<InvoiceRow | undefined> {
    const step =
      values.state && values.state !== row.state ? HISTORY_STEPS[values.state] : undefined;
    const apply = (rows: InvoiceRepository) =>
      how.take ? rows.take(row, values) : rows.update(row.id, values);
    if (!step) return apply(repository);
    return db.transaction(async (tx) => {
      const moved = await apply(createInvoiceRepository(tx));
      const order = moved && (await deps.lifecycle.lock(tx, moved.orderId));
      if (moved && order) {
        await deps.lifecycle.note(tx, order, step, how.by ?? BLING, {
          invoice_id: moved.id,
          invoice_number: moved.number,
          ...(moved.reason ? { reason: moved.reason } : {}),
        });
      }
      return moved;
    });
  }

  /** `write` of a row this attempt holds: it is there to be written. */
  async function update(row: InvoiceRow, values: InvoiceChange, by?: OrderActor) {
    const written = await write(row, values, { take: false, by });
    if (!written) throw new Error(`invoice ${row.id} vanished`);
    return written;
  }

  async function orderOrFail(orderId: number): Promise<OrderRow> {
    const order = await orders.findOrder(orderId);
    if (!order)
      throw new AppError('not_found', ORDER_MESSAGES.notFound, { code: 'order_not_found' });
    return order;
  }

  async function json(row: InvoiceRow, order: OrderRow): Promise<InvoiceJson> {
    const refunded = (await deps.refunds.completedOf([order.id])).reduce(
      (sum, { refund }) => sum + refund.amountCents,
      0,
    );
    return invoiceJson(row, {
      now: now(),
      orderUndone: orderUndone(order, refunded),
      providerCancels: typeof deps.provider()?.cancel === 'function',
    });
  }

  async function connectedProvider(): Promise<InvoiceProvider> {
    const provider = deps.provider();
    if (!provider || !(await deps.blingConnected())) {
      throw conflict(FULFILMENT_MESSAGES.blingNotConnected, 'bling_not_connected');
    }
    return provider;
  }

  /** Bling's id of the order's sales order, the NF-e's source; why not, in pt-BR. */
  async function salesOrderIdOf(orderId: number): Promise<string> {
    const link = await deps.erp.salesOrderOf(orderId);
    if (link.state === 'sent' && link.blingId) return link.blingId;
    switch (link.state) {
      case 'never':
        throw conflict(INVOICE_MESSAGES.paidBeforeBling, 'sales_order_never_sent');
      case 'failed':
        throw conflict(
          INVOICE_MESSAGES.salesOrderFailed(link.error ?? 'sem motivo informado'),
          'sales_order_failed',
        );
      case 'uncertain':
        throw conflict(link.error ?? INVOICE_MESSAGES.salesOrderNotYet, 'sales_order_uncertain');
      default:
        throw conflict(INVOICE_MESSAGES.salesOrderNotYet, 'sales_order_not_sent');
    }
  }

  /** A call may be out for this row right now: another attempt waits for its answer. */
  function inFlight(row: InvoiceRow): boolean {
    const calling = (row.state === 'requesting' && row.uncertain) || row.state === 'pending';
    return (
      calling &&
      row.lastError === null &&
      now().getTime() - row.updatedAt.getTime() < INVOICE_ATTEMPT_LEASE_MS
    );
  }

  /** The row as it stands, for an attempt that found another one acting on it. */
  async function current(row: InvoiceRow): Promise<InvoiceRow> {
    return (await repository.latest(row.orderId)) ?? row;
  }

  /** Records a failed call with its pt-BR reason and answers the error the caller throws. */
  async function fail(
    row: InvoiceRow,
    error: unknown,
    change: (mayHaveActed: boolean) => InvoiceChange = () => ({}),
  ): Promise<AppError> {
    const failure = failureOf(error);
    if (!(error instanceof ProviderError) && !(error instanceof AppError)) {
      deps.logger?.error({ err: error, invoiceId: row.id }, 'NF-e provider failed');
    }
    const at = now();
    await repository.update(row.id, {
      ...change(failure.mayHaveActed),
      lastError: failure.error.message,
      lastErrorAt: at,
      updatedAt: at,
    });
    return failure.error;
  }

  /** A rejected or denied NF-e is the answer's failure: its reason, as a 409. */
  function settled(row: InvoiceRow): InvoiceRow {
    if (row.state === 'rejected' || row.state === 'denied') {
      throw conflict(row.lastError ?? FULFILMENT_MESSAGES.blingRefused(''), `invoice_${row.state}`);
    }
    return row;
  }

  /** Reads Bling's state into the row; unanswered, the row stays as it is for the poll. */
  async function readInto(provider: InvoiceProvider, row: InvoiceRow): Promise<InvoiceRow> {
    if (!row.providerInvoiceId) return row;
    let read: ProviderInvoice;
    try {
      read = await provider.get(row.providerInvoiceId);
    } catch (error) {
      deps.logger?.warn({ err: error, invoiceId: row.id }, 'NF-e state not read; the poll will');
      return row;
    }
    return update(row, changeFor(row, read, now()));
  }

  /** Sends the NF-e to SEFAZ and reads where it got; a failure puts back `restore`. */
  async function send(
    provider: InvoiceProvider,
    row: InvoiceRow & { providerInvoiceId: string },
    restore: InvoiceRow['state'],
  ): Promise<InvoiceRow> {
    try {
      await provider.send(row.providerInvoiceId);
    } catch (error) {
      throw await fail(row, error, () => ({ state: restore }));
    }
    const at = now();
    const sent = await repository.update(row.id, {
      state: 'processing',
      lastError: null,
      lastErrorAt: null,
      updatedAt: at,
    });
    return settled(await readInto(provider, sent));
  }

  async function recordId(row: InvoiceRow, providerInvoiceId: string) {
    const at = now();
    try {
      const recorded = await repository.update(row.id, {
        providerInvoiceId,
        uncertain: false,
        state: 'pending',
        lastError: null,
        lastErrorAt: null,
        updatedAt: at,
      });
      return { ...recorded, providerInvoiceId };
    } catch (error) {
      // Bling answered with an NF-e another row of the shop already holds.
      if (!isUniqueViolation(error)) throw error;
      await repository.update(row.id, {
        lastError: INVOICE_MESSAGES.checkBling,
        lastErrorAt: at,
        updatedAt: at,
      });
      throw conflict(INVOICE_MESSAGES.checkBling, 'invoice_uncertain');
    }
  }

  /** Asks Bling to generate the NF-e of a claimed row, keeps its id at once, then sends it. */
  async function generate(provider: InvoiceProvider, row: InvoiceRow, salesOrderId: string) {
    let generated: { providerInvoiceId: string };
    try {
      generated = await provider.generateFromSalesOrder(salesOrderId);
    } catch (error) {
      // No answer: Bling may hold an NF-e the shop has no id of, looked for before the next try.
      throw await fail(row, error, (mayHaveActed) => ({ uncertain: mayHaveActed }));
    }
    return send(provider, await recordId(row, generated.providerInvoiceId), 'pending');
  }

  /** A known NF-e not sent, or rejected and corrected in Bling: sent (again) unless Bling moved on. */
  async function resend(provider: InvoiceProvider, row: InvoiceRow, seen: InvoiceRow['state']) {
    const id = row.providerInvoiceId;
    if (!id) return row;
    let read: ProviderInvoice;
    try {
      read = await provider.get(id);
    } catch (error) {
      throw await fail(row, error, () => ({ state: seen }));
    }
    if (read.state !== 'pending' && read.state !== 'rejected') {
      return settled(await update(row, changeFor(row, read, now())));
    }
    return send(provider, { ...row, providerInvoiceId: id }, seen);
  }

  /** A claimed row without Bling's id: generate again, or look for the lost call's NF-e first. */
  async function resumeRequest(provider: InvoiceProvider, row: InvoiceRow): Promise<InvoiceRow> {
    if (inFlight(row)) return row;
    const salesOrderId = await salesOrderIdOf(row.orderId);
    const at = now();
    if (!row.uncertain) {
      // The last call was answered without Bling acting (down, refused, access): ask again.
      const taken = await repository.take(row, {
        uncertain: true,
        lastError: null,
        lastErrorAt: null,
        updatedAt: at,
      });
      return taken ? generate(provider, taken, salesOrderId) : current(row);
    }
    if (!provider.findBySalesOrder) {
      await repository.update(row.id, {
        lastError: INVOICE_MESSAGES.checkBling,
        lastErrorAt: at,
        updatedAt: at,
      });
      throw conflict(INVOICE_MESSAGES.checkBling, 'invoice_uncertain');
    }
    const taken = await repository.take(row, { lastError: null, lastErrorAt: null, updatedAt: at });
    if (!taken) return current(row);
    let found: { providerInvoiceId: string } | null;
    try {
      found = await provider.findBySalesOrder(salesOrderId);
    } catch (error) {
      throw await fail(taken, error);
    }
    if (!found) return generate(provider, taken, salesOrderId);
    const recorded = await recordId(taken, found.providerInvoiceId);
    return resend(provider, recorded, 'pending');
  }

  /** The order's standing NF-e asked for again: each state goes on from where it is. */
  async function resume(provider: InvoiceProvider, row: InvoiceRow): Promise<InvoiceRow> {
    switch (row.state) {
      case 'requesting':
        return resumeRequest(provider, row);
      case 'pending':
      case 'rejected': {
        if (inFlight(row)) return row;
        // Marked 'pending' while it is sent, so a second click waits for this one.
        const taken = await repository.take(row, {
          state: 'pending',
          lastError: null,
          lastErrorAt: null,
          updatedAt: now(),
        });
        return taken ? resend(provider, taken, row.state) : current(row);
      }
      case 'processing':
        return settled(await readInto(provider, row));
      case 'denied':
        throw conflict(
          INVOICE_MESSAGES.denied(row.reason ?? 'motivo não informado'),
          'invoice_denied',
        );
      case 'authorised':
      case 'cancelled':
        return row;
    }
  }

  async function logAction(actor: AdminActor, order: OrderRow, action: string, message: string) {
    await deps.securityLog.record({
      type: 'admin_order_action',
      severity: action === 'invoice_cancel' ? 'warning' : 'info',
      userId: actor.id,
      ip: actor.ip,
      userAgent: actor.userAgent,
      message: `Pedido ${order.orderNumber}: ${message}`,
      metadata: { order_id: order.id, action },
    });
  }

  /** POST /api/admin/orders/{id}/invoice, and the automatic issue (`actor` null). */
  async function issue(orderId: number, actor: AdminActor | null): Promise<InvoiceJson> {
    const order = await orderOrFail(orderId);
    if (!PAID_STATUSES.includes(order.status)) {
      throw conflict(FULFILMENT_MESSAGES.notPaid, 'order_not_paid');
    }
    const provider = await connectedProvider();
    const standing = await repository.live(orderId);
    if (standing) return json(await resume(provider, standing), order);
    const salesOrderId = await salesOrderIdOf(orderId);
    const by: OrderActor = actor
      ? { actor: 'admin', adminId: actor.id, ip: actor.ip }
      : { actor: 'system', source: 'auto_invoice' };
    const claimed = await db.transaction(async (tx) => {
      const row = await createInvoiceRepository(tx).claim(orderId, actor?.id ?? null, now());
      const locked = row && (await deps.lifecycle.lock(tx, orderId));
      if (row && locked) {
        await deps.lifecycle.note(tx, locked, 'invoice_requested', by, { invoice_id: row.id });
      }
      return row;
    });
    if (!claimed) {
      // Another click or administrator claimed it a moment ago: theirs goes on.
      const other = await repository.live(orderId);
      if (!other) throw conflict(FULFILMENT_MESSAGES.invoiceExists, 'invoice_exists');
      return json(await resume(provider, other), order);
    }
    if (actor) await logAction(actor, order, 'invoice_issue', 'emissão de NF-e pedida ao Bling');
    return json(await generate(provider, claimed, salesOrderId), order);
  }

  /** Reads one open NF-e's state from Bling (the poll), or resolves a lost generate call. */
  async function pollOne(provider: InvoiceProvider, row: InvoiceRow): Promise<boolean> {
    if (row.state === 'requesting') {
      if (inFlight(row) || !provider.findBySalesOrder) return false;
      const link = await deps.erp.salesOrderOf(row.orderId);
      if (!link.blingId) return false;
      const found = await provider.findBySalesOrder(link.blingId);
      const at = now();
      // None in Bling: the next try generates it; found: its id, and the state it has.
      const taken = await repository.take(
        row,
        found
          ? {
              providerInvoiceId: found.providerInvoiceId,
              uncertain: false,
              state: 'pending',
              lastError: null,
              lastErrorAt: null,
              updatedAt: at,
            }
          : { uncertain: false, lastError: null, lastErrorAt: null, updatedAt: at },
      );
      if (taken && found) await readInto(provider, taken);
      return taken !== undefined;
    }
    if (!row.providerInvoiceId) return false;
    const read = await provider.get(row.providerInvoiceId);
    if (sameReading(row, read)) return false;
    // An attempt that moved the row meanwhile wins over this reading.
    return (await write(row, changeFor(row, read, now()), { take: true })) !== undefined;
  }

  /** Every open NF-e read from Bling, in batches, until Bling stops answering. */
  async function pollOpenInvoices(): Promise<PollSummary> {
    const summary: PollSummary = { checked: 0, changed: 0, failed: 0, stopped: null };
    const provider = deps.provider();
    if (!provider || !(await deps.blingConnected())) return summary;
    let afterId = 0;
    for (;;) {
      const rows = await repository.open(afterId, POLL_BATCH);
      if (rows.length === 0) return summary;
      for (const row of rows) {
        afterId = row.id;
        try {
          if (await pollOne(provider, row)) summary.changed += 1;
          summary.checked += 1;
        } catch (error) {
          summary.failed += 1;
          const { error: reason } = failureOf(error);
          // Down or refusing the shop's access: the other NF-e would fail the same way.
          if (reason.kind === 'unavailable') {
            summary.stopped = reason.message;
            return summary;
          }
          deps.logger?.warn({ err: error, invoiceId: row.id }, 'NF-e state not read');
        }
      }
    }
  }

  return {
    issue,

    /** The order's NF-e read again from Bling while SEFAZ has not decided; null when none. */
    async refresh(orderId: number): Promise<InvoiceJson | null> {
      const order = await orderOrFail(orderId);
      const row = await repository.latest(orderId);
      if (!row) return null;
      const provider = deps.provider();
      const open = row.state === 'pending' || row.state === 'processing';
      if (!open || !provider || !(await deps.blingConnected())) return json(row, order);
      let read: ProviderInvoice | undefined;
      try {
        read = row.providerInvoiceId ? await provider.get(row.providerInvoiceId) : undefined;
      } catch (error) {
        deps.logger?.warn({ err: error, invoiceId: row.id }, 'NF-e state not read');
      }
      const moved = read && (await write(row, changeFor(row, read, now()), { take: true }));
      return json(moved || (await current(row)), order);
    },

    pollOpenInvoices,

    /**
     * POST /api/admin/orders/{id}/invoice/cancel: SEFAZ takes it within 24 hours of the
     * authorisation; later the shop issues a return NF-e in Bling instead.
     */
    async cancel(orderId: number, justification: string, actor: AdminActor): Promise<InvoiceJson> {
      const order = await orderOrFail(orderId);
      const row = await repository.live(orderId);
      if (!row || row.state !== 'authorised' || !row.providerInvoiceId) {
        throw conflict(INVOICE_MESSAGES.notAuthorised, 'invoice_not_authorised');
      }
      if (!canCancel(row, now())) {
        throw conflict(FULFILMENT_MESSAGES.invoiceNotCancellable, 'invoice_not_cancellable');
      }
      const provider = await connectedProvider();
      const cancelInvoice = provider.cancel?.bind(provider);
      if (!cancelInvoice)
        throw conflict(FULFILMENT_MESSAGES.cancelInBling, 'invoice_cancel_in_provider');
      const taken = await repository.take(row, {
        lastError: null,
        lastErrorAt: null,
        updatedAt: now(),
      });
      if (!taken) throw conflict(INVOICE_MESSAGES.cancelling, 'invoice_cancelling');
      try {
        await cancelInvoice(row.providerInvoiceId, justification);
      } catch (error) {
        throw await fail(taken, error);
      }
      const at = now();
      const cancelled = await update(
        taken,
        { state: 'cancelled', cancelledAt: at, lastError: null, lastErrorAt: null, updatedAt: at },
        { actor: 'admin', adminId: actor.id, ip: actor.ip },
      );
      await logAction(actor, order, 'invoice_cancel', `NF-e ${row.number ?? ''} cancelada`.trim());
      return json(cancelled, order);
    },

    /** The admin's order JSON `fulfilment.invoice`: the latest NF-e, a cancelled one included. */
    async invoiceOfOrder(orderId: number): Promise<InvoiceJson | null> {
      const row = await repository.latest(orderId);
      if (!row) return null;
      return json(row, await orderOrFail(orderId));
    },

    /** The shopper's order JSON `invoice`: number and DANFE once authorised. */
    async shopperInvoiceOf(orderId: number): Promise<ShopperInvoiceJson | null> {
      return shopperInvoiceJson(await repository.live(orderId));
    },

    /** The admin's list `invoice_state` of each order that has an NF-e. */
    async invoiceStatesOf(orderIds: number[]): Promise<Map<number, InvoiceStateJson>> {
      const rows = await repository.latestOf(orderIds);
      return new Map(rows.map((row) => [row.orderId, row.state]));
    },

    /** GET /api/admin/fulfilment `invoices`. */
    async status(): Promise<{ available: boolean; auto_invoice: boolean }> {
      const available = deps.provider() !== null && (await deps.blingConnected());
      return { available, auto_invoice: deps.autoInvoice() };
    },

    /**
     * Bling took the order's sale (the ERP's push, which runs after payment): with `auto_invoice`
     * on, its NF-e is issued by a job, so payment is never slowed or failed by Bling.
     */
    async salesOrderSent(orderId: number): Promise<void> {
      if (!deps.autoInvoice() || !deps.jobs) return;
      await deps.jobs.send(
        INVOICE_AUTO_ISSUE_JOB,
        { order_id: orderId },
        { singletonKey: `order-${orderId}` },
      );
    },

    /** The poll of open NF-e every five minutes, and the automatic issue. */
    jobs(): JobDefinition[] {
      const poll: JobDefinition = {
        name: INVOICE_POLL_JOB,
        schedule: { cron: '*/5 * * * *' },
        policy: 'singleton',
        async run(_data, { log }) {
          const summary = await pollOpenInvoices();
          if (summary.checked + summary.failed > 0) log.info({ ...summary }, 'NF-e states read');
        },
      };
      const autoIssue: JobDefinition<{ order_id?: unknown }> = {
        name: INVOICE_AUTO_ISSUE_JOB,
        // One waiting job per order (its singleton key); Bling down is tried again later.
        policy: 'short',
        retryLimit: 5,
        retryDelaySeconds: 120,
        async run(data, { log }) {
          const orderId = Number(data.order_id);
          if (!Number.isInteger(orderId) || !deps.autoInvoice()) return;
          try {
            const invoice = await issue(orderId, null);
            log.info({ orderId, state: invoice.state }, 'NF-e issued automatically');
          } catch (error) {
            // A refusal (no sale in Bling, rejected by SEFAZ) waits for the owner in the panel.
            if (error instanceof AppError && error.kind !== 'unavailable') {
              log.warn({ orderId, code: error.code, reason: error.message }, 'NF-e not issued');
              return;
            }
            throw error;
          }
        },
      };
      return [poll, autoIssue];
    },
  };
}

export type InvoiceService = ReturnType<typeof createInvoiceService>;
