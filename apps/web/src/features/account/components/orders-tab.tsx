import { DATA_QUERY_CACHE } from '@lumina/shared/constants/account-constants';
import { formatBRL, reaisToCents } from '@lumina/shared/format/money';
import { formatDate } from '@lumina/shared/format/dates';
import { nameBesideOptions, optionValuesLabel } from '@lumina/shared/catalog/variants';
import { orderStatusLabel } from '@lumina/shared/orders/order-status';
import {
  PAYMENT_STATUS_LABELS,
  paymentStatusOf,
  type PaymentStatus,
} from '@lumina/shared/payments/payment-status';
import { PAYMENT_ERRORS, PIX_PAGE_TEXTS } from '@lumina/shared/payments/pix-texts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { BagIcon } from '../../../components/icons.tsx';
import { Badge, type BadgeVariant } from '../../../components/ui/badge.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import {
  getMyOrders,
  verifyPendingPix,
  type OrderListItem,
} from '../../../lib/payment/payment-api.ts';
import { useAccountUserId } from '../../../lib/account/account-keys.ts';
import { CopyCode } from './copy-code.tsx';
import { EmptyTab } from './empty-tab.tsx';
import { ORDER_BADGES } from './order-badges.ts';

/** Per user, like the other account data, so another login never sees these orders. */

/** 'Diâmetro: 8 mm · Cor: Dourado' of a listed item; '' for a product without options. */
function valuesOf(item: OrderListItem['items'][number]): string {
  return optionValuesLabel(item.option_values);
}

function myOrdersQueryOptions(userId: number) {
  return queryOptions({
    queryKey: ['account', userId, 'orders'] as const,
    queryFn: ({ signal }) => getMyOrders(signal),
    // An order's payment changes behind the page's back; read again whenever the tab opens.
    staleTime: 0,
    gcTime: DATA_QUERY_CACHE.gcTimeMs,
    select: (data) => data.orders,
  });
}

const PAYMENT_BADGE_VARIANTS: Record<PaymentStatus, BadgeVariant> = {
  pending: 'gold',
  processing: 'gold',
  approved: 'success',
  completed: 'success',
  rejected: 'sale',
  cancelled: 'muted',
  refunded: 'muted',
};

/**
 * The coupon an order used, when the list's answer says it (the order's page has its discounts
 * in full).
 */
function couponOf(order: OrderListItem): string | null {
  return order.coupon_code;
}

const formatReais = (reais: number) => formatBRL(reaisToCents(reais) ?? 0);

function payUrl(order: OrderListItem): string {
  const params = new URLSearchParams({ order_id: String(order.id) });
  if (order.payment_info.payment_id !== null) {
    params.set('payment_id', String(order.payment_info.payment_id));
  }
  return `/payment-pix?${params.toString()}`;
}

function hasPendingPix(orders: readonly OrderListItem[]): boolean {
  return orders.some(
    (order) => order.payment_method === 'pix' && order.payment_status === 'pending',
  );
}

/**
 * A shipped order: its code and where it is followed, the Correios page (where it is pasted,
 * REFERENCE.md) or, for a label of another carrier, that carrier's tracking on Melhor Rastreio.
 */
function Tracking({
  code,
  url,
  carrier,
}: {
  code: string;
  url: string | null;
  carrier: string | null;
}) {
  return (
    <div className="mt-3 rounded-xl bg-cream-100 p-3">
      <p className="text-sm text-ink-700">
        Código de rastreio:{' '}
        <span className="font-mono font-semibold tracking-wide text-ink-900">{code}</span>
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        {url ? (
          <a
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses({ size: 'sm' })}
          >
            {carrier ? `Rastrear o envio (${carrier})` : 'Rastrear nos Correios'}
            <span className="sr-only"> (abre em nova aba)</span>
          </a>
        ) : null}
        <CopyCode code={code} label="Copiar código de rastreio" done="Código copiado!" />
      </div>
    </div>
  );
}

