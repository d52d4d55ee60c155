import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { melhorEnvioWebhookEvents } from '../../db/schema/fulfilment.ts';
import { AppError } from '../../http/app-error.ts';
import type { SecurityLog } from '../security/security-log.ts';
import { createLabelRepository } from './label-repository.ts';
import { LABEL_TEXTS } from './label-texts.ts';
import { melhorEnvioNotConfigured } from './melhor-envio-connection.ts';
import type { ProviderLabelStatus } from './ports.ts';
import type { Tracking } from './tracking.ts';

/** One of Melhor Envio's webhooks as the integration reads it (parseMelhorEnvioWebhook). */
export interface MelhorEnvioWebhookEvent {
  event: string;
  providerOrderId: string;
  status: ProviderLabelStatus;
  trackingCode: string | null;
  occurredAt: Date | null;
}

/** The integration's reading of the webhooks: the signature check and the body's meaning. */
export interface MelhorEnvioWebhookReader {
  /** X-ME-Signature against the exact bytes received, in constant time. */
  verifySignature(rawBody: string, header: string | undefined, secret: string): boolean;
  /** Null: an event the shop does not act on. */
  parseWebhook(body: unknown): MelhorEnvioWebhookEvent | null;
}

export type WebhookOutcome = 'applied' | 'ignored' | 'unknown_label' | 'duplicate';

const MAX_KEY_PART = 200;

/** The event's own name and resource, as far as they can be read, for an event not acted on. */
function ignoredKey(
  json: unknown,
  rawBody: string,
): { event: string; key: string; resource: string | null } {
  const body = (json ?? {}) as { event?: unknown; data?: { id?: unknown } };
  const event = typeof body.event === 'string' ? body.event.slice(0, MAX_KEY_PART) : 'desconhecido';
  const id = body.data?.id;
  const resource =
    typeof id === 'string' || typeof id === 'number' ? String(id).slice(0, MAX_KEY_PART) : null;
  const digest = createHash('sha256').update(rawBody).digest('base64url');
  return { event, resource, key: `${event}:${resource ?? digest}` };
}

/**
 * POST /api/webhooks/melhorenvio: signed with the app's secret (a bad or missing signature is a
 * 401 and a security log entry), recorded once by event, order and status, and applied at once
 * (the same path as the polling job). Events the shop does not act on, and orders no label of
 * the shop has, are recorded as such and answered 200 so Melhor Envio stops sending them.
 */
export function createTrackingWebhooks(deps: {
  db: Db;
  secret: string | undefined;
  reader: MelhorEnvioWebhookReader | undefined;
  tracking: Pick<Tracking, 'applyTracking'>;
  securityLog: SecurityLog;
  now: () => Date;
}) {
  const { db } = deps;
  const labels = createLabelRepository(db);

  async function recordEvent(
    key: string,
    event: string,
    resource: string | null,
    outcome: Exclude<WebhookOutcome, 'duplicate'>,
  ) {
    await db
      .insert(melhorEnvioWebhookEvents)
      .values({ eventKey: key, event, resourceId: resource, outcome, receivedAt: deps.now() })
      .onConflictDoNothing();
  }

  async function seen(key: string): Promise<boolean> {
    const [row] = await db
      .select({ key: melhorEnvioWebhookEvents.eventKey })
      .from(melhorEnvioWebhookEvents)
      .where(eq(melhorEnvioWebhookEvents.eventKey, key));
    return row !== undefined;
  }

  return {
    async receive(
      rawBody: string,
      signature: string | string[] | undefined,
      meta: { ip: string; userAgent?: string },
    ): Promise<{ event: string; outcome: WebhookOutcome }> {
      const { secret, reader } = deps;
      if (!secret || !reader) throw melhorEnvioNotConfigured();
      const header = typeof signature === 'string' ? signature : undefined;
      if (!header || !reader.verifySignature(rawBody, header, secret)) {
        await deps.securityLog.record({
          type: 'webhook_signature_failed',
          severity: 'warning',
          ip: meta.ip,
          userAgent: meta.userAgent,
          message: 'Webhook do Melhor Envio com assinatura inválida recusado',
          metadata: { provider: 'melhor_envio', signed: header !== undefined },
        });
        throw new AppError('unauthorized', LABEL_TEXTS.badSignature, { code: 'invalid_signature' });
      }
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        throw new AppError('invalid_data', LABEL_TEXTS.badEvent, { code: 'invalid_event' });
      }
      const parsed = reader.parseWebhook(json);
      if (!parsed) {
        const ignored = ignoredKey(json, rawBody);
        if (await seen(ignored.key)) return { event: ignored.event, outcome: 'duplicate' };
        await recordEvent(ignored.key, ignored.event, ignored.resource, 'ignored');
        return { event: ignored.event, outcome: 'ignored' };
      }
      const { event, providerOrderId, status } = parsed;
      const key = [event, providerOrderId, status]
        .map((part) => part.slice(0, MAX_KEY_PART))
        .join(':');
      if (await seen(key)) return { event, outcome: 'duplicate' };
      const [label] = await labels.byProviderOrderIds([providerOrderId]);
      if (!label) {
        await recordEvent(key, event, providerOrderId, 'unknown_label');
        return { event, outcome: 'unknown_label' };
      }
      const at = parsed.occurredAt;
      // Applied before it is recorded: a failure here leaves it to Melhor Envio's next attempt
      // (or the polling job), and applying twice changes nothing.
      await deps.tracking.applyTracking(
        [
          {
            providerOrderId,
            status,
            trackingCode: parsed.trackingCode,
            postedAt: status === 'posted' ? at : null,
            deliveredAt: status === 'delivered' ? at : null,
            canceledAt: status === 'canceled' || status === 'expired' ? at : null,
          },
        ],
        'webhook',
      );
      await recordEvent(key, event, providerOrderId, 'applied');
      return { event, outcome: 'applied' };
    },
  };
}

export type TrackingWebhooks = ReturnType<typeof createTrackingWebhooks>;
