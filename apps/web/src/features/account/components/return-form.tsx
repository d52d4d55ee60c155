import { nameBesideOptions, optionValuesLabel } from '@lumina/shared/catalog/variants';
import { formatBRL } from '@lumina/shared/format/money';
import { exchangeRefusal, variantUnitPriceCents } from '@lumina/shared/returns/exchange-options';
import type { OrderPaymentMethod } from '@lumina/shared/payments/payment-methods';
import {
  createReturnBodySchema,
  RETURN_MESSAGES,
  type CreateReturnResponse,
  type ReturnType,
} from '@lumina/shared/returns/return-schemas';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import type { OrderDetail } from '../../../lib/payment/payment-api.ts';
import { useStore } from '../../../lib/store-settings.ts';
import { useCreateReturn, useExchangeProduct } from '../api/returns.ts';
import { serverMessages } from '../model/server-errors.ts';

type OrderItem = OrderDetail['items'][number];

interface Choice {
  selected: boolean;
  quantity: number;
  exchangeVariantId: number | null;
}

export interface ReturnFormProps {
  userId: number;
  order: OrderDetail;
  type: ReturnType;
  /** Units of each order item still free for a request. */
  left: ReadonlyMap<number, number>;
  /** 'Você pode desistir até 04/12/2026 (faltam 3 dias).', or what applies in transit. */
  deadline: string;
  onDone: (answer: CreateReturnResponse) => void;
  onClose: () => void;
}

const TITLES: Record<ReturnType, string> = {
  withdrawal: 'Desistir da compra',
  exchange: 'Solicitar troca',
};

const INTROS: Record<ReturnType, string> = {
  withdrawal:
    'Escolha as peças que você quer devolver. Depois de recebê-las, devolvemos o valor pago por elas (e o frete, se o pedido todo voltar).',
  exchange:
    'Escolha as peças que você quer trocar e a variação que quer receber (por exemplo, outro tamanho).',
};

const FAILED = 'Não foi possível enviar o pedido. Tente novamente.';

/**
 * The variants an exchange may ask for, for 'Trocar por': the product's others that are for sale
 * at the unit price paid (the rule the API checks: exchange-options.ts).
 */
function ExchangeVariant({
  item,
  method,
  value,
  onChange,
}: {
  item: OrderItem;
  /** The order's payment method: a card or a boleto paid the list price, PIX the PIX price. */
  method: OrderPaymentMethod;
  value: number | null;
  onChange: (id: number | null) => void;
}) {
  const id = useId();
  const product = useExchangeProduct(item.product_id);
  // Until the store's price rules arrive a variant's price is not known: none is offered yet.
  const store = useStore();
  const bought = {
    productId: item.product_id,
    variantId: item.variant_id,
    unitPriceCents: item.unit_price_cents,
  };
  const data = product.data?.product;
  const variants =
    data && store
      ? data.variants.filter(
          (variant) =>
            exchangeRefusal(bought, {
              productId: data.id,
              variantId: variant.id,
              active: variant.active,
              unitPriceCents: variantUnitPriceCents(data, variant, store, method),
            }) === null,
        )
      : [];
  if (item.product_id === null) {
    return <p className="text-sm text-ink-700">Este produto não está mais à venda.</p>;
  }
  if (product.isPending || !store) {
    return <p className="text-sm text-ink-700">Carregando variações...</p>;
  }
  if (variants.length === 0) {
    return (
      <p className="text-sm text-ink-700">
        Este produto não tem outra variação de mesmo preço para a troca.
      </p>
    );
  }
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-ink-900">
        Trocar por
      </label>
      <select
        id={id}
        value={value ?? ''}
        aria-describedby={`${id}-preco`}
        onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}
        className="mt-1 w-full rounded-xl border border-ink-300 bg-white px-3 py-2 text-base text-ink-900"
      >
        <option value="">Escolha a variação</option>
        {variants.map((variant) => (
          <option key={variant.id} value={variant.id} disabled={variant.stock_quantity <= 0}>
            {optionValuesLabel(variant.option_values) || variant.sku}
            {variant.stock_quantity <= 0 ? ' (sem estoque)' : ''}
          </option>
        ))}
      </select>
      <p id={`${id}-preco`} className="mt-1 text-sm text-ink-700">
        Só variações do mesmo preço que você pagou ({formatBRL(item.unit_price_cents)}).
      </p>
    </div>
  );
}

