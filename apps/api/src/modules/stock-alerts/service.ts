import type { StoreSettings } from '@lumina/shared/settings/store-settings';
import {
  alertsToSend,
  type AdminStockAlertCounts,
  STOCK_ALERT_MESSAGES as M,
  STOCK_ALERT_TOKEN,
  type StockAlertAnswer,
  type StockAlertLinkAnswer,
  type stockAlertRequestSchema,
} from '@lumina/shared/stock-alerts/stock-alert-schemas';
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { hashToken, type RequestMeta } from '../auth/token-service.ts';
import type { Restock, RestockWatch } from '../catalog/stock.ts';
import { mailShop } from '../mail/mail-signature.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import type { Throttle, ThrottleKeyMatch } from '../security/throttle.ts';
import { createUserRepository, normalizeEmail } from '../users/repository.ts';
import {
  alertLink,
  alertVariantName,
  backInStockMail,
  confirmAlertMail,
  variantPath,
} from './alert-mails.ts';
import { type AlertVariant, createStockAlertRepository, type NewStockAlert } from './repository.ts';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

export const STOCK_ALERT_LIMITS = {
  /**
   * Sign-ups naming one address: a shopper waits for a few variants, while someone typing
   * another person's address would fill their mailbox with confirmation links.
   */
  perEmail: { max: 6, windowMs: HOUR },
  /** Sign-ups from one IP (a family or an office shares one). */
  perIp: { max: 20, windowMs: HOUR },
  /** Confirm and cancel links followed from one IP: a guesser of 256-bit tokens gets nowhere. */
  linksPerIp: { max: 30, windowMs: 15 * MINUTE },
} as const;

const emailKey = (email: string) => `stock-alert:email:${email}`;

/** LGPD erasure: the sign-up counter keyed by the person's address. */
export function stockAlertThrottleKeysOf(email: string): ThrottleKeyMatch[] {
  return [{ key: emailKey(normalizeEmail(email)) }];
}

export type StockAlertInput = z.output<typeof stockAlertRequestSchema>;

function newToken(): string {
  return randomBytes(32).toString('base64url');
}

function invalidLink(): AppError {
  return new AppError('invalid_data', M.invalidLink, { code: 'stock_alert_link_invalid' });
}

function refused(message: string, code: string): AppError {
  return new AppError('invalid_data', message, { code, fields: { variant_id: [message] } });
}

/**
 * 'Avise-me quando chegar' (back in stock). A visitor's address is confirmed by a link first
 * (double opt-in); a signed-in shopper's own verified address joins the queue at once. The
 * answer never says whether an address already waits. When a movement brings a variant back
 * from 0 (catalog/stock.ts calls `restocked` in its transaction), the oldest waiting alerts are
 * claimed, as many as the store settings allow for the units that arrived, and each gets its one
 * e-mail through the outbox in that same transaction.
 */
