import { PIX_POLL } from '@lumina/shared/constants/account-constants';
import { formatCountdown } from '@lumina/shared/format/countdown';
import { pixOutcome, pixStatusText } from '@lumina/shared/payments/payment-status';
import { PAYMENT_ERRORS, PIX_PAGE_TEXTS } from '@lumina/shared/payments/pix-texts';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { PaymentResponse } from '../../../lib/payment/payment-api.ts';
import { usePixPayment } from '../api/pix-payment.ts';
import { parseOrderId } from '../order-id.ts';
import { serverMessage } from '../payment-error-detail.ts';
import { useOrderPolling } from '../use-order-polling.ts';
import { usePixCountdown } from '../use-pix-countdown.ts';
import { useResultRedirect } from '../use-result-redirect.ts';
import { MissingOrderId } from './missing-order-id.tsx';
import { PaymentErrorCard } from './payment-error-card.tsx';
import { PixCodeBox } from './pix-code-box.tsx';
import { PixHowToPay } from './pix-how-to-pay.tsx';
import { PixOrderSummary } from './pix-order-summary.tsx';
import { SandboxBox } from './sandbox-box.tsx';

/** /payment-pix?order_id={id}&payment_id={id} (spec 001 §2, §4). */
export function PixPaymentPage() {
  const [params] = useSearchParams();
  const orderId = parseOrderId(params.get('order_id'));
  if (orderId === null) return <MissingOrderId redirectTo="/checkout" />;
  return <PixPayment key={orderId} orderId={orderId} />;
}

function PixPayment({ orderId }: { orderId: number }) {
  const payment = usePixPayment(orderId);

  if (payment.isPending) {
    return (
      <div className="flex justify-center px-4 py-20">
        <Spinner size="lg" label="Carregando pagamento PIX..." />
      </div>
    );
  }
  if (payment.isError) {
    const detail = serverMessage(payment.error);
    return (
      <PaymentErrorCard
        title={PIX_PAGE_TEXTS.loadFailed}
        to="/checkout"
        linkText="Voltar ao checkout"
      >
        {detail ? <p>{detail}</p> : null}
      </PaymentErrorCard>
    );
  }
  return <PixPaymentView orderId={orderId} payment={payment.data} />;
}

function PixPaymentView({ orderId, payment }: { orderId: number; payment: PaymentResponse }) {
  const alreadyFinal = pixOutcome(payment.status) !== undefined;
  const polling = useOrderPolling({ orderId, ...PIX_POLL, enabled: !alreadyFinal });
  const status = polling.response?.payment_status ?? payment.status;
  const outcome =
    pixOutcome(status) ?? (polling.response?.status === 'completed' ? 'success' : undefined);
  const statusText = outcome === 'success' ? pixStatusText('approved') : pixStatusText(status);
  useResultRedirect(orderId, outcome, outcome ? statusText : undefined);
  const remaining = usePixCountdown(payment.expires_at);

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-12">
      <h1 className="font-serif text-3xl text-ink-900 sm:text-4xl">Pagamento PIX</h1>
      <p className="mt-1 text-ink-700">Pedido {payment.order_summary.order_number}</p>

      <div className="mt-6 grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:gap-6">
        <div className="space-y-4">
          <div className="rounded-2xl bg-ink-900 px-4 py-4 text-cream-50 sm:px-6">
            <p role="status" className="flex items-center gap-2 font-medium">
              {outcome ? null : (
                <span
                  aria-hidden="true"
                  className="size-2.5 rounded-full bg-gold-400 motion-safe:animate-pulse"
                />
              )}
              {statusText}
            </p>
            {remaining > 0 ? (
              <p className="mt-2 text-sm">
                Tempo restante para pagar:{' '}
                <span className="font-mono text-lg font-semibold tabular-nums">
                  {formatCountdown(remaining)}
                </span>
              </p>
            ) : (
              <p role="alert" className="mt-2 font-semibold text-gold-300">
                {PIX_PAGE_TEXTS.expired}
              </p>
            )}
            {polling.phase === 'error' ? (
              <p role="alert" className="mt-2 text-sm text-gold-300">
                {PAYMENT_ERRORS.paymentStatusFailed}
              </p>
            ) : null}
            {polling.phase === 'error' || polling.phase === 'timeout' ? (
              <Button
                variant="outline-light"
                size="sm"
                className="mt-3"
                onClick={() => void polling.checkNow()}
              >
                {PIX_PAGE_TEXTS.verifyNow}
              </Button>
            ) : null}
          </div>
          {payment.sandbox ? <SandboxBox orderId={orderId} onSimulated={polling.checkNow} /> : null}
          <PixCodeBox pix={payment.pix_data} />
        </div>
        <div className="space-y-4">
          <PixOrderSummary payment={payment} />
          <PixHowToPay orderNumber={payment.order_summary.order_number} />
        </div>
      </div>
    </div>
  );
}
