import { CHECKOUT_MESSAGES } from '@lumina/shared/checkout/checkout-messages';
import { createCheckoutCustomerSchema } from '@lumina/shared/checkout/checkout-customer-schema';
import type { ShippingMethod } from '@lumina/shared/constants/storefront-constants';
import { MAX_UNPAID_ORDERS, ORDER_MESSAGES } from '@lumina/shared/orders/order-messages';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { OrderItemRow, OrderRow } from '../../db/schema/orders.ts';
import { WHATSAPP_TEXTS } from '@lumina/shared/whatsapp/order-updates';
import { whatsappNumberOf } from '../whatsapp/order-updates.ts';
import { AppError } from '../../http/app-error.ts';
import { fieldErrors } from '../../http/field-errors.ts';
import { parsePathId } from '../../http/path-id.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import type { PriceRules } from '@lumina/shared/catalog/pricing';
import {
  type OrderPaymentMethod,
  PAYMENT_METHOD_MESSAGES,
  paysPixPrice,
} from '@lumina/shared/payments/payment-methods';
import { COUPON_MESSAGES } from '@lumina/shared/promotions/coupon-messages';
import {
  type CouponRule,
  couponProblemMessage,
  priceLines,
} from '@lumina/shared/promotions/coupon-rules';
import { rememberDeliveryAddress } from '../addresses/service.ts';
import { removeOrderedLines } from '../carts/repository.ts';
import type { StockWatch } from '../catalog/stock.ts';
import { createStock } from '../catalog/stock.ts';
import { createRefundRepository } from '../payments/refund-repository.ts';
import { createPaymentRepository } from '../payments/repository.ts';
import { toCouponRule } from '../promotions/rule-row.ts';
import { claimCouponUse } from '../promotions/uses.ts';
import type { ShippingDiscounts } from '../shipping/free-shipping.ts';
import { keptRules, orderItemsOf, pricingLinesOf } from './order-pricing.ts';
import { type OrderJson, paymentOfRecord, toOrderJson } from './order-json.ts';
import { type CheckoutLine, createOrderRepository } from './repository.ts';

export { ORDER_MESSAGES };

/** The quote an order is charged, computed by the shipping module from the order's lines. */
export type QuoteShipping = (input: {
  destinationCep: string;
  method: ShippingMethod;
  /** Free PAC compares the lines' regular-price subtotal, as the cart page's quote does. */
  lines: CheckoutLine[];
  /** A free-shipping coupon or automatic promotion waives the freight as the quote said. */
  discounts: ShippingDiscounts;
}) => Promise<{
  name: string;
  costCents: number;
  deliveryDays: number;
  /** The coupon or automatic promotion that waived the freight, if one did. */
  freeBy: CouponRule | null;
  /** The freight it waived (the order's shipping discount). */
  waivedCents: number;
}>;

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,128}$/;

const shippingMethodSchema = z.enum(['pac', 'sedex'], { error: ORDER_MESSAGES.shippingMethod });

function notFound(): AppError {
  return new AppError('not_found', ORDER_MESSAGES.notFound, { code: 'order_not_found' });
}

export function parseOrderId(raw: string): number {
  const id = parsePathId(raw);
  if (id === undefined) throw notFound();
  return id;
}

/** Lines are the same when they hold the same variants and quantities, and the same coupon. */
function sameLines(a: CheckoutLine[], b: CheckoutLine[]): boolean {
  const key = (lines: CheckoutLine[]) =>
    lines.map((line) => `${line.lineId}:${line.variantId}:${line.quantity}`).join('|') +
    `#${lines[0]?.cartCouponCode ?? ''}`;
  return key(a) === key(b);
}

function unitsByVariant(lines: CheckoutLine[]): Map<number, number> {
  const wanted = new Map<number, number>();
  for (const line of lines) {
    wanted.set(line.variantId, (wanted.get(line.variantId) ?? 0) + line.quantity);
  }
  return wanted;
}

