import { zodResolver } from '@hookform/resolvers/zod';
import { ADDRESS_LIMITS } from '@lumina/shared/addresses/address-schema';
import { BRAZIL_STATES } from '@lumina/shared/addresses/brazil-states';
import { GENDER_LABELS, GENDERS } from '@lumina/shared/users/gender';
import { CEP_MASK_LENGTH, formatCep } from '@lumina/shared/validation/cep';
import { formatCpf } from '@lumina/shared/validation/cpf';
import { NAME_MAX } from '@lumina/shared/validation/name';
import { formatPhone, PHONE_MASK_MAX_LENGTH } from '@lumina/shared/validation/phone';
import { useMemo, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { AccountConsentFields } from '../../../components/account-consent-fields.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { CepLookupHint } from '../../../lib/cep/cep-lookup-hint.tsx';
import { useCepAutofill } from '../../../lib/cep/use-cep-autofill.ts';
import { registerErrors } from '../model/register-errors.ts';
import {
  BIRTH_DATE_MIN,
  birthDateMax,
  createRegisterFormSchema,
  EMPTY_REGISTER_FORM,
  toRegisterPayload,
  type RegisterFormOutput,
  type RegisterFormValues,
} from '../model/register-form.ts';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { SelectField, TextField, withMask } from '../../../components/ui/form-field.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';

const CPF_MASK_LENGTH = 14;

export interface RegisterFormProps {
  onSuccess: () => void;
  onLogin: () => void;
}

export function RegisterForm({ onSuccess, onLogin }: RegisterFormProps) {
  const auth = useAuth();
  const schema = useMemo(() => createRegisterFormSchema(), []);
  const { register, handleSubmit, formState, setError, getValues, setValue } = useForm<
    RegisterFormValues,
    unknown,
    RegisterFormOutput
  >({
    // The schema's input type is looser than the form's (the address goes through a preprocess).
    resolver: zodResolver(schema) as Resolver<RegisterFormValues, unknown, RegisterFormOutput>,
    defaultValues: EMPTY_REGISTER_FORM,
  });
  const [general, setGeneral] = useState<string[]>([]);
  const cepLookup = useCepAutofill({
    read: (field) => getValues(`address.${field}`),
    write: (field, value) =>
      setValue(`address.${field}`, value, {
        shouldDirty: true,
        shouldValidate: formState.isSubmitted,
      }),
  });
  const today = useMemo(() => birthDateMax(), []);

  async function onSubmit(output: RegisterFormOutput) {
    setGeneral([]);
    try {
      await auth.register(toRegisterPayload(output));
      onSuccess();
    } catch (error) {
      const mapped = registerErrors(error);
      let first = true;
      for (const [field, message] of Object.entries(mapped.fields)) {
        setError(
          field as keyof typeof mapped.fields,
          { type: 'server', message },
          { shouldFocus: first },
        );
        first = false;
      }
      setGeneral(mapped.general);
    }
  }

  const { errors, isSubmitting } = formState;
  const userErrors = errors.user;
  const addressErrors = errors.address;

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      className="mt-6 space-y-4"
    >
      <TextField
        id="cadastro-nome"
        // The view just changed (or opened): its first field takes the focus.
        autoFocus
        label="Nome completo"
        autoComplete="name"
        maxLength={NAME_MAX}
        registration={register('user.name')}
        error={userErrors?.name?.message}
      />
      <TextField
        id="cadastro-email"
        label="E-mail"
        type="email"
        inputMode="email"
        autoComplete="email"
        maxLength={254}
        registration={register('user.email')}
        error={userErrors?.email?.message}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <PasswordField
          id="cadastro-senha"
          label="Senha"
          autoComplete="new-password"
          hint="Mínimo de 8 caracteres, com maiúscula, minúscula e número."
          registration={register('user.password')}
          error={userErrors?.password?.message}
        />
        <PasswordField
          id="cadastro-confirmacao"
          label="Confirmar senha"
          autoComplete="new-password"
          registration={register('user.password_confirmation')}
          error={userErrors?.password_confirmation?.message}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="cadastro-cpf"
          label="CPF (opcional)"
          inputMode="numeric"
          placeholder="000.000.000-00"
          maxLength={CPF_MASK_LENGTH}
          registration={withMask(register('user.cpf'), formatCpf)}
          error={userErrors?.cpf?.message}
        />
        <TextField
          id="cadastro-telefone"
          label="Telefone (opcional)"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="(11) 98765-4321"
          maxLength={PHONE_MASK_MAX_LENGTH}
          registration={withMask(register('user.phone'), formatPhone)}
          error={userErrors?.phone?.message}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          id="cadastro-genero"
          label="Gênero (opcional)"
          registration={register('user.gender')}
          error={userErrors?.gender?.message}
        >
          <option value="">Selecione</option>
          {GENDERS.map((code) => (
            <option key={code} value={code}>
              {GENDER_LABELS[code]}
            </option>
          ))}
        </SelectField>
        <TextField
          id="cadastro-nascimento"
          label="Data de nascimento (opcional)"
          type="date"
          autoComplete="bday"
          min={BIRTH_DATE_MIN}
          max={today}
          registration={register('user.birth_date')}
          error={userErrors?.birth_date?.message}
        />
      </div>

      <details className="group rounded-xl border border-ink-300 bg-white open:pb-4">
        <summary className="flex min-h-12 cursor-pointer items-center justify-between rounded-xl px-4 text-sm font-medium text-ink-900 hover:bg-cream-100">
          Adicionar endereço (opcional)
          <span aria-hidden="true" className="text-lg group-open:rotate-45">
            +
          </span>
        </summary>
        <div className="space-y-4 px-4 pt-2">
          <p className="text-xs text-ink-700">
            O endereço é salvo quando rua, número, bairro, cidade, estado e CEP estão preenchidos.
          </p>
          <TextField
            id="cadastro-endereco-nome"
            label="Nome do endereço"
            maxLength={ADDRESS_LIMITS.name}
            registration={register('address.name')}
            error={addressErrors?.name?.message}
          />
          <div>
            <TextField
              id="cadastro-cep"
              label="CEP"
              inputMode="numeric"
              autoComplete="postal-code"
              placeholder="00000-000"
              maxLength={CEP_MASK_LENGTH}
              describedBy="cadastro-cep-busca"
              registration={withMask(
                register('address.zip_code', {
                  onChange: () => cepLookup.onCepChange(getValues('address.zip_code')),
                }),
                formatCep,
              )}
              error={addressErrors?.zip_code?.message}
            />
            <CepLookupHint id="cadastro-cep-busca" status={cepLookup.status} />
          </div>
          <TextField
            id="cadastro-rua"
            label="Rua"
            autoComplete="address-line1"
            maxLength={ADDRESS_LIMITS.street}
            registration={register('address.street')}
            error={addressErrors?.street?.message}
          />
          <div className="grid grid-cols-[7rem_1fr] gap-4">
            <TextField
              id="cadastro-numero"
              label="Número"
              maxLength={ADDRESS_LIMITS.number}
              registration={register('address.number')}
              error={addressErrors?.number?.message}
            />
            <TextField
              id="cadastro-complemento"
              label="Complemento"
              autoComplete="address-line2"
              maxLength={ADDRESS_LIMITS.complement}
              registration={register('address.complement')}
              error={addressErrors?.complement?.message}
            />
          </div>
          <TextField
            id="cadastro-bairro"
            label="Bairro"
            maxLength={ADDRESS_LIMITS.neighborhood}
            registration={register('address.neighborhood')}
            error={addressErrors?.neighborhood?.message}
          />
          <div className="grid grid-cols-[1fr_7rem] gap-4">
            <TextField
              id="cadastro-cidade"
              label="Cidade"
              autoComplete="address-level2"
              maxLength={ADDRESS_LIMITS.city}
              registration={register('address.city')}
              error={addressErrors?.city?.message}
            />
            <SelectField
              id="cadastro-estado"
              label="Estado"
              autoComplete="address-level1"
              registration={register('address.state')}
              error={addressErrors?.state?.message}
            >
              <option value="">UF</option>
              {Object.entries(BRAZIL_STATES).map(([code, name]) => (
                <option key={code} value={code} title={name}>
                  {code}
                </option>
              ))}
            </SelectField>
          </div>
        </div>
      </details>

      <AccountConsentFields
        idPrefix="cadastro"
        registrations={{
          privacyPolicy: register('user.privacy_policy_accepted'),
          termsOfService: register('user.terms_of_service_accepted'),
          marketingComm: register('user.marketing_consent'),
          dataProcessing: register('user.data_processing_consent'),
        }}
        errors={{
          privacyPolicy: userErrors?.privacy_policy_accepted?.message,
          termsOfService: userErrors?.terms_of_service_accepted?.message,
        }}
      />

      {general.length > 0 ? <FormAlert kind="error" messages={general} /> : null}
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Criando conta...' : 'Criar conta'}
      </Button>
      <p className="text-center text-sm text-ink-700">
        Já tem uma conta?{' '}
        <button
          type="button"
          onClick={onLogin}
          className="min-h-10 rounded-full px-1 font-semibold text-ink-900 underline underline-offset-4 hover:text-gold-700"
        >
          Entrar
        </button>
      </p>
    </form>
  );
}
