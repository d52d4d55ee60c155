import { optionValuesLabel } from '@lumina/shared/catalog/variants';
import type { PackingSlipLayout } from '@lumina/shared/fulfilment/fulfilment-json';
import { formatDateTime } from '@lumina/shared/format/dates';
import { ORDER_MESSAGES } from '@lumina/shared/orders/order-messages';
import { formatCep } from '@lumina/shared/validation/cep';
import type { Db } from '../../db/database.ts';
import type { OrderAddress } from '../../db/schema/orders.ts';
import { AppError } from '../../http/app-error.ts';
import { escapeHtml } from '../../integrations/mail/escape-html.ts';
import { createOrderRepository } from '../orders/repository.ts';

/** What the packer reads on the slip (pt-BR). */
export const PACKING_SLIP_TEXTS = {
  title: 'Romaneio',
  order: 'Pedido',
  date: 'Data',
  recipient: 'Destinatário',
  shipping: 'Envio',
  product: 'Produto',
  variant: 'Variação',
  sku: 'SKU',
  quantity: 'Qtd.',
  packed: 'Separado',
  notes: 'Observações do cliente',
  units: (count: number) => `Total: ${count} ${count === 1 ? 'unidade' : 'unidades'}`,
  lines: (count: number) => `${count} ${count === 1 ? 'item' : 'itens'}`,
  // The shop's CSP runs no inline script, so no button: the browser's own print command.
  printHint: 'Para imprimir, use Ctrl+P (ou ⌘+P no Mac).',
} as const;

export interface PackingSlipItem {
  name: string;
  /** The variant's option values ('Diâmetro: 8 mm · Cor: Dourado'); '' for a single variant. */
  variant: string;
  sku: string;
  quantity: number;
}

/** One order as the packing slip shows it. */
export interface PackingSlip {
  shopName: string;
  orderNumber: string;
  createdAt: Date;
  recipient: string;
  address: OrderAddress;
  shippingName: string;
  notes: string | null;
  items: PackingSlipItem[];
}

/** The page's own rules: A4 with a table, or an 80 mm roll with the details under each name. */
const STYLES: Record<PackingSlipLayout, string> = {
  a4: `@page { size: A4; margin: 15mm; }
body { font: 12pt/1.4 Arial, Helvetica, sans-serif; color: #000; margin: 0 auto; max-width: 180mm; }
h1 { font-size: 16pt; margin: 0 0 4mm; }
table { width: 100%; border-collapse: collapse; margin-top: 4mm; }
th, td { border: 1px solid #000; padding: 2mm; text-align: left; vertical-align: top; }
td.qty, th.qty { text-align: right; white-space: nowrap; }
td.check { width: 8mm; text-align: center; }`,
  thermal: `@page { size: 80mm auto; margin: 3mm; }
body { font: 10pt/1.3 Arial, Helvetica, sans-serif; color: #000; margin: 0; width: 74mm; }
h1 { font-size: 12pt; margin: 0 0 2mm; }
table { width: 100%; border-collapse: collapse; margin-top: 2mm; }
th, td { border-bottom: 1px dashed #000; padding: 1mm 0; text-align: left; vertical-align: top; }
td.qty, th.qty { text-align: right; white-space: nowrap; padding-left: 1mm; }
td.check { width: 6mm; }
.detail { display: block; font-size: 9pt; }`,
};

const COMMON_STYLES = `* { box-sizing: border-box; }
.meta { margin: 0; }
.notes { border: 1px solid #000; padding: 2mm; margin-top: 3mm; white-space: pre-wrap; }
.total { font-weight: bold; margin-top: 3mm; }
input[type=checkbox] { width: 4mm; height: 4mm; margin: 0; }
@media print { .no-print { display: none; } }
@media screen { body { padding: 12px; } }`;

const e = escapeHtml;

function addressLines(address: OrderAddress): string[] {
  const street = [address.street, address.number].filter(Boolean).join(', ');
  return [
    address.complement ? `${street} - ${address.complement}` : street,
    address.neighborhood,
    `${address.city}/${address.state}`,
    `CEP ${formatCep(address.zipCode)}`,
  ].filter(Boolean);
}