function couponRejected(message: string): AppError {
  return new AppError('invalid_data', message, {
    code: 'coupon_rejected',
    fields: { coupon: [message] },
  });
}

/**
 * The cart's coupon as the engine reads it. A code whose coupon is gone (deleted by the owner)
 * refuses the order: the shopper expected its discount, and the cart drops it on its next read.
 */
function cartCouponOf(lines: readonly CheckoutLine[]): CouponRule | null {
  const first = lines[0];
  if (!first?.cartCouponCode) return null;
  if (!first.coupon) throw couponRejected(COUPON_MESSAGES.invalid);
  return toCouponRule(first.coupon);
}

/**
 * Turns the user's server cart into an order: the browser sends who and where;
 * what is bought and what it costs come from the database. Stock for every line is taken in the
 * same transaction that writes the order, so two buyers can never both get the last unit.
 */
export function createOrderService(deps: {
  db: Db;
  now: () => Date;
  quoteShipping: QuoteShipping;
  /** The store settings' price rules now (`storeSettings`): an order is charged by them. */
  priceRules: () => PriceRules;
  /** Card and boleto are offered (CARD_PAYMENTS): only then may an order be placed for them. */
  cardPayments: boolean;
  /** The shop's automatic promotions now (the promotions module's in-memory cache). */
  promotionRules: () => readonly CouponRule[] | Promise<readonly CouponRule[]>;
  /** What every stock movement keeps in its transaction: low-stock and back-in-stock alerts. */
  stockWatch: StockWatch;
  /** Whether the shop sends order updates by WhatsApp now (only then is an opt-in kept). */
  whatsappAvailable?: () => Promise<boolean>;
}) {
  const { db, now, quoteShipping, priceRules } = deps;

  /**
   * The checkout's 'Quero receber atualizações do pedido pelo WhatsApp' (`whatsapp_updates`):
   * kept with the order's mobile in WhatsApp's form while the shop has WhatsApp set up, ignored
   * otherwise (the checkbox was not offered); with a landline, the shopper is asked for a mobile.
   */
  async function whatsappOptInOf(raw: unknown, phone: string) {
    const wanted = (raw as { whatsapp_updates?: unknown }).whatsapp_updates === true;
    if (!wanted || !(await deps.whatsappAvailable?.())) {
      return { whatsappOptIn: false, whatsappPhone: null };
    }
    const number = whatsappNumberOf(phone);
    if (!number) {
      throw new AppError('invalid_data', WHATSAPP_TEXTS.needsMobile, {
        code: 'invalid_checkout',
        fields: { 'order.customer_phone': [WHATSAPP_TEXTS.needsMobile] },
      });
    }
    return { whatsappOptIn: true, whatsappPhone: number };
  }
  const repository = createOrderRepository(db);

  function refuseUnofferedMethod(method: OrderPaymentMethod): void {
    if (method === 'pix' || deps.cardPayments) return;
    const message =
      method === 'card'
        ? PAYMENT_METHOD_MESSAGES.cardUnavailable
        : PAYMENT_METHOD_MESSAGES.boletoUnavailable;
    throw new AppError('invalid_data', message, {
      code: 'payment_method_unavailable',
      fields: { payment_method: [message] },
    });
  }

  async function answer(order: OrderRow): Promise<OrderJson> {
    const [refunds, payments] = await Promise.all([
      createRefundRepository(db).completedOf([order.id]),
      createPaymentRepository(db).paymentsOf([order.id]),
    ]);
    return toOrderJson(
      order,
      await repository.itemsOf([order.id]),
      refunds.map(({ refund }) => refund),
      paymentOfRecord(payments),
    );
  }

  function refuseUnavailable(lines: CheckoutLine[]): void {
    const inactive = lines.find((line) => !line.active);
    if (inactive) {
      throw new AppError('invalid_data', ORDER_MESSAGES.unavailable(inactive.name), {
        code: 'product_unavailable',
      });
    }
    for (const [variantId, quantity] of unitsByVariant(lines)) {
      const line = lines.find((candidate) => candidate.variantId === variantId);
      if (line && line.stockQuantity < quantity) {
        throw new AppError(
          'invalid_data',
          ORDER_MESSAGES.insufficientStock(line.name, line.stockQuantity),
          { code: 'insufficient_stock' },
        );
      }
    }
  }

  return {
    async create(
      userId: number,
      body: unknown,
      idempotencyKey: string | undefined,
    ): Promise<{ order: OrderJson; created: boolean }> {
      if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
        throw new AppError('bad_request', ORDER_MESSAGES.idempotencyKey, {
          code: 'invalid_idempotency_key',
        });
      }
      // A retried submission finds an empty cart (its first attempt emptied it) or a refusal:
      // any refusal of a keyed submission first asks whether the same key already made an order,
      // so the happy path spends no statement on the key outside the transaction.
      try {
        const raw = (body as { order?: unknown } | null)?.order ?? {};
        const lines = await repository.checkoutLines(userId);
        if (lines.length === 0) {
          throw new AppError('invalid_data', CHECKOUT_MESSAGES.emptyCart, { code: 'empty_cart' });
        }
        const parsed = createCheckoutCustomerSchema(() => now()).safeParse(raw);
        if (!parsed.success) {
          const message = parsed.error.issues[0]?.message ?? CHECKOUT_MESSAGES.required;
          throw new AppError('invalid_data', message, {
            code: 'invalid_checkout',
            fields: fieldErrors(parsed.error, 'order'),
          });
        }
        const method = shippingMethodSchema.safeParse(
          (raw as { shipping_method?: unknown }).shipping_method ?? 'pac',
        );
        if (!method.success) {
          throw new AppError('invalid_data', ORDER_MESSAGES.shippingMethod, {
            code: 'invalid_shipping_method',
          });
        }
        const customer = parsed.data;
        refuseUnofferedMethod(customer.payment_method);
        const whatsapp = await whatsappOptInOf(raw, customer.customer_phone);
        refuseUnavailable(lines);

        // Priced and quoted before the transaction: a carrier's HTTP call must not hold locks.
        const coupon = cartCouponOf(lines);
        const promotions = await deps.promotionRules();
        const pricedAt = now();
        const pricing = pricingLinesOf(lines, priceRules());
        const priced = priceLines({
          lines: pricing,
          basis: paysPixPrice(customer.payment_method) ? 'pix' : 'list',
          coupon,
          promotions,
          now: pricedAt,
        });
        const problem = priced.coupon?.problem;
        if (coupon && problem) throw couponRejected(couponProblemMessage(coupon, problem));
        const items = orderItemsOf(lines, pricing, priced);
        const shipping = await quoteShipping({
          destinationCep: customer.customer_zip_code,
          method: method.data,
          lines,
          discounts: { coupon, promotions, now: pricedAt },
        });
        // A use is held only when the coupon took something off: the goods or the freight.
        const couponCents =
          coupon?.kind === 'free_shipping'
            ? shipping.freeBy?.id === coupon.id
              ? shipping.waivedCents
              : 0
            : priced.couponDiscountCents;
        const usedCoupon = coupon && couponCents > 0 ? coupon : null;
        const discountCents = priced.promotionDiscountCents + priced.couponDiscountCents;

        const outcome = await db.transaction(async (tx) => {
          const inTx = createOrderRepository(tx);
          const at = now();
          const { unpaidOrders } = await inTx.lockUserCart(userId);
          if (idempotencyKey !== undefined) {
            const earlier = await inTx.findByIdempotencyKey(userId, idempotencyKey);
            if (earlier) return { row: earlier, items: undefined, created: false };
          }
          if (unpaidOrders >= MAX_UNPAID_ORDERS) {
            throw new AppError('conflict', ORDER_MESSAGES.tooManyUnpaid, {
              code: 'too_many_unpaid_orders',
            });
          }
          const locked = await inTx.checkoutLines(userId, { lock: true });
          if (!sameLines(lines, locked)) {
            throw new AppError('conflict', ORDER_MESSAGES.cartChanged, { code: 'cart_changed' });
          }
          const wanted = unitsByVariant(locked);
          const stock = createStock(tx, deps.stockWatch);
          const reserved = await stock.reserve(wanted, at);
          if (reserved.size !== wanted.size) {
            const short = await stock.levels([...wanted.keys()].filter((id) => !reserved.has(id)));
            const first = short[0];
            const name = locked.find((line) => line.variantId === first?.id)?.name ?? '';
            throw first && !first.active
              ? new AppError('invalid_data', ORDER_MESSAGES.unavailable(name), {
                  code: 'product_unavailable',
                })
              : new AppError(
                  'invalid_data',
                  ORDER_MESSAGES.insufficientStock(name, first?.stockQuantity ?? 0),
                  { code: 'insufficient_stock' },
                );
          }
          const address = {
            street: customer.customer_street,
            number: customer.customer_number,
            complement: customer.customer_complement,
            neighborhood: customer.customer_neighborhood,
            city: customer.customer_city,
            state: customer.customer_state,
            zipCode: customer.customer_zip_code,
          };
          const created = await inTx.insertOrder({
            userId,
            paymentMethod: customer.payment_method,
            customerName: customer.customer_name,
            customerEmail: customer.customer_email,
            customerPhone: customer.customer_phone,
            ...whatsapp,
            customerCpf: customer.customer_cpf,
            customerBirthDate: customer.customer_birth_date,
            shippingAddress: address,
            notes: customer.notes,
            shippingMethod: method.data,
            shippingName: shipping.name,
            shippingDeliveryDays: shipping.deliveryDays,
            subtotalCents: priced.subtotalCents,
            discountCents,
            shippingCents: shipping.costCents,
            shippingDiscountCents: shipping.waivedCents,
            totalCents: priced.totalCents + shipping.costCents,
            couponCode: usedCoupon?.code ?? null,
            pricingRules: keptRules(lines, pricing, usedCoupon, priced.promotions),
            idempotencyKey: idempotencyKey ?? null,
            createdAt: at,
            updatedAt: at,
          });
          const createdItems = await inTx.insertItems(created.id, items);
          if (usedCoupon) {
            await claimCouponUse(tx, {
              coupon: usedCoupon,
              orderId: created.id,
              userId,
              cpfDigits: customer.customer_cpf,
              discountCents: couponCents,
              at,
            });
          }
          // The cart and the address book are their modules' tables: they write them.
          await removeOrderedLines(
            tx,
            locked.map((line) => line.lineId),
          );
          await rememberDeliveryAddress(tx, userId, address, at);
          return { row: created, items: createdItems, created: true };
        });
        const order = outcome.items
          ? toOrderJson(outcome.row, outcome.items)
          : await answer(outcome.row);
        return { order, created: outcome.created };
      } catch (error) {
        // The same Idempotency-Key submitted twice at once: the first order stands.
        if (
          idempotencyKey !== undefined &&
          (isUniqueViolation(error) || error instanceof AppError)
        ) {
          const earlier = await repository.findByIdempotencyKey(userId, idempotencyKey);
          if (earlier) return { order: await answer(earlier), created: false };
        }
        throw error;
      }
    },

    /** The owner's order, or any order for an administrator; others get the same 404. */
    async get(viewer: { id: number; isAdmin: boolean }, orderId: number): Promise<OrderJson> {
      const order = await repository.findOrder(orderId);
      if (!order || (order.userId !== viewer.id && !viewer.isAdmin)) throw notFound();
      return answer(order);
    },

    /** The user's latest 100 orders with their items, newest first. */
    async listForUser(userId: number): Promise<{ order: OrderRow; items: OrderItemRow[] }[]> {
      const rows = await repository.listByUser(userId, 100);
      const items = await repository.itemsOf(rows.map((row) => row.id));
      return rows.map((order) => ({
        order,
        items: items.filter((item) => item.orderId === order.id),
      }));
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
