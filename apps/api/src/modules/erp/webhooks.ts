import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { blingWebhookEvents } from '../../db/schema/bling.ts';
import { AppError } from '../../http/app-error.ts';
import {
  signBlingWebhook,
  verifyBlingSignature,
} from '../../integrations/bling/bling-signature.ts';
import type { JobDefinition, JobSender } from '../../jobs/job-runner.ts';
import type { SecurityLog } from '../security/security-log.ts';
import { notConfigured } from './connection.ts';
import type { ProductSync } from './product-sync.ts';
import { ofTheShop } from './shop-label.ts';

export const BLING_WEBHOOK_JOB = 'bling-webhook';
/** The panel's 'Testar webhook' sends this event: it goes through every check, then does nothing. */
export const TEST_EVENT = 'webhook.test';
/** The test event's name (test_data.name), with the shop's name from its settings. */
function testEventName(shopName: string): string {
  return `Teste de webhook ${ofTheShop(shopName)}`;
}

export const WEBHOOK_TEXTS = {
  badSignature: 'Assinatura do Bling inválida',
  badEvent: 'Evento do Bling inválido',
  testReceived: 'Webhook de teste recebido: assinatura conferida e evento registrado.',
} as const;

const id = z.coerce.number().int().positive();
/** What the shop reads of Bling's envelope (REFERENCE.md); the data itself is re-read from the API. */
const blingEvent = z.looseObject({
  eventId: z.string().trim().min(1).max(200),
  date: z
    .string()
    .max(40)
    .refine((value) => !Number.isNaN(Date.parse(value))),
  event: z.string().trim().min(1).max(100),
  data: z
    .looseObject({
      id: id.optional(),
      produto: z.looseObject({ id: id.optional() }).nullish(),
    })
    .default({}),
});

/** The resource an event is about, as the version table names it; null: nothing to apply. */
function resourceOf(event: string, data: z.infer<typeof blingEvent>['data']): string | null {
  const [kind] = event.split('.');
  if (kind === 'product' && data.id) return `product:${data.id}`;
  if (kind === 'stock') {
    const productId = data.produto?.id ?? data.id;
    return productId ? `stock:${productId}` : null;
  }
  return null;
}

/**
 * Bling's webhooks: checked (HMAC of the raw body, constant-time), recorded once by eventId and
 * answered at once; a job applies them by reading the product or balance again from Bling. An
 * event older than one already applied to the same resource is recorded as stale.
 */
