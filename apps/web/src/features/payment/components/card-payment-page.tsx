import type { CardPaymentMethod, InstalmentRules } from '@lumina/shared/payments/card-instalments';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { OrderDetail } from '../../../lib/payment/payment-api.ts';
import { useStore } from '../../../lib/store-settings.ts';
import { useOrderStatus } from '../api/order-status.ts';
import { MissingOrderId } from '../components/missing-order-id.tsx';
import { PaymentErrorCard } from '../components/payment-error-card.tsx';
import { parseOrderId } from '../order-id.ts';
import { serverMessage } from '../payment-error-detail.ts';
import { useResultRedirect } from '../use-result-redirect.ts';
import type { PaymentByMethod } from '../api/pay-by-method.ts';
import { PAYMENT_STEP_TEXTS as T } from '../payment-step-texts.ts';
import { CardForm } from './card-form.tsx';
import { PaymentStepSummary } from './payment-step-summary.tsx';

/** How the card attempt ended, as the page shows it. */
export type CardOutcome =
  { kind: 'approved' } | { kind: 'review'; message: string } | { kind: 'rejected'; reason: string };

/** /payment-card?order_id={id}: the card step of an order placed to be paid by card. */
export function CardPaymentPage() {
  const [params] = useSearchParams();
  const orderId = parseOrderId(params.get('order_id'));
  if (orderId === null) return <MissingOrderId redirectTo="/checkout" />;
  return <CardPayment key={orderId} orderId={orderId} />;
}

function Loading({ label }: { label: string }) {
  return (
    <div className="flex justify-center px-4 py-20">
      <Spinner size="lg" label={label} />
    </div>
  );
}

function CardPayment({ orderId }: { orderId: number }) {
  const store = useStore();
  const order = useOrderStatus(orderId);
  if (order.isError) {
    const detail = serverMessage(order.error);
    return (
      <PaymentErrorCard title="Pedido não encontrado" to="/checkout" linkText="Voltar ao checkout">
        {detail ? <p>{detail}</p> : null}
      </PaymentErrorCard>
    );
  }
  if (!store || order.isPending) return <Loading label="Carregando pedido..." />;
  if (!store.payments.card) {
    return (
      <PaymentErrorCard title={T.cardUnavailable} to="/checkout" linkText="Voltar ao checkout">
        <p>
          <Link to={`/payment-pix?order_id=${orderId}`} className="underline">
            {T.payWithPix}
          </Link>
        </p>
      </PaymentErrorCard>
    );
  }
  return (
    <CardPaymentView
      order={order.data.order}
      card={store.payments.card}
      rules={store.installments}
    />
  );
}

/** What an order already says of its card payment (a reload after paying). */
function outcomeOf(order: OrderDetail): CardOutcome | null {
  if (order.payment_status === 'approved') return { kind: 'approved' };
  if (order.payment_status === 'processing') return { kind: 'review', message: '' };
  return null;
}

export interface CardPaymentViewProps {
  order: OrderDetail;
  card: CardPaymentMethod;
  rules: InstalmentRules;
}

export function CardPaymentView({ order, card, rules }: CardPaymentViewProps) {
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<CardOutcome | null>(() => outcomeOf(order));
  // Each new card is a fresh form: new secure fields, nothing typed kept.
  const [attempt, setAttempt] = useState(0);
  useResultRedirect(
    order.id,
    outcome?.kind === 'approved' ? 'success' : undefined,
    `${T.approved}.`,
  );

  const onPaid = (payment: PaymentByMethod) =>
    setOutcome(
      payment.status === 'approved'
        ? { kind: 'approved' }
        : { kind: 'review', message: payment.message },
    );

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-12">
      <h1 className="font-serif text-3xl text-ink-900 sm:text-4xl">{T.cardTitle}</h1>
      <p className="mt-1 text-ink-700">Pedido {order.order_number}</p>
      <div className="mt-6 grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:gap-6">
        <div className="space-y-4">
          {outcome === null ? (
            <CardForm
              key={attempt}
              orderId={order.id}
              totalCents={order.total_cents}
              rules={rules}
              card={card}
              defaultCpf={order.customer_cpf ?? ''}
              onPaid={onPaid}
              onRejected={(reason) => setOutcome({ kind: 'rejected', reason })}
            />
          ) : null}
          {outcome?.kind === 'approved' ? (
            <section role="status" className="rounded-2xl bg-success/10 p-4 sm:p-6">
              <h2 className="font-serif text-xl text-success">{T.approved}</h2>
            </section>
          ) : null}
          {outcome?.kind === 'review' ? (
            <section
              role="status"
              aria-labelledby="cartao-analise"
              className="rounded-2xl border border-gold-500/40 bg-gold-100 p-4 text-ink-900 sm:p-6"
            >
              <h2 id="cartao-analise" className="font-serif text-xl">
                {T.inReview}
              </h2>
              {outcome.message ? <p className="mt-2 text-sm">{outcome.message}</p> : null}
              <p className="mt-2 text-sm">{T.inReviewText}</p>
              <Link
                to={`/minha-conta/pedidos/${order.id}`}
                className={buttonClasses({ className: 'mt-4 w-full sm:w-auto' })}
              >
                {T.followOrder}
              </Link>
            </section>
          ) : null}
          {outcome?.kind === 'rejected' ? (
            <section
              role="alert"
              aria-labelledby="cartao-recusado"
              className="rounded-2xl border border-sale/30 bg-sale/5 p-4 sm:p-6"
            >
              <h2 id="cartao-recusado" className="font-serif text-xl text-sale">
                {T.rejected}: {outcome.reason}
              </h2>
              <p className="mt-2 text-sm text-ink-800">{T.rejectedText}</p>
              <div className="mt-4 flex flex-col gap-3 sm:flex-row">
                <Button
                  onClick={() => {
                    setOutcome(null);
                    setAttempt((n) => n + 1);
                  }}
                >
                  {T.tryAnotherCard}
                </Button>
                <Button
                  variant="outline"
                  onClick={() => void navigate(`/payment-pix?order_id=${order.id}`)}
                >
                  {T.payWithPix}
                </Button>
              </div>
            </section>
          ) : null}
        </div>
        <div>
          <PaymentStepSummary order={order} />
        </div>
      </div>
    </div>
  );
}
