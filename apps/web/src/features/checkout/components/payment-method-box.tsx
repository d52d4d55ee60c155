import { CHECKOUT_TEXTS } from '@lumina/shared/checkout/checkout-messages';
import { PAYMENT_METHODS_DELAY_MS } from '@lumina/shared/constants/account-constants';
import { pixDiscountNote } from '@lumina/shared/storefront/money-texts';
import { useEffect, useState, type ReactNode } from 'react';
import { CardIcon, PixIcon } from '../../../components/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { useStore } from '../../../lib/store-settings.ts';
import { CheckoutBox } from './checkout-box.tsx';

interface MethodRowProps {
  label: string;
  icon: ReactNode;
  available: boolean;
  /** Null: no badge. */
  note: string | null;
}

function MethodRow({ label, icon, available, note }: MethodRowProps) {
  return (
    <label
      className={cn(
        'flex min-h-12 items-center gap-3 rounded-xl border px-4 py-3 text-sm',
        available
          ? 'cursor-pointer border-ink-900 bg-cream-50 text-ink-900'
          : 'cursor-not-allowed border-ink-300/60 text-ink-600',
      )}
    >
      <input
        type="radio"
        name="checkout-pagamento"
        value={label}
        // PIX is the only method (spec 001 §9); the others are shown, disabled, as coming soon.
        checked={available}
        disabled={!available}
        readOnly
        className="size-5 accent-ink-900"
      />
      <span aria-hidden="true">{icon}</span>
      <span className="flex-1 font-medium">{label}</span>
      {note === null ? null : (
        <span
          className={cn(
            'rounded-full px-2 py-0.5 text-xs font-semibold',
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

/** Payment method (spec 001 §2): listed after an artificial 1 s delay; PIX only. */
export function PaymentMethodBox() {
  const [shown, setShown] = useState(false);
  // The PIX badge says the settings' discount, and nothing when there is none.
  const store = useStore();
  const pixNote = store ? pixDiscountNote(store) : null;

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
            label="PIX"
            icon={<PixIcon className="size-5 text-success" />}
            available
            note={pixNote}
          />
          <MethodRow
            label="Cartão de crédito"
            icon={<CardIcon className="size-5" />}
            available={false}
            note={CHECKOUT_TEXTS.comingSoon}
          />
          <MethodRow
            label="Boleto bancário"
            icon={<CardIcon className="size-5" />}
            available={false}
            note={CHECKOUT_TEXTS.comingSoon}
          />
        </fieldset>
      ) : (
        <Spinner label="Carregando métodos de pagamento..." />
      )}
    </CheckoutBox>
  );
}
