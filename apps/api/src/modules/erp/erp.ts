import { BLING_TEXTS, type BlingStatus, type BlingSyncSummary } from '@lumina/shared/admin/bling';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import {
  type BlingClient,
  createBlingClient,
  createBlingOauth,
} from '../../integrations/bling/bling-client.ts';
import { blingDateTime } from '../../integrations/bling/bling-date.ts';
import type { JobDefinition, JobSender } from '../../jobs/job-runner.ts';
import type { SecurityLog } from '../security/security-log.ts';
import {
  type BlingActor,
  createBlingConnection,
  notConfigured,
  notConnected,
  SYNC_LEASE_MS,
} from './connection.ts';
import { createProductPush } from './product-push.ts';
import type { StockWatch } from '../catalog/stock.ts';
import { createProductSync } from './product-sync.ts';
import { createSalesOrderPush, salesOrderOf } from './sales-orders.ts';
import { createStockPush } from './stock-push.ts';
import { createBlingWebhooks } from './webhooks.ts';
import { createBlingRateLimiter } from './rate-limiter.ts';
import { resolveTokenCipher, type TokenCipher } from './token-cipher.ts';
import { emptySummary } from './run-summary.ts';

export const BLING_SYNC_JOB = 'bling-product-sync';
export const BLING_SCHEDULED_SYNC_JOB = 'bling-scheduled-sync';
export const BLING_STOCK_PUSH_JOB = 'bling-stock-push';
export type SyncKind = BlingSyncSummary['kind'];

/** The incremental sync asks for changes since the last run, less this overlap for clock skew. */
const OVERLAP_MS = 2 * 60_000;

/**
 * The shop's side of Bling: the connection, the API client behind the shared rate limit, and the
 * product syncs. A sync runs as a job; its lease on the connection row (sync_started_at) keeps
 * one running at a time across processes, and a lease older than SYNC_LEASE_MS is taken over.
 */
