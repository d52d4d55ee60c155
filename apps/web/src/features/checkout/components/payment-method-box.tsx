import { CHECKOUT_TEXTS } from '@lumina/shared/checkout/checkout-messages';
import { PAYMENT_METHODS_DELAY_MS } from '@lumina/shared/constants/account-constants';
import { instalmentsPromise } from '@lumina/shared/payments/card-instalments';
import type { PublicStoreJson } from '@lumina/shared/settings/store-settings';
import { pixDiscountNote } from '@lumina/shared/storefront/money-texts';
import { useEffect, useState, type ReactNode } from 'react';
import { CardIcon, PixIcon } from '../../../components/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { useStore } from '../../../lib/store-settings.ts';
import { availableMethods, type CheckoutPaymentMethod } from '../model/payment-choice.ts';
import { CheckoutBox } from './checkout-box.tsx';

interface MethodRowProps {
  method: CheckoutPaymentMethod;
  label: string;
  icon: ReactNode;
  available: boolean;
  checked: boolean;
  onChoose: (method: CheckoutPaymentMethod) => void;
  /** Null: no badge. */
  note: string | null;
  /** A line under the label (what the method costs or how it is paid). */
  detail?: string;
}

function MethodRow({
  method,
  label,
  icon,
  available,
  checked,
  onChoose,
  note,
  detail,
}: MethodRowProps) {
  return (
    <label
      className={cn(
        'flex min-h-12 items-center gap-3 rounded-xl border px-4 py-3 text-sm',
        !available
          ? 'cursor-not-allowed border-ink-300/60 text-ink-600'
          : checked
            ? 'cursor-pointer border-ink-900 bg-cream-50 text-ink-900'
            : 'cursor-pointer border-ink-300 bg-white text-ink-900 hover:border-ink-600',
      )}
    >
      <input
        type="radio"
        name="checkout-pagamento"
        value={method}
        checked={available && checked}
        disabled={!available}
        onChange={() => onChoose(method)}
        className="size-5 accent-ink-900"
      />
      <span aria-hidden="true">{icon}</span>
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="font-medium">{label}</span>
        {detail ? <span className="text-xs text-ink-600">{detail}</span> : null}
      </span>
      {note === null ? null : (
        <span
          className={cn(
            'shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold',
            // Green on white: 5.3:1 (on the 10% green tint it was 4.49:1, under AA's 4.5).
            available
              ? 'bg-white text-success ring-1 ring-success/40'
              : 'bg-cream-200 text-ink-700',
          )}
        >
          {note}
        </span>
      )}
    </label>
  );
}

/** '3x sem juros ou até 12x; sem o desconto do PIX', as the settings' rules say. */
function cardDetail(store: PublicStoreJson, pixNote: string | null): string {
  const instalments = instalmentsPromise(store) ?? 'À vista';
  return pixNote ? `${instalments}; sem o desconto do PIX` : instalments;
}

export interface PaymentMethodBoxProps {
  value: CheckoutPaymentMethod;
  onChange: (method: CheckoutPaymentMethod) => void;
}

/**
 * Payment method (spec 001 §2): listed after an artificial 1 s delay. PIX always; card and
 * boleto once the shop is configured for them (GET /api/store's `payments`), else shown
 * disabled as coming soon.
 */
export function PaymentMethodBox({ value, onChange }: PaymentMethodBoxProps) {
  const [shown, setShown] = useState(false);
  // The PIX badge says the settings' discount, and nothing when there is none.
  const store = useStore();
  const pixNote = store ? pixDiscountNote(store) : null;
  const available = availableMethods(store);

  useEffect(() => {
    const timer = setTimeout(() => setShown(true), PAYMENT_METHODS_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  return (
    <CheckoutBox id="checkout-pagamento" title="Forma de pagamento">
      {shown ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="sr-only">Forma de pagamento</legend>
          <MethodRow
            method="pix"
            label="PIX"
            icon={<PixIcon className="size-5 text-success" />}
            available
            checked={value === 'pix'}
            onChoose={onChange}
            note={pixNote}
          />
          <MethodRow
            method="card"
            label="Cartão de crédito"
            icon={<CardIcon className="size-5" />}
            available={available.card}
            checked={value === 'card'}
            onChoose={onChange}
            note={available.card ? null : CHECKOUT_TEXTS.comingSoon}
            detail={available.card && store ? cardDetail(store, pixNote) : undefined}
          />
          <MethodRow
            method="boleto"
            label="Boleto bancário"
            icon={<CardIcon className="size-5" />}
            available={available.boleto}
            checked={value === 'boleto'}
            onChoose={onChange}
            note={available.boleto ? null : CHECKOUT_TEXTS.comingSoon}
            detail={
              available.boleto
                ? `Confirmado quando o banco avisar o pagamento${pixNote ? '; sem o desconto do PIX' : ''}`
                : undefined
            }
          />
        </fieldset>
      ) : (
        <Spinner label="Carregando métodos de pagamento..." />
      )}
    </CheckoutBox>
  );
}
