import { useQueryClient } from '@tanstack/react-query';
import type { CheckoutCustomer } from '@lumina/shared/checkout/checkout-customer-schema';
import { CHECKOUT_TEXTS } from '@lumina/shared/checkout/checkout-messages';
import type { CheckoutField } from '@lumina/shared/checkout/checkout-rules';
import type { ShippingMethod } from '@lumina/shared/constants/storefront-constants';
import { PAYMENT_ERRORS } from '@lumina/shared/payments/pix-texts';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { cartQueryKey, useCartScope } from '../../../lib/cart/cart-key.ts';
import type { CartLine, CartPricingView } from '../../../lib/cart/cart-types.ts';
import { createPayment } from '../../../lib/payment/payment-api.ts';
import { savePendingPayment } from '../../../lib/payment/pending-payment.ts';
import { createOrder, type CreatedOrder } from '../api/create-order.ts';
import { checkCheckout } from './checkout-check.ts';
import type { CheckoutFormValues } from './checkout-form-values.ts';
import { cartFingerprint } from './checkout-lines.ts';
import { orderPayload } from './order-payload.ts';
import { type CheckoutPaymentMethod, paymentPagePath } from './payment-choice.ts';
import { serverErrorText } from './server-error-text.ts';
import { createSubmissionKeys } from './submission-keys.ts';

/** An order the server made whose payment is still to be made. */
export interface PlacedOrder {
  order: CreatedOrder;
  /** How it is paid: PIX here, card and boleto on their payment page. */
  paymentMethod: CheckoutPaymentMethod;
  /** The delivery CEP (digits) the payment is created with. */
  cep: string;
  /** The cart as it was ordered; the server emptied the real one. */
  items: readonly CartLine[];
  /** Its coupon, promotions and prices as they were ordered. */
  priced: CartPricingView;
}

export interface CheckoutSubmission {
  values: CheckoutFormValues;
  shippingMethod: ShippingMethod;
  /** PIX unless the shopper chose a card or a boleto. */
  paymentMethod?: CheckoutPaymentMethod;
  /** 'Quero receber atualizações do pedido pelo WhatsApp' ticked (only when offered). */
  whatsappUpdates?: boolean;
  items: readonly CartLine[];
  priced: CartPricingView;
  /** Told which field broke the first rule, to focus it. */
  onInvalid?: (field: CheckoutField) => void;
}

/**
 * The checkout flow of spec 001 §4: validate, create the order (the server saves the address to
 * the address book in the same step), create the PIX payment, keep the ids, go to /payment-pix;
 * a card or boleto order goes to its own payment page (/payment-card, /payment-boleto) instead.
 * Any failure leaves a message and the button enabled. Once an order exists it is kept: the next
 * click only retries its payment, so a failed payment never leads to a second order.
 */
export function useCheckoutSubmit() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const { userId } = useCartScope();
  const [keys] = useState(() => createSubmissionKeys());
  const busy = useRef(false);
  const placedRef = useRef<PlacedOrder | null>(null);
  const [placed, setPlaced] = useState<PlacedOrder | null>(null);
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function placeOrder(
    customer: CheckoutCustomer,
    submission: CheckoutSubmission,
  ): Promise<PlacedOrder | null> {
    const payload = orderPayload(
      customer,
      submission.shippingMethod,
      submission.paymentMethod ?? 'pix',
      submission.whatsappUpdates ?? false,
    );
    const key = keys.keyFor(JSON.stringify([payload, cartFingerprint(submission.items)]));
    try {
      const order = await createOrder(payload, key);
      return {
        order,
        paymentMethod: payload.payment_method,
        cep: payload.customer_zip_code,
        items: submission.items,
        // The notice was said before the order; the coupon is fixed now.
        priced: { ...submission.priced, coupon_notice: null },
      };
    } catch (failure) {
      setError(serverErrorText(failure, CHECKOUT_TEXTS.createOrderFailed));
      return null;
    }
  }

  async function payFor({ order, cep, paymentMethod }: PlacedOrder): Promise<void> {
    // A card is typed, and a boleto issued, on its own page: nothing to create here.
    if (paymentMethod !== 'pix') {
      void navigate(paymentPagePath(paymentMethod, order.id));
      return;
    }
    try {
      const payment = await createPayment(order.id, {
        payment_method: 'pix',
        frontend_url: window.location.origin,
        cep,
      });
      if (!payment.success || !Number.isInteger(payment.payment_id)) {
        setError(PAYMENT_ERRORS.createPix);
        return;
      }
      savePendingPayment({ order_id: order.id, payment_id: payment.payment_id });
      void navigate(`/payment-pix?order_id=${order.id}&payment_id=${payment.payment_id}`);
    } catch (failure) {
      setError(serverErrorText(failure, PAYMENT_ERRORS.createPix));
    }
  }

  async function busyWhile(work: () => Promise<void>): Promise<void> {
    busy.current = true;
    setError(null);
    setWorking(true);
    try {
      await work();
    } finally {
      busy.current = false;
      setWorking(false);
    }
  }

  function submit(submission: CheckoutSubmission): Promise<void> {
    if (busy.current) return Promise.resolve();
    const earlier = placedRef.current;
    if (earlier) return busyWhile(() => payFor(earlier));
    // Checked synchronously, before anything is sent: a refused form never holds the button.
    const check = checkCheckout(submission.items.length, submission.values);
    if (!check.ok) {
      setError(check.message);
      if (check.field) submission.onInvalid?.(check.field);
      return Promise.resolve();
    }
    return busyWhile(async () => {
      const placed = await placeOrder(check.customer, submission);
      if (!placed) return;
      placedRef.current = placed;
      setPlaced(placed);
      // The server emptied the cart with the order: the header's count follows.
      void client.invalidateQueries({ queryKey: cartQueryKey('user', userId) });
      await payFor(placed);
    });
  }

  return { submit, working, error, placed };
}
