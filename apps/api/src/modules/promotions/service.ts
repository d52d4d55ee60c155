import type { CouponJson } from '@lumina/shared/promotions/coupon-schema';
import { couponInputSchema, normalizeCouponCode } from '@lumina/shared/promotions/coupon-schema';
import { COUPON_MESSAGES } from '@lumina/shared/promotions/coupon-messages';
import type { CouponRule } from '@lumina/shared/promotions/coupon-rules';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { AppError } from '../../http/app-error.ts';
import { fieldErrors } from '../../http/field-errors.ts';
import { parsePathId } from '../../http/path-id.ts';
import type { AdminActor } from '../admin/orders/service.ts';
import type { SecurityLog } from '../security/security-log.ts';
import type { Throttle } from '../security/throttle.ts';
import { announcePromotionsChange } from './changes.ts';
import { toCouponJson } from './coupon-json.ts';
import { couponRejected } from './rejection.ts';
import { type CouponValues, createPromotionsRepository } from './repository.ts';
import { type CouponRow, toCouponRule } from './rule-row.ts';

/** Codes typed per client and minute: enough for a shopper's typos, too few to guess codes. */
export const APPLY_COUPON_LIMIT = { max: 20, windowMs: 60_000 };

function notFound(): AppError {
  return new AppError('not_found', COUPON_MESSAGES.notFound, { code: 'coupon_not_found' });
}

function codeTaken(): AppError {
  return new AppError('invalid_data', COUPON_MESSAGES.codeTaken, {
    code: 'invalid_coupon',
    fields: { code: [COUPON_MESSAGES.codeTaken] },
  });
}

/** The owner's form as the API reads it: every failing rule, by field. */
function parseForm(body: unknown): CouponValues {
  const raw = (body as { coupon?: unknown } | null)?.coupon;
  const parsed = couponInputSchema.safeParse(raw ?? {});
  if (parsed.success) return parsed.data;
  throw new AppError('invalid_data', parsed.error.issues[0]?.message ?? COUPON_MESSAGES.kind, {
    code: 'invalid_coupon',
    fields: fieldErrors(parsed.error, 'coupon'),
  });
}

function couponId(raw: string): number {
  const id = parsePathId(raw);
  if (id === undefined) throw notFound();
  return id;
}

/** How the owner's log names a coupon or a promotion. */
function labelOf(row: Pick<CouponRow, 'code' | 'name'>): string {
  return row.code === null ? `Promoção ${row.name ?? ''}`.trim() : `Cupom ${row.code}`;
}

/**
 * Coupons and automatic promotions (DESIGN.md: the promotions module owns their tables). The
 * owner's writes are checked by the shared form schema, logged and announced (changes.ts); every
 * process keeps the switched-on automatic promotions in memory (`promotionRules`), read lazily and
 * again after each announced change, so pricing a cart or an order costs no statement for them.
 */
