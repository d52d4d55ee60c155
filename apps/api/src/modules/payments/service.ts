import { PIX_COUNTDOWN_SECONDS } from '@lumina/shared/constants/account-constants';
import { formatDate } from '@lumina/shared/format/dates';
import { centsToReais as reais } from '@lumina/shared/format/money';
import { PAYMENT_ERRORS } from '@lumina/shared/payments/pix-texts';
import { pixStatusText } from '@lumina/shared/payments/payment-status';
import type { Db } from '../../db/database.ts';
import type { OrderRow, PaymentRow, PaymentRowStatus } from '../../db/schema/orders.ts';
import { AppError } from '../../http/app-error.ts';
import type { PaymentProviders } from '../../integrations/payments/create-provider.ts';
import {
  type PaymentProvider,
  PaymentProviderError,
  type ProviderPaymentStatus,
  type ProviderRefund,
} from '../../integrations/payments/provider.ts';
import type { PaymentProviderName } from '@lumina/shared/orders/order-schemas';
import type { MailOutbox } from '../mail/outbox.ts';
import type { OrderUpdates } from '../whatsapp/order-updates.ts';
import type { OrderActor, OrderLifecycle } from '../orders/lifecycle-service.ts';
import { orderReceivedMail, reachable } from '../orders/order-mails.ts';
import { mailShop } from '../mail/mail-signature.ts';
import { shopName } from '@lumina/shared/settings/settings-rules';
import type { StoreSettings } from '@lumina/shared/settings/store-settings';
import { createOrderRepository } from '../orders/repository.ts';
import { repriceForMethod } from '../orders/reprice.ts';
import { createPaymentRepository, type PaymentChange } from './repository.ts';
import { canMove, isOpen } from './transitions.ts';
import { createPayByMethod } from './pay-by-method.ts';
import type { Refunds } from './refunds.ts';
import { createRefundRepository } from './refund-repository.ts';
import { refundMail } from './refund-mail.ts';

/** The reason kept on the refund of a second payment of an order already paid. */
export const DUPLICATE_REFUND_REASON = 'Pagamento em duplicidade';

/** A PIX charge is payable for 30 minutes (spec 001 §9), and so is an order without one. */
export const PIX_PAYMENT_WINDOW_MS = PIX_COUNTDOWN_SECONDS * 1000;

export const PAYMENT_MESSAGES = {
  createFailed: PAYMENT_ERRORS.createPix,
  notPayable: 'Este pedido não pode mais ser pago. Se ainda quiser as peças, faça um novo pedido.',
  noOpenPayment: 'Não há pagamento PIX em aberto para este pedido.',
  sandboxOnly: 'Recurso não encontrado',
  verifyFailed: PAYMENT_ERRORS.verifyPixFailed,
  verifyDone: PAYMENT_ERRORS.verifyPixDone,
  notFound: 'Pedido não encontrado',
  providerUnavailable:
    'Não foi possível falar com o MercadoPago agora. Nada foi alterado; tente novamente em instantes.',
  otherMethodOpen:
    'Este pedido já tem um pagamento por cartão ou boleto em andamento. Acompanhe o status em Meus pedidos.',
  refundFailed:
    'Não foi possível estornar o pagamento no MercadoPago agora. Nada foi alterado; tente novamente em instantes.',
} as const;

/** What the order list says about paying (spec 001 §3, payment_info): the spec's, for PIX. */
const PAYMENT_INFO_MESSAGES: Record<PaymentRowStatus, string> = {
  pending: 'Aguardando pagamento PIX',
  processing: 'Pagamento em processamento',
  approved: 'Pagamento aprovado',
  rejected: 'Pagamento rejeitado',
  cancelled: 'Pedido cancelado: o PIX não foi pago no prazo',
  refunded: 'Pagamento estornado',
};

/** The same list for an order paid by card or boleto, where the PIX words would not be true. */
const PAYMENT_INFO_NOT_PIX = {
  cardInReview: 'Pagamento em análise',
  cardRefused: 'Pagamento com cartão recusado',
  cardWaiting: 'Aguardando pagamento com cartão',
  cardCancelled: 'Pedido cancelado: o pagamento com cartão não foi concluído',
  boletoWaiting: 'Aguardando pagamento do boleto',
  boletoDue: (dueDate: string) => `Aguardando pagamento do boleto (vencimento ${dueDate})`,
  boletoClearing: 'Pagamento do boleto em compensação',
  boletoCancelled: 'Pedido cancelado: o boleto não foi pago no prazo',
} as const;

/**
 * payment_info's message of an order: by the method of its latest attempt (the order's own
 * before any), the spec's PIX texts for PIX.
 */
