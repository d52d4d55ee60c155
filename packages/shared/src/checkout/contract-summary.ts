import { nameBesideOptions, optionValuesLabel, type OptionValues } from '../catalog/variants.ts';
import { formatBRL } from '../format/money.ts';
import { type OrderPaymentMethod, paysPixPrice } from '../payments/payment-methods.ts';
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
  /** 'Forma de pagamento' and the total's label, by method. */
  methods: {
    pix: { name: 'PIX', total: 'Total no PIX' },
    card: { name: 'Cartão de crédito', total: 'Total no cartão' },
    boleto: { name: 'Boleto bancário', total: 'Total no boleto' },
  },
  // True for every order: 'Meus Pedidos' takes a withdrawal for WITHDRAWAL_DAYS after delivery.
  withdrawal: `Você pode desistir da compra em até ${WITHDRAWAL_DAYS} dias após o recebimento.`,
  returnsPolicy: 'Política de trocas e devoluções',
} as const;

/** One line of what is bought: a cart line at the checkout, an order item in the e-mail. */
export interface SummaryItem {
  name: string;
  optionValues: OptionValues;
  quantity: number;
  /** Each unit's PIX price: what it is charged by PIX. */
  unitCents: number;
  /** Each unit without the PIX discount: what it is charged by card or boleto. */
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

/** A unit's price paid by `method`: the PIX price for PIX, the list price for the others. */
function unitPrice(item: SummaryItem, method: OrderPaymentMethod): number {
  return paysPixPrice(method) ? item.unitCents : item.listUnitCents;
}

/** '2 × Argola Lisa (Diâmetro: 8 mm)' and the line's total at its price for the method. */
export function itemRow(item: SummaryItem, method: OrderPaymentMethod = 'pix'): SummaryRow {
  return {
    label: `${item.quantity} × ${itemName(item.name, item.optionValues)}`,
    value: formatBRL(unitPrice(item, method) * item.quantity),
  };
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
  /** How the order is paid (PIX when not said): a card or a boleto pays the list prices. */
  method?: OrderPaymentMethod;
  /**
   * Off the items at the method's prices, one row each ('Cupom BEMVINDA10', 'Promoção ...'), as
   * the server priced them; none when not given.
   */
  discounts?: readonly SummaryDiscount[];
  /** The same discounts at the list prices: what the total without the PIX discount keeps. */
  listDiscountCents?: number;
}

/** A discount row of the summary: its label and the cents it takes off. */
export interface SummaryDiscount {
  label: string;
  cents: number;
}

/**
 * The summary's amounts after the items: subtotal, freight and its delivery time, payment
 * method, the total and, for PIX with a PIX discount, what the total would be without it (a
 * card or a boleto has no PIX saving to show). Before the freight is quoted it reads 'A
 * calcular' and the total says the freight is still to be added.
 */
export function summaryRows({
  items,
  shipping,
  pixDiscount,
  method = 'pix',
  discounts = [],
  listDiscountCents = 0,
}: SummaryInput): SummaryRow[] {
  const off = discounts.reduce((sum, discount) => sum + discount.cents, 0);
  const subtotal = items.reduce((sum, item) => sum + unitPrice(item, method) * item.quantity, 0);
  const listSubtotal = items.reduce((sum, item) => sum + item.listUnitCents * item.quantity, 0);
  const freight = shipping?.costCents ?? 0;
  const rows: SummaryRow[] = [
    { label: `Subtotal (${itemCountText(unitCount(items))})`, value: formatBRL(subtotal) },
    ...discounts.map((discount) => ({
      label: discount.label,
      value: `−${formatBRL(discount.cents)}`,
    })),
    shipping
      ? { label: `Frete (${shipping.name})`, value: shippingCostText(shipping.costCents) }
      : { label: 'Frete', value: 'A calcular' },
  ];
  if (shipping) {
    rows.push({ label: 'Prazo de entrega', value: deliveryDeadlineText(shipping.deliveryDays) });
  }
  const plusFreight = shipping ? '' : ' + frete';
  rows.push(
    { label: 'Forma de pagamento', value: CONTRACT_SUMMARY_TEXTS.methods[method].name },
    {
      label: CONTRACT_SUMMARY_TEXTS.methods[method].total,
      value: `${formatBRL(subtotal - off + freight)}${plusFreight}`,
    },
  );
  if (paysPixPrice(method) && pixDiscount && listSubtotal - listDiscountCents > subtotal - off) {
    rows.push({
      label: 'Total sem o desconto do PIX',
      value: `${formatBRL(listSubtotal - listDiscountCents + freight)}${plusFreight}`,
    });
  }
  return rows;
}

/** How many units the items add up to. */
export function unitCount(items: readonly Pick<SummaryItem, 'quantity'>[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}
