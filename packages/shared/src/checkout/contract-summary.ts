import { nameBesideOptions, optionValuesLabel, type OptionValues } from '../catalog/variants.ts';
import { formatBRL } from '../format/money.ts';
import { WITHDRAWAL_DAYS } from '../returns/return-schemas.ts';
import { deliveryDeadlineText, shippingCostText } from '../shipping/shipping-texts.ts';

/**
 * The contract's summary a shopper reads before buying and again in the order-received e-mail
 * (Decreto 7.962/2013 art. 4): what is bought, what it costs, the freight and its delivery time,
 * how it is paid and the right of withdrawal. The checkout and the e-mail draw the same rows.
 */
export const CONTRACT_SUMMARY_TEXTS = {
  title: 'Resumo do pedido',
  seller: 'Vendido por',
  paymentMethod: 'PIX',
  /** The method's name in the summary, as the checkout's choice lists it. */
  paymentMethods: { pix: 'PIX', card: 'Cartão de crédito', boleto: 'Boleto bancário' },
  // True for every order: 'Meus Pedidos' takes a withdrawal for WITHDRAWAL_DAYS after delivery.
  withdrawal: `Você pode desistir da compra em até ${WITHDRAWAL_DAYS} dias após o recebimento.`,
  returnsPolicy: 'Política de trocas e devoluções',
} as const;

/** One line of what is bought: a cart line at the checkout, an order item in the e-mail. */
export interface SummaryItem {
  name: string;
  optionValues: OptionValues;
  quantity: number;
  /** What each unit is charged: the PIX price. */
  unitCents: number;
  /** Each unit without the PIX discount. */
  listUnitCents: number;
}

/** The freight as quoted (checkout) or charged (order). */
export interface SummaryShipping {
  name: string;
  costCents: number;
  deliveryDays: number;
}

/** A label and its amount or value, as a row of the summary. */
export interface SummaryRow {
  label: string;
  value: string;
}

/** 1 -> '1 item'; 3 -> '3 itens' (units, as the cart counts them). */
export function itemCountText(count: number): string {
  return count === 1 ? '1 item' : `${count} itens`;
}

/** 'Argola Lisa (Diâmetro: 8 mm · Cor: Dourado)'; the name alone for a product without options. */
export function itemName(name: string, optionValues: OptionValues): string {
  const options = optionValuesLabel(optionValues);
  return options ? `${nameBesideOptions(name, optionValues)} (${options})` : name;
}

/** '2 × Argola Lisa (Diâmetro: 8 mm)' and the line's total at its PIX price. */
export function itemRow(item: SummaryItem): SummaryRow {
  return {
    label: `${item.quantity} × ${itemName(item.name, item.optionValues)}`,
    value: formatBRL(item.unitCents * item.quantity),
  };
}

/** The line as paid by `paymentMethod`: a card or a boleto pays each unit's list price. */
export function itemRowFor(item: SummaryItem, paymentMethod: SummaryPaymentMethod): SummaryRow {
  return itemRow(paymentMethod === 'pix' ? item : { ...item, unitCents: item.listUnitCents });
}

export interface SummaryInput {
  items: readonly SummaryItem[];
  /** Null until the freight is quoted. */
  shipping: SummaryShipping | null;
  /**
   * Whether the shop gives a PIX discount (its settings at the checkout; the order's own prices
   * in the e-mail): only then is the total without it worth a row.
   */
  pixDiscount: boolean;
  /**
   * How it is paid (PIX unless said): a card or a boleto pays the list price, without the PIX
   * discount, and the total says so.
   */
  paymentMethod?: SummaryPaymentMethod;
}

export type SummaryPaymentMethod = 'pix' | 'card' | 'boleto';

const TOTAL_LABELS: Record<SummaryPaymentMethod, string> = {
  pix: 'Total no PIX',
  card: 'Total no cartão',
  boleto: 'Total no boleto',
};

/**
 * The summary's amounts after the items: subtotal, freight and its delivery time, payment
 * method, the PIX total and, with a PIX discount, what the total would be without it. Before the
 * freight is quoted it reads 'A calcular' and the total says the freight is still to be added.
 */
export function summaryRows({
  items,
  shipping,
  pixDiscount,
  paymentMethod = 'pix',
}: SummaryInput): SummaryRow[] {
  const subtotal = items.reduce((sum, item) => sum + item.unitCents * item.quantity, 0);
  const listSubtotal = items.reduce((sum, item) => sum + item.listUnitCents * item.quantity, 0);
  const freight = shipping?.costCents ?? 0;
  const rows: SummaryRow[] = [
    {
      label: `Subtotal (${itemCountText(unitCount(items))})`,
      value: formatBRL(paymentMethod === 'pix' ? subtotal : listSubtotal),
    },
    shipping
      ? { label: `Frete (${shipping.name})`, value: shippingCostText(shipping.costCents) }
      : { label: 'Frete', value: 'A calcular' },
  ];
  if (shipping) {
    rows.push({ label: 'Prazo de entrega', value: deliveryDeadlineText(shipping.deliveryDays) });
  }
  const plusFreight = shipping ? '' : ' + frete';
  if (paymentMethod !== 'pix') {
    rows.push(
      {
        label: 'Forma de pagamento',
        value: CONTRACT_SUMMARY_TEXTS.paymentMethods[paymentMethod],
      },
      {
        label: TOTAL_LABELS[paymentMethod],
        value: `${formatBRL(listSubtotal + freight)}${plusFreight}`,
      },
    );
    return rows;
  }
  rows.push(
    { label: 'Forma de pagamento', value: CONTRACT_SUMMARY_TEXTS.paymentMethod },
    { label: TOTAL_LABELS.pix, value: `${formatBRL(subtotal + freight)}${plusFreight}` },
  );
  if (pixDiscount && listSubtotal > subtotal) {
    rows.push({
      label: 'Total sem o desconto do PIX',
      value: `${formatBRL(listSubtotal + freight)}${plusFreight}`,
    });
  }
  return rows;
}

/** How many units the items add up to. */
export function unitCount(items: readonly Pick<SummaryItem, 'quantity'>[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}
