import { centsToReais as reais } from '@lumina/shared/format/money';
import { CORREIOS_TRACKING_URL } from '@lumina/shared/orders/tracking-code';
import {
  type AdminReturnJson,
  RETURN_STATUS_LABELS,
  RETURN_TYPE_LABELS,
  type ReturnJson,
} from '@lumina/shared/returns/return-schemas';
import type { ReturnRequestRow } from '../../db/schema/returns.ts';
import type { ReturnItemView, ReturnWithOrder } from './repository.ts';
import { daysLeft } from './rules.ts';

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** A request as its shopper reads it (GET /api/my_returns). */
export function toReturnJson(view: ReturnWithOrder, items: ReturnItemView[]): ReturnJson {
  const { request } = view;
  return {
    id: request.id,
    protocol: request.protocol,
    order_id: request.orderId,
    order_number: view.orderNumber,
    type: request.type,
    type_label: RETURN_TYPE_LABELS[request.type],
    status: request.status,
    status_label: RETURN_STATUS_LABELS[request.status],
    reason: request.reason,
    created_at: request.createdAt.toISOString(),
    answer_by: request.answerBy.toISOString(),
    instructions: request.instructions
      ? {
          kind: request.instructions.kind,
          code: request.instructions.code,
          address: request.instructions.address,
        }
      : null,
    instructions_sent_at: iso(request.instructionsSentAt),
    received_at: iso(request.receivedAt),
    refunded_at: iso(request.refundedAt),
    exchanged_at: iso(request.exchangedAt),
    rejected_at: iso(request.rejectedAt),
    rejection_reason: request.rejectionReason,
    exchange_tracking_code: request.exchangeTrackingCode,
    exchange_tracking_url: request.exchangeTrackingCode ? CORREIOS_TRACKING_URL : null,
    refunded_amount: request.refundedCents === null ? null : reais(request.refundedCents),
    items: items
      .filter(({ item }) => item.returnId === request.id)
      .map(({ item, line, exchangeOptionValues }) => ({
        id: item.id,
        order_item_id: item.orderItemId,
        product_id: line.productId,
        product_name: line.productName,
        sku: line.sku,
        option_values: line.optionValues,
        image_url: line.imageUrl,
        quantity: item.quantity,
        unit_price: reais(line.unitPriceCents),
        exchange_variant_id: item.exchangeVariantId,
        exchange_option_values: exchangeOptionValues,
        resellable: item.resellable,
      })),
  };
}

type AdminAction = AdminReturnJson['available_actions'][number];

/** The buttons a request's state allows. */
export function availableReturnActions(request: ReturnRequestRow): AdminAction[] {
  switch (request.status) {
    case 'requested':
    case 'instructions_sent':
      return ['instructions', 'receive', 'reject'];
    case 'received':
      return request.type === 'withdrawal' ? ['refund', 'reject'] : ['ship_exchange', 'reject'];
    default:
      return [];
  }
}

function step(at: Date | null, by: number | null) {
  return at && by !== null ? { admin_id: by, at: at.toISOString() } : null;
}

/** The same with the shop's view: the customer, days left to answer, who took each step. */
export function toAdminReturnJson(
  view: ReturnWithOrder,
  items: ReturnItemView[],
  extra: {
    userId: number;
    now: Date;
    suggestedRefundCents: number | null;
    paymentProvider: AdminReturnJson['payment_provider'];
  },
): AdminReturnJson {
  const { request } = view;
  const waiting = request.status === 'requested';
  return {
    ...toReturnJson(view, items),
    user_id: extra.userId,
    customer_name: view.customerName,
    customer_email: view.customerEmail,
    days_left: waiting ? daysLeft(request.answerBy, extra.now) : null,
    overdue: waiting && request.answerBy.getTime() < extra.now.getTime(),
    steps: {
      instructions_sent: step(request.instructionsSentAt, request.instructionsBy),
      received: step(request.receivedAt, request.receivedBy),
      refunded: step(request.refundedAt, request.refundedBy),
      exchanged: step(request.exchangedAt, request.exchangedBy),
      rejected: step(request.rejectedAt, request.rejectedBy),
    },
    suggested_refund:
      extra.suggestedRefundCents === null ? null : reais(extra.suggestedRefundCents),
    payment_provider: extra.paymentProvider,
    available_actions: availableReturnActions(request),
  };
}