export function createStockAlerts(deps: {
  db: Db;
  outbox: Pick<MailOutbox, 'enqueue' | 'kick'>;
  throttle: Throttle;
  appUrl: string;
  storeSettings: () => StoreSettings;
  now: () => Date;
}) {
  const { db, outbox, throttle, appUrl, now } = deps;
  const shop = () => mailShop(deps.storeSettings());

  /** The variant a shopper may wait for: on sale and out of stock. */
  async function waitableVariant(variantId: number): Promise<AlertVariant> {
    const variant = await createStockAlertRepository(db).variant(variantId);
    if (!variant) throw refused(M.variant, 'variant_not_found');
    if (!variant.sellable) throw refused(M.unavailable, 'variant_unavailable');
    if (variant.stockQuantity > 0) throw refused(M.inStock, 'variant_in_stock');
    return variant;
  }

  /** The caller's own address, when the account proved it (no link needed then). */
  async function verifiedAddressOf(userId: number | undefined): Promise<string | undefined> {
    if (userId === undefined) return undefined;
    const user = await createUserRepository(db).findById(userId);
    if (!user || user.erasedAt || !user.emailVerifiedAt) return undefined;
    return normalizeEmail(user.email);
  }

  /** A signed-in shopper's own verified address: in the queue now (back of it if it was sent). */
  async function joinQueue(tx: Db, variantId: number, email: string, at: Date): Promise<void> {
    const alerts = createStockAlertRepository(tx);
    const existing = await alerts.findForUpdate(variantId, email);
    if (!existing) {
      await alerts.insert({
        variantId,
        email,
        status: 'waiting',
        confirmTokenHash: null,
        cancelTokenHash: hashToken(newToken()),
        consentedAt: at,
        requestedAt: at,
        confirmedAt: at,
      });
      return;
    }
    if (existing.status === 'waiting') return;
    await alerts.update(existing.id, {
      status: 'waiting',
      confirmTokenHash: null,
      consentedAt: at,
      confirmedAt: at,
      // A pending one keeps its place; one already sent asks anew, behind those waiting.
      ...(existing.status === 'sent' && { requestedAt: at, notifiedAt: null }),
    });
  }

  /** A visitor: a confirmation link, unless the address already waits (then nothing is sent). */
  async function askConfirmation(
    tx: Db,
    variant: AlertVariant,
    email: string,
    at: Date,
  ): Promise<void> {
    const alerts = createStockAlertRepository(tx);
    const existing = await alerts.findForUpdate(variant.id, email);
    if (existing?.status === 'waiting') return;
    const confirmToken = newToken();
    const cancelToken = newToken();
    const fresh: NewStockAlert = {
      variantId: variant.id,
      email,
      status: 'pending',
      confirmTokenHash: hashToken(confirmToken),
      cancelTokenHash: hashToken(cancelToken),
      consentedAt: at,
      requestedAt: at,
      confirmedAt: null,
    };
    if (existing) {
      await alerts.update(existing.id, { ...fresh, notifiedAt: null });
    } else if (!(await alerts.insert(fresh))) {
      // The same address and variant asked at the same moment: that request sends the link.
      return;
    }
    await outbox.enqueue(tx, {
      key: `stock-alert-confirm:${fresh.confirmTokenHash}`,
      kind: 'stock_alert_confirm',
      message: confirmAlertMail({
        to: email,
        variant,
        confirmLink: alertLink(appUrl, 'confirmar', confirmToken),
        cancelLink: alertLink(appUrl, 'cancelar', cancelToken),
        shop: shop(),
      }),
      // The links are credentials: once sent, the row keeps neither them nor the address.
      eraseAfterSend: true,
    });
  }

  async function linkAnswer(variantId: number, message: string): Promise<StockAlertLinkAnswer> {
    const variant = await createStockAlertRepository(db).variant(variantId);
    return {
      success: true,
      message,
      product: variant
        ? {
            name: variant.productName,
            variant: alertVariantName(variant),
            path: variantPath(variant),
          }
        : null,
    };
  }

  async function countLinkUse(meta: RequestMeta): Promise<void> {
    await throttle.consume(
      [{ key: `stock-alert:link:ip:${meta.ip}`, ...STOCK_ALERT_LIMITS.linksPerIp }],
      M.throttled,
    );
  }

  /** The restock hook: e-mails the oldest waiting, in the movement's own transaction. */
  const watch: RestockWatch = {
    async restocked(tx: Db, restocks: readonly Restock[], at: Date): Promise<void> {
      const alerts = createStockAlertRepository(tx);
      const settings = deps.storeSettings();
      for (const { variantId, units } of restocks) {
        const variant = await alerts.variant(variantId);
        // Back on a shelf nobody can buy from (hidden, retired): the queue waits for a sale.
        if (!variant?.sellable) continue;
        const ids = await alerts.oldestWaiting(variantId, alertsToSend(units, settings));
        if (ids.length === 0) continue;
        const tokens = new Map(ids.map((id) => [id, newToken()]));
        const claimed = await alerts.markSent(
          ids.map((id) => ({ id, cancelTokenHash: hashToken(tokens.get(id) ?? '') })),
          at,
        );
        for (const alert of claimed) {
          await outbox.enqueue(tx, {
            key: `back-in-stock:${alert.cancelTokenHash}`,
            kind: 'back_in_stock',
            message: backInStockMail({
              to: alert.email,
              variant,
              appUrl,
              cancelLink: alertLink(appUrl, 'cancelar', tokens.get(alert.id) ?? ''),
              shop: shop(),
            }),
            eraseAfterSend: true,
          });
        }
      }
    },
  };

  return {
    watch,

    /**
     * POST /api/stock_alerts. Counts the attempt under the address's and the IP's limits (429),
     * refuses a variant that is not out of stock or not on sale (422), and answers the same for
     * an address that already waits as for a new one.
     */
    async request(
      input: StockAlertInput,
      caller: { id: number } | undefined,
      meta: RequestMeta,
    ): Promise<StockAlertAnswer> {
      const email = normalizeEmail(input.email);
      await throttle.consume(
        [
          { key: `stock-alert:ip:${meta.ip}`, ...STOCK_ALERT_LIMITS.perIp },
          { key: emailKey(email), ...STOCK_ALERT_LIMITS.perEmail },
        ],
        M.throttled,
      );
      const variant = await waitableVariant(input.variant_id);
      const trusted = (await verifiedAddressOf(caller?.id)) === email;
      const at = now();
      await db.transaction((tx) =>
        trusted ? joinQueue(tx, variant.id, email, at) : askConfirmation(tx, variant, email, at),
      );
      if (trusted) return { success: true, status: 'waiting', message: M.waiting };
      outbox.kick();
      return { success: true, status: 'pending', message: M.confirmationSent(email) };
    },

    /** POST /api/stock_alerts/confirm/{token}: the visitor's alert joins the queue. */
    async confirm(token: string, meta: RequestMeta): Promise<StockAlertLinkAnswer> {
      await countLinkUse(meta);
      if (!STOCK_ALERT_TOKEN.test(token)) throw invalidLink();
      const confirmed = await createStockAlertRepository(db).confirm(hashToken(token), now());
      if (!confirmed) throw invalidLink();
      return linkAnswer(confirmed.variantId, M.confirmed);
    },

    /** POST /api/stock_alerts/cancel/{token}: the alert and its address go. */
    async cancel(token: string, meta: RequestMeta): Promise<StockAlertLinkAnswer> {
      await countLinkUse(meta);
      if (!STOCK_ALERT_TOKEN.test(token)) throw invalidLink();
      const cancelled = await createStockAlertRepository(db).cancel(hashToken(token));
      if (!cancelled) throw invalidLink();
      return linkAnswer(cancelled.variantId, M.cancelled);
    },

    /** The panel: who waits for each variant of a product. */
    async countsOfProduct(productId: number): Promise<AdminStockAlertCounts> {
      const rows = await createStockAlertRepository(db).countsOfProduct(productId, now());
      return {
        variants: rows.map((row) => ({
          variant_id: row.variantId,
          waiting: Number(row.waiting),
          pending: Number(row.pending),
        })),
      };
    },
  };
}

export type StockAlerts = ReturnType<typeof createStockAlerts>;
