import { createHash } from 'node:crypto';
import {
  instalmentsAllowed,
  instalmentsRefusal,
  paymentStatusMessage,
} from '@lumina/shared/payments/card-rules';
import type { PayByMethodBody } from '@lumina/shared/payments/payment-by-method';
import { boletoSchedule } from '@lumina/shared/payments/boleto-schedule';
import { PAYMENT_METHOD_MESSAGES } from '@lumina/shared/payments/payment-methods';
import { isValidCpf } from '@lumina/shared/validation/cpf';
import type { Db } from '../../db/database.ts';
import type { OrderRow, PaymentRow, PaymentRowStatus } from '../../db/schema/orders.ts';
import { AppError } from '../../http/app-error.ts';
import type { CardProvider } from '../../integrations/payments/create-provider.ts';
import { PaymentProviderError, type ProviderCharge } from '../../integrations/payments/provider.ts';
import { mailShop } from '../mail/mail-signature.ts';
import { reachable } from '../orders/order-mails.ts';
import { repriceForMethod } from '../orders/reprice.ts';
import { boletoIssuedMail } from './boleto-mail.ts';
import { createPaymentRepository } from './repository.ts';
import type { PaymentServiceDeps } from './service.ts';
import { isOpen } from './transitions.ts';

export const PAY_BY_METHOD_ERRORS = {
  cardUnavailable: PAYMENT_METHOD_MESSAGES.cardUnavailable,
  boletoUnavailable: PAYMENT_METHOD_MESSAGES.boletoUnavailable,
  notFound: 'Pedido não encontrado',
  notPayable: 'Este pedido não pode mais ser pago. Se ainda quiser as peças, faça um novo pedido.',
  inReview:
    'Já há um pagamento deste pedido em análise. Acompanhe o status em Meus pedidos antes de tentar de novo.',
  cardRefused: 'Não foi possível pagar com este cartão. Confira os dados ou use outro cartão.',
  providerUnavailable:
    'Não foi possível falar com o MercadoPago agora. Nada foi cobrado; tente novamente em instantes.',
  boletoFailed: 'Não foi possível gerar o boleto agora. Tente novamente em instantes.',
  boletoCpf: 'Para pagar com boleto, o pedido precisa de um CPF válido. Faça o pedido com seu CPF.',
} as const;

const E = PAY_BY_METHOD_ERRORS;

/** Brasília keeps UTC-3 all year; a boleto's due date is a Brazilian calendar day. */
const BRASILIA_OFFSET_MS = -3 * 3_600_000;

type CardBody = Extract<PayByMethodBody, { method: 'card' }>;

export interface PayByMethodDeps extends Pick<
  PaymentServiceDeps,
  'db' | 'providers' | 'lifecycle' | 'outbox' | 'appUrl' | 'now' | 'logger'
> {
  storeSettings: PaymentServiceDeps['storeSettings'];
  /** The one path a provider's report moves a payment and, through the lifecycle, its order. */
  move(
    paymentId: number,
    to: PaymentRowStatus,
    source: string,
    payload?: Record<string, unknown>,
  ): Promise<boolean>;
  /** A PIX (card, boleto) window: how long a pending attempt holds the order. */
  windowMs: number;
  description(order: OrderRow): string;
}

/** `{payment}` of POST /api/orders/{id}/payments for a card or boleto row. */
export function paymentByMethodJson(row: PaymentRow) {
  const providerWord = row.status === 'processing' ? 'in_process' : row.status;
  return {
    id: row.id,
    method: row.method,
    status: row.status,
    status_detail: row.statusDetail,
    message: paymentStatusMessage(providerWord, row.statusDetail),
    installments: row.installments,
    ...(row.method === 'card'
      ? { card: { brand: row.cardBrand, last_four: row.cardLastFour } }
      : {}),
    ...(row.method === 'boleto' && row.boletoUrl
      ? {
          boleto: {
            digitable_line: row.boletoDigitableLine,
            pdf_url: row.boletoUrl,
            due_date: new Date((row.boletoDueAt ?? row.expiresAt).getTime() + BRASILIA_OFFSET_MS)
              .toISOString()
              .slice(0, 10),
          },
        }
      : {}),
  };
}

/**
 * Cards in instalments and boletos through the provider's `cards` (MercadoPago): the amount is
 * always the order's, priced at its list prices in the transaction that opens the attempt (the
 * PIX discount is for PIX only); a card attempt is keyed by order and card token (a double
 * submit makes one charge), and what the charge answers goes through the same `move` as the PIX
 * webhook.
 */