export function createPromotionsService(deps: {
  db: Db;
  now: () => Date;
  securityLog: SecurityLog;
  throttle?: Throttle;
  logger?: Pick<FastifyBaseLogger, 'error'>;
  /** Called once this process holds changed promotions (drops the catalogue answers). */
  onChange?: () => void;
}) {
  const { db, now } = deps;
  const repository = createPromotionsRepository(db);

  // Bumped by every announced change: rules read before it are read again.
  let generation = 0;
  let held: { rules: CouponRule[]; generation: number } | null = null;
  let reading: Promise<CouponRule[]> | null = null;

  async function read(): Promise<CouponRule[]> {
    for (;;) {
      const startedIn = generation;
      const rules = await repository.automaticRules();
      // A change announced during the read may be missing from it: read once more.
      if (startedIn !== generation) continue;
      const changed = held !== null;
      held = { rules, generation: startedIn };
      if (changed) deps.onChange?.();
      return rules;
    }
  }

  /**
   * The switched-on automatic promotions (dates are checked by the engine when pricing). After
   * the first read it answers from memory: an already resolved promise, no statement.
   */
  function promotionRules(): Promise<CouponRule[]> {
    if (held && held.generation === generation) return Promise.resolve(held.rules);
    reading ??= read().finally(() => {
      reading = null;
    });
    return reading;
  }

  /** A change was announced (by this process or another): read the promotions again now. */
  function announced(): Promise<void> {
    generation += 1;
    return promotionRules().then(
      () => undefined,
      (error: unknown) => {
        deps.logger?.error({ err: error }, 'automatic promotions could not be read again');
      },
    );
  }

  async function record(actor: AdminActor, message: string, couponId: number): Promise<void> {
    await deps.securityLog.record({
      type: 'admin_coupon_change',
      severity: 'info',
      userId: actor.id,
      ip: actor.ip,
      userAgent: actor.userAgent,
      message,
      metadata: { coupon_id: couponId },
    });
  }

  async function answer(id: number): Promise<CouponJson> {
    const row = await repository.findWithStats(id);
    if (!row) throw notFound();
    return toCouponJson(row, now());
  }

  /** Runs a write with its announcement in one transaction; a taken code is a field error. */
  async function write<T>(change: (tx: Db) => Promise<T>): Promise<T> {
    try {
      const result = await db.transaction(async (tx) => {
        const value = await change(tx);
        await announcePromotionsChange(tx);
        return value;
      });
      // This process takes the change at once, with or without the notice coming back.
      await announced();
      return result;
    } catch (error) {
      if (isUniqueViolation(error)) throw codeTaken();
      throw error;
    }
  }

  return {
    promotionRules,
    announced,

    /** Reads the automatic promotions once the database is migrated (at ready). */
    load: () => promotionRules().then(() => undefined),

    async list(): Promise<CouponJson[]> {
      const at = now();
      return (await repository.list()).map((row) => toCouponJson(row, at));
    },

    async create(body: unknown, actor: AdminActor): Promise<CouponJson> {
      const values = parseForm(body);
      const row = await write((tx) => createPromotionsRepository(tx).insert(values, now()));
      await record(actor, `${labelOf(row)} criado`, row.id);
      return answer(row.id);
    },

    async update(rawId: string, body: unknown, actor: AdminActor): Promise<CouponJson> {
      const id = couponId(rawId);
      const values = parseForm(body);
      const row = await write((tx) => createPromotionsRepository(tx).update(id, values, now()));
      if (!row) throw notFound();
      await record(actor, `${labelOf(row)} alterado`, row.id);
      return answer(row.id);
    },

    /** Deletes a coupon never used; a used one answers 409 (the owner pauses it instead). */
    async remove(rawId: string, actor: AdminActor): Promise<void> {
      const id = couponId(rawId);
      const outcome = await write((tx) => createPromotionsRepository(tx).deleteUnused(id));
      if (outcome === 'missing') throw notFound();
      if (outcome === 'used') {
        throw new AppError('conflict', COUPON_MESSAGES.usedCannotDelete, { code: 'coupon_used' });
      }
      await record(actor, `Cupom ou promoção ${id} excluído`, id);
    },

    /**
     * The coupon a shopper typed, checked as far as it can be before the cart is priced: it
     * exists and has a code, has uses left, and a signed-in shopper (account and profile CPF)
     * is within its per-customer limit and, for a first-purchase coupon, has no paid order.
     * The order checks all of it again, atomically. Throws the pt-BR reason (422).
     */
    async couponToApply(
      typed: string,
      shopper: { userId?: number; clientKey: string },
    ): Promise<CouponRule> {
      await deps.throttle?.consume([
        { key: `coupon:ip:${shopper.clientKey}`, ...APPLY_COUPON_LIMIT },
      ]);
      const row = await repository.findByCode(normalizeCouponCode(typed));
      if (!row) throw couponRejected(COUPON_MESSAGES.invalid);
      if (row.usageLimit !== null && row.usesCount >= row.usageLimit) {
        throw couponRejected(COUPON_MESSAGES.exhausted);
      }
      if (
        shopper.userId !== undefined &&
        (row.perCustomerLimit !== null || row.firstPurchaseOnly)
      ) {
        const standing = await repository.customerStanding(row.id, shopper.userId);
        if (row.perCustomerLimit !== null && standing.uses >= row.perCustomerLimit) {
          throw couponRejected(COUPON_MESSAGES.alreadyUsed);
        }
        if (row.firstPurchaseOnly && standing.hasPaidOrder) {
          throw couponRejected(COUPON_MESSAGES.firstPurchase);
        }
      }
      return toCouponRule(row);
    },
  };
}

export type PromotionsService = ReturnType<typeof createPromotionsService>;
