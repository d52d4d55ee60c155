import { pixPriceCents } from '@lumina/shared/catalog/pricing';
import {
  maskEmail,
  REMINDER_MESSAGES,
  RESTORE_LINK_DAYS,
  type RestoredSummary,
  UNSUBSCRIBE_LINK_DAYS,
  type UnsubscribeStatus,
} from '@lumina/shared/reminders/reminders';
import type { StoreSettings } from '@lumina/shared/settings/store-settings';
import type { Db } from '../../db/database.ts';
import type { RestoreLine } from '../../db/schema/reminders.ts';
import { AppError } from '../../http/app-error.ts';
import { linePrices } from '../catalog/line-prices.ts';
import type { CartOwner, CartService } from '../carts/service.ts';
import { mailShop } from '../mail/mail-signature.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import type { Consents } from '../privacy/consents.ts';
import type { LinkTokens } from './link-tokens.ts';
import { reminderMail } from './reminder-mail.ts';
import { createReminderRepository, type DueReminder, type ReminderLine } from './repository.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** The second (and last) e-mail of a sequence comes this long after the first. */
export const SECOND_REMINDER_AFTER_MS = DAY_MS;
/** Sequences handled per scan; the rest wait for the next one. */
const SCAN_BATCH = 100;

export interface ReminderLogger {
  info(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

export interface ScanResult {
  started: number;
  sent: number;
  stopped: number;
}

type Step = 'sent' | 'stopped' | 'skipped';

function restoreRefused(kind: 'unknown' | 'used' | 'expired'): AppError {
  const [message, code] =
    kind === 'used'
      ? [REMINDER_MESSAGES.restoreUsed, 'restore_link_used']
      : kind === 'expired'
        ? [REMINDER_MESSAGES.restoreExpired, 'restore_link_expired']
        : [REMINDER_MESSAGES.restoreInvalid, 'restore_link_invalid'];
  // A link spent or expired conflicts with what it was; one never signed names nothing.
  return new AppError(kind === 'unknown' ? 'not_found' : 'conflict', message, { code });
}

function unsubscribeRefused(expired: boolean): AppError {
  return expired
    ? new AppError('conflict', REMINDER_MESSAGES.unsubscribeExpired, {
        code: 'unsubscribe_link_expired',
      })
    : new AppError('not_found', REMINDER_MESSAGES.unsubscribeInvalid, {
        code: 'unsubscribe_link_invalid',
      });
}

/**
 * Reminders of carts left behind and of PIX that expired unpaid (one e-mail, a second a day
 * later, never a third), only to shoppers whose marketing consent is on. A periodic scan
 * (scan-job.ts) begins sequences and sends what is due; each e-mail is claimed by a unique row
 * in the transaction that queues it, so two processes scanning at once send it once. The clock
 * is injected (`now`), so tests drive the timing.
 */
export function createReminderService(deps: {
  db: Db;
  now: () => Date;
  outbox: Pick<MailOutbox, 'enqueue' | 'kick'>;
  carts: Pick<CartService, 'putBack' | 'read'>;
  consents: Pick<Consents, 'update'>;
  tokens: LinkTokens;
  appUrl: string;
  storeSettings: () => StoreSettings;
  logger: ReminderLogger;
}) {
  const { db, now, tokens, appUrl, storeSettings } = deps;
  const repository = createReminderRepository(db);

  function pricedItems(lines: readonly ReminderLine[]) {
    const rules = storeSettings();
    return lines.map((line) => {
      const prices = linePrices(line);
      return {
        name: line.name,
        optionValues: line.optionValues,
        // What the link would put back: no more than the stock.
        quantity: Math.min(line.quantity, line.stockQuantity),
        unitCents: prices.price_cents,
        pixUnitCents: pixPriceCents(prices, rules),
      };
    });
  }

  /** One due sequence, in its own transaction: stopped, sent, or left to whoever holds it. */
  async function step(id: number, at: Date): Promise<Step> {
    return db.transaction(async (tx): Promise<Step> => {
      const inTx = createReminderRepository(tx);
      const reminder = await inTx.lockDue(id, at);
      if (!reminder) return 'skipped';
      const stopReason = !reminder.consent
        ? 'no_consent'
        : !reminder.unchanged
          ? 'cart_changed'
          : reminder.purchased
            ? 'purchase'
            : null;
      if (stopReason) {
        await inTx.stop(id, stopReason, at);
        return 'stopped';
      }
      const lines =
        reminder.kind === 'cart'
          ? await inTx.cartLines(reminder.cartId ?? 0)
          : await inTx.orderLines(reminder.orderId ?? 0);
      const available = lines.filter(
        (line): line is ReminderLine & { variantId: number } =>
          line.onSale && line.stockQuantity > 0 && line.variantId !== null,
      );
      if (available.length === 0) {
        await inTx.stop(id, 'nothing_available', at);
        return 'stopped';
      }
      return (await send(tx, reminder, lines.length - available.length, available, at))
        ? 'sent'
        : 'skipped';
    });
  }

  async function send(
    tx: Db,
    reminder: DueReminder,
    missing: number,
    available: readonly (ReminderLine & { variantId: number })[],
    at: Date,
  ): Promise<boolean> {
    const inTx = createReminderRepository(tx);
    const number = reminder.sentCount === 0 ? 1 : 2;
    const restore = tokens.issue('restore');
    const unsubscribe = tokens.issue('unsubscribe');
    const items: RestoreLine[] = available.map((line) => ({
      product_id: line.productId,
      variant_id: line.variantId,
      quantity: Math.min(line.quantity, line.stockQuantity),
    }));
    const claimed = await inTx.claimMessage({
      reminderId: reminder.id,
      number,
      at,
      restoreTokenHash: restore.hash,
      restoreItems: items,
      restoreExpiresAt: new Date(at.getTime() + RESTORE_LINK_DAYS * DAY_MS),
      unsubscribeTokenHash: unsubscribe.hash,
      unsubscribeExpiresAt: new Date(at.getTime() + UNSUBSCRIBE_LINK_DAYS * DAY_MS),
    });
    if (claimed === undefined) return false;
    const oneClick = `${appUrl}/api/unsubscribe/${unsubscribe.token}`;
    const mail = reminderMail({
      kind: reminder.kind,
      number,
      to: reminder.email,
      customerName: reminder.name,
      orderNumber: reminder.orderNumber,
      items: pricedItems(available),
      missing,
      restoreUrl: `${appUrl}/carrinho/recuperar/${restore.token}`,
      unsubscribeUrl: `${appUrl}/descadastrar/${unsubscribe.token}`,
      shop: mailShop(storeSettings()),
    });
    await deps.outbox.enqueue(tx, {
      key: `reminder:${reminder.id}:${number}`,
      kind: reminder.kind === 'cart' ? 'cart_reminder' : 'pix_reminder',
      orderId: reminder.orderId,
      message: {
        ...mail,
        // RFC 8058: mail clients offer their own 'unsubscribe', which POSTs here.
        headers: {
          'List-Unsubscribe': `<${oneClick}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      },
    });
    await inTx.markSent(
      reminder.id,
      number,
      number === 1 ? new Date(at.getTime() + SECOND_REMINDER_AFTER_MS) : null,
    );
    return true;
  }

  /** The account behind a signed unsubscribe link still in force; the refusal otherwise. */
  async function unsubscribeOwner(token: string) {
    const hash = tokens.verify('unsubscribe', token);
    const owner = hash === undefined ? undefined : await repository.unsubscribeOwner(hash);
    if (!owner) throw unsubscribeRefused(false);
    if (owner.expiresAt.getTime() <= now().getTime()) throw unsubscribeRefused(true);
    return owner;
  }

  return {
    /**
     * Begins the sequences now due (carts untouched for the settings' hours, PIX expired as long
     * ago) and sends or stops every sequence whose next e-mail is due.
     */
    async scan(): Promise<ScanResult> {
      const at = now();
      const delayMs = Math.round(storeSettings().reminder_delay_hours * HOUR_MS);
      const started =
        (await repository.startCartSequences(at, delayMs)) +
        (await repository.startPixSequences(at, delayMs));
      const result: ScanResult = { started, sent: 0, stopped: 0 };
      for (const id of await repository.dueIds(at, SCAN_BATCH)) {
        try {
          const outcome = await step(id, at);
          if (outcome === 'sent') result.sent += 1;
          if (outcome === 'stopped') result.stopped += 1;
        } catch (error) {
          // One broken sequence must not hold the others up; it is tried again next scan.
          deps.logger.error({ err: error, reminderId: id }, 'reminder failed');
        }
      }
      if (result.sent > 0) deps.outbox.kick();
      return result;
    },

    /**
     * GET /api/carts/restore/{token}: spends the link and puts its still-available items into
     * `owner`'s cart (whoever follows it, signed in or not; nobody is signed in by it), in one
     * transaction, and ends the sequence. A link forged, spent or expired changes nothing.
     */
    async restore(
      token: string,
      owner: CartOwner,
    ): Promise<{ restored: RestoredSummary; message: string }> {
      const hash = tokens.verify('restore', token);
      if (hash === undefined) throw restoreRefused('unknown');
      const at = now();
      const outcome = await db.transaction(async (tx) => {
        const inTx = createReminderRepository(tx);
        const spent = await inTx.spendRestore(hash, at, owner);
        if (!spent) return undefined;
        const written = await deps.carts.putBack(tx, owner, spent.items);
        await inTx.stop(spent.reminderId, 'restored', at);
        return { ...written, missing: spent.items.length - written.lines };
      });
      if (!outcome) throw restoreRefused(await repository.restoreLinkState(hash));
      const message =
        outcome.lines === 0
          ? REMINDER_MESSAGES.nothingRestored
          : outcome.missing > 0
            ? REMINDER_MESSAGES.restoredPartly
            : REMINDER_MESSAGES.restored;
      return { restored: outcome, message };
    },

    /**
     * The shopper whose reminder link filled this visitor's session, if one did: signing in as
     * that shopper there merges the session's lines without adding them to the same lines of
     * the account's cart a second time (the cart the reminder was about still holds them).
     */
    restoredInSession: (sessionId: string) => repository.restoredInSession(sessionId),

    /** GET /api/unsubscribe/{token}: whose link (masked) and whether the consent is on. */
    async unsubscribeStatus(token: string): Promise<UnsubscribeStatus> {
      const owner = await unsubscribeOwner(token);
      return { unsubscribe: { email: maskEmail(owner.email), subscribed: owner.consent } };
    },

    /**
     * POST /api/unsubscribe/{token} (RFC 8058 one-click, or the page's button): the marketing
     * consent goes off, recorded in the consent history as a change on /gerenciar-dados is, and
     * every running sequence of the shopper ends. Again and again: the same answer.
     */
    async unsubscribe(token: string, meta: { ip: string; userAgent?: string }) {
      const owner = await unsubscribeOwner(token);
      await deps.consents.update(owner.userId, { consents: { marketingComm: false } }, meta);
      await repository.stopAllOf(owner.userId, 'no_consent', now());
      return { unsubscribed: true as const, message: REMINDER_MESSAGES.unsubscribed };
    },
  };
}

export type ReminderService = ReturnType<typeof createReminderService>;
