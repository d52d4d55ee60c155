import {
  ORDER_UPDATE_TEMPLATES,
  type WhatsappSettingsBody,
  type WhatsappStatusJson,
  WHATSAPP_TEXTS,
} from '@lumina/shared/whatsapp/order-updates';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { whatsappConnection } from '../../db/schema/whatsapp.ts';
import { AppError } from '../../http/app-error.ts';
import {
  createWhatsAppClient,
  type WhatsAppSender,
} from '../../integrations/whatsapp/whatsapp-client.ts';
import type { AdminActor } from '../admin/orders/service.ts';
import type { TokenCipher } from '../erp/token-cipher.ts';
import type { SecurityLog } from '../security/security-log.ts';

/** How long a process trusts what it read of the panel's setting (another process may change it). */
const AVAILABLE_TTL_MS = 30_000;

type Credentials = { phoneNumberId: string; accessToken: string; source: 'server' | 'panel' };

function hintOf(token: string): string {
  return `…${token.slice(-4)}`;
}

/**
 * Where the WhatsApp Cloud API's credentials come from: WHATSAPP_* on the server, else what the
 * owner saved in the panel (the token sealed with the shop's token key, never answered back but
 * by its last four characters, never logged). Without either, the shop has no WhatsApp at all.
 */
export function createWhatsAppConnection(deps: {
  db: Db;
  config: Pick<Config, 'whatsapp' | 'whatsappApiUrl' | 'whatsappApiVersion' | 'whatsappTimeoutMs'>;
  cipher: () => TokenCipher;
  now: () => Date;
  securityLog: SecurityLog;
  /** Tests swap the HTTP client; by default the Cloud API's. */
  client?: (credentials: Credentials) => WhatsAppSender;
}) {
  const { db, config } = deps;
  let known: { value: boolean; until: number } | null = null;

  async function credentials(tx: Db = db): Promise<Credentials | null> {
    if (config.whatsapp) return { ...config.whatsapp, source: 'server' };
    const [row] = await tx.select().from(whatsappConnection).where(eq(whatsappConnection.id, 1));
    if (!row) return null;
    return {
      phoneNumberId: row.phoneNumberId,
      accessToken: deps.cipher().open(row.accessTokenEnc),
      source: 'panel',
    };
  }

  async function record(actor: AdminActor, message: string, metadata: Record<string, unknown>) {
    await deps.securityLog.record({
      type: 'whatsapp_settings_changed',
      severity: 'info',
      userId: actor.id,
      ip: actor.ip,
      userAgent: actor.userAgent,
      message,
      metadata,
    });
  }

  return {
    /**
     * Whether the shop sends order updates by WhatsApp now: the checkout offers the opt-in only
     * then. Read in `tx` when given (inside an order's transaction), else from memory for
     * half a minute, so GET /api/store costs no query.
     */
    async available(tx?: Db): Promise<boolean> {
      if (config.whatsapp) return true;
      if (tx) {
        const [row] = await tx
          .select({ id: whatsappConnection.id })
          .from(whatsappConnection)
          .where(eq(whatsappConnection.id, 1));
        return row !== undefined;
      }
      if (known && known.until > Date.now()) return known.value;
      const [row] = await db
        .select({ id: whatsappConnection.id })
        .from(whatsappConnection)
        .where(eq(whatsappConnection.id, 1));
      known = { value: row !== undefined, until: Date.now() + AVAILABLE_TTL_MS };
      return known.value;
    },

    /**
     * `available()` answered from memory without waiting, for the server-rendered pages' copy of
     * GET /api/store (drawn synchronously); a stale memory is refreshed in the background.
     */
    availableNow(): boolean {
      if (config.whatsapp) return true;
      if (!known || known.until <= Date.now()) {
        this.available().catch(() => undefined);
      }
      return known?.value ?? false;
    },

    /** The Cloud API client with the current credentials; null while WhatsApp is not set up. */
    async sender(): Promise<WhatsAppSender | null> {
      const found = await credentials();
      if (!found) return null;
      if (deps.client) return deps.client(found);
      return createWhatsAppClient({
        apiUrl: config.whatsappApiUrl,
        version: config.whatsappApiVersion,
        phoneNumberId: found.phoneNumberId,
        accessToken: found.accessToken,
        timeoutMs: config.whatsappTimeoutMs,
      });
    },

    /** GET /api/admin/whatsapp. */
    async status(): Promise<WhatsappStatusJson> {
      const found = await credentials();
      return {
        whatsapp: {
          configured: found !== null,
          source: found?.source ?? null,
          phone_number_id: found?.phoneNumberId ?? null,
          token_hint: found ? hintOf(found.accessToken) : null,
          templates: Object.values(ORDER_UPDATE_TEMPLATES).map((template) => ({
            name: template.name,
            text: template.text,
            parameters: [...template.parameters],
          })),
        },
      };
    },

    /** PUT /api/admin/whatsapp: the number's id, and the token when given (else the saved one). */
    async save(body: WhatsappSettingsBody['whatsapp'], actor: AdminActor) {
      if (config.whatsapp) {
        throw new AppError('conflict', WHATSAPP_TEXTS.viaServer, { code: 'whatsapp_on_server' });
      }
      const token = body.access_token ?? '';
      await db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(whatsappConnection)
          .where(eq(whatsappConnection.id, 1))
          .for('update');
        if (!current && token === '') {
          throw new AppError('invalid_data', WHATSAPP_TEXTS.tokenRequired, {
            code: 'whatsapp_token_required',
            fields: { 'whatsapp.access_token': [WHATSAPP_TEXTS.tokenRequired] },
          });
        }
        const values = {
          phoneNumberId: body.phone_number_id,
          ...(token ? { accessTokenEnc: deps.cipher().seal(token), tokenHint: hintOf(token) } : {}),
          updatedBy: actor.id,
          updatedAt: deps.now(),
        };
        if (current) {
          await tx.update(whatsappConnection).set(values).where(eq(whatsappConnection.id, 1));
        } else {
          await tx.insert(whatsappConnection).values({
            id: 1,
            phoneNumberId: body.phone_number_id,
            accessTokenEnc: deps.cipher().seal(token),
            tokenHint: hintOf(token),
            updatedBy: actor.id,
            updatedAt: deps.now(),
          });
        }
      });
      known = null;
      await record(actor, 'WhatsApp do pedido configurado no painel', {
        phone_number_id: body.phone_number_id,
        token_changed: token !== '',
      });
      return this.status();
    },

    /** DELETE /api/admin/whatsapp: no more WhatsApp; messages not yet sent are not sent. */
    async remove(actor: AdminActor) {
      if (config.whatsapp) {
        throw new AppError('conflict', WHATSAPP_TEXTS.viaServer, { code: 'whatsapp_on_server' });
      }
      await db.delete(whatsappConnection).where(eq(whatsappConnection.id, 1));
      known = null;
      await record(actor, 'WhatsApp do pedido desligado no painel', {});
      return this.status();
    },
  };
}

export type WhatsAppConnection = ReturnType<typeof createWhatsAppConnection>;