function OrderCard({ order }: { order: OrderListItem }) {
  const payment = paymentStatusOf(order.payment_status);
  return (
    <article
      aria-label={`Pedido ${order.order_number}`}
      className="rounded-2xl border border-ink-300/60 bg-white p-4 sm:p-5"
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-semibold text-ink-900">Pedido {order.order_number}</h3>
          <p className="text-sm text-ink-700">{formatDate(order.created_at)}</p>
        </div>
        <div role="group" aria-label="Situação do pedido" className="flex flex-wrap gap-1.5">
          <Badge variant={ORDER_BADGES[order.status] ?? 'muted'}>
            {orderStatusLabel(order.status)}
          </Badge>
          <Badge variant={PAYMENT_BADGE_VARIANTS[payment]}>{PAYMENT_STATUS_LABELS[payment]}</Badge>
        </div>
      </header>
      <ul className="mt-3 divide-y divide-ink-300/40">
        {order.items.map((item, index) => (
          <li key={index} className="flex items-center gap-3 py-2">
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
            <span className="min-w-0 flex-1 text-sm text-ink-900">
              {nameBesideOptions(item.product_name, item.option_values)}
              {valuesOf(item) ? <span className="block text-ink-700">{valuesOf(item)}</span> : null}
              <span className="block text-ink-700">Quantidade: {item.quantity}</span>
            </span>
            <span className="shrink-0 text-sm text-ink-900">{formatReais(item.total_price)}</span>
          </li>
        ))}
      </ul>
      <p className="mt-2 flex justify-between border-t border-ink-300/60 pt-3 font-semibold text-ink-900">
        <span>Total</span>
        <span>{order.total}</span>
      </p>
      {couponOf(order) ? (
        <p className="mt-1 text-sm text-success">Com o cupom {couponOf(order)}</p>
      ) : null}
      {order.tracking_code ? (
        <Tracking
          code={order.tracking_code}
          url={order.tracking_url}
          carrier={order.tracking_carrier}
        />
      ) : null}
      {order.payment_status !== 'pending' ? (
        <Link
          to={`/minha-conta/pedidos/${order.id}`}
          aria-label={`Detalhes, devolução e troca do pedido ${order.order_number}`}
          className={buttonClasses({ size: 'sm', variant: 'outline', className: 'mt-3' })}
        >
          Detalhes, devolução e troca
        </Link>
      ) : null}
      {order.payment_info.can_pay ? (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          {order.payment_info.message ? (
            <p className="w-full text-sm text-ink-700">{order.payment_info.message}</p>
          ) : null}
          {order.payment_method === 'boleto' && order.payment_info.ticket_url ? (
            <a
              href={order.payment_info.ticket_url}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClasses({ size: 'sm', variant: 'outline' })}
            >
              Abrir boleto
            </a>
          ) : null}
          <Link to={payUrl(order)} className={buttonClasses({ size: 'sm' })}>
            Pagar com PIX
          </Link>
          {order.payment_info.qr_code ? (
            <CopyCode
              code={order.payment_info.qr_code}
              label="Copiar código PIX"
              done="Código PIX copiado!"
            />
          ) : null}
        </div>
      ) : order.status === 'pending' && order.payment_info.message ? (
        // Nothing to pay now (a card in review), but where the payment stands is still news.
        <p className="mt-3 text-sm text-ink-700">{order.payment_info.message}</p>
      ) : null}
    </article>
  );
}

/** 'Meus Pedidos' (spec 001 §2, §4): the user's orders, their badges and what can still be paid. */
export function OrdersTab() {
  const userId = useAccountUserId();
  const queryClient = useQueryClient();
  const orders = useQuery({ ...myOrdersQueryOptions(userId), enabled: userId > 0 });
  const verify = useMutation({
    mutationFn: async () => {
      const answer = await verifyPendingPix();
      if (!answer.success) throw new Error(answer.message);
    },
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: myOrdersQueryOptions(userId).queryKey }),
  });

  if (orders.isError) {
    return (
      <FormAlert kind="error" messages={['Erro ao carregar pedidos']}>
        <Button size="sm" variant="outline" className="mt-3" onClick={() => void orders.refetch()}>
          Tentar novamente
        </Button>
      </FormAlert>
    );
  }
  if (orders.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label="Carregando pedidos..." />
      </div>
    );
  }
  if (orders.data.length === 0) {
    return (
      <EmptyTab title="Meus Pedidos" icon={<BagIcon className="size-7" />}>
        <p>Você ainda não tem pedidos.</p>
      </EmptyTab>
    );
  }
  return (
    <section aria-labelledby="pedidos-titulo">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="pedidos-titulo" className="font-serif text-2xl text-ink-900">
          Meus Pedidos
        </h2>
        {hasPendingPix(orders.data) ? (
          <Button
            size="sm"
            variant="secondary"
            disabled={verify.isPending}
            onClick={() => verify.mutate()}
          >
            {verify.isPending ? 'Verificando...' : PIX_PAGE_TEXTS.verifyAllPix}
          </Button>
        ) : null}
      </div>
      {verify.isSuccess ? (
        <FormAlert kind="success" className="mt-4" messages={[PAYMENT_ERRORS.verifyPixDone]} />
      ) : null}
      {verify.isError ? (
        <FormAlert kind="error" className="mt-4" messages={[PAYMENT_ERRORS.verifyPixFailed]} />
      ) : null}
      <ul className="mt-4 space-y-4">
        {orders.data.map((order) => (
          <li key={order.id}>
            <OrderCard order={order} />
          </li>
        ))}
      </ul>
    </section>
  );
}
