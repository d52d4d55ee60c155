import { zodResolver } from '@hookform/resolvers/zod';
import {
  ADDRESS_LIMITS,
  addressSchema,
  type Address,
  type AddressInput,
} from '@lumina/shared/addresses/address-schema';
import { BRAZIL_STATES } from '@lumina/shared/addresses/brazil-states';
import { CEP_MASK_LENGTH, formatCep } from '@lumina/shared/validation/cep';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { CepLookupHint } from '../../../lib/cep/cep-lookup-hint.tsx';
import { useCepAutofill } from '../../../lib/cep/use-cep-autofill.ts';
import { CREATE_ADDRESS_ERROR, useCreateAddress } from '../api/create-address.ts';
import type { SavedAddress } from '../../../lib/account/get-addresses.ts';
import { UPDATE_ADDRESS_ERROR, useUpdateAddress } from '../api/update-address.ts';
import {
  ADDRESS_FIELDS,
  addressFormValues,
  emptyAddressValues,
} from '../model/address-form-values.ts';
import { serverFieldErrors } from '../model/server-errors.ts';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { SelectField, TextField, withMask } from '../../../components/ui/form-field.tsx';

const STATE_OPTIONS = Object.entries(BRAZIL_STATES);

export interface AddressFormProps {
  /** The address being edited; absent when adding one. */
  address?: SavedAddress;
  /** No address saved yet: the new one will be the default. */
  isFirst: boolean;
  onSaved: () => void;
  onCancel: () => void;
}

/** Address book add/edit (spec 001 §5): the shared schema checks it here and on the server. */
export function AddressForm({ address, isFirst, onSaved, onCancel }: AddressFormProps) {
  const creating = useCreateAddress();
  const updating = useUpdateAddress();
  const mutation = address ? updating : creating;
  // The form holds AddressFormValues, a narrower shape than the schema's input.
  const { register, handleSubmit, formState, setError, getValues, setValue } = useForm<
    AddressInput,
    unknown,
    Address
  >({
    resolver: zodResolver(addressSchema),
    defaultValues: address ? addressFormValues(address) : emptyAddressValues(isFirst),
  });
  const errors = formState.errors;
  const cepLookup = useCepAutofill({
    read: (field) => getValues(field) ?? '',
    write: (field, value) =>
      setValue(field, value, { shouldDirty: true, shouldValidate: formState.isSubmitted }),
  });
  const lockedDefault = address?.is_default === true || (!address && isFirst);

  const onServerError = (error: unknown) => {
    for (const [field, message] of Object.entries(serverFieldErrors(error))) {
      if ((ADDRESS_FIELDS as readonly string[]).includes(field)) {
        setError(field as keyof AddressInput, { message });
      }
    }
  };

  const onValid = (values: Address) => {
    if (address) {
      updating.mutate(
        { id: address.id, address: values },
        { onSuccess: onSaved, onError: onServerError },
      );
    } else {
      creating.mutate(values, { onSuccess: onSaved, onError: onServerError });
    }
  };

  const idPrefix = address ? `endereco-${address.id}` : 'endereco-novo';
  const id = (field: string) => `${idPrefix}-${field}`;

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(onValid)(event)}
      className="mt-6 space-y-4"
    >
      {mutation.isError ? (
        <FormAlert
          kind="error"
          messages={[address ? UPDATE_ADDRESS_ERROR : CREATE_ADDRESS_ERROR]}
        />
      ) : null}
      <TextField
        id={id('nome')}
        label="Nome do endereço"
        placeholder="Casa, Trabalho..."
        maxLength={ADDRESS_LIMITS.name}
        registration={register('name')}
        error={errors.name?.message}
      />
      <div className="sm:w-1/2">
        <TextField
          id={id('cep')}
          label="CEP"
          inputMode="numeric"
          autoComplete="postal-code"
          placeholder="00000-000"
          maxLength={CEP_MASK_LENGTH}
          describedBy={id('cep-busca')}
          registration={withMask(
            register('zip_code', { onChange: () => cepLookup.onCepChange(getValues('zip_code')) }),
            formatCep,
          )}
          error={errors.zip_code?.message}
        />
        <CepLookupHint id={id('cep-busca')} status={cepLookup.status} />
      </div>
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
        <TextField
          id={id('rua')}
          label="Rua"
          autoComplete="address-line1"
          maxLength={ADDRESS_LIMITS.street}
          registration={register('street')}
          error={errors.street?.message}
        />
        <TextField
          id={id('numero')}
          label="Número"
          inputMode="text"
          maxLength={ADDRESS_LIMITS.number}
          registration={register('number')}
          error={errors.number?.message}
        />
      </div>
      <TextField
        id={id('complemento')}
        label="Complemento (opcional)"
        autoComplete="address-line2"
        placeholder="Apto, bloco, referência..."
        maxLength={ADDRESS_LIMITS.complement}
        registration={register('complement')}
        error={errors.complement?.message}
      />
      <TextField
        id={id('bairro')}
        label="Bairro"
        maxLength={ADDRESS_LIMITS.neighborhood}
        registration={register('neighborhood')}
        error={errors.neighborhood?.message}
      />
      <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
        <TextField
          id={id('cidade')}
          label="Cidade"
          autoComplete="address-level2"
          maxLength={ADDRESS_LIMITS.city}
          registration={register('city')}
          error={errors.city?.message}
        />
        <SelectField
          id={id('estado')}
          label="Estado"
          autoComplete="address-level1"
          registration={register('state')}
          error={errors.state?.message}
        >
          <option value="">Selecione</option>
          {STATE_OPTIONS.map(([code, name]) => (
            <option key={code} value={code}>
              {code} - {name}
            </option>
          ))}
        </SelectField>
      </div>
      {lockedDefault ? (
        // Not a disabled checkbox: react-hook-form would send a disabled one as absent (false).
        <p className="text-sm text-ink-700">
          {address ? 'Este é o seu endereço padrão.' : 'Seu primeiro endereço será o padrão.'}
        </p>
      ) : (
        <label className="flex min-h-11 items-center gap-3 text-sm text-ink-900">
          <input type="checkbox" className="size-5 accent-ink-900" {...register('is_default')} />
          Usar como endereço padrão
        </label>
      )}
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          Cancelar
        </Button>
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? 'Salvando...' : 'Salvar endereço'}
        </Button>
      </div>
    </form>
  );
}