export function createErp(deps: {
  config: Pick<
    Config,
    | 'blingClientId'
    | 'blingClientSecret'
    | 'blingApiUrl'
    | 'blingAuthUrl'
    | 'blingTokenKey'
    | 'blingTimeoutMs'
    | 'dataDir'
  >;
  db: Db;
  now: () => Date;
  securityLog: SecurityLog;
  jobs: JobSender | undefined;
  onCatalogChange: () => void;
  /** Where Bling's product photos are stored (the panel's photo pipeline). */
  photos: { add(productId: number, bytes: Uint8Array, actor: null): Promise<unknown> };
  /** The shop's name as its settings have it now ('' when none), for the notes sent to Bling. */
  shopName: () => string;
  /** Tests only: the loopback ports of fakes whose photo links the sync may fetch. */
  allowLoopbackPorts?: readonly number[];
  /** What every stock movement keeps in its transaction: low-stock and back-in-stock alerts. */
  stockWatch: StockWatch;
}) {
  const { config, db, now } = deps;
  const oauth =
    config.blingClientId && config.blingClientSecret
      ? createBlingOauth({
          authUrl: config.blingAuthUrl,
          clientId: config.blingClientId,
          clientSecret: config.blingClientSecret,
          timeoutMs: config.blingTimeoutMs,
        })
      : undefined;
  let cipher: TokenCipher | undefined;
  const connection = createBlingConnection({
    db,
    oauth,
    // Read (or generated) on first use: a shop without Bling never writes the key file.
    cipher: () => (cipher ??= resolveTokenCipher(config)),
    securityLog: deps.securityLog,
    now,
  });
  let client: BlingClient | undefined;
  function blingClient(): BlingClient {
    if (!oauth) throw notConfigured();
    client ??= createBlingClient({
      apiUrl: config.blingApiUrl,
      timeoutMs: config.blingTimeoutMs,
      tokens: connection.tokens,
      limiter: createBlingRateLimiter(db),
    });
    return client;
  }
  const { shopName } = deps;
  const stockPush = createStockPush({ db, client: blingClient, now, shopName });
  let salesOrderSent: ((orderId: number) => Promise<void>) | undefined;
  const salesOrders = createSalesOrderPush({
    db,
    client: blingClient,
    now,
    shopName,
    onSent: async (orderId) => {
      // What follows a sale (its NF-e) is queued by its module; a failure there is not the push's.
      await salesOrderSent?.(orderId).catch(() => undefined);
    },
  });
  const productSync = createProductSync({
    db,
    client: blingClient,
    now,
    onChange: deps.onCatalogChange,
    stock: stockPush,
    stockWatch: deps.stockWatch,
    photos: deps.photos,
    images: {
      apiUrl: config.blingApiUrl,
      timeoutMs: config.blingTimeoutMs,
      allowLoopbackPorts: deps.allowLoopbackPorts,
    },
  });
  const productPush = createProductPush({ db, client: blingClient, now });
  const webhooks = createBlingWebhooks({
    db,
    secret: config.blingClientSecret,
    productSync,
    jobs: deps.jobs,
    securityLog: deps.securityLog,
    now,
    shopName,
  });

  /** Takes the sync lease; answers the last sync's moment, or false when another holds it. */
  async function claimLease(at: Date): Promise<{ lastSyncAt: Date | null } | false> {
    const [row] = rowsOf<{ last_sync_at: string | Date | null }>(
      await db.execute(sql`
        update bling_connection set sync_started_at = ${at.toISOString()}::timestamptz
        where id = 1 and (
          sync_started_at is null
          or sync_finished_at >= sync_started_at
          or sync_started_at < ${new Date(at.getTime() - SYNC_LEASE_MS).toISOString()}::timestamptz
        )
        returning last_sync_at
      `),
    );
    if (!row) return false;
    return { lastSyncAt: row.last_sync_at === null ? null : new Date(row.last_sync_at) };
  }

  async function releaseLease(started: Date, summary: BlingSyncSummary): Promise<void> {
    // A run that stopped early has not seen everything since last_sync_at: it keeps its mark.
    const reached = summary.stopped === null && summary.kind !== 'pending';
    await db.execute(sql`
      update bling_connection set
        sync_finished_at = ${now().toISOString()}::timestamptz,
        sync_summary = ${JSON.stringify(summary)}::jsonb,
        last_sync_at = case when ${reached} then ${started.toISOString()}::timestamptz else last_sync_at end
      where id = 1 and sync_started_at = ${started.toISOString()}::timestamptz
    `);
  }

  async function runSync(kind: SyncKind): Promise<BlingSyncSummary | null> {
    const started = now();
    const lease = await claimLease(started);
    if (!lease) return null;
    let summary = emptySummary(kind);
    try {
      if (kind === 'pending') {
        summary = await productPush.pushPending();
        // New products have their Bling ids now; the shop's stock movements follow them.
        const stock = await stockPush.pushAll();
        summary.failed += stock.failed + stock.uncertain;
        summary.stopped ??= stock.stopped;
      } else {
        // A full sync asked for by the owner (told to check Bling's balances first) makes
        // Bling's balance the count again for movements left in doubt.
        if (kind === 'full') await stockPush.settleDoubts();
        const since =
          kind === 'incremental' && lease.lastSyncAt
            ? blingDateTime(new Date(lease.lastSyncAt.getTime() - OVERLAP_MS))
            : undefined;
        summary = await productSync.full({ changedSince: since });
      }
    } catch (error) {
      summary.stopped = error instanceof Error ? error.message : String(error);
      throw error;
    } finally {
      await releaseLease(started, summary);
    }
    return summary;
  }

  async function requestSync(kind: 'full' | 'pending', actor: BlingActor): Promise<string> {
    if (!oauth) throw notConfigured();
    const status = await connection.status();
    if (!status.connected) throw notConnected();
    if (status.sync_running) return BLING_TEXTS.syncRunning;
    if (!deps.jobs) throw new Error('no job queue: the ERP sync needs one');
    await deps.jobs.send(BLING_SYNC_JOB, { kind });
    await deps.securityLog.record({
      type: 'admin_action',
      severity: 'info',
      userId: actor.id,
      ip: actor.ip,
      userAgent: actor.userAgent,
      message:
        kind === 'full'
          ? 'Sincronização completa com o Bling pedida'
          : 'Sincronização dos pendentes com o Bling pedida',
      metadata: { kind },
    });
    return kind === 'full' ? BLING_TEXTS.fullSyncStarted : BLING_TEXTS.pendingSyncStarted;
  }

  /** The jobs server.ts runs: a sync asked for in the panel, and the incremental one every 15 min. */
  function jobs(): JobDefinition[] {
    const syncJob: JobDefinition<{ kind?: SyncKind }> = {
      name: BLING_SYNC_JOB,
      // A full sync of a large catalogue at 3 calls a second takes minutes.
      expireInSeconds: SYNC_LEASE_MS / 1000,
      retryLimit: 2,
      retryDelaySeconds: 60,
      async run(data, { log }) {
        const summary = await runSync(data.kind ?? 'full');
        if (summary) log.info({ ...summary, errors: summary.errors.length }, 'bling sync done');
        else log.info({ kind: data.kind }, 'bling sync skipped: another one is running');
      },
    };
    const scheduled: JobDefinition = {
      name: BLING_SCHEDULED_SYNC_JOB,
      schedule: { cron: '*/15 * * * *' },
      policy: 'singleton',
      async run(_data, { log }) {
        if (!oauth || !(await connection.status()).connected) return;
        const pushed = await runSync('pending');
        const pulled = await runSync('incremental');
        if (pushed || pulled) log.info({ pushed, pulled }, 'scheduled bling sync done');
      },
    };
    const stockJob: JobDefinition = {
      name: BLING_STOCK_PUSH_JOB,
      // Orders move stock and get paid all day: Bling hears of both within a minute.
      schedule: { cron: '* * * * *' },
      policy: 'singleton',
      async run(_data, { log }) {
        if (!oauth || !(await connection.status()).connected) return;
        const pushed = await stockPush.pushAll();
        if (pushed.sent + pushed.failed + pushed.uncertain > 0 || pushed.stopped) {
          log.info({ ...pushed }, 'bling stock movements sent');
        }
        const sold = await salesOrders.pushPaid();
        if (sold.sent + sold.failed + sold.uncertain > 0 || sold.stopped) {
          log.info({ ...sold }, 'bling sales orders sent');
        }
      },
    };
    return [syncJob, scheduled, stockJob, webhooks.job()];
  }

  /** The connection, the last sync, and what the owner should check in Bling. */
  async function status(): Promise<BlingStatus> {
    const [counts] = rowsOf<BlingStatus['attention']>(
      await db.execute(sql`
        select
          (select count(*) from bling_sales_orders where state = 'failed')::integer as sales_orders_failed,
          (select count(*) from bling_sales_orders where state = 'uncertain')::integer as sales_orders_uncertain,
          (select count(*) from stock_movements where erp_state in ('failed', 'uncertain'))::integer as stock_movements_in_doubt
      `),
    );
    return {
      ...(await connection.status()),
      attention: counts ?? {
        sales_orders_failed: 0,
        sales_orders_uncertain: 0,
        stock_movements_in_doubt: 0,
      },
    };
  }

  return {
    configured: oauth !== undefined,
    connection,
    status,
    webhooks,
    /** Sends the shop's pending stock movements to Bling now (the job does it every minute). */
    pushStock: () => stockPush.pushAll(),
    /** Sends the paid orders Bling has not had yet (the job does it every minute). */
    pushSalesOrders: () => salesOrders.pushPaid(),
    /** Where the order's sale stands in Bling (its id there once sent). */
    salesOrderOf: (orderId: number) => salesOrderOf(db, orderId),
    /** Whoever acts once Bling has an order's sale (fulfilment's NF-e): one listener. */
    onSalesOrderSent(hook: (orderId: number) => Promise<void>): void {
      salesOrderSent = hook;
    },
    /** Bling's API client behind the shared rate limit (its NF-e adapter calls through it). */
    client: blingClient,
    requestSync,
    runSync,
    jobs,
    /** Marks a product's local change for the next push, when the shop is connected to Bling. */
    markPending: (tx: Pick<Db, 'execute'>, productId: number) =>
      productPush.markPending(tx, productId),
  };
}

export type Erp = ReturnType<typeof createErp>;
