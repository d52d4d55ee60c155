import { PAYMENT_ROW_STATUSES, REFUND_STATUSES } from '@lumina/shared/orders/order-schemas';
import { ORDER_STATUSES, type OrderStatus } from '@lumina/shared/orders/order-status';
import { describe, expect, it } from 'vitest';
import { availableActions, decide, type OrderAction, type OrderState } from './lifecycle.ts';

/** The payment status an order in each status normally has. */
const TYPICAL_PAYMENT: Record<OrderStatus, OrderState['paymentStatus']> = {
  pending: 'pending',
  processing: 'approved',
  shipped: 'approved',
  delivered: 'approved',
  cancelled: 'cancelled',
  refunded: 'refunded',
  partially_returned: 'approved',
  returned: 'refunded',
};

function order(status: OrderStatus, overrides: Partial<OrderState> = {}): OrderState {
  return {
    status,
    paymentStatus: TYPICAL_PAYMENT[status],
    trackingCode: ['shipped', 'delivered', 'partially_returned', 'returned'].includes(status)
      ? 'AA473124829BR'
      : null,
    paidAfterCancel: false,
    refundStatus: status === 'refunded' || status === 'returned' ? 'refunded' : 'none',
    ...overrides,
  };
}

const ACTIONS: Record<string, OrderAction> = {
  'payment approved': { type: 'payment', status: 'approved' },
  'payment processing': { type: 'payment', status: 'processing' },
  'payment rejected': { type: 'payment', status: 'rejected' },
  'payment cancelled': { type: 'payment', status: 'cancelled' },
  'payment refunded': { type: 'payment', status: 'refunded' },
  'confirm (built-in)': { type: 'confirm_payment', provider: 'pix_builtin' },
  'confirm (MercadoPago)': { type: 'confirm_payment', provider: 'mercadopago' },
  ship: { type: 'ship', trackingCode: 'AA473124829BR' },
  'ship (other code)': { type: 'ship', trackingCode: 'AA000000015BR' },
  deliver: { type: 'deliver' },
  reopen: { type: 'reopen_shipment', trackingCode: 'AA473124829BR' },
  'reopen (other code)': { type: 'reopen_shipment', trackingCode: 'AA000000015BR' },
  'cancel (built-in)': { type: 'cancel', provider: 'pix_builtin' },
  'cancel (MercadoPago)': { type: 'cancel', provider: 'mercadopago' },
  'cancel (expiry)': { type: 'cancel', provider: null, unpaid: true },
  'refund (part)': { type: 'refund', full: false, goodsReturned: false },
  'refund (all)': { type: 'refund', full: true, goodsReturned: false },
  'refund (part, goods back)': { type: 'refund', full: false, goodsReturned: true },
  'refund (all, goods back)': { type: 'refund', full: true, goodsReturned: true },
};

/** The refund actions' outcomes: part, all, part with goods back, all with goods back. */
function refunds(part: string, all: string, partBack = part, allBack = all) {
  return {
    'refund (part)': part,
    'refund (all)': all,
    'refund (part, goods back)': partBack,
    'refund (all, goods back)': allBack,
  };
}

/** Goods back or money back: no payment, confirmation, shipping or delivery applies any more. */
const AFTER_RETURN = {
  'payment approved': '=',
  'payment processing': '=',
  'payment rejected': '=',
  'payment cancelled': '=',
  'payment refunded': '=',
  'confirm (built-in)': 'order_not_pending',
  'confirm (MercadoPago)': 'order_not_pending',
  ship: 'order_closed',
  'ship (other code)': 'order_closed',
  deliver: 'order_not_shipped',
  reopen: 'order_not_shipped',
  'reopen (other code)': 'order_not_shipped',
};

/** Refunded or returned: the money is all back, so every action is refused or changes nothing. */
const ALL_MONEY_BACK: Record<string, string> = {
  ...AFTER_RETURN,
  'cancel (built-in)': 'order_refunded',
  'cancel (MercadoPago)': 'order_refunded',
  'cancel (expiry)': 'order_refunded',
  ...refunds('already_refunded', 'already_refunded'),
};

