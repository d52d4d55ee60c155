import type { AdminReturnJson, ReturnJson } from '@lumina/shared/returns/return-schemas';

/** A withdrawal of one 'Argola Lisa' (8 mm) of order LP-000012, as the shopper's list has it. */
export function createReturn(overrides: Partial<ReturnJson> = {}): ReturnJson {
  return {
    id: 7,
    protocol: 'DEV-2026-000007',
    order_id: 12,
    order_number: 'LP-000012',
    type: 'withdrawal',
    type_label: 'Desistência da compra',
    status: 'requested',
    status_label: 'Solicitado',
    reason: null,
    created_at: '2026-11-24T15:00:00.000Z',
    answer_by: '2026-11-29T15:00:00.000Z',
    instructions: null,
    instructions_sent_at: null,
    received_at: null,
    refunded_at: null,
    exchanged_at: null,
    rejected_at: null,
    rejection_reason: null,
    exchange_tracking_code: null,
    exchange_tracking_url: null,
    refunded_amount: null,
    items: [
      {
        id: 70,
        order_item_id: 400,
        product_id: 3,
        product_name: 'Argola Lisa',
        sku: 'ARG-8',
        option_values: { Diâmetro: '8 mm' },
        image_url: null,
        quantity: 1,
        unit_price: 59.9,
        exchange_variant_id: null,
        exchange_option_values: null,
        resellable: null,
      },
    ],
    ...overrides,
  };
}

/**
 * The panel's view of such a request, of order LP001041 with the shopper's reason: the customer,
 * 3 days left to answer, the suggested refund and the steps its state allows.
 */
export function createAdminReturn(overrides: Partial<AdminReturnJson> = {}): AdminReturnJson {
  return {
    ...createReturn({
      order_id: 41,
      order_number: 'LP001041',
      reason: 'O tamanho não ficou bom.',
    }),
    user_id: 9,
    customer_name: 'Ana Souza',
    customer_email: 'ana@example.com',
    days_left: 3,
    overdue: false,
    steps: {
      instructions_sent: null,
      received: null,
      refunded: null,
      exchanged: null,
      rejected: null,
    },
    suggested_refund: 59.9,
    payment_provider: 'pix_builtin',
    available_actions: ['instructions', 'receive', 'reject'],
    ...overrides,
  };
}
