import { itemName } from '@lumina/shared/checkout/contract-summary';
import type { OptionValues } from '@lumina/shared/catalog/variants';
import { formatBRL } from '@lumina/shared/format/money';
import { RESTORE_LINK_DAYS } from '@lumina/shared/reminders/reminders';
import type { MailMessage } from '../../integrations/mail/mailer.ts';
import type { ReminderKind } from '../../db/schema/reminders.ts';
import { mailDocument } from '../mail/mail-document.ts';
import type { MailShop } from '../mail/mail-signature.ts';
import { type Block, blockHtml, blockText, firstName } from '../orders/order-mails.ts';

/** An item still for sale, at today's prices (what the restore link would put back). */
export interface ReminderItem {
  name: string;
  optionValues: OptionValues;
  quantity: number;
  /** Each unit at its price now, and by PIX now (the store's discount or its own PIX price). */
  unitCents: number;
  pixUnitCents: number;
}

export interface ReminderMailInput {
  kind: ReminderKind;
  /** The first e-mail of the sequence, or the second (and last). */
  number: 1 | 2;
  to: string;
  customerName: string;
  /** The expired order's number (kind pix_expired). */
  orderNumber: string | null;
  items: readonly ReminderItem[];
  /** Items of the cart or the order no longer for sale (left out of the list and the link). */
  missing: number;
  restoreUrl: string;
  /** The page that asks before unsubscribing (the e-mail's headers carry the one-click address). */
  unsubscribeUrl: string;
  shop: MailShop;
}

export function reminderSubject(
  input: Pick<ReminderMailInput, 'kind' | 'number' | 'orderNumber' | 'shop'>,
): string {
  const base =
    input.kind === 'cart'
      ? `Suas peças continuam no seu carrinho - ${input.shop.name}`
      : `O PIX do pedido ${input.orderNumber ?? ''} expirou: suas peças ainda estão disponíveis`;
  return input.number === 2
    ? `Último lembrete: ${base.charAt(0).toLowerCase()}${base.slice(1)}`
    : base;
}

function itemRows(items: readonly ReminderItem[]): { rows: { label: string; value: string }[] } {
  return {
    rows: items.map((item) => {
      const list = item.unitCents * item.quantity;
      const pix = item.pixUnitCents * item.quantity;
      return {
        label: `${item.quantity} × ${itemName(item.name, item.optionValues)}`,
        value: pix < list ? `${formatBRL(list)} (${formatBRL(pix)} no PIX)` : formatBRL(list),
      };
    }),
  };
}

/**
 * The reminder of a cart left behind or of an order whose PIX expired: what is still for sale,
 * at today's prices, and one link that puts it back in a cart on any device (without signing
 * anyone in). Only shoppers whose marketing consent is on receive it; the unsubscribe link ends
 * that consent in one click.
 */
export function reminderMail(input: ReminderMailInput): MailMessage {
  const subject = reminderSubject(input);
  const intro =
    input.kind === 'cart'
      ? 'Você deixou estas peças no carrinho, e elas continuam disponíveis, com os preços de hoje:'
      : `O prazo do PIX do pedido ${input.orderNumber ?? ''} acabou antes do pagamento, e o pedido foi cancelado. Estas peças continuam disponíveis, com os preços de hoje:`;
  const blocks: Block[] = [
    `Olá, ${firstName(input.customerName)}!`,
    intro,
    itemRows(input.items),
    ...(input.missing > 0
      ? [
          input.missing === 1
            ? 'Uma peça esgotou ou saiu da loja e ficou de fora.'
            : `${input.missing} peças esgotaram ou saíram da loja e ficaram de fora.`,
        ]
      : []),
    { link: input.restoreUrl, label: 'Recuperar meu carrinho' },
    `O link vale por ${RESTORE_LINK_DAYS} dias e funciona uma vez, em qualquer aparelho: ele coloca as peças no carrinho com o estoque e os preços do momento, sem entrar na sua conta. Para finalizar a compra, é só entrar com seu e-mail e senha.`,
    'Você recebe este e-mail porque aceitou receber comunicações de marketing da loja.',
    { link: input.unsubscribeUrl, label: 'Não quero mais receber estes e-mails' },
    input.shop,
  ];
  return {
    to: input.to,
    subject,
    text: blocks.map(blockText).join('\n\n'),
    html: mailDocument(subject, blocks.map(blockHtml)),
  };
}
