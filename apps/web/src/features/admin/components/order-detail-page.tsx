import type { AdminOrderAction, AdminOrderDetail } from '@lumina/shared/admin/admin-orders';
import { formatBRL } from '@lumina/shared/format/money';
import { formatDateTime } from '@lumina/shared/format/dates';
import { Link } from 'react-router';
import { discountText, OrderTotals } from '../../../components/order-totals.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { type OrderActionInput, useAdminOrder, useOrderAction } from '../api/orders.ts';
import {
  ACTOR_LABELS,
  systemActorLabel,
  actionLabel,
  eventDetails,
  eventLabel,
  MAIL_KIND_LABELS,
  MAIL_STATUS_LABELS,
  PAID_AFTER_CANCEL,
  REFUND_LABELS,
} from '../model/order-labels.ts';
import { orderTrackingUrl } from '../model/fulfilment-view.ts';
import { CustomerBox, ERASED_CONTACT } from './customer-box.tsx';
import { DetailBox, DetailRow } from './detail-box.tsx';
import { OrderActionDialog } from './order-action-dialog.tsx';
import { OrderBadges } from './order-badges.tsx';
import { OrderFulfilment } from './order-fulfilment.tsx';
import { OrderItemList } from './order-item-list.tsx';
import { OrderPayments } from './order-payments.tsx';
import { OrderRefunds } from './order-refunds.tsx';
import { useActionDialog } from './use-action-dialog.ts';

type OrderItem = AdminOrderDetail['order']['items'][number];

/** What an item from before variants recorded as chosen (' · 8 mm, Dourado'); '' otherwise. */
function typedDetailsOf(item: OrderItem): string {
  if (Object.keys(item.option_values).length > 0) return '';
  const label = Object.values(item.variation_details).join(', ');
  return label ? ` · ${label}` : '';
}

/** What the item's promotion and the coupon took off it, under its SKU line. */
function itemDiscounts(item: OrderItem) {
  const parts = [
    item.promotion_discount_cents > 0
      ? `Promoção ${discountText(item.promotion_discount_cents)}`
      : '',
    item.coupon_discount_cents > 0 ? `Cupom ${discountText(item.coupon_discount_cents)}` : '',
  ].filter(Boolean);
  if (parts.length === 0) return null;
  return <span className="block text-success">{parts.join(' · ')}</span>;
}

function Alerts({ order }: { order: AdminOrderDetail['order'] }) {
  return (
    <>
      {order.paid_after_cancel ? (
        <FormAlert kind="warning" title={PAID_AFTER_CANCEL}>
          <p className="mt-1">
            O pagamento foi aprovado depois que o pedido já estava cancelado e as peças tinham
            voltado ao estoque. Restaure o pedido (se houver estoque) ou devolva o valor.
          </p>
        </FormAlert>
      ) : null}
      {order.refund_status === 'manual_pending' ? (
        <FormAlert kind="warning" title={REFUND_LABELS.manual_pending ?? ''}>
          <p className="mt-1">
            Devolva {formatBRL(order.total_cents)} ao cliente por PIX, para a conta de onde veio o
            pagamento.
          </p>
        </FormAlert>
      ) : null}
    </>
  );
}

function Actions({
  detail,
  onPick,
}: {
  detail: AdminOrderDetail;
  onPick: (action: AdminOrderAction) => void;
}) {
  if (detail.available_actions.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {detail.available_actions.map((action) => (
        <Button
          key={action}
          size="sm"
          variant={action === 'cancel' ? 'outline' : 'primary'}
          onClick={() => onPick(action)}
        >
          {actionLabel(action, detail.order)}
        </Button>
      ))}
    </div>
  );
}

