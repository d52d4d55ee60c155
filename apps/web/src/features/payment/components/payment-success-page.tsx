import { formatDate } from '@lumina/shared/format/dates';
import { paymentStatusLabel } from '@lumina/shared/payments/payment-status';
import { PAYMENT_ERRORS, PIX_PAGE_TEXTS } from '@lumina/shared/payments/pix-texts';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { clearPendingPayment } from '../../../lib/payment/pending-payment.ts';
import type { OrderStatusResponse } from '../../../lib/payment/payment-api.ts';
import { useOrderStatus } from '../api/order-status.ts';
import { formatReais } from '../format-reais.ts';
import { parseOrderId } from '../order-id.ts';
import { PaymentErrorCard } from './payment-error-card.tsx';

function isPaid(order: OrderStatusResponse): boolean {
  return order.payment_status === 'approved' || order.status === 'completed';
}

/** /payment-success?order_id={id}: what was bought, for how much, and where to go next. */
export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const orderId = parseOrderId(params.get('order_id'));
  const order = useOrderStatus(orderId);
  const paid = order.data ? isPaid(order.data) : false;

  useEffect(() => {
    if (paid) clearPendingPayment();
  }, [paid]);

  if (orderId === null || order.isError) {
    return (
      <PaymentErrorCard
        title={PAYMENT_ERRORS.orderInfoFailed}
        to="/"
        linkText="Voltar para o início"
      >
        <p>
          {orderId === null ? PIX_PAGE_TEXTS.missingOrderId : PAYMENT_ERRORS.orderInfoUnavailable}
        </p>
      </PaymentErrorCard>
    );
  }
  if (order.isPending) {
    return (
      <div className="flex justify-center px-4 py-20">
        <Spinner size="lg" label="Carregando pedido..." />
      </div>
    );
  }

  const { data } = order;
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center">
      <div className="mb-6 inline-flex size-16 items-center justify-center rounded-full bg-success/10 text-success">
        <svg
          viewBox="0 0 24 24"
          className="size-8"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          aria-hidden="true"
        >
          <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </div>
      <h1 className="font-serif text-3xl text-ink-900 sm:text-4xl">
        {paid ? 'Pagamento aprovado!' : 'Pedido recebido'}
      </h1>
      <p className="mt-3 text-ink-700">
        Obrigado pela compra! Você acompanha o pedido em Minha Conta, na aba Meus Pedidos.
      </p>
      <dl className="mt-8 w-full divide-y divide-ink-300/60 rounded-2xl bg-white px-5 text-left shadow-sm">
        <div className="flex justify-between gap-4 py-3">
          <dt className="text-ink-700">Pedido</dt>
          <dd className="font-semibold text-ink-900">{data.order.order_number}</dd>
        </div>
        <div className="flex justify-between gap-4 py-3">
          <dt className="text-ink-700">Status</dt>
          <dd className="font-semibold text-ink-900">{paymentStatusLabel(data.payment_status)}</dd>
        </div>
        <div className="flex justify-between gap-4 py-3">
          <dt className="text-ink-700">Total</dt>
          <dd className="font-semibold text-ink-900">{formatReais(data.total)}</dd>
        </div>
        <div className="flex justify-between gap-4 py-3">
          <dt className="text-ink-700">Data</dt>
          <dd className="font-semibold text-ink-900">{formatDate(data.created_at)}</dd>
        </div>
      </dl>
      <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Link to="/" className={buttonClasses({ variant: 'outline' })}>
          Voltar para o início
        </Link>
        <Link to="/minha-conta" className={buttonClasses()}>
          Ir para Minha Conta
        </Link>
      </div>
    </div>
  );
}