export function createPayByMethod(deps: PayByMethodDeps) {
  const { db, providers, lifecycle, now, logger } = deps;
  const repository = createPaymentRepository(db);

  function notFound(): AppError {
    return new AppError('not_found', E.notFound, { code: 'order_not_found' });
  }

  const customer = (userId: number) => ({ actor: 'customer' as const, userId });

  /** The card provider (MercadoPago, beside any PIX provider), or the refusal while it is off. */
  function cardsOr(message: string, code: string): CardProvider {
    if (!providers.cards) throw new AppError('invalid_data', message, { code });
    return providers.cards;
  }

  async function lockOwnOrder(tx: Db, userId: number, orderId: number): Promise<OrderRow> {
    const order = await lifecycle.lock(tx, orderId);
    // Someone else's order answers as a missing one.
    if (!order || order.userId !== userId) throw notFound();
    return order;
  }

  function assertPayable(order: OrderRow): void {
    if (order.status === 'pending' && order.paymentStatus === 'processing') {
      throw new AppError('conflict', E.inReview, { code: 'payment_in_review' });
    }
    if (order.status !== 'pending' || order.paymentStatus !== 'pending') {
      throw new AppError('conflict', E.notPayable, { code: 'order_not_payable' });
    }
  }

  /**
   * The order's other open attempts (an unpaid PIX, a boleto) step aside for the new one: closed
   * here without touching the order, then cancelled at the provider so they cannot be paid too.
   */
  async function supersedeOpen(tx: Db, orderId: number): Promise<PaymentRow[]> {
    const inTx = createPaymentRepository(tx);
    const superseded: PaymentRow[] = [];
    for (const row of await inTx.paymentsOf([orderId])) {
      if (!isOpen(row.status)) continue;
      const change = await inTx.move(
        row.id,
        'cancelled',
        (from) => from === 'pending',
        { source: 'superseded' },
        now(),
      );
      if (change) superseded.push(change.payment);
    }
    return superseded;
  }

  async function cancelAtProvider(rows: PaymentRow[]): Promise<void> {
    for (const row of rows) {
      if (!row.gatewayPaymentId) continue;
      try {
        // Where it was made: a PIX at its PIX provider, a boleto at MercadoPago.
        await providers.byName(row.provider).cancel(row.gatewayPaymentId);
      } catch (error) {
        logger.warn({ err: error, paymentId: row.id }, 'superseded charge not cancelled');
      }
    }
  }

  /** Stores the provider's answer and moves the row (and the order) through `move`. */
  async function apply(
    payment: PaymentRow,
    charge: ProviderCharge,
    source: string,
  ): Promise<PaymentRow> {
    await repository.recordCharge(payment.id, charge, now());
    if (charge.status !== 'pending') {
      await deps.move(payment.id, charge.status, source, {
        provider_status: charge.status,
        status_detail: charge.statusDetail,
      });
    }
    return (await repository.findPayment(payment.id)) ?? payment;
  }

  /** The boleto to the shopper's inbox, once per boleto, as soon as it exists. */
  async function mailBoleto(order: OrderRow, payment: PaymentRow): Promise<void> {
    const to = reachable(order);
    if (!to || payment.status !== 'pending' || !payment.boletoUrl) return;
    const dueAt = payment.boletoDueAt ?? payment.expiresAt;
    await db.transaction((tx) =>
      deps.outbox.enqueue(tx, {
        key: `payment:${payment.id}:boleto_issued`,
        kind: 'boleto_issued',
        orderId: order.id,
        message: boletoIssuedMail(
          to,
          { ...payment, dueAt },
          deps.appUrl,
          mailShop(deps.storeSettings()),
        ),
      }),
    );
    deps.outbox.kick();
  }

  const payerOf = (order: OrderRow) => ({
    email: order.customerEmail ?? '',
    name: order.customerName,
    cpf: order.customerCpf,
  });

  return {
    /** A card payment of the order: the row, and whether the card was refused. */
    async payWithCard(userId: number, orderId: number, body: CardBody) {
      const cards = cardsOr(E.cardUnavailable, 'card_unavailable');
      const digest = createHash('sha256').update(body.token).digest('hex').slice(0, 32);
      const attemptKey = `lumina-card-${orderId}-${digest}`;
      const claim = await db.transaction(async (tx) => {
        const order = await lockOwnOrder(tx, userId, orderId);
        const inTx = createPaymentRepository(tx);
        const known = await inTx.findByAttemptKey(attemptKey);
        if (known) return { order, payment: known, superseded: [] };
        assertPayable(order);
        const at = now();
        // The instalments are checked against the card's total (a refusal rolls the price back).
        const priced = await repriceForMethod(tx, lifecycle, order, 'card', customer(userId), at);
        const rules = deps.storeSettings().installments;
        if (!instalmentsAllowed(body.installments, priced.totalCents, rules)) {
          const refusal = instalmentsRefusal(priced.totalCents, rules);
          throw new AppError('invalid_data', refusal, {
            code: 'invalid_installments',
            fields: { installments: [refusal] },
          });
        }
        const superseded = await supersedeOpen(tx, orderId);
        const payment = await inTx.insertPayment({
          orderId,
          provider: cards.name,
          method: 'card',
          attemptKey,
          installments: body.installments,
          amountCents: priced.totalCents,
          expiresAt: new Date(at.getTime() + deps.windowMs),
          at,
        });
        return { order: priced, payment, superseded };
      });
      await cancelAtProvider(claim.superseded);
      const { order } = claim;
      let payment = claim.payment;
      // A double submit whose twin already has the answer: that answer.
      if (payment.gatewayPaymentId || !isOpen(payment.status)) {
        return { payment, rejected: payment.status === 'rejected' };
      }
      let charge: ProviderCharge;
      try {
        charge = await cards.cards.createCardPayment({
          orderNumber: order.orderNumber,
          amountCents: payment.amountCents,
          description: deps.description(order),
          token: body.token,
          installments: body.installments,
          paymentMethodId: body.payment_method_id,
          issuerId: body.issuer_id ?? null,
          payer: { ...payerOf(order), cpf: body.payer.cpf },
          idempotencyKey: attemptKey,
          notificationUrl: `${deps.appUrl}/api/webhooks/mercadopago`,
        });
      } catch (error) {
        logger.warn({ err: error, paymentId: payment.id, orderId }, 'card payment failed');
        if (error instanceof PaymentProviderError && !error.retryable) {
          // Refused before any charge (a used token, a wrong brand): the shopper tries again.
          await deps.move(payment.id, 'rejected', 'create', {
            refused: error.message.slice(0, 200),
          });
          throw new AppError('invalid_data', E.cardRefused, { code: 'card_refused', cause: error });
        }
        // The row stays: a retry of the same card data finds it and asks with the same key.
        throw new AppError('unavailable', E.providerUnavailable, {
          code: 'payment_provider_failed',
          cause: error,
        });
      }
      payment = await apply(payment, charge, 'create');
      return { payment, rejected: payment.status === 'rejected' };
    },

    /**
     * The order's boleto: the open one, or a new one due in the store settings' days. The order
     * waits for it until the end of the next business day after the due date (a boleto paid on
     * its due date reaches the shop a business day later); then the expiry sweep cancels it.
     */
    async payWithBoleto(userId: number, orderId: number) {
      const cards = cardsOr(E.boletoUnavailable, 'boleto_unavailable');
      const claim = await db.transaction(async (tx) => {
        const order = await lockOwnOrder(tx, userId, orderId);
        const inTx = createPaymentRepository(tx);
        const [latest] = await inTx.paymentsOf([orderId]);
        if (latest?.method === 'boleto' && isOpen(latest.status)) {
          return { order, payment: latest, superseded: [] };
        }
        assertPayable(order);
        if (!order.customerCpf || !isValidCpf(order.customerCpf.replace(/\D/g, ''))) {
          throw new AppError('invalid_data', E.boletoCpf, { code: 'boleto_requires_cpf' });
        }
        const superseded = await supersedeOpen(tx, orderId);
        const at = now();
        const priced = await repriceForMethod(tx, lifecycle, order, 'boleto', customer(userId), at);
        const { dueAt, deadline } = boletoSchedule(at, deps.storeSettings().boleto_due_days);
        const payment = await inTx.insertPayment({
          orderId,
          provider: cards.name,
          method: 'boleto',
          amountCents: priced.totalCents,
          boletoDueAt: dueAt,
          expiresAt: deadline,
          at,
        });
        return { order: priced, payment, superseded };
      });
      await cancelAtProvider(claim.superseded);
      const { order, payment } = claim;
      if (payment.gatewayPaymentId) return { payment, rejected: false };
      const address = order.shippingAddress;
      let charge: ProviderCharge;
      try {
        charge = await cards.cards.createBoletoPayment({
          orderNumber: order.orderNumber,
          amountCents: payment.amountCents,
          description: deps.description(order),
          payer: {
            ...payerOf(order),
            cpf: (order.customerCpf ?? '').replace(/\D/g, ''),
            address: {
              zipCode: address.zipCode.replace(/\D/g, ''),
              street: address.street,
              number: address.number,
              neighborhood: address.neighborhood,
              city: address.city,
              state: address.state,
            },
          },
          dueAt: payment.boletoDueAt ?? payment.expiresAt,
          // One key per row: a retry after a timeout finds the boleto already issued.
          idempotencyKey: `lumina-payment-${payment.id}`,
          notificationUrl: `${deps.appUrl}/api/webhooks/mercadopago`,
        });
      } catch (error) {
        logger.error({ err: error, paymentId: payment.id, orderId }, 'boleto failed');
        throw new AppError('unavailable', E.boletoFailed, {
          code: 'payment_provider_failed',
          cause: error,
        });
      }
      const issued = await apply(payment, charge, 'create');
      await mailBoleto(order, issued);
      return { payment: issued, rejected: false };
    },
  };
}