function OrderDetail({ detail, orderId }: { detail: AdminOrderDetail; orderId: number }) {
  const { order } = detail;
  const { result, pick, dialog } = useActionDialog<AdminOrderAction, OrderActionInput>(
    useOrderAction(orderId),
  );

  return (
    <article aria-labelledby="pedido-titulo" className="space-y-4">
      <Link to="/admin/pedidos" className="text-sm font-medium text-ink-700 hover:text-ink-900">
        ← Todos os pedidos
      </Link>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 id="pedido-titulo" className="font-serif text-3xl text-ink-900">
            Pedido {order.order_number}
          </h1>
          <p className="text-sm text-ink-700">{formatDateTime(order.created_at)}</p>
          <p className="mt-2">
            <OrderBadges order={order} />
          </p>
        </div>
        <Actions detail={detail} onPick={pick} />
      </header>
      {result ? <FormAlert kind="success" messages={[result]} /> : null}
      <Alerts order={order} />

      <div className="grid gap-4 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          <DetailBox title="Itens">
            <OrderItemList
              items={order.items}
              unitPrice={(item) => formatBRL(item.unit_price_cents)}
              note={typedDetailsOf}
              details={itemDiscounts}
              aside={(item) => (
                <span className="shrink-0 text-ink-900">{formatBRL(item.total_cents)}</span>
              )}
            />
            <OrderTotals order={order} />
          </DetailBox>
          <OrderFulfilment detail={detail} />
          <OrderPayments detail={detail} />
          <OrderRefunds detail={detail} />
          <DetailBox title="Histórico">
            {detail.events.length === 0 ? (
              <p className="text-sm text-ink-700">Nenhuma mudança desde a criação do pedido.</p>
            ) : (
              <ol className="space-y-2 text-sm">
                {detail.events.map((event) => (
                  <li key={event.id} className="flex flex-wrap justify-between gap-2">
                    <span className="text-ink-900">
                      {eventLabel(event.action)}
                      <span className="block text-ink-700">
                        {event.actor === 'admin'
                          ? `${event.admin_name ?? ACTOR_LABELS.admin}${event.ip ? ` (${event.ip})` : ''}`
                          : systemActorLabel(event.actor, event.details.source)}
                        {eventDetails(event.details)}
                      </span>
                    </span>
                    <span className="text-ink-700">{formatDateTime(event.created_at)}</span>
                  </li>
                ))}
              </ol>
            )}
          </DetailBox>
        </div>
        <div className="space-y-4">
          <CustomerBox
            name={order.customer_name}
            email={order.customer_email}
            customerId={order.user_id}
          >
            <DetailRow label="Telefone">{order.customer_phone ?? ERASED_CONTACT}</DetailRow>
            <DetailRow label="CPF/CNPJ">{order.customer_cpf ?? '—'}</DetailRow>
          </CustomerBox>
          <DetailBox title="Entrega">
            <p className="text-sm text-ink-900">{order.shipping_address}</p>
            <dl className="mt-2">
              <DetailRow label="Envio">
                {order.shipping_name} ({order.delivery_days}{' '}
                {order.delivery_days === 1 ? 'dia útil' : 'dias úteis'})
              </DetailRow>
              {order.bling_id ? (
                <DetailRow label="Pedido no Bling">{order.bling_id}</DetailRow>
              ) : null}
              {order.tracking_code ? (
                <DetailRow label="Rastreio">
                  <a
                    className="font-mono underline"
                    href={orderTrackingUrl(detail)}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    {order.tracking_code}
                  </a>
                </DetailRow>
              ) : null}
            </dl>
            {order.notes ? (
              <p className="mt-2 rounded-lg bg-cream-100 p-2 text-sm text-ink-800">
                Observações: {order.notes}
              </p>
            ) : null}
          </DetailBox>
          <DetailBox title="E-mails ao cliente">
            {detail.emails.length === 0 ? (
              <p className="text-sm text-ink-700">Nenhum e-mail.</p>
            ) : (
              <ul className="space-y-1.5 text-sm">
                {detail.emails.map((mail) => (
                  <li key={mail.id} className="flex justify-between gap-2">
                    <span className="text-ink-900">{MAIL_KIND_LABELS[mail.kind] ?? mail.kind}</span>
                    <span className={mail.status === 'failed' ? 'text-sale' : 'text-ink-700'}>
                      {MAIL_STATUS_LABELS[mail.status]}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </DetailBox>
        </div>
      </div>

      <OrderActionDialog detail={detail} {...dialog} />
    </article>
  );
}

/** One order: everything that happened to it and the actions its state allows now. */
export function OrderDetailPage({ orderId }: { orderId: number }) {
  const order = useAdminOrder(orderId);
  if (order.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label="Carregando pedido..." />
      </div>
    );
  }
  if (order.isError) {
    return (
      <FormAlert kind="error" messages={[order.error.message]}>
        <Link to="/admin/pedidos" className="mt-2 inline-block underline">
          Voltar aos pedidos
        </Link>
      </FormAlert>
    );
  }
  return <OrderDetail detail={order.data} orderId={orderId} />;
}