function itemRow(item: PackingSlipItem, layout: PackingSlipLayout): string {
  const T = PACKING_SLIP_TEXTS;
  const check = `<td class="check"><input type="checkbox" aria-label="${e(`${T.packed}: ${item.name}`)}"></td>`;
  const quantity = `<td class="qty">${item.quantity}</td>`;
  if (layout === 'a4') {
    return `<tr>${check}<td>${e(item.name)}</td><td>${e(item.variant)}</td><td>${e(item.sku)}</td>${quantity}</tr>`;
  }
  const details = [item.variant, `${T.sku} ${item.sku}`]
    .filter(Boolean)
    .map((line) => `<span class="detail">${e(line)}</span>`)
    .join('');
  return `<tr>${check}<td>${e(item.name)}${details}</td>${quantity}</tr>`;
}

/**
 * The printable page of one order: a self-contained HTML document (inline CSS, no script, no
 * outside file) with every value escaped, since a product's name or the shopper's note is
 * text anyone could have typed.
 */
export function packingSlipHtml(slip: PackingSlip, layout: PackingSlipLayout): string {
  const T = PACKING_SLIP_TEXTS;
  const units = slip.items.reduce((sum, item) => sum + item.quantity, 0);
  const head =
    layout === 'a4'
      ? `<tr><th class="check"></th><th>${T.product}</th><th>${T.variant}</th><th>${T.sku}</th><th class="qty">${T.quantity}</th></tr>`
      : `<tr><th class="check"></th><th>${T.product}</th><th class="qty">${T.quantity}</th></tr>`;
  const title = `${T.title} ${slip.orderNumber}`;
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${e(title)}</title>
<style>
${COMMON_STYLES}
${STYLES[layout]}
</style>
</head>
<body class="${layout}">
<p class="no-print">${e(T.printHint)}</p>
${slip.shopName ? `<p class="meta"><strong>${e(slip.shopName)}</strong></p>` : ''}
<h1>${e(title)}</h1>
<p class="meta">${T.order}: <strong>${e(slip.orderNumber)}</strong> · ${T.date}: ${e(formatDateTime(slip.createdAt))}</p>
<p class="meta">${T.shipping}: ${e(slip.shippingName)}</p>
<p class="meta">${T.recipient}: <strong>${e(slip.recipient)}</strong><br>${addressLines(slip.address).map(e).join('<br>')}</p>
<table>
<thead>${head}</thead>
<tbody>
${slip.items.map((item) => itemRow(item, layout)).join('\n')}
</tbody>
</table>
<p class="total">${e(T.units(units))} · ${e(T.lines(slip.items.length))}</p>
${slip.notes ? `<div class="notes"><strong>${T.notes}:</strong>\n${e(slip.notes)}</div>` : ''}
</body>
</html>
`;
}

/** The packing slips of the shop's orders, read from the orders module. */
export function createPackingSlips(deps: { db: Db; shopName: () => string }) {
  const orders = createOrderRepository(deps.db);
  return {
    async of(orderId: number): Promise<PackingSlip> {
      const order = await orders.findOrder(orderId);
      if (!order) {
        throw new AppError('not_found', ORDER_MESSAGES.notFound, { code: 'order_not_found' });
      }
      const items = await orders.itemsOf([orderId]);
      return {
        shopName: deps.shopName(),
        orderNumber: order.orderNumber,
        createdAt: order.createdAt,
        recipient: order.customerName,
        address: order.shippingAddress,
        shippingName: order.shippingName,
        notes: order.notes,
        items: items.map((item) => ({
          name: item.productName,
          variant: optionValuesLabel(item.optionValues),
          sku: item.sku,
          quantity: item.quantity,
        })),
      };
    },

    async html(orderId: number, layout: PackingSlipLayout): Promise<string> {
      return packingSlipHtml(await this.of(orderId), layout);
    },
  };
}

export type PackingSlips = ReturnType<typeof createPackingSlips>;