function ItemChoice({
  item,
  left,
  method,
  type,
  choice,
  onChange,
}: {
  item: OrderItem;
  method: OrderPaymentMethod;
  left: number;
  type: ReturnType;
  choice: Choice;
  onChange: (choice: Choice) => void;
}) {
  const id = useId();
  const values = optionValuesLabel(item.option_values);
  const name = nameBesideOptions(item.product_name, item.option_values);
  return (
    <li className="rounded-xl border border-ink-300/60 bg-white p-3">
      <div className="flex items-start gap-3">
        <input
          id={`${id}-item`}
          type="checkbox"
          checked={choice.selected}
          disabled={left === 0}
          onChange={(event) => onChange({ ...choice, selected: event.target.checked })}
          className="mt-1 size-5 shrink-0 accent-ink-900"
        />
        <label htmlFor={`${id}-item`} className="min-w-0 flex-1 text-sm text-ink-900">
          {name}
          {values ? <span className="block text-ink-700">{values}</span> : null}
          <span className="block text-ink-700">
            {left === 0
              ? 'Já está em outro pedido de devolução ou troca'
              : `Comprado: ${item.quantity} · pode ${type === 'exchange' ? 'trocar' : 'devolver'}: ${left}`}
          </span>
        </label>
      </div>
      {choice.selected ? (
        <div className="mt-3 grid gap-3 pl-8 sm:grid-cols-2">
          <div>
            <label htmlFor={`${id}-qtd`} className="block text-sm font-medium text-ink-900">
              Quantidade
            </label>
            <select
              id={`${id}-qtd`}
              value={choice.quantity}
              onChange={(event) => onChange({ ...choice, quantity: Number(event.target.value) })}
              className="mt-1 w-full rounded-xl border border-ink-300 bg-white px-3 py-2 text-base text-ink-900"
            >
              {Array.from({ length: Math.max(left, 1) }, (_, index) => index + 1).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </div>
          {type === 'exchange' ? (
            <ExchangeVariant
              item={item}
              method={method}
              value={choice.exchangeVariantId}
              onChange={(exchangeVariantId) => onChange({ ...choice, exchangeVariantId })}
            />
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/**
 * The shopper's withdrawal (CDC art. 49) or exchange request for some units of a delivered (or
 * shipped) order: which items, how many, the wanted variant for an exchange, an optional reason.
 * The server's refusals (the deadline passed, too many units) are shown in its own words.
 */
export function ReturnForm({
  userId,
  order,
  type,
  left,
  deadline,
  onDone,
  onClose,
}: ReturnFormProps) {
  const reasonId = useId();
  const [choices, setChoices] = useState<Record<number, Choice>>(() =>
    Object.fromEntries(
      order.items.map((item) => [
        item.id,
        { selected: false, quantity: 1, exchangeVariantId: null } satisfies Choice,
      ]),
    ),
  );
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const create = useCreateReturn(userId, order.id);

  const submit = () => {
    const items = order.items.flatMap((item) => {
      const choice = choices[item.id];
      if (!choice?.selected) return [];
      return [
        {
          order_item_id: item.id,
          quantity: choice.quantity,
          ...(type === 'exchange' ? { exchange_variant_id: choice.exchangeVariantId } : {}),
        },
      ];
    });
    if (type === 'exchange' && items.some((item) => item.exchange_variant_id === null)) {
      setProblems([RETURN_MESSAGES.exchangeVariantRequired]);
      return;
    }
    const parsed = createReturnBodySchema.safeParse({
      return: { type, items, reason: reason.trim() || null },
    });
    if (!parsed.success) {
      setProblems([...new Set(parsed.error.issues.map((issue) => issue.message))]);
      return;
    }
    setProblems([]);
    create.mutate(parsed.data, { onSuccess: onDone });
  };

  const errors = create.isError ? serverMessages(create.error, FAILED) : problems;
  return (
    <section
      aria-labelledby={`${reasonId}-titulo`}
      className="rounded-2xl border border-gold-500/40 bg-cream-50 p-4 sm:p-5"
    >
      <h3 id={`${reasonId}-titulo`} className="font-serif text-xl text-ink-900">
        {TITLES[type]}
      </h3>
      <p className="mt-1 text-sm font-medium text-ink-900">{deadline}</p>
      <p className="mt-1 text-sm text-ink-700">{INTROS[type]}</p>
      <form
        noValidate
        className="mt-4 space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <fieldset>
          <legend className="text-sm font-medium text-ink-900">Itens</legend>
          <ul className="mt-2 space-y-2">
            {order.items.map((item) => (
              <ItemChoice
                key={item.id}
                item={item}
                method={order.payment_method}
                left={Math.max(left.get(item.id) ?? 0, 0)}
                type={type}
                choice={
                  choices[item.id] ?? { selected: false, quantity: 1, exchangeVariantId: null }
                }
                onChange={(choice) => {
                  // A message about the earlier choice would mislead once it changed.
                  setProblems([]);
                  setChoices((current) => ({ ...current, [item.id]: choice }));
                }}
              />
            ))}
          </ul>
        </fieldset>
        <div>
          <label htmlFor={reasonId} className="block text-sm font-medium text-ink-900">
            Motivo (opcional)
          </label>
          <textarea
            id={reasonId}
            value={reason}
            maxLength={1000}
            rows={3}
            onChange={(event) => setReason(event.target.value)}
            className="mt-1 w-full rounded-xl border border-ink-300 bg-white px-4 py-2.5 text-base text-ink-900"
          />
        </div>
        {errors.length > 0 ? <FormAlert kind="error" messages={errors} /> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={onClose} disabled={create.isPending}>
            Voltar
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending
              ? 'Enviando...'
              : type === 'exchange'
                ? 'Enviar pedido de troca'
                : 'Enviar desistência'}
          </Button>
        </div>
      </form>
    </section>
  );
}