export function createBlingWebhooks(deps: {
  db: Db;
  secret: string | undefined;
  productSync: ProductSync;
  jobs: JobSender | undefined;
  securityLog: SecurityLog;
  now: () => Date;
  /** The shop's name as its settings have it now ('' when none). */
  shopName: () => string;
}) {
  const { db, secret } = deps;

  async function receive(
    rawBody: string,
    signature: string | string[] | undefined,
    meta: { ip: string; userAgent?: string },
  ): Promise<{ duplicate: boolean; event: string }> {
    if (!secret) throw notConfigured();
    if (!verifyBlingSignature(rawBody, signature, secret)) {
      await deps.securityLog.record({
        type: 'webhook_signature_failed',
        severity: 'warning',
        ip: meta.ip,
        userAgent: meta.userAgent,
        message: 'Webhook do Bling com assinatura inválida recusado',
        metadata: { provider: 'bling', signed: typeof signature === 'string' },
      });
      throw new AppError('unauthorized', WEBHOOK_TEXTS.badSignature, { code: 'invalid_signature' });
    }
    let parsed: z.infer<typeof blingEvent>;
    try {
      parsed = blingEvent.parse(JSON.parse(rawBody));
    } catch {
      throw new AppError('invalid_data', WEBHOOK_TEXTS.badEvent, { code: 'invalid_event' });
    }
    const resource = resourceOf(parsed.event, parsed.data);
    const isTest = parsed.event === TEST_EVENT;
    const at = deps.now();
    const inserted = await db
      .insert(blingWebhookEvents)
      .values({
        eventId: parsed.eventId,
        event: parsed.event,
        occurredAt: new Date(parsed.date),
        resourceId: resource,
        receivedAt: at,
        // Nothing to apply: recorded as done on arrival.
        ...(resource === null ? { processedAt: at, outcome: isTest ? 'test' : 'ignored' } : {}),
      })
      .onConflictDoNothing()
      .returning({ eventId: blingWebhookEvents.eventId });
    const duplicate = inserted.length === 0;
    if (!duplicate && resource !== null) {
      if (!deps.jobs) throw new Error('no job queue: Bling webhooks need one');
      await deps.jobs.send(BLING_WEBHOOK_JOB, { eventId: parsed.eventId });
    }
    return { duplicate, event: parsed.event };
  }

  /** False when an event as new or newer was already applied to this resource. */
  async function isNewest(resource: string, occurredAt: Date): Promise<boolean> {
    const [row] = rowsOf<{ newer: boolean }>(
      await db.execute(sql`
        select occurred_at >= ${occurredAt.toISOString()}::timestamptz as newer
        from bling_resource_versions where resource = ${resource}
      `),
    );
    return !row?.newer;
  }

  /**
   * Recorded after the data was applied, so a failed attempt (Bling down) is tried again. Two
   * events applied at once both read Bling's current data: whichever order, the shop ends current.
   */
  async function recordApplied(resource: string, occurredAt: Date): Promise<void> {
    await db.execute(sql`
      insert into bling_resource_versions as v (resource, occurred_at)
      values (${resource}, ${occurredAt.toISOString()}::timestamptz)
      on conflict (resource) do update set occurred_at = greatest(v.occurred_at, excluded.occurred_at)
    `);
  }

  async function apply(resource: string, event: string): Promise<string> {
    const [kind, rawId] = resource.split(':');
    const blingId = Number(rawId);
    if (kind === 'stock') return (await deps.productSync.stockOf(blingId)) ? 'applied' : 'ignored';
    if (event === 'product.deleted') {
      return (await deps.productSync.retire(blingId)) ? 'applied' : 'ignored';
    }
    return `applied:${await deps.productSync.one(blingId)}`;
  }

  async function process(eventId: string): Promise<string | null> {
    const [row] = await db
      .select()
      .from(blingWebhookEvents)
      .where(and(eq(blingWebhookEvents.eventId, eventId), isNull(blingWebhookEvents.processedAt)));
    if (!row?.resourceId) return null;
    let outcome = 'stale';
    if (await isNewest(row.resourceId, row.occurredAt)) {
      outcome = await apply(row.resourceId, row.event);
      await recordApplied(row.resourceId, row.occurredAt);
    }
    await db
      .update(blingWebhookEvents)
      .set({ processedAt: deps.now(), outcome, error: null })
      .where(eq(blingWebhookEvents.eventId, eventId));
    return outcome;
  }

  return {
    receive,
    process,

    /**
     * 'Testar webhook': a sample event, signed with the shop's secret, sent through the same
     * checks a real delivery meets (spec 001 §7: answers test_data.name).
     */
    sampleEvent(): { rawBody: string; signature: string; name: string } {
      if (!secret) throw notConfigured();
      const name = testEventName(deps.shopName());
      const rawBody = JSON.stringify({
        eventId: `teste-${randomUUID()}`,
        date: deps.now().toISOString(),
        version: 'v1',
        event: TEST_EVENT,
        companyId: 'lumina',
        data: { name },
      });
      return { rawBody, signature: signBlingWebhook(rawBody, secret), name };
    },

    job(): JobDefinition<{ eventId?: string }> {
      return {
        name: BLING_WEBHOOK_JOB,
        retryLimit: 5,
        retryDelaySeconds: 30,
        async run(data, { log }) {
          if (!data.eventId) return;
          const outcome = await process(data.eventId);
          log.info({ eventId: data.eventId, outcome }, 'bling webhook processed');
        },
      };
    },
  };
}

export type BlingWebhooks = ReturnType<typeof createBlingWebhooks>;
