import { ADDRESS_LIMITS } from '@lumina/shared/addresses/address-schema';
import { CHECKOUT_TEXTS } from '@lumina/shared/checkout/checkout-messages';
import { STATE_LENGTH } from '@lumina/shared/constants/account-constants';
import { CEP_MASK_LENGTH, formatCep } from '@lumina/shared/validation/cep';
import { EMAIL_MAX } from '@lumina/shared/validation/email';
import { NAME_MAX } from '@lumina/shared/validation/name';
import { PHONE_MASK_MAX_LENGTH, formatPhone } from '@lumina/shared/validation/phone';
import type { UseFormRegister } from 'react-hook-form';
import { TextField, withMask } from '../../../components/ui/form-field.tsx';
import { CepLookupHint } from '../../../lib/cep/cep-lookup-hint.tsx';
import type { CepLookupStatus } from '../../../lib/cep/use-cep-autofill.ts';
import { birthDateLimits } from '../../../lib/account/date-limits.ts';
import type { CheckoutFormValues } from '../model/checkout-form-values.ts';
import { CNPJ_MASK_LENGTH, maskDocument, maskState } from '../model/masks.ts';
import { CheckoutBox } from './checkout-box.tsx';

export interface CustomerBoxProps {
  register: UseFormRegister<CheckoutFormValues>;
  /** Each new value of the zip field (the address lookup and the delivery box follow it). */
  onZipChange: () => void;
  cepStatus: CepLookupStatus;
}

const id = (field: string) => `checkout-${field}`;

/**
 * Customer data (spec 001 §3). Fields marked * are the required ones; CPF/CNPJ is marked too
 * though only its format is checked (spec 001 §5). Messages are shown once, by the submit.
 */
export function CustomerBox({ register, onZipChange, cepStatus }: CustomerBoxProps) {
  const limits = birthDateLimits();
  return (
    <CheckoutBox id="checkout-cliente" title="Dados do cliente">
      <p className="mb-4 text-xs text-ink-600">Campos com * são obrigatórios.</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={id('nome')}
          label="Nome completo *"
          autoComplete="name"
          maxLength={NAME_MAX}
          aria-required
          registration={register('customer_name')}
          className="sm:col-span-2"
        />
        <TextField
          id={id('email')}
          label="Email *"
          type="email"
          autoComplete="email"
          maxLength={EMAIL_MAX}
          aria-required
          registration={register('customer_email')}
        />
        <TextField
          id={id('telefone')}
          label="Telefone *"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="(00) 00000-0000"
          maxLength={PHONE_MASK_MAX_LENGTH}
          aria-required
          registration={withMask(register('customer_phone'), formatPhone)}
        />
        <TextField
          id={id('documento')}
          label={`${CHECKOUT_TEXTS.documentLabel} *`}
          inputMode="numeric"
          placeholder="000.000.000-00"
          maxLength={CNPJ_MASK_LENGTH}
          aria-required
          registration={withMask(register('customer_cpf'), maskDocument)}
        />
        <TextField
          id={id('nascimento')}
          label="Data de nascimento"
          type="date"
          autoComplete="bday"
          min={limits.min}
          max={limits.max}
          registration={register('customer_birth_date')}
        />
      </div>

      <h3 className="mt-6 mb-3 text-sm font-semibold tracking-wide text-ink-700 uppercase">
        Endereço de entrega
      </h3>
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
        <div className="sm:col-span-2 sm:w-1/2">
          <TextField
            id={id('cep')}
            label="CEP *"
            inputMode="numeric"
            autoComplete="postal-code"
            placeholder="00000-000"
            maxLength={CEP_MASK_LENGTH}
            aria-required
            describedBy={id('cep-busca')}
            registration={withMask(
              register('customer_zip_code', { onChange: onZipChange }),
              formatCep,
            )}
          />
          <CepLookupHint id={id('cep-busca')} status={cepStatus} />
        </div>
        <TextField
          id={id('rua')}
          label="Rua *"
          autoComplete="address-line1"
          maxLength={ADDRESS_LIMITS.street}
          aria-required
          registration={register('customer_street')}
        />
        <TextField
          id={id('numero')}
          label="Número *"
          maxLength={ADDRESS_LIMITS.number}
          aria-required
          registration={register('customer_number')}
        />
        <TextField
          id={id('complemento')}
          label="Complemento (opcional)"
          autoComplete="address-line2"
          placeholder="Apto, bloco, referência..."
          maxLength={ADDRESS_LIMITS.complement}
          registration={register('customer_complement')}
          className="sm:col-span-2"
        />
        <TextField
          id={id('bairro')}
          label="Bairro *"
          maxLength={ADDRESS_LIMITS.neighborhood}
          aria-required
          registration={register('customer_neighborhood')}
          className="sm:col-span-2"
        />
        <TextField
          id={id('cidade')}
          label="Cidade *"
          autoComplete="address-level2"
          maxLength={ADDRESS_LIMITS.city}
          aria-required
          registration={register('customer_city')}
        />
        <TextField
          id={id('estado')}
          label="Estado *"
          autoComplete="address-level1"
          placeholder="SP"
          maxLength={STATE_LENGTH}
          aria-required
          registration={withMask(register('customer_state'), maskState)}
        />
      </div>
    </CheckoutBox>
  );
}
