import { WHATSAPP_TEXTS } from '@lumina/shared/whatsapp/order-updates';

export interface WhatsAppOptInProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/**
 * The order updates by WhatsApp, asked for by the shopper (off until ticked): shown only while
 * the shop sends them (`store.order_whatsapp`), to the mobile typed in the customer box.
 */
export function WhatsAppOptIn({ checked, onChange }: WhatsAppOptInProps) {
  return (
    <div className="flex items-start gap-3 rounded-2xl bg-white p-4 ring-1 ring-ink-900/10 sm:px-6">
      <input
        type="checkbox"
        id="checkout-whatsapp"
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
        aria-describedby="checkout-whatsapp-dica"
        className="mt-0.5 size-5 shrink-0 accent-ink-900"
      />
      <div>
        <label htmlFor="checkout-whatsapp" className="text-sm font-medium text-ink-900">
          {WHATSAPP_TEXTS.optIn}
        </label>
        <p id="checkout-whatsapp-dica" className="mt-0.5 text-xs text-ink-700">
          {WHATSAPP_TEXTS.optInHint}
        </p>
      </div>
    </div>
  );
}
