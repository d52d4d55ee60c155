import { customerFieldsFor, maskCpf, type StaffRole } from '@lumina/shared/admin/staff-roles';
import { orderStatusLabel } from '@lumina/shared/orders/order-status';
import type { PaymentMethod } from '../../../db/schema/orders.ts';
import type { ExportedItem, ExportedOrder } from './queries.ts';

/** A cell as both files write it: text, whole number, money in cents, or an instant. */
export type Cell =
  | { kind: 'text'; value: string }
  | { kind: 'integer'; value: number }
  | { kind: 'money'; cents: number }
  | { kind: 'instant'; at: Date }
  | { kind: 'empty' };

const text = (value: string | null): Cell =>
  value === null || value === '' ? { kind: 'empty' } : { kind: 'text', value };
const integer = (value: number | null): Cell =>
  value === null ? { kind: 'empty' } : { kind: 'integer', value };
const money = (cents: number | null): Cell =>
  cents === null ? { kind: 'empty' } : { kind: 'money', cents };
const instant = (at: Date | null): Cell =>
  at === null ? { kind: 'empty' } : { kind: 'instant', at };

const METHOD_LABELS: Record<PaymentMethod, string> = {
  pix: 'PIX',
  card: 'Cartão',
  boleto: 'Boleto',
};

/**
 * One line per item sold, the order's columns repeated on each of its lines, so a filter by SKU
 * keeps the order's number, date and customer. The order's money is repeated too: 'item' numbers
 * the lines of an order (1, 2...), and a sum of the orders takes the lines where it is 1.
 */
export const EXPORT_HEADERS = [
  'número do pedido',
  'item',
  'data do pedido',
  'data do pagamento',
  'status',
  'cliente',
  'e-mail',
  'CPF',
  'SKU',
  'produto',
  'quantidade',
  'preço unitário',
  'valor do item',
  'descontos',
  'cupom',
  'frete',
  'total',
  'forma de pagamento',
  'parcelas',
  'taxa',
  'valor reembolsado',
  'valor líquido',
  'NF-e número',
  'NF-e chave',
] as const;

/** What a role reads of a customer's CPF: the owner all of it, a manager masked, others none. */
function cpfFor(role: StaffRole | null, cpf: string | null): string | null {
  if (customerFieldsFor(role).cpf) return cpf;
  return role === 'manager' ? maskCpf(cpf) : null;
}

function lines(
  order: ExportedOrder,
  items: readonly ExportedItem[],
  role: StaffRole | null,
): Cell[][] {
  // The PIX price is a discount on the list price: unit (list) x quantity - descontos + frete = total.
  const pixDiscount = items.reduce(
    (sum, item) => sum + (item.listPriceCents - item.unitPriceCents) * item.quantity,
    0,
  );
  const refunded = order.refundedCents;
  const orderCells = {
    dates: [instant(order.createdAt), instant(order.paidAt)],
    customer: [
      text(orderStatusLabel(order.status)),
      text(order.customerName),
      text(order.customerEmail),
      text(cpfFor(role, order.customerCpf)),
    ],
    money: [
      money(order.discountCents + pixDiscount),
      text(order.couponCode),
      money(order.shippingCents),
      money(order.totalCents),
      text(METHOD_LABELS[order.paymentMethod]),
      integer(order.installments),
      money(order.feeCents),
      money(refunded),
      money(order.totalCents - (order.feeCents ?? 0) - refunded),
      text(order.invoiceNumber),
      text(order.invoiceKey),
    ],
  };
  const itemLines: (ExportedItem | null)[] = items.length > 0 ? [...items] : [null];
  return itemLines.map((item, index) => [
    text(order.orderNumber),
    integer(index + 1),
    ...orderCells.dates,
    ...orderCells.customer,
    text(item?.sku ?? null),
    text(item?.productName ?? null),
    integer(item?.quantity ?? null),
    money(item?.listPriceCents ?? null),
    money(item?.totalCents ?? null),
    ...orderCells.money,
  ]);
}

/** The sheet's lines after its header, oldest order first. */
export function exportLines(
  orders: readonly ExportedOrder[],
  items: readonly ExportedItem[],
  role: StaffRole | null,
): Cell[][] {
  const itemsOf = new Map<number, ExportedItem[]>();
  for (const item of items) {
    const list = itemsOf.get(item.orderId) ?? [];
    list.push(item);
    itemsOf.set(item.orderId, list);
  }
  return orders.flatMap((order) => lines(order, itemsOf.get(order.id) ?? [], role));
}
