import { nameBesideOptions, optionValuesLabel } from '@lumina/shared/catalog/variants';
import { formatDate } from '@lumina/shared/format/dates';
import { formatBRL } from '@lumina/shared/format/money';
import { orderStatusLabel } from '@lumina/shared/orders/order-status';
import type { CreateReturnResponse, ReturnType } from '@lumina/shared/returns/return-schemas';
import { reviewPagePath } from '@lumina/shared/reviews/review-schemas';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { OrderTotals } from '../../../components/order-totals.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useAccountUserId } from '../../../lib/account/account-keys.ts';
import type { OrderDetail } from '../../../lib/payment/payment-api.ts';
import { useCreateReturn, useMyOrder, useMyReturns } from '../api/returns.ts';
import {
  deadlineText,
  returnWindowOf,
  unitsLeft,
  type ReturnWindow,
} from '../model/return-window.ts';
import { serverMessages } from '../model/server-errors.ts';
import { ORDER_BADGES } from './order-badges.ts';
import { OrderInvoiceLink, OrderTracking } from './order-fulfilment.tsx';
import { ReturnForm } from './return-form.tsx';
import { OrderPayment } from './order-payment.tsx';
import { ReturnRequestCard } from './return-request-card.tsx';

const BACK = '/minha-conta?aba=pedidos';

function Box({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-ink-300/60 bg-white p-4 sm:p-5">
      <h2 className="mb-3 font-serif text-xl text-ink-900">{title}</h2>
      {children}
    </section>
  );
}

