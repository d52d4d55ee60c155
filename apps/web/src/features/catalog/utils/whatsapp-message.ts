import { formatBRL } from '@lumina/shared/format/money';

export interface WhatsappOrder {
  productName: string;
  sku: string;
  url: string;
  /** Chosen options in display order, e.g. [['Tamanho', '8mm'], ['Cor', 'Dourado']]. */
  options: [label: string, value: string][];
  quantity: number;
  /** Null while the store settings (and so the PIX price) are not known: the line is left out. */
  pixTotalCents: number | null;
}

/** The text prefilled in the WhatsApp chat: enough for the store to answer without asking back. */
export function whatsappMessage(order: WhatsappOrder): string {
  const lines = [
    'Olá! Quero comprar este produto:',
    `${order.productName} (SKU ${order.sku})`,
    ...order.options.map(([label, value]) => `${label}: ${value}`),
    `Quantidade: ${order.quantity}`,
    ...(order.pixTotalCents === null ? [] : [`Total no PIX: ${formatBRL(order.pixTotalCents)}`]),
    order.url,
  ];
  return lines.join('\n');
}
