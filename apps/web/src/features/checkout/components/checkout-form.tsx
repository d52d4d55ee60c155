import { CHECKOUT_TEXTS } from '@lumina/shared/checkout/checkout-messages';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { paysPixPrice } from '@lumina/shared/payments/payment-methods';
import { itemsPricing } from '../../../lib/cart/cart-discounts.ts';
import type { CartLine, CartPricingView } from '../../../lib/cart/cart-types.ts';
import { useCepAutofill, type CepAddressField } from '../../../lib/cep/use-cep-autofill.ts';
import { useStore } from '../../../lib/store-settings.ts';
import { EMPTY_CHECKOUT_FORM, type CheckoutFormValues } from '../model/checkout-form-values.ts';
import { cartFingerprint, checkoutLines } from '../model/checkout-lines.ts';
import { availableMethods, type CheckoutPaymentMethod } from '../model/payment-choice.ts';
import { useCheckoutPrefill } from '../model/use-checkout-prefill.ts';
import { useCheckoutShipping } from '../model/use-checkout-shipping.ts';
import type { useCheckoutSubmit } from '../model/use-checkout-submit.ts';
import { CheckoutTermsNote } from './checkout-terms-note.tsx';
import { ContractSummary } from './contract-summary.tsx';
import { CustomerBox } from './customer-box.tsx';
import { DeliveryBox } from './delivery-box.tsx';
import { NotesBox } from './notes-box.tsx';
import { OrderItemsTable } from './order-items-table.tsx';
import { PaymentMethodBox } from './payment-method-box.tsx';
import { WhatsAppOptIn } from './whatsapp-opt-in.tsx';

const LOOKUP_FIELDS: Record<CepAddressField, keyof CheckoutFormValues> = {
  street: 'customer_street',
  neighborhood: 'customer_neighborhood',
  city: 'customer_city',
  state: 'customer_state',
};

export interface CheckoutFormProps {
  /** The lines being ordered: the live cart, or what was ordered once the order exists. */
  items: readonly CartLine[];
  /** The server's coupon, promotions and prices of those lines. */
  priced: CartPricingView;
  flow: ReturnType<typeof useCheckoutSubmit>;
}

/**
 * The five boxes, the contract's summary and the submit. On a phone they stack in the spec's
 * order (products first, the button last); from lg the products, the summary and the button sit
 * in a right-hand column, the summary right under the products (the second row takes what the
 * taller form leaves).
 */
export function CheckoutForm({ items, priced, flow }: CheckoutFormProps) {
  const store = useStore();
  const { register, control, getValues, setValue, setFocus } = useForm<CheckoutFormValues>({
    defaultValues: EMPTY_CHECKOUT_FORM,
  });
  useCheckoutPrefill({ getValues, setValue });
  const zip = useWatch({ control, name: 'customer_zip_code' });
  // A coupon may make the freight free: another coupon is another quote.
  const shipping = useCheckoutShipping(
    zip,
    `${cartFingerprint(items)}|${priced.coupon?.code ?? ''}`,
  );
  const cepLookup = useCepAutofill({
    read: (field) => getValues(LOOKUP_FIELDS[field]),
    write: (field, value) => setValue(LOOKUP_FIELDS[field], value),
  });
  const ordered = flow.placed !== null;
  const [chosen, setChosen] = useState<CheckoutPaymentMethod>('pix');
  const [whatsappUpdates, setWhatsappUpdates] = useState(false);
  // Offered only while the shop sends them; a box ticked before they were turned off counts not.
  const offersWhatsApp = store?.order_whatsapp === true;
  // A method the shop stops offering (settings reloaded) falls back to PIX.
  const paymentMethod = availableMethods(store)[chosen] ? chosen : 'pix';
  // PIX pays the PIX prices, a card or a boleto the list prices: the server priced both.
  const basis = paysPixPrice(paymentMethod) ? 'pix' : 'list';

  const onZipChange = () => {
    shipping.followZip();
    cepLookup.onCepChange(getValues('customer_zip_code'));
  };

  const onSubmit = () =>
    void flow.submit({
      values: getValues(),
      shippingMethod: shipping.method,
      paymentMethod,
      whatsappUpdates: offersWhatsApp && whatsappUpdates,
      items,
      priced,
      onInvalid: (field) => setFocus(field),
    });

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      className="mt-6 grid grid-cols-1 gap-5 lg:grid-cols-[minmax(0,1fr)_24rem] lg:grid-rows-[auto_1fr] lg:gap-8"
    >
      <OrderItemsTable
        lines={checkoutLines(items, basis)}
        pricing={itemsPricing(priced, items, basis)}
        shipping={shipping.option}
        className="lg:col-start-2 lg:row-start-1"
      />
      {/* Once the order exists its data is fixed: only the payment can still be retried. */}
      <fieldset
        disabled={ordered}
        className="flex min-w-0 flex-col gap-5 lg:col-start-1 lg:row-span-2 lg:row-start-1"
      >
        <CustomerBox register={register} onZipChange={onZipChange} cepStatus={cepLookup.status} />
        {offersWhatsApp ? (
          <WhatsAppOptIn checked={whatsappUpdates} onChange={setWhatsappUpdates} />
        ) : null}
        <DeliveryBox shipping={shipping} itemCount={items.length} />
        <NotesBox register={register} control={control} />
        <PaymentMethodBox value={paymentMethod} onChange={setChosen} />
      </fieldset>
      <div className="flex flex-col gap-3 lg:col-start-2 lg:row-start-2 lg:self-start">
        <ContractSummary
          items={items}
          shipping={shipping.option}
          paymentMethod={paymentMethod}
          priced={priced}
          locked={ordered}
        />
        {flow.placed ? (
          <FormAlert kind="info">
            Pedido {flow.placed.order.order_number} criado.{' '}
            {flow.placed.paymentMethod === 'pix'
              ? 'Falta gerar o pagamento PIX.'
              : 'Falta fazer o pagamento.'}
          </FormAlert>
        ) : null}
        {flow.error ? <FormAlert kind="error" messages={[flow.error]} /> : null}
        <Button type="submit" size="lg" disabled={flow.working} className="w-full">
          {flow.working ? CHECKOUT_TEXTS.processing : 'Finalizar pedido'}
        </Button>
        <CheckoutTermsNote />
      </div>
    </form>
  );
}