/** status -> action -> the resulting status, '=' unchanged, or the refusal code. */
const EXPECTED: Record<OrderStatus, Record<string, string>> = {
  pending: {
    'payment approved': 'processing',
    'payment processing': 'pending',
    'payment rejected': 'cancelled',
    'payment cancelled': 'cancelled',
    'payment refunded': '=',
    'confirm (built-in)': 'processing',
    'confirm (MercadoPago)': 'provider_confirms',
    ship: 'order_not_paid',
    'ship (other code)': 'order_not_paid',
    deliver: 'order_not_shipped',
    reopen: 'order_not_shipped',
    'reopen (other code)': 'order_not_shipped',
    'cancel (built-in)': 'cancelled',
    'cancel (MercadoPago)': 'cancelled',
    'cancel (expiry)': 'cancelled',
    ...refunds('order_not_paid', 'order_not_paid'),
  },
  processing: {
    'payment approved': '=',
    'payment processing': '=',
    'payment rejected': '=',
    'payment cancelled': '=',
    'payment refunded': 'refunded',
    'confirm (built-in)': '=',
    'confirm (MercadoPago)': '=',
    ship: 'shipped',
    'ship (other code)': 'shipped',
    deliver: 'order_not_shipped',
    reopen: '=',
    'reopen (other code)': '=',
    'cancel (built-in)': 'cancelled',
    'cancel (MercadoPago)': 'cancelled',
    'cancel (expiry)': '=',
    ...refunds('processing', 'cancel_instead'),
  },
  shipped: {
    'payment approved': '=',
    'payment processing': '=',
    'payment rejected': '=',
    'payment cancelled': '=',
    'payment refunded': 'refunded',
    'confirm (built-in)': '=',
    'confirm (MercadoPago)': '=',
    ship: '=',
    'ship (other code)': 'already_shipped',
    deliver: 'delivered',
    reopen: 'processing',
    'reopen (other code)': 'other_tracking_code',
    'cancel (built-in)': 'order_shipped',
    'cancel (MercadoPago)': 'order_shipped',
    'cancel (expiry)': 'order_shipped',
    ...refunds('shipped', 'refunded', 'partially_returned', 'returned'),
  },
  delivered: {
    'payment approved': '=',
    'payment processing': '=',
    'payment rejected': '=',
    'payment cancelled': '=',
    'payment refunded': 'refunded',
    'confirm (built-in)': '=',
    'confirm (MercadoPago)': '=',
    ship: '=',
    'ship (other code)': 'already_shipped',
    deliver: '=',
    reopen: 'order_not_shipped',
    'reopen (other code)': 'order_not_shipped',
    'cancel (built-in)': 'order_shipped',
    'cancel (MercadoPago)': 'order_shipped',
    'cancel (expiry)': 'order_shipped',
    ...refunds('delivered', 'refunded', 'partially_returned', 'returned'),
  },
  cancelled: {
    'payment approved': 'cancelled',
    'payment processing': '=',
    'payment rejected': '=',
    'payment cancelled': '=',
    'payment refunded': 'cancelled',
    'confirm (built-in)': 'processing',
    'confirm (MercadoPago)': 'order_not_pending',
    ship: 'order_closed',
    'ship (other code)': 'order_closed',
    deliver: 'order_not_shipped',
    reopen: 'order_not_shipped',
    'reopen (other code)': 'order_not_shipped',
    'cancel (built-in)': '=',
    'cancel (MercadoPago)': '=',
    'cancel (expiry)': '=',
    ...refunds('order_closed', 'order_closed'),
  },
  refunded: ALL_MONEY_BACK,
  partially_returned: {
    ...AFTER_RETURN,
    'cancel (built-in)': 'order_shipped',
    'cancel (MercadoPago)': 'order_shipped',
    'cancel (expiry)': 'order_shipped',
    ...refunds('partially_returned', 'returned'),
  },
  returned: ALL_MONEY_BACK,
};

function outcomeOf(state: OrderState, action: OrderAction): string {
  const decision = decide(state, action);
  if (decision.outcome === 'refused') return decision.code;
  if (decision.outcome === 'unchanged') return '=';
  return decision.set.status ?? state.status;
}

/** Every status x action in `actions` that changes the order, with the order it leaves. */
function changes(actions: OrderAction[]) {
  return ORDER_STATUSES.flatMap((status) =>
    actions.flatMap((action) => {
      const decision = decide(order(status), action);
      if (decision.outcome !== 'changed') return [];
      return [{ status, action, decision, after: { ...order(status), ...decision.set } }];
    }),
  );
}

