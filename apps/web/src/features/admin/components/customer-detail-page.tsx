import { type AdminCustomerDetail, CUSTOMER_TEXTS } from '@lumina/shared/admin/customers';
import { CONTRACT_SUMMARY_TEXTS } from '@lumina/shared/checkout/contract-summary';
import { CONTACT_MESSAGE_STATUS_LABELS } from '@lumina/shared/contact/contact-messages';
import { formatDate, formatDateTime } from '@lumina/shared/format/dates';
import { ORDER_STATUS_LABELS } from '@lumina/shared/orders/order-status';
import { ALL_CONSENTS, type ConsentName } from '@lumina/shared/privacy/consents';
import {
  PRIVACY_REQUEST_STATUS_LABELS,
  PRIVACY_REQUEST_TYPE_LABELS,
} from '@lumina/shared/privacy/privacy-requests';
import { RETURN_STATUS_LABELS, RETURN_TYPE_LABELS } from '@lumina/shared/returns/return-schemas';
import { formatPhone } from '@lumina/shared/validation/phone';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useAdminCustomer } from '../api/customers.ts';
import { cpfText, formatReais } from '../model/customer-view.ts';
import { DetailBox, DetailRow } from './detail-box.tsx';

const CONSENT_LABELS: Record<ConsentName, string> = {
  marketingComm: 'E-mail marketing',
  performance: 'Cookies de desempenho',
  functional: 'Cookies funcionais',
  marketing: 'Cookies de marketing',
  privacyPolicy: 'Política de Privacidade',
  termsOfService: 'Termos de Serviço',
  dataProcessing: 'Tratamento de dados',
};

const linkClass = 'font-medium text-ink-900 underline underline-offset-2 hover:text-gold-700';

/** A titled list of a customer's things, or the sentence saying there are none. */
function ListBox({
  title,
  empty,
  children,
}: {
  title: string;
  empty: string;
  children: ReactNode[];
}) {
  return (
    <DetailBox title={title}>
      {children.length === 0 ? (
        <p className="text-sm text-ink-700">{empty}</p>
      ) : (
        <ul aria-label={title} className="divide-y divide-ink-300/40">
          {children}
        </ul>
      )}
    </DetailBox>
  );
}

function Profile({ customer }: { customer: AdminCustomerDetail['customer'] }) {
  return (
    <DetailBox title="Dados">
      <dl>
        <DetailRow label="E-mail">
          <a className="break-all underline" href={`mailto:${customer.email}`}>
            {customer.email}
          </a>
        </DetailRow>
        {customer.phone !== undefined ? (
          <DetailRow label="Telefone">
            {customer.phone ? formatPhone(customer.phone) : '—'}
          </DetailRow>
        ) : null}
        {customer.cpf !== undefined ? (
          <DetailRow label="CPF">{customer.cpf ? cpfText(customer.cpf) : '—'}</DetailRow>
        ) : null}
        <DetailRow label="Cliente desde">{formatDate(customer.created_at)}</DetailRow>
        <DetailRow label="E-mail confirmado">{customer.email_verified ? 'Sim' : 'Não'}</DetailRow>
        <DetailRow label="Entra com Google">{customer.google ? 'Sim' : 'Não'}</DetailRow>
        <DetailRow label="Pedidos pagos">{customer.orders_count}</DetailRow>
        <DetailRow label="Total gasto">{formatReais(customer.total_spent)}</DetailRow>
        <DetailRow label="Último pedido">
          {customer.last_order_at ? formatDateTime(customer.last_order_at) : 'Nenhum'}
        </DetailRow>
      </dl>
    </DetailBox>
  );
}

function Orders({ orders }: { orders: AdminCustomerDetail['orders'] }) {
  return (
    <ListBox title="Pedidos" empty="Nenhum pedido.">
      {orders.map((order) => (
        <li key={order.id} className="py-2 text-sm">
          <span className="flex flex-wrap items-baseline justify-between gap-x-3">
            <Link to={`/admin/pedidos/${order.id}`} className={linkClass}>
              {order.order_number}
            </Link>
            <span className="font-semibold text-ink-900">{formatReais(order.total)}</span>
          </span>
          <span className="block text-ink-700">
            {formatDateTime(order.created_at)} · {ORDER_STATUS_LABELS[order.status]} ·{' '}
            {CONTRACT_SUMMARY_TEXTS.methods[order.payment_method].name}
          </span>
        </li>
      ))}
    </ListBox>
  );
}

