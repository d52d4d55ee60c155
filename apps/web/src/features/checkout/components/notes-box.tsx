import { NOTES_MAX_LENGTH } from '@lumina/shared/constants/account-constants';
import { useWatch, type Control, type UseFormRegister } from 'react-hook-form';
import type { CheckoutFormValues } from '../model/checkout-form-values.ts';
import { CheckoutBox } from './checkout-box.tsx';

export interface NotesBoxProps {
  register: UseFormRegister<CheckoutFormValues>;
  control: Control<CheckoutFormValues>;
}

/** Notes (spec 001 §3): free text up to 500 characters, mostly the colour the buyer wants. */
export function NotesBox({ register, control }: NotesBoxProps) {
  const length = useWatch({ control, name: 'notes' }).length;
  return (
    <CheckoutBox id="checkout-observacoes" title="Observações">
      <label htmlFor="checkout-notas" className="block text-sm font-medium text-ink-900">
        Observações do pedido (opcional)
      </label>
      <textarea
        id="checkout-notas"
        rows={4}
        maxLength={NOTES_MAX_LENGTH}
        placeholder="Informe o nome e o código da cor desejada (ex.: Dourado - 01)"
        aria-describedby="checkout-notas-contagem"
        {...register('notes')}
        className="mt-1 w-full rounded-xl border border-ink-300 bg-white px-4 py-2.5 text-base text-ink-900 placeholder:text-ink-600 focus:border-gold-600 focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-gold-600"
      />
      <p id="checkout-notas-contagem" className="mt-1 text-right text-xs text-ink-600">
        {length}/{NOTES_MAX_LENGTH}
      </p>
    </CheckoutBox>
  );
}
