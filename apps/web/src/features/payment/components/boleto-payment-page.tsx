import { DEFAULT_POLL } from '@lumina/shared/constants/account-constants';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { OrderDetail } from '../../../lib/payment/payment-api.ts';
import { useOrderStatus } from '../api/order-status.ts';
import { CopyCode } from '../components/copy-code.tsx';
import { MissingOrderId } from '../components/missing-order-id.tsx';
import { PaymentErrorCard } from '../components/payment-error-card.tsx';
import { parseOrderId } from '../order-id.ts';
import { serverMessage } from '../payment-error-detail.ts';
import { useOrderPolling } from '../use-order-polling.ts';
import { useResultRedirect } from '../use-result-redirect.ts';
import { payByMethod, type PaymentByMethod } from '../api/pay-by-method.ts';
import { digitableLineText, dueDateText, PAYMENT_STEP_TEXTS as T } from '../payment-step-texts.ts';
import { PaymentStepSummary } from './payment-step-summary.tsx';

/** /payment-boleto?order_id={id}: the order's boleto, issued on arrival (or the open one). */
export function BoletoPaymentPage() {
  const [params] = useSearchParams();
  const orderId = parseOrderId(params.get('order_id'));
  if (orderId === null) return <MissingOrderId redirectTo="/checkout" />;
  return <BoletoPayment key={orderId} orderId={orderId} />;
}

/**
 * The server answers the order's open boleto rather than issuing another, so the page asks on
 * arrival, once, and never again by itself.
 */
function useBoleto(orderId: number) {
  return useQuery({
    queryKey: ['payment', 'boleto', orderId] as const,
    queryFn: () => payByMethod(orderId, { method: 'boleto' }),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

function BoletoPayment({ orderId }: { orderId: number }) {
  const order = useOrderStatus(orderId);
  const boleto = useBoleto(orderId);

  if (order.isError) {
    const detail = serverMessage(order.error);
    return (
      <PaymentErrorCard title="Pedido não encontrado" to="/checkout" linkText="Voltar ao checkout">
        {detail ? <p>{detail}</p> : null}
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
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-12">
      <h1 className="font-serif text-3xl text-ink-900 sm:text-4xl">{T.boletoTitle}</h1>
      <p className="mt-1 text-ink-700">Pedido {order.data.order.order_number}</p>
      <div className="mt-6 grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:gap-6">
        <div className="space-y-4">
          {boleto.isPending ? (
            <div className="rounded-2xl bg-white p-6 shadow-sm">
              <Spinner label={T.boletoLoading} />
            </div>
          ) : null}
          {boleto.isError ? (
            <FormAlert kind="error" title={T.boletoFailed}>
              {serverMessage(boleto.error) ? <p>{serverMessage(boleto.error)}</p> : null}
              <div className="mt-3 flex flex-col gap-2 sm:flex-row">
                <Button size="sm" onClick={() => void boleto.refetch()}>
                  {T.tryAgain}
                </Button>
                <Link
                  to={`/payment-pix?order_id=${orderId}`}
                  className={buttonClasses({ variant: 'outline', size: 'sm' })}
                >
                  {T.payWithPix}
                </Link>
              </div>
            </FormAlert>
          ) : null}
          {boleto.isSuccess ? (
            <BoletoView orderId={orderId} payment={boleto.data} order={order.data.order} />
          ) : null}
        </div>
        <div>
          <PaymentStepSummary order={order.data.order} />
        </div>
      </div>
    </div>
  );
}

function BoletoView({
  orderId,
  payment,
  order,
}: {
  orderId: number;
  payment: PaymentByMethod;
  order: OrderDetail;
}) {
  const alreadyPaid = order.payment_status === 'approved';
  const polling = useOrderPolling({ orderId, ...DEFAULT_POLL, enabled: !alreadyPaid });
  const paid = alreadyPaid || polling.response?.payment_status === 'approved';
  useResultRedirect(orderId, paid ? 'success' : undefined, T.boletoPaid);
  const boleto = payment.boleto;

  return (
    <section aria-labelledby="boleto-titulo" className="rounded-2xl bg-white p-4 shadow-sm sm:p-6">
      <h2 id="boleto-titulo" className="font-serif text-xl text-ink-900">
        {T.boletoReady}
      </h2>
      <p className="mt-1 text-sm text-ink-700">{payment.message}</p>
      {boleto ? (
        <>
          <p className="mt-3 text-sm text-ink-800">
            {T.dueDate}: <strong className="font-semibold">{dueDateText(boleto.due_date)}</strong>
          </p>
          {boleto.digitable_line ? (
            <CopyCode
              id="boleto-linha"
              label={T.digitableLine}
              value={boleto.digitable_line}
              display={digitableLineText(boleto.digitable_line)}
              copyLabel={T.copyLine}
              copiedText={T.lineCopied}
              failedText={T.copyFailed}
              rows={2}
            />
          ) : null}
          <a
            href={boleto.pdf_url}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses({ variant: 'outline', className: 'mt-1 w-full' })}
          >
            {T.openPdf}
            <span className="sr-only"> (abre em nova aba)</span>
          </a>
        </>
      ) : null}
      <div className="mt-4 rounded-xl bg-cream-100 px-4 py-3 text-sm text-ink-800">
        <p role="status" className="flex items-center gap-2 font-medium">
          <span
            aria-hidden="true"
            className="size-2.5 rounded-full bg-gold-400 motion-safe:animate-pulse"
          />
          {T.boletoWaiting}
        </p>
        <Button variant="ghost" size="sm" className="mt-2" onClick={() => void polling.checkNow()}>
          {T.checkNow}
        </Button>
      </div>
    </section>
  );
}
