import { DEFAULT_POLL } from '@lumina/shared/constants/account-constants';
import { paymentStatusLabel } from '@lumina/shared/payments/payment-status';
import { PAYMENT_ERRORS, PIX_PAGE_TEXTS } from '@lumina/shared/payments/pix-texts';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { readPendingPayment } from '../../../lib/payment/pending-payment.ts';
import type { OrderStatusResponse } from '../../../lib/payment/payment-api.ts';
import { parseOrderId } from '../order-id.ts';
import { useOrderPolling } from '../use-order-polling.ts';
import { useResultRedirect, type PaymentOutcome } from '../use-result-redirect.ts';
import { MissingOrderId } from './missing-order-id.tsx';

/** Spec 001 §4, pending page: approved (or a completed order) is a success; processing waits. */
function pendingOutcome(response: OrderStatusResponse | null): PaymentOutcome | undefined {
  if (!response) return undefined;
  if (response.payment_status === 'approved' || response.status === 'completed') return 'success';
  if (response.payment_status === 'rejected' || response.payment_status === 'cancelled') {
    return 'failure';
  }
  return undefined;
}

/** /payment-pending: order_id from the address, else the payment the checkout saved. */
export function PaymentPendingPage() {
  const [params] = useSearchParams();
  const [saved] = useState(() => readPendingPayment());
  const orderId = parseOrderId(params.get('order_id')) ?? saved?.order_id ?? null;
  if (orderId === null) return <MissingOrderId />;
  return <PendingStatus key={orderId} orderId={orderId} />;
}

function PendingStatus({ orderId }: { orderId: number }) {
  const polling = useOrderPolling({ orderId, ...DEFAULT_POLL, immediate: true });
  const [checking, setChecking] = useState(false);
  useResultRedirect(orderId, pendingOutcome(polling.response));

  const checkNow = async () => {
    setChecking(true);
    await polling.checkNow();
    setChecking(false);
  };

  const status = polling.response ? paymentStatusLabel(polling.response.payment_status) : null;
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center">
      <div
        aria-hidden="true"
        className="mb-6 size-14 rounded-full border-4 border-gold-300 border-t-gold-600 motion-safe:animate-spin"
      />
      <h1 className="font-serif text-3xl text-ink-900">Pagamento pendente</h1>
      <p className="mt-3 text-ink-700">
        Estamos aguardando a confirmação do pagamento do seu pedido. Esta página verifica sozinha e
        avisa assim que ele for aprovado.
      </p>
      <p role="status" className="mt-4 font-medium text-ink-900">
        {status ? `Status do pagamento: ${status}` : 'Verificando status do pagamento...'}
      </p>
      {polling.failed ? (
        <p role="alert" className="mt-2 text-sm text-sale">
          {PAYMENT_ERRORS.paymentStatusFailed}
        </p>
      ) : null}
      <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Button disabled={checking} onClick={() => void checkNow()}>
          {checking ? 'Verificando...' : PIX_PAGE_TEXTS.verifyNow}
        </Button>
        <Link to="/minha-conta?aba=pedidos" className={buttonClasses({ variant: 'outline' })}>
          Ver meus pedidos
        </Link>
      </div>
    </div>
  );
}