function paymentInfoMessage(order: OrderRow, latest: PaymentRow | undefined, canPay: boolean) {
  const method = latest?.method ?? order.paymentMethod;
  const waiting = order.status === 'pending' && order.paymentStatus === 'pending';
  const M = PAYMENT_INFO_NOT_PIX;
  if (method === 'card') {
    if (order.paymentStatus === 'processing') return M.cardInReview;
    if (waiting && latest && isOpen(latest.status)) return M.cardInReview;
    if (waiting && latest?.status === 'rejected') return M.cardRefused;
    if (waiting) return M.cardWaiting;
    if (order.paymentStatus === 'cancelled') return M.cardCancelled;
  }
  if (method === 'boleto') {
    if (order.paymentStatus === 'processing') return M.boletoClearing;
    if (waiting) {
      const dueAt = latest?.boletoDueAt;
      // The due date is a Brazilian calendar day: formatDate reads the instant on Brasília time.
      return dueAt ? M.boletoDue(formatDate(dueAt)) : M.boletoWaiting;
    }
    if (order.paymentStatus === 'cancelled') return M.boletoCancelled;
  }
  return canPay ? PAYMENT_INFO_MESSAGES.pending : PAYMENT_INFO_MESSAGES[order.paymentStatus];
}

export interface PaymentLogger {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

export interface PaymentServiceDeps {
  db: Db;
  /** PIX charges go to `providers.pix`, cards and boletos to `providers.cards`; a row afterwards
   * always to the provider that created it. */
  providers: PaymentProviders;
  /** The order's one writer: a payment reports its status and the order moves (or not). */
  lifecycle: OrderLifecycle;
  /** E-mails promised by a change are queued in its transaction and sent from here. */
  outbox: Pick<MailOutbox, 'enqueue' | 'kick'>;
  /** Public address of the store, for links in e-mails and the provider's notification URL. */
  appUrl: string;
  /** Test mode: 'Simular pagamento' may approve a payment. */
  sandbox: boolean;
  now: () => Date;
  logger: PaymentLogger;
  /** The store settings now: the charge and its e-mail name the shop as it is called today. */
  storeSettings: () => StoreSettings;
  /** Refunds still on their way at the bank are asked about with its webhook and reconciliation. */
  refunds?: Pick<Refunds, 'recheckPending'>;
  /** The PIX code also by WhatsApp, to a shopper who opted in at checkout. */
  orderUpdates?: Pick<OrderUpdates, 'enqueue'>;
}

/** 'Pedido LP-1 - Ateliê Aurora', as the payer's bank shows it; the number alone without a name. */
export function chargeDescription(orderNumber: string, shop: string): string {
  return shop ? `Pedido ${orderNumber} - ${shop}` : `Pedido ${orderNumber}`;
}

function notFound(): AppError {
  return new AppError('not_found', PAYMENT_MESSAGES.notFound, { code: 'order_not_found' });
}

/**
 * Collecting an order's total: issuing the PIX charge, following it to a
 * final status through the one state machine, expiring it after 30 minutes, and the e-mails.
 */
export function createPaymentService(deps: PaymentServiceDeps) {
  const { db, providers, now, logger, lifecycle, outbox } = deps;
  /** New PIX charges. */
  const provider = providers.pix;
  /**
   * Whether the provider of that row gives money back itself (MercadoPago) or the shop does
   * (built-in PIX; the bank's through the refunds); false for a provider no longer configured.
   */
  function refundsAutomatically(payment: PaymentRow): boolean {
    return providers.all.some((one) => one.name === payment.provider && one.refundsAutomatically);
  }

  /** The provider that created a row: the one to ask, cancel or refund it. */
  const providerOf = (payment: PaymentRow): PaymentProvider => providers.byName(payment.provider);
  const repository = createPaymentRepository(db);
  const orderItems = createOrderRepository(db);

  async function ownOrder(userId: number, orderId: number): Promise<OrderRow> {
    const order = await repository.findOrder(orderId);
    if (!order || order.userId !== userId) throw notFound();
    return order;
  }

  function logChange(change: PaymentChange, orderId: number, source: string): void {
    logger.info(
      {
        paymentId: change.payment.id,
        orderId,
        from: change.from,
        to: change.payment.status,
        source,
      },
      'payment status changed',
    );
  }

  /**
   * Moves one payment row in the caller's transaction, whose order is already locked, and asks
   * the order's lifecycle what that means for the order. Undefined when the payment could not
   * move (a replay, a stale read).
   */
  async function moveLocked(
    tx: Db,
    order: OrderRow,
    paymentId: number,
    to: PaymentRowStatus,
    by: OrderActor,
    payload?: Record<string, unknown>,
  ): Promise<(PaymentChange & { refundDuplicate?: boolean }) | undefined> {
    const source = 'source' in by ? by.source : by.actor;
    const inTx = createPaymentRepository(tx);
    const change = await inTx.move(
      paymentId,
      to,
      (from) => canMove(from, to),
      { source, payload },
      now(),
    );
    if (change && (to === 'approved' || to === 'refunded')) {
      // Another row of the order already paid it (two tabs, a superseded PIX or boleto paid
      // anyway): the order stays paid once; this money goes back instead of being lost.
      const others = await inTx.paymentsOf([order.id]);
      const paidByAnother = others.some((row) => row.id !== paymentId && row.status === 'approved');
      if (paidByAnother) {
        if (to === 'refunded') return change;
        const automatic = refundsAutomatically(change.payment) && !!change.payment.gatewayPaymentId;
        await lifecycle.flagDuplicatePayment(tx, order, by, {
          payment_id: paymentId,
          amount_cents: change.payment.amountCents,
          refund: automatic ? 'automatic' : 'owner',
        });
        logger.warn(
          { paymentId, orderId: order.id, automatic },
          'order already paid by another payment: this one is a duplicate',
        );
        return { ...change, refundDuplicate: automatic };
      }
    }
    // A refused card leaves the order payable: the shopper tries another card or method.
    const refusedCard = to === 'rejected' && change?.payment.method === 'card';
    if (change && !refusedCard) {
      await lifecycle.apply(tx, order, { type: 'payment', status: to }, by);
    }
    return change;
  }

  /** The single way a provider's report changes a payment; false when nothing moved. */
  async function move(
    paymentId: number,
    to: PaymentRowStatus,
    source: string,
    payload?: Record<string, unknown>,
  ): Promise<boolean> {
    const result = await db.transaction(async (tx) => {
      const current = await createPaymentRepository(tx).findPayment(paymentId);
      const order = current && (await lifecycle.lock(tx, current.orderId));
      if (!current || !order) return undefined;
      // The sandbox's 'Simular pagamento' is the customer's own click; the rest are reports.
      const actor: OrderActor =
        source === 'sandbox'
          ? { actor: 'customer', userId: order.userId }
          : { actor: 'provider', source };
      const change = await moveLocked(tx, order, paymentId, to, actor, payload);
      return change && { change, orderId: order.id };
    });
    if (!result) return false;
    logChange(result.change, result.orderId, source);
    outbox.kick();
    if (result.change.refundDuplicate) await refundDuplicate(result.change.payment);
    return true;
  }

  /**
   * Gives a second payment of an order already paid back in full at its provider, once (one key
   * per payment: a replayed notification or a retry gets the same refund), and records it as a
   * refund with the shopper's e-mail. A provider that refuses or does not answer leaves it to
   * the shop, told like any duplicate it must refund itself.
   */
  async function refundDuplicate(payment: PaymentRow): Promise<void> {
    let answer: ProviderRefund | undefined;
    try {
      answer = await providerOf(payment).refund(
        payment.gatewayPaymentId ?? '',
        `lumina-duplicate-${payment.id}`,
        payment.amountCents,
        payment.endToEndId,
      );
    } catch (error) {
      logger.error({ err: error, paymentId: payment.id }, 'duplicate payment refund failed');
    }
    const done =
      answer !== undefined && answer.outcome !== 'processing' && answer.outcome !== 'failed';
    await db.transaction(async (tx) => {
      const order = await lifecycle.lock(tx, payment.orderId);
      if (!order) return;
      const by: OrderActor = { actor: 'system', source: 'duplicate_payment' };
      if (!done) {
        await lifecycle.flagDuplicatePayment(tx, order, by, {
          payment_id: payment.id,
          amount_cents: payment.amountCents,
          refund: 'owner',
        });
        return;
      }
      const refunds = createRefundRepository(tx);
      if ((await refunds.committedCents(order.id, payment.id)).total > 0) return;
      const at = now();
      const refund = await refunds.insert({
        orderId: order.id,
        paymentId: payment.id,
        returnId: null,
        amountCents: payment.amountCents,
        reason: DUPLICATE_REFUND_REASON,
        adminId: null,
        method: 'mercadopago',
        status: 'completed',
        providerRefundId: answer?.refundId ?? null,
        createdAt: at,
        completedAt: at,
      });
      // Only the row moves: the order is paid by the other payment.
      await createPaymentRepository(tx).move(
        payment.id,
        'refunded',
        (from) => canMove(from, 'refunded'),
        { source: 'duplicate_payment' },
        at,
      );
      await lifecycle.note(tx, order, 'refund', by, {
        refund_id: refund.id,
        amount_cents: refund.amountCents,
        method: refund.method,
        reason: DUPLICATE_REFUND_REASON,
      });
      const customer = reachable(order);
      if (customer) {
        await outbox.enqueue(tx, {
          key: `refund:${refund.id}`,
          kind: 'order_refund',
          orderId: order.id,
          message: refundMail(customer, refund, payment.method, deps.appUrl, lifecycle.shop()),
        });
      }
    });
    outbox.kick();
  }

  /**
   * An open payment whose time is up: cancelled at the provider and here, unless the provider
   * says it was paid after all (asked again after the cancel, which fails on a paid charge).
   */
  async function expire(payment: PaymentRow): Promise<boolean> {
    const gatewayId = payment.gatewayPaymentId;
    if (gatewayId) {
      try {
        await providerOf(payment).cancel(gatewayId);
      } catch (error) {
        logger.warn({ err: error, paymentId: payment.id }, 'provider cancel failed');
      }
      const report = await reported(payment, gatewayId).catch(() => undefined);
      if (report?.status === 'approved' || report?.status === 'processing') {
        return move(payment.id, report.status, 'expiry', report.payload);
      }
    }
    return move(payment.id, 'cancelled', 'expiry');
  }

  /**
   * What the provider says of a charge, as the status to apply: a charge paid with another amount
   * than the payment's (a bank may let the payer change it) is held as processing for the shop
   * to look at, never approved.
   */
  async function reported(
    payment: PaymentRow,
    gatewayId: string,
  ): Promise<{ status: ProviderPaymentStatus | null; payload: Record<string, unknown> }> {
    const provider = providerOf(payment);
    if (payment.method !== 'pix') {
      // Cards and boletos keep the provider's detail, fee and net amount beside the status.
      if (!provider.cards) {
        throw new PaymentProviderError(`${provider.name} does not read ${payment.method} charges`);
      }
      const charge = await provider.cards.fetchCharge(gatewayId);
      await repository.recordCharge(payment.id, charge, now());
      return { status: charge.status, payload: { provider_status: charge.status } };
    }
    if (!provider.fetchPixCharge) {
      const status = await provider.fetchStatus(gatewayId);
      return { status, payload: { provider_status: status } };
    }
    const { status, paidCents, endToEndId } = await provider.fetchPixCharge(gatewayId);
    if (endToEndId && !payment.endToEndId && (status === 'approved' || status === 'refunded')) {
      // The PIX a devolução gives back, kept before anything else is decided on the charge.
      await repository.recordEndToEnd(payment.id, endToEndId);
    }
    if (status === 'approved' && paidCents !== null && paidCents !== payment.amountCents) {
      logger.warn(
        { paymentId: payment.id, paidCents, expectedCents: payment.amountCents },
        'PIX paid with another amount: held for the shop, not approved',
      );
      return {
        status: 'processing',
        payload: {
          provider_status: status,
          flag: 'amount_mismatch',
          paid_cents: paidCents,
          expected_cents: payment.amountCents,
        },
      };
    }
    return { status, payload: { provider_status: status, paid_cents: paidCents } };
  }

  /**
   * A card or boleto charge we never heard the answer of (the process died, or the answer was
   * lost, after MercadoPago made it): its notification names an id no row has. The charge says
   * which order it is for; the order's attempt of that method still without a charge id is the
   * one that made it, and takes the id now, so the notification applies it like any other.
   */
  async function adoptCharge(
    from: PaymentProviderName,
    gatewayPaymentId: string,
  ): Promise<PaymentRow | undefined> {
    const cards = providers.cards;
    if (!cards || cards.name !== from) return undefined;
    const charge = await cards.cards.fetchCharge(gatewayPaymentId);
    const order = charge.orderNumber && (await repository.findOrderByNumber(charge.orderNumber));
    if (!order) return undefined;
    const method = charge.boleto ? 'boleto' : 'card';
    const orphan = (await repository.paymentsOf([order.id])).find(
      (row) =>
        row.provider === from &&
        row.method === method &&
        row.gatewayPaymentId === null &&
        (row.status === 'pending' || row.status === 'cancelled'),
    );
    if (!orphan) return undefined;
    const attached = await repository.recordCharge(orphan.id, charge, now());
    if (attached) {
      logger.warn(
        { paymentId: orphan.id, orderId: order.id, gatewayPaymentId },
        'charge found by its notification: the answer of its creation never arrived',
      );
    }
    return attached ?? undefined;
  }

  function isOverdue(payment: PaymentRow, at: Date): boolean {
    return payment.status === 'pending' && payment.expiresAt.getTime() <= at.getTime();
  }

  /**
   * Asks the provider where a charge stands and applies it; true when it changed. Only open
   * charges are asked about, unless the provider itself said something changed (a webhook): a
   * cancelled charge may turn out approved after all, an approved one refunded.
   */
  async function sync(
    payment: PaymentRow,
    source: string,
    options: { anyStatus?: boolean } = {},
  ): Promise<boolean> {
    if (!payment.gatewayPaymentId || !(isOpen(payment.status) || options.anyStatus)) {
      return isOverdue(payment, now()) ? expire(payment) : false;
    }
    const { status, payload } = await reported(payment, payment.gatewayPaymentId);
    if (status !== null && status !== payment.status) {
      return move(payment.id, status, source, payload);
    }
    return isOverdue(payment, now()) ? expire(payment) : false;
  }

  async function paymentJson(payment: PaymentRow, order: OrderRow) {
    const items = await orderItems.itemsOf([order.id]);
    return {
      success: true,
      payment_id: payment.id,
      gateway_payment_id: payment.gatewayPaymentId ?? '',
      status: payment.status,
      message: pixStatusText(payment.status),
      provider: payment.provider,
      sandbox: deps.sandbox,
      expires_at: payment.expiresAt.toISOString(),
      pix_data: {
        qr_code: payment.qrCode ?? '',
        qr_code_base64: payment.qrCodeBase64 ?? '',
        ticket_url: payment.ticketUrl,
      },
      amount: reais(payment.amountCents),
      pricing: {
        total: reais(order.totalCents),
        subtotal: reais(order.subtotalCents),
        discount: reais(order.discountCents),
        shipping_cost: reais(order.shippingCents),
      },
      order_summary: {
        order_id: order.id,
        order_number: order.orderNumber,
        items: items.map((item) => ({
          name: item.productName,
          product_name: item.productName,
          price: reais(item.unitPriceCents),
          quantity: item.quantity,
        })),
        items_count: items.reduce((sum, item) => sum + item.quantity, 0),
      },
    };
  }

  /**
   * Picks what to answer for an order under its lock: the payment to show as it is, a row to
   * issue a charge for, or a refusal. Only a pending order past no deadline gets a new row.
   */
  async function claimPayment(userId: number, orderId: number, settledBoletoId?: number) {
    return db.transaction(async (tx) => {
      const inTx = createPaymentRepository(tx);
      const order = await inTx.findOrder(orderId, { lock: true });
      // Someone else's order answers as a missing one; ownership is checked under the lock.
      if (!order || order.userId !== userId) throw notFound();
      let [latest] = await inTx.paymentsOf([orderId]);
      const at = now();
      if (
        settledBoletoId !== undefined &&
        latest?.id === settledBoletoId &&
        latest.status === 'pending'
      ) {
        // The unpaid boleto, already cancelled at its provider, steps aside for the PIX.
        const change = await inTx.move(
          latest.id,
          'cancelled',
          (from) => from === 'pending',
          { source: 'superseded' },
          at,
        );
        if (change) latest = change.payment;
      }
      if (latest && latest.method !== 'pix' && isOpen(latest.status)) {
        // A card in review or a boleto being cleared: no PIX on top of it.
        throw new AppError('conflict', PAYMENT_MESSAGES.otherMethodOpen, {
          code: 'payment_in_progress',
        });
      }
      if (latest && (isOpen(latest.status) || order.status !== 'pending')) {
        const issue = latest.gatewayPaymentId === null && !isOverdue(latest, at);
        return { order, payment: latest, issue: issue && isOpen(latest.status) };
      }
      if (order.status !== 'pending' || order.paymentStatus !== 'pending') {
        if (latest) return { order, payment: latest, issue: false };
        throw new AppError('conflict', PAYMENT_MESSAGES.notPayable, { code: 'order_not_payable' });
      }
      if (!latest && order.createdAt.getTime() + PIX_PAYMENT_WINDOW_MS <= at.getTime()) {
        return { order, payment: undefined, issue: false };
      }
      // After a card or a boleto the order goes back to its PIX prices, with the charge.
      const priced = await repriceForMethod(
        tx,
        lifecycle,
        order,
        'pix',
        { actor: 'customer', userId },
        at,
      );
      const payment = await inTx.insertPayment({
        orderId,
        provider: provider.name,
        amountCents: priced.totalCents,
        expiresAt: new Date(at.getTime() + PIX_PAYMENT_WINDOW_MS),
        at,
      });
      return { order: priced, payment, issue: true };
    });
  }

  /**
   * An open charge about to be closed here (an administrator's cancel, a boleto the shopper
   * trades for PIX): cancelled at the provider that made it and asked again, so a charge paid
   * meanwhile is applied (once, through `move`) instead of cancelled over the money. A cancel
   * refused on a charge still open (the provider unreachable) refuses the closing too.
   */
  async function settleOpen(payment: PaymentRow, source: string): Promise<void> {
    const gatewayId = payment.gatewayPaymentId;
    if (!gatewayId) return;
    const provider = providerOf(payment);
    let cancelError: unknown;
    try {
      await provider.cancel(gatewayId);
    } catch (error) {
      // A paid charge cannot be cancelled: what it is now decides.
      cancelError = error;
    }
    let status: ProviderPaymentStatus | null;
    try {
      status = await provider.fetchStatus(gatewayId);
    } catch (error) {
      throw providerUnavailable(error);
    }
    if (status === 'approved' || status === 'processing') {
      await move(payment.id, status, source);
      return;
    }
    if (cancelError !== undefined && (status === null || status === 'pending')) {
      throw providerUnavailable(cancelError);
    }
  }

  function providerUnavailable(cause: unknown): AppError {
    return new AppError('unavailable', PAYMENT_MESSAGES.providerUnavailable, {
      code: 'payment_provider_failed',
      cause,
    });
  }

  /**
   * The order's boleto still open and unpaid when its shopper asks for PIX: settled at the
   * provider first (cancelled, or applied if it was paid meanwhile); past its deadline, expired
   * like the sweep would. The id of a boleto PIX may now supersede, if any.
   */
  async function settleBoletoForPix(userId: number, orderId: number): Promise<number | undefined> {
    await ownOrder(userId, orderId);
    const [latest] = await repository.paymentsOf([orderId]);
    if (latest?.method !== 'boleto' || latest.status !== 'pending') return undefined;
    if (isOverdue(latest, now())) {
      await expire(latest);
      return undefined;
    }
    await settleOpen(latest, 'superseded');
    return latest.id;
  }

  async function issueCharge(order: OrderRow, payment: PaymentRow): Promise<PaymentRow> {
    let charge;
    try {
      charge = await provider.createPixPayment({
        paymentId: payment.id,
        orderId: order.id,
        orderNumber: order.orderNumber,
        amountCents: payment.amountCents,
        description: chargeDescription(order.orderNumber, shopName(deps.storeSettings())),
        payer: {
          email: order.customerEmail ?? '',
          name: order.customerName,
          cpf: order.customerCpf,
        },
        expiresAt: payment.expiresAt,
        // One key per payment row: a retry after a timeout finds the charge already made.
        idempotencyKey: `lumina-payment-${payment.id}`,
        notificationUrl: `${deps.appUrl}/api/webhooks/mercadopago`,
      });
    } catch (error) {
      logger.error({ err: error, paymentId: payment.id, orderId: order.id }, 'PIX charge failed');
      throw new AppError('unavailable', PAYMENT_MESSAGES.createFailed, {
        code: 'payment_provider_failed',
        cause: error,
      });
    }
    const attached = await db.transaction(async (tx) => {
      const row = await createPaymentRepository(tx).attachCharge(payment.id, charge, now());
      // The order-received e-mail exists exactly when the charge it carries does.
      const customer = reachable(order);
      if (row && customer) {
        const items = await createOrderRepository(tx).itemsOf([order.id]);
        await outbox.enqueue(tx, {
          key: `payment:${payment.id}:order_received`,
          kind: 'order_received',
          orderId: order.id,
          message: orderReceivedMail(
            { ...customer, items },
            charge.qrCode,
            deps.appUrl,
            order.id,
            mailShop(deps.storeSettings()),
          ),
        });
      }
      // The same code by WhatsApp to a shopper who asked for it, queued with the e-mail.
      if (row) {
        await deps.orderUpdates?.enqueue(
          tx,
          order,
          { kind: 'order_received', pixCode: charge.qrCode },
          `payment:${payment.id}:order_received`,
        );
      }
      return row;
    });
    if (!attached) {
      // A twin request attached its charge first; the shopper sees that one.
      return (await repository.findPayment(payment.id)) ?? payment;
    }
    outbox.kick();
    if (charge.status !== 'pending') await move(payment.id, charge.status, 'create');
    return (await repository.findPayment(payment.id)) ?? attached;
  }

  const byMethod = createPayByMethod({
    db,
    providers,
    lifecycle,
    outbox,
    appUrl: deps.appUrl,
    now,
    logger,
    storeSettings: deps.storeSettings,
    move,
    windowMs: PIX_PAYMENT_WINDOW_MS,
    description: (order) => chargeDescription(order.orderNumber, shopName(deps.storeSettings())),
  });

  return {
    /** POST /api/orders/{id}/payments with a card (instalments) or a boleto. */
    payWithCard: (...args: Parameters<typeof byMethod.payWithCard>) =>
      byMethod.payWithCard(...args),
    payWithBoleto: (userId: number, orderId: number) => byMethod.payWithBoleto(userId, orderId),

    /**
     * POST /api/orders/{id}/mercadopago_payment: the order's open PIX charge, issued now if it has
     * none. Paid, cancelled and expired orders answer their last payment so the pages can move on.
     */
    async payForOrder(userId: number, orderId: number) {
      const settledBoletoId = await settleBoletoForPix(userId, orderId);
      let claim = await claimPayment(userId, orderId, settledBoletoId);
      if (claim.payment && isOverdue(claim.payment, now())) {
        await expire(claim.payment);
        claim = await claimPayment(userId, orderId);
      }
      if (!claim.payment) {
        // Past its deadline without ever getting a charge: the sweep's work, done now.
        await this.cancelUnpaidOrder(orderId);
        throw new AppError('conflict', PAYMENT_MESSAGES.notPayable, { code: 'order_not_payable' });
      }
      if (!claim.issue) return paymentJson(claim.payment, claim.order);
      const payment = await issueCharge(claim.order, claim.payment);
      // A charge born final (rare) moved the order on: answer it as it is now.
      const order = (await repository.findOrder(orderId)) ?? claim.order;
      return paymentJson(payment, order);
    },

    /** GET /api/payments/{id}/status (spec 000 §7): one payment of the user's, as it stands. */
    async paymentStatus(userId: number, paymentId: number) {
      const payment = await repository.findPayment(paymentId);
      const order = payment && (await repository.findOrder(payment.orderId));
      if (!payment || !order || order.userId !== userId) {
        throw new AppError('not_found', 'Pagamento não encontrado', { code: 'payment_not_found' });
      }
      return {
        payment_id: payment.id,
        status: payment.status,
        message: pixStatusText(payment.status),
        expires_at: payment.expiresAt.toISOString(),
        order_id: order.id,
        order_status: order.status,
        payment_status: order.paymentStatus,
      };
    },

    /** Sandbox only: the owner approves the open payment as if the bank had paid it. */
    async simulateApproval(userId: number, orderId: number) {
      if (!deps.sandbox) {
        throw new AppError('not_found', PAYMENT_MESSAGES.sandboxOnly, { code: 'not_found' });
      }
      await ownOrder(userId, orderId);
      const [latest] = await repository.paymentsOf([orderId]);
      if (latest?.status === 'approved') {
        // A retry whose first attempt went through (the answer was lost): the order is paid.
        const order = await ownOrder(userId, orderId);
        return { success: true, status: order.paymentStatus, order_status: order.status };
      }
      if (!latest || !isOpen(latest.status) || isOverdue(latest, now())) {
        if (latest && isOverdue(latest, now())) await expire(latest);
        throw new AppError('conflict', PAYMENT_MESSAGES.noOpenPayment, { code: 'no_open_payment' });
      }
      await move(latest.id, 'approved', 'sandbox');
      const order = await ownOrder(userId, orderId);
      return { success: true, status: order.paymentStatus, order_status: order.status };
    },

    /**
     * A provider's notification about one of its charges (MercadoPago's for its PIX, cards and
     * boletos; the bank's for its PIX); unknown ids are acknowledged.
     */
    async onProviderNotification(
      from: PaymentProviderName,
      gatewayPaymentId: string,
    ): Promise<'applied' | 'unchanged' | 'unknown'> {
      const payment =
        (await repository.findByGatewayId(from, gatewayPaymentId)) ??
        (await adoptCharge(from, gatewayPaymentId));
      if (!payment) return 'unknown';
      if (from === 'pix_bank') {
        // The bank notifies devoluções reaching a final status with their PIX: those first, so
        // a charge all given back is recorded as the refund it is before its cob is read.
        await deps.refunds?.recheckPending('webhook', { gatewayPaymentId });
      }
      return (await sync(payment, 'webhook', { anyStatus: true })) ? 'applied' : 'unchanged';
    },

    /** POST /api/my_orders/verify_pix: asks the provider about each open PIX of the user. */
    async verifyUserPayments(userId: number) {
      const open = await repository.openPaymentsOfUser(userId);
      let updated = 0;
      let failed = 0;
      for (const payment of open) {
        try {
          if (await sync(payment, 'verify')) updated += 1;
        } catch (error) {
          failed += 1;
          logger.warn({ err: error, paymentId: payment.id }, 'PIX verification failed');
        }
      }
      if (failed > 0 && failed === open.length) {
        throw new AppError('unavailable', PAYMENT_MESSAGES.verifyFailed, {
          code: 'payment_provider_failed',
        });
      }
      return { success: true, message: PAYMENT_MESSAGES.verifyDone, checked: open.length, updated };
    },

    /**
     * The reconciliation (a job every minute) for providers whose webhook may never arrive (the
     * bank's API Pix): each open charge is read back and applied as a webhook would be. Counts
     * the payments that changed; a charge the provider cannot answer for now waits for the next
     * run.
     */
    async reconcileOpen(batch = 100): Promise<{ checked: number; updated: number }> {
      await deps.refunds?.recheckPending('reconciliation');
      const open: PaymentRow[] = [];
      for (const reconciled of providers.all.filter((one) => one.reconcilesOpenCharges)) {
        open.push(...(await repository.openCharges(reconciled.name, batch)));
      }
      let updated = 0;
      for (const payment of open) {
        try {
          if (await sync(payment, 'reconciliation')) updated += 1;
        } catch (error) {
          logger.warn({ err: error, paymentId: payment.id }, 'PIX reconciliation failed');
        }
      }
      return { checked: open.length, updated };
    },

    /** An order that never got a charge in its 30 minutes: cancelled, its stock returned. */
    async cancelUnpaidOrder(orderId: number): Promise<boolean> {
      const cancelled = await db.transaction(async (tx) => {
        const order = await lifecycle.lock(tx, orderId);
        if (!order || order.status !== 'pending' || order.paymentStatus !== 'pending') return false;
        const { decision } = await lifecycle.apply(
          tx,
          order,
          { type: 'cancel', provider: null, unpaid: true },
          { actor: 'system', source: 'expiry' },
        );
        return decision.outcome === 'changed';
      });
      if (cancelled) {
        logger.info({ orderId }, 'unpaid order cancelled');
        outbox.kick();
      }
      return cancelled;
    },

    /**
     * The expiry sweep (a job every minute, and tests with an injected clock): pending charges
     * past their 30 minutes, then pending orders that never got a charge in 30 minutes.
     */
    async expireOverdue(batch = 100): Promise<{ payments: number; orders: number }> {
      const at = now();
      let expiredPayments = 0;
      for (const payment of await repository.overduePayments(at, batch)) {
        try {
          if (await expire(payment)) expiredPayments += 1;
        } catch (error) {
          logger.error({ err: error, paymentId: payment.id }, 'payment expiry failed');
        }
      }
      let cancelledOrders = 0;
      const deadline = new Date(at.getTime() - PIX_PAYMENT_WINDOW_MS);
      for (const { id } of await repository.overdueOrdersWithoutPayment(deadline, batch)) {
        if (await this.cancelUnpaidOrder(id)) cancelledOrders += 1;
      }
      return { payments: expiredPayments, orders: cancelledOrders };
    },

    /** payment_info of the order list, per order id (spec 001 §3). */
    async paymentInfo(orderRows: OrderRow[]) {
      const all = await repository.paymentsOf(orderRows.map((order) => order.id));
      const at = now();
      return new Map(
        orderRows.map((order) => {
          const latest = all.find((payment) => payment.orderId === order.id);
          const open =
            latest && latest.status === 'pending' && !isOverdue(latest, at) ? latest : undefined;
          // A card being charged is no time to pay again; an unpaid boleto may give way to PIX.
          const canPay =
            order.status === 'pending' &&
            order.paymentStatus === 'pending' &&
            open?.method !== 'card' &&
            (open !== undefined ||
              (!latest && order.createdAt.getTime() + PIX_PAYMENT_WINDOW_MS > at.getTime()));
          const openPix = open?.method === 'pix' ? open : undefined;
          return [
            order.id,
            {
              can_pay: canPay,
              message: paymentInfoMessage(order, latest, canPay),
              qr_code: openPix?.qrCode ?? null,
              // A boleto's ticket is its PDF (MercadoPago's own name for it).
              ticket_url:
                openPix?.ticketUrl ?? (open?.method === 'boleto' ? open.boletoUrl : null) ?? null,
              payment_id: openPix?.id ?? null,
            },
          ] as const;
        }),
      );
    },

    /** The built-in provider's ticket page: the charge behind a txid, if any. */
    async ticket(txid: string) {
      const payment = await repository.findByTxid(txid);
      if (!payment) return undefined;
      const order = await repository.findOrder(payment.orderId);
      return order ? { payment, order } : undefined;
    },

    /** The order's payments, newest first, with their events (the admin's order detail). */
    async historyOf(orderId: number) {
      const rows = await repository.paymentsOf([orderId]);
      const events = await repository.eventsOf(rows.map((row) => row.id));
      return rows.map((payment) => ({
        payment,
        events: events.filter((event) => event.paymentId === payment.id),
      }));
    },

    /** The latest payment of an order, read in the caller's transaction (order locked first). */
    async latestLocked(tx: Db, orderId: number): Promise<PaymentRow | undefined> {
      const [latest] = await createPaymentRepository(tx).paymentsOf([orderId]);
      return latest;
    },

    /**
     * Moves only a payment row, in the caller's transaction, after the caller moved its (locked)
     * order itself: an administrator's confirmation or cancel. False when the row could not move.
     */
    async recordLocked(
      tx: Db,
      paymentId: number,
      to: PaymentRowStatus,
      source: string,
    ): Promise<boolean> {
      const change = await createPaymentRepository(tx).move(
        paymentId,
        to,
        (from) => canMove(from, to),
        { source },
        now(),
      );
      return change !== undefined;
    },

    /**
     * Before an administrator cancels an unpaid order: its open charge is cancelled at the
     * provider and asked again, so a charge paid meanwhile is applied (and then refunded by the
     * cancel) instead of cancelled over the money.
     */
    async settleBeforeCancel(orderId: number): Promise<void> {
      const [latest] = await repository.paymentsOf([orderId]);
      if (!latest?.gatewayPaymentId || !isOpen(latest.status)) return;
      if (!refundsAutomatically(latest)) return;
      await settleOpen(latest, 'admin');
    },

    /** Gives a paid charge back through the provider; the same payment never refunds twice. */
    async refundAtProvider(payment: PaymentRow): Promise<ProviderRefund | null> {
      if (!payment.gatewayPaymentId) return null;
      try {
        return await providerOf(payment).refund(
          payment.gatewayPaymentId,
          `lumina-refund-${payment.id}`,
        );
      } catch (error) {
        logger.warn({ err: error, paymentId: payment.id }, 'provider refund failed');
        throw new AppError('unavailable', PAYMENT_MESSAGES.refundFailed, {
          code: 'payment_provider_failed',
          cause: error,
        });
      }
    },

    refundsAutomatically,
    /** Who issues new PIX charges. */
    providerName: provider.name,
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
