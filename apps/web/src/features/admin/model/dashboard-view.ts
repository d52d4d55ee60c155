import {
  DASHBOARD_PERIODS,
  DEFAULT_DASHBOARD_PERIOD,
  type DashboardPeriod,
  type DashboardQueueItem,
  type DashboardQueueKey,
} from '@lumina/shared/admin/dashboard';
import { CATEGORY_LABELS, isCategorySlug } from '@lumina/shared/catalog/categories';
import { formatBRL } from '@lumina/shared/format/money';

interface QueueEntry {
  label: string;
  /** The list that shows these, filtered where the list reads a filter from its address. */
  href: string;
}

// The products list has no stock filter: the stock items open the section.
export const QUEUE_ENTRIES: Record<DashboardQueueKey, QueueEntry> = {
  pix_to_confirm: { label: 'PIX aguardando confirmação', href: '/admin/pedidos?status=pending' },
  orders_to_ship: { label: 'Pedidos pagos para enviar', href: '/admin/pedidos?status=processing' },
  labels_failed: { label: 'Etiquetas com falha', href: '/admin/pedidos' },
  invoices_failed: { label: 'NF-e com problema', href: '/admin/pedidos' },
  returns_open: { label: 'Devoluções e trocas', href: '/admin/devolucoes?status=aberto' },
  privacy_open: { label: 'Pedidos LGPD', href: '/admin/privacidade' },
  messages_unread: { label: 'Mensagens não lidas', href: '/admin/mensagens?status=new' },
  variants_out_of_stock: { label: 'Variantes sem estoque', href: '/admin/produtos' },
  variants_low_stock: { label: 'Variantes com estoque baixo', href: '/admin/produtos' },
  bling_to_check: { label: 'Itens do Bling para conferir', href: '/admin/produtos?filter=failed' },
  reviews_pending: { label: 'Avaliações para moderar', href: '/admin/avaliacoes?status=pending' },
  security_alerts: { label: 'Alertas de segurança', href: '/admin/seguranca' },
};

/** 'faltam 3 dias', 'falta 1 dia', 'vence hoje', 'atrasado há 2 dias'; null without a deadline. */
export function deadlineText(daysLeft: number | null): string | null {
  if (daysLeft === null) return null;
  if (daysLeft === 0) return 'vence hoje';
  if (daysLeft === 1) return 'falta 1 dia';
  if (daysLeft > 1) return `faltam ${daysLeft} dias`;
  return daysLeft === -1 ? 'atrasado há 1 dia' : `atrasado há ${-daysLeft} dias`;
}

/** The items waiting for someone, in the API's order, and those with nothing to do. */
export function splitQueue(queue: readonly DashboardQueueItem[]) {
  return {
    pending: queue.filter((item) => item.count > 0),
    done: queue.filter((item) => item.count <= 0),
  };
}

/** ?periodo=7|30|90 in the address; anything else is the default 30 days. */
export function periodFrom(params: URLSearchParams): DashboardPeriod {
  const value = Number(params.get('periodo'));
  return DASHBOARD_PERIODS.find((period) => period === value) ?? DEFAULT_DASHBOARD_PERIOD;
}

/** Reais with two decimals (the API's JSON) as 'R$ 1.234,50'. */
export const brl = (reais: number) => formatBRL(Math.round(reais * 100));

/** '2026-11-27' as '27/11'. */
export function dayMonth(date: string): string {
  const [, month, day] = date.split('-');
  return month && day ? `${day}/${month}` : date;
}

/**
 * '+12% vs período anterior', '−5% vs período anterior'; with nothing in the period before there
 * is no ratio to give.
 */
export function changeText(current: number, previous: number): string {
  if (previous === 0)
    return current === 0 ? 'igual ao período anterior' : 'sem base no período anterior';
  const percent = Math.round(((current - previous) / previous) * 100);
  if (percent === 0) return 'igual ao período anterior';
  return `${percent > 0 ? '+' : '−'}${Math.abs(percent)}% vs período anterior`;
}

/** '3,4%' of a rate in 0..1; '—' without carts. */
export function percentText(rate: number | null): string {
  if (rate === null) return '—';
  return `${(rate * 100).toLocaleString('pt-BR', { maximumFractionDigits: 1 })}%`;
}

const METHOD_LABELS: Record<string, string> = { pix: 'PIX', card: 'Cartão', boleto: 'Boleto' };

export const paymentMethodLabel = (method: string) => METHOD_LABELS[method] ?? method;
export const categoryLabel = (slug: string) =>
  isCategorySlug(slug) ? CATEGORY_LABELS[slug] : slug || 'Sem categoria';