function Addresses({ addresses }: { addresses: AdminCustomerDetail['addresses'] }) {
  return (
    <ListBox title="Endereços" empty="Nenhum endereço salvo.">
      {addresses.map((address) => (
        <li key={address.id} className="py-2 text-sm text-ink-900">
          <span className="font-semibold">
            {address.name}
            {address.is_default ? ' (principal)' : ''}
          </span>
          <span className="block text-ink-700">
            {address.street}, {address.number}
            {address.complement ? ` - ${address.complement}` : ''} · {address.neighborhood} ·{' '}
            {address.city}/{address.state} · CEP {address.zip_code}
          </span>
        </li>
      ))}
    </ListBox>
  );
}

function Requests({ requests }: { requests: AdminCustomerDetail['requests'] }) {
  const rows = [
    ...requests.returns.map((request) => (
      <li key={`return-${request.id}`} className="py-2 text-sm">
        <Link to={`/admin/devolucoes/${request.id}`} className={linkClass}>
          {RETURN_TYPE_LABELS[request.type]} {request.protocol}
        </Link>
        <span className="block text-ink-700">
          Pedido {request.order_number} · {RETURN_STATUS_LABELS[request.status]} ·{' '}
          {formatDate(request.created_at)}
        </span>
      </li>
    )),
    ...requests.privacy.map((request) => (
      <li key={`privacy-${request.id}`} className="py-2 text-sm">
        <Link to="/admin/privacidade" className={linkClass}>
          LGPD: {PRIVACY_REQUEST_TYPE_LABELS[request.type]}
        </Link>
        <span className="block text-ink-700">
          {PRIVACY_REQUEST_STATUS_LABELS[request.status]} · {formatDate(request.requested_at)}
        </span>
      </li>
    )),
    ...requests.messages.map((message) => (
      <li key={`message-${message.id}`} className="py-2 text-sm">
        <Link to="/admin/mensagens" className={linkClass}>
          Mensagem: {message.summary}
        </Link>
        <span className="block text-ink-700">
          {CONTACT_MESSAGE_STATUS_LABELS[message.status]} · {formatDate(message.created_at)}
        </span>
      </li>
    )),
  ];
  return (
    <ListBox title="Solicitações" empty="Nenhuma devolução, pedido LGPD ou mensagem.">
      {rows}
    </ListBox>
  );
}

function Consents({ consents }: { consents: AdminCustomerDetail['consents'] }) {
  return (
    <DetailBox title="Consentimentos">
      <dl>
        {ALL_CONSENTS.map((name) => (
          <DetailRow key={name} label={CONSENT_LABELS[name]}>
            {consents.consents[name] ? 'Sim' : 'Não'}
          </DetailRow>
        ))}
      </dl>
      <p className="mt-2 text-xs text-ink-700">
        {consents.updated_at
          ? `Última alteração em ${formatDateTime(consents.updated_at)}`
          : 'Nenhuma escolha registrada.'}
      </p>
    </DetailBox>
  );
}

function CustomerDetail({ detail }: { detail: AdminCustomerDetail }) {
  return (
    <article aria-labelledby="cliente-admin" className="space-y-4">
      <div>
        <Link to="/admin/clientes" className="text-sm text-ink-700 underline underline-offset-2">
          Voltar aos clientes
        </Link>
        <h1 id="cliente-admin" className="mt-2 font-serif text-3xl break-words text-ink-900">
          {detail.customer.name}
        </h1>
      </div>
      <div className="grid gap-4 lg:grid-cols-[1fr_22rem]">
        <div className="space-y-4">
          <Orders orders={detail.orders} />
          <Requests requests={detail.requests} />
        </div>
        <div className="space-y-4">
          <Profile customer={detail.customer} />
          <Addresses addresses={detail.addresses} />
          <Consents consents={detail.consents} />
        </div>
      </div>
    </article>
  );
}

function NotFound({ message }: { message: string }) {
  return (
    <FormAlert kind="error" messages={[message]}>
      <Link to="/admin/clientes" className="mt-2 inline-block underline">
        Voltar aos clientes
      </Link>
    </FormAlert>
  );
}

/** One customer: who they are (as the role may read), what they bought and asked, their consents. */
export function CustomerDetailPage({ customerId }: { customerId: number }) {
  const customer = useAdminCustomer(customerId);
  if (customerId <= 0) return <NotFound message={CUSTOMER_TEXTS.notFound} />;
  if (customer.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label="Carregando cliente..." />
      </div>
    );
  }
  if (customer.isError) return <NotFound message={customer.error.message} />;
  return <CustomerDetail detail={customer.data} />;
}