describe('order state machine', () => {
  for (const status of ORDER_STATUSES) {
    for (const [name, action] of Object.entries(ACTIONS)) {
      it(`${status} + ${name} -> ${EXPECTED[status][name]}`, () => {
        expect(outcomeOf(order(status), action)).toBe(EXPECTED[status][name]);
      });
    }
  }

  it('covers every status and every action', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...ORDER_STATUSES].sort());
    for (const status of ORDER_STATUSES) {
      expect(Object.keys(EXPECTED[status]).sort()).toEqual(Object.keys(ACTIONS).sort());
    }
  });

  it('returns stock only for orders whose goods are still here, and a second time never', () => {
    for (const { status, action, decision, after } of changes(Object.values(ACTIONS))) {
      if (!decision.returnStock) continue;
      expect(['pending', 'processing']).toContain(status);
      // The same action on the result changes nothing (or is refused): applied once.
      expect(decide(after, action).outcome).not.toBe('changed');
    }
  });

  it('is idempotent: repeating an action that changed the order changes nothing', () => {
    // A partial refund is one of several by nature: each is its own refund row, never a repeat.
    const repeatable = Object.values(ACTIONS).filter((a) => a.type !== 'refund' || a.full);
    for (const { status, action, after } of changes(repeatable)) {
      expect(decide(after, action).outcome, `${status} ${JSON.stringify(action)}`).not.toBe(
        'changed',
      );
    }
  });

  it('never leaves shipped goods cancelled, whatever the payment fields say', () => {
    for (const status of ['shipped', 'delivered'] as const) {
      for (const paymentStatus of PAYMENT_ROW_STATUSES) {
        for (const refundStatus of REFUND_STATUSES) {
          for (const action of Object.values(ACTIONS)) {
            const decision = decide(order(status, { paymentStatus, refundStatus }), action);
            if (decision.outcome === 'changed') {
              expect(decision.set.status ?? status).not.toBe('cancelled');
              expect(decision.returnStock).toBe(false);
            }
          }
        }
      }
    }
  });

  it('refunds a cancelled paid order through MercadoPago, or marks it for a manual PIX refund', () => {
    const byProvider = decide(order('processing'), ACTIONS['cancel (MercadoPago)']!);
    expect(byProvider).toMatchObject({
      outcome: 'changed',
      refund: 'provider',
      returnStock: true,
      set: { status: 'cancelled', refundStatus: 'refunded', paymentStatus: 'refunded' },
      mails: ['order_cancelled'],
    });
    const byHand = decide(order('processing'), ACTIONS['cancel (built-in)']!);
    expect(byHand).toMatchObject({
      outcome: 'changed',
      refund: 'manual',
      set: { status: 'cancelled', refundStatus: 'manual_pending' },
    });
  });

  it('flags a payment approved after the cancel, then restores or refunds it', () => {
    const late = decide(order('cancelled'), ACTIONS['payment approved']!);
    expect(late).toMatchObject({
      outcome: 'changed',
      set: { paymentStatus: 'approved', paidAfterCancel: true },
      returnStock: false,
      mails: ['admin_paid_after_cancel'],
    });
    const flagged = order('cancelled', { paymentStatus: 'approved', paidAfterCancel: true });
    expect(availableActions(flagged, 'mercadopago')).toEqual(['confirm_payment', 'cancel']);
    expect(decide(flagged, ACTIONS['confirm (MercadoPago)']!)).toMatchObject({
      outcome: 'changed',
      reserveStock: true,
      set: { status: 'processing', paymentStatus: 'approved', paidAfterCancel: false },
    });
    expect(decide(flagged, ACTIONS['cancel (MercadoPago)']!)).toMatchObject({
      outcome: 'changed',
      refund: 'provider',
      returnStock: false,
      set: { paidAfterCancel: false, refundStatus: 'refunded' },
    });
  });

  it("sends no 'cancelled by the shop' e-mail for the shopper's own withdrawal before shipping", () => {
    expect(
      decide(order('processing'), { type: 'cancel', provider: 'mercadopago', withdrawal: true }),
    ).toMatchObject({
      outcome: 'changed',
      returnStock: true,
      refund: 'provider',
      set: { status: 'cancelled' },
      mails: [],
    });
  });

  it('closes the manual PIX refund of a cancelled order, and keeps goods-back refunds apart', () => {
    const waiting = order('cancelled', {
      paymentStatus: 'approved',
      refundStatus: 'manual_pending',
    });
    expect(decide(waiting, ACTIONS['refund (all, goods back)']!)).toMatchObject({
      outcome: 'changed',
      returnStock: false,
      set: { paymentStatus: 'refunded', refundStatus: 'refunded' },
    });
    expect(decide(waiting, ACTIONS['refund (part)']!)).toMatchObject({
      outcome: 'changed',
      set: {},
    });
    // Money back without goods leaves the delivered order as it is until it is all back.
    expect(decide(order('delivered'), ACTIONS['refund (part)']!)).toMatchObject({
      outcome: 'changed',
      set: {},
      returnStock: false,
      mails: [],
    });
  });

  it('offers the panel only the actions that would change the order', () => {
    expect(availableActions(order('pending'), 'pix_builtin')).toEqual([
      'confirm_payment',
      'cancel',
    ]);
    expect(availableActions(order('pending'), 'mercadopago')).toEqual(['cancel']);
    expect(availableActions(order('processing'), 'pix_builtin')).toEqual(['ship', 'cancel']);
    expect(availableActions(order('shipped'), 'pix_builtin')).toEqual(['deliver']);
    expect(availableActions(order('delivered'), 'pix_builtin')).toEqual([]);
    // A built-in PIX seen in the bank after the cancel: the shop may restore the order.
    expect(availableActions(order('cancelled'), 'pix_builtin')).toEqual(['confirm_payment']);
    expect(availableActions(order('cancelled'), 'mercadopago')).toEqual([]);
    expect(
      availableActions(order('cancelled', { refundStatus: 'manual_pending' }), 'pix_builtin'),
    ).toEqual([]);
    expect(availableActions(order('refunded'), 'pix_builtin')).toEqual([]);
  });
});