/** A paid order not yet shipped: the withdrawal is its cancellation, asked once more first. */
function CancelOrder({
  userId,
  order,
  onDone,
}: {
  userId: number;
  order: OrderDetail;
  onDone: (answer: CreateReturnResponse) => void;
}) {
  const reasonId = useId();
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const create = useCreateReturn(userId, order.id);
  if (!confirming) {
    return (
      <div className="space-y-3">
        <p className="text-sm text-ink-700">
          O pedido ainda não foi enviado. Se você cancelar, o pedido todo é cancelado e o valor pago
          é devolvido integralmente.
        </p>
        <Button variant="outline" onClick={() => setConfirming(true)}>
          Cancelar pedido
        </Button>
      </div>
    );
  }
  const cancel = () =>
    create.mutate(
      {
        return: {
          type: 'withdrawal',
          items: order.items.map((item) => ({ order_item_id: item.id, quantity: item.quantity })),
          reason: reason.trim() || null,
        },
      },
      { onSuccess: onDone },
    );
  return (
    <div className="space-y-3 rounded-2xl border border-sale/30 bg-sale/5 p-4">
      <p className="font-semibold text-ink-900">Cancelar o pedido {order.order_number}?</p>
      <p className="text-sm text-ink-700">
        Todas as peças do pedido são canceladas e o valor pago ({formatBRL(order.total_cents)}) é
        devolvido. Esta ação não pode ser desfeita.
      </p>
      <div>
        <label htmlFor={reasonId} className="block text-sm font-medium text-ink-900">
          Motivo (opcional)
        </label>
        <textarea
          id={reasonId}
          value={reason}
          maxLength={1000}
          rows={2}
          onChange={(event) => setReason(event.target.value)}
          className="mt-1 w-full rounded-xl border border-ink-300 bg-white px-4 py-2.5 text-base text-ink-900"
        />
      </div>
      {create.isError ? (
        <FormAlert
          kind="error"
          messages={serverMessages(create.error, 'Não foi possível cancelar o pedido.')}
        />
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" disabled={create.isPending} onClick={() => setConfirming(false)}>
          Voltar
        </Button>
        <Button variant="danger" disabled={create.isPending} onClick={cancel}>
          {create.isPending ? 'Cancelando...' : 'Confirmar cancelamento'}
        </Button>
      </div>
    </div>
  );
}

const IN_TRANSIT =
  'O prazo de 7 dias para desistir conta a partir da entrega, mas você já pode desistir agora.';

/** What the order allows now: cancel it, withdraw from it, ask an exchange, or why not. */
function AfterSale({
  userId,
  order,
  window,
  left,
  onDone,
}: {
  userId: number;
  order: OrderDetail;
  window: ReturnWindow;
  left: ReadonlyMap<number, number>;
  onDone: (answer: CreateReturnResponse) => void;
}) {
  const [form, setForm] = useState<ReturnType | null>(null);
  if (window.kind === 'none') return null;
  if (window.kind === 'cancel') {
    return (
      <Box title="Cancelar pedido">
        <CancelOrder userId={userId} order={order} onDone={onDone} />
      </Box>
    );
  }
  if (window.kind === 'closed') {
    return (
      <Box title="Devolução e troca">
        <p className="text-sm text-ink-700">
          O prazo de 7 dias para desistir da compra ou pedir troca terminou em {window.lastDay}.
        </p>
      </Box>
    );
  }
  const deadline = (asks: 'withdrawal' | 'exchange' | 'either') =>
    window.kind === 'open' ? deadlineText(window, asks) : IN_TRANSIT;
  const anyLeft = [...left.values()].some((units) => units > 0);
  if (form) {
    return (
      <ReturnForm
        userId={userId}
        order={order}
        type={form}
        left={left}
        deadline={deadline(form)}
        onClose={() => setForm(null)}
        onDone={(answer) => {
          setForm(null);
          onDone(answer);
        }}
      />
    );
  }
  return (
    <Box title="Devolução e troca">
      <p className="text-sm font-medium text-ink-900">{deadline('either')}</p>
      {anyLeft ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button onClick={() => setForm('withdrawal')}>Desistir da compra</Button>
          {window.kind === 'open' ? (
            <Button variant="outline" onClick={() => setForm('exchange')}>
              Solicitar troca
            </Button>
          ) : null}
        </div>
      ) : (
        <p className="mt-2 text-sm text-ink-700">
          Todas as peças deste pedido já estão em pedidos de devolução ou troca.
        </p>
      )}
    </Box>
  );
}

function Done({ answer }: { answer: CreateReturnResponse }) {
  return (
    <FormAlert kind="success" title={answer.cancelled ? 'Pedido cancelado' : 'Pedido recebido'}>
      <p className="mt-1">
        Protocolo: <span className="font-mono text-base">{answer.return.protocol}</span>
      </p>
      <p className="mt-1 font-normal">{answer.message}</p>
    </FormAlert>
  );
}

function Order({ userId, order }: { userId: number; order: OrderDetail }) {
  const returns = useMyReturns(userId);
  const [answer, setAnswer] = useState<CreateReturnResponse | null>(null);
  const mine = (returns.data ?? []).filter((request) => request.order_id === order.id);
  const left = unitsLeft(order.items, mine, order.id);
  const window = returnWindowOf(order, new Date());

  return (
    <article aria-labelledby="pedido-titulo" className="space-y-4">
      <Link to={BACK} className="text-sm font-medium text-ink-700 hover:text-ink-900">
        ← Meus Pedidos
      </Link>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 id="pedido-titulo" className="font-serif text-3xl text-ink-900">
            Pedido {order.order_number}
          </h1>
          <p className="text-sm text-ink-700">{formatDate(order.created_at)}</p>
        </div>
        <Badge variant={ORDER_BADGES[order.status] ?? 'muted'}>
          {orderStatusLabel(order.status)}
        </Badge>
      </header>
      {answer ? <Done answer={answer} /> : null}
      <OrderTracking order={order} />
      {order.status === 'delivered' ? (
        <Box title="Avaliações">
          <p className="text-sm text-ink-700">
            Conte o que achou das peças: sua avaliação ajuda outras pessoas a escolher.
          </p>
          <Link
            to={reviewPagePath(order.id)}
            className={buttonClasses({ variant: 'secondary', className: 'mt-3' })}
          >
            Avaliar os produtos
          </Link>
        </Box>
      ) : null}
      <Box title="Pagamento">
        <OrderPayment order={order} />
      </Box>
      <OrderInvoiceLink order={order} />
      {/* The units left come from the requests: wait for them before offering a form. */}
      {returns.isSuccess ? (
        <AfterSale
          key={answer?.return.id ?? 0}
          userId={userId}
          order={order}
          window={window}
          left={left}
          onDone={setAnswer}
        />
      ) : null}
      {mine.length > 0 ? (
        <Box title="Devoluções e trocas">
          <ul className="space-y-3">
            {mine.map((request) => (
              <li key={request.id}>
                <ReturnRequestCard request={request} />
              </li>
            ))}
          </ul>
        </Box>
      ) : null}
      <Box title="Itens">
        <ul className="divide-y divide-ink-300/40">
          {order.items.map((item) => (
            <li key={item.id} className="flex items-center gap-3 py-2 text-sm">
              {item.image_url ? (
                <img
                  src={item.image_url}
                  alt=""
                  width={48}
                  height={48}
                  loading="lazy"
                  className="size-12 shrink-0 rounded-lg bg-cream-100 object-cover"
                />
              ) : (
                <span aria-hidden="true" className="size-12 shrink-0 rounded-lg bg-cream-200" />
              )}
              <span className="min-w-0 flex-1 text-ink-900">
                {nameBesideOptions(item.product_name, item.option_values)}
                {optionValuesLabel(item.option_values) ? (
                  <span className="block text-ink-700">
                    {optionValuesLabel(item.option_values)}
                  </span>
                ) : null}
                <span className="block text-ink-700">
                  {item.quantity} × {formatBRL(item.unit_price_cents)}
                </span>
                <ItemDiscounts item={item} />
              </span>
              <span className="shrink-0 text-ink-900">{formatBRL(item.total_cents)}</span>
            </li>
          ))}
        </ul>
        <OrderTotals order={order} />
        {order.delivered_at ? (
          <p className="mt-2 text-sm text-ink-700">Entregue em {formatDate(order.delivered_at)}.</p>
        ) : null}
      </Box>
    </article>
  );
}

/**
 * What a promotion and the coupon took off an item, beside its total (which is after them), so
 * the unit price times the quantity adds up.
 */
function ItemDiscounts({ item }: { item: OrderDetail['items'][number] }) {
  const lines = [
    { label: 'Promoção', cents: item.promotion_discount_cents },
    { label: 'Cupom', cents: item.coupon_discount_cents },
  ].filter((line) => line.cents > 0);
  return lines.map((line) => (
    <span key={line.label} className="block text-success">
      {line.label} −{formatBRL(line.cents)}
    </span>
  ));
}

/**
 * /minha-conta/pedidos/:id: one of my orders, where its parcel is, how it was paid, its NF-e, its
 * refunds, withdrawals and exchanges.
 */
export function OrderPage({ orderId }: { orderId: number }) {
  const userId = useAccountUserId();
  const order = useMyOrder(userId, orderId);
  let content;
  if (orderId === 0 || order.isError) {
    content = (
      <FormAlert
        kind="error"
        messages={[order.isError ? order.error.message : 'Pedido não encontrado']}
      >
        <Link to={BACK} className="mt-2 inline-block underline">
          Voltar para Meus Pedidos
        </Link>
      </FormAlert>
    );
  } else if (order.isPending) {
    content = (
      <div className="flex justify-center py-10">
        <Spinner label="Carregando pedido..." />
      </div>
    );
  } else {
    content = <Order userId={userId} order={order.data} />;
  }
  return <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">{content}</div>;
}
