import { PROFILE_GENDER_LABELS, PROFILE_GENDERS } from '@lumina/shared/users/gender';
import { PROFILE_MESSAGES } from '@lumina/shared/users/profile-schema';
import { formatCpf } from '@lumina/shared/validation/cpf';
import { PHONE_MASK_MAX_LENGTH, formatPhone } from '@lumina/shared/validation/phone';
import { useMemo, useState } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import type { ProfileUser } from '../../../lib/account/get-profile.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { birthDateLimits } from '../../../lib/account/date-limits.ts';
import {
  emailChanges,
  profileFormResolver,
  type ProfileChange,
  type ProfileFormInput,
  type ProfileFormOutput,
} from '../model/profile-form-schema.ts';
import { PROFILE_FIELD_ORDER, profileFormValues } from '../model/profile-form-values.ts';
import { serverFieldErrors, serverMessages } from '../model/server-errors.ts';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { SelectField, TextField, withMask } from '../../../components/ui/form-field.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';

const CPF_MASK_LENGTH = 14;
const CURRENT_PASSWORD_HINT = 'Para alterar o e-mail, confirme sua senha atual.';

function messagesOf(errors: FieldErrors<ProfileFormInput>): string[] {
  return PROFILE_FIELD_ORDER.flatMap((field) => {
    const message = errors[field]?.message;
    return message ? [message] : [];
  });
}

export interface ProfileEditFormProps {
  user: ProfileUser;
  onSaved: (message: string | undefined) => void;
  onCancel: () => void;
}

/** Profile edit (spec 001 §5): every failing rule is listed at once under 'Erros de validação'. */
export function ProfileEditForm({ user, onSaved, onCancel }: ProfileEditFormProps) {
  const [alert, setAlert] = useState<string[]>([]);
  const mutation = useUpdateProfile();
  const { email: currentEmail, has_password: hasPassword } = user;
  const resolver = useMemo(
    () => profileFormResolver({ email: currentEmail, has_password: hasPassword }),
    [currentEmail, hasPassword],
  );
  // The form holds ProfileFormValues (all strings), a narrower shape than the schema's input.
  const { register, handleSubmit, formState, setError, control } = useForm<
    ProfileFormInput,
    unknown,
    ProfileFormOutput
  >({
    resolver,
    defaultValues: profileFormValues(user),
  });
  const errors = formState.errors;
  const limits = birthDateLimits();
  const changingEmail = emailChanges(useWatch({ control, name: 'email' }), user.email);

  const onValid = ({ current_password: currentPassword, ...fields }: ProfileFormOutput) => {
    setAlert([]);
    // The password travels only with a new e-mail, the one change that needs it.
    const change: ProfileChange = emailChanges(fields.email, user.email)
      ? { ...fields, current_password: currentPassword }
      : fields;
    mutation.mutate(change, {
      onSuccess: (data) => onSaved(data.message),
      onError: (error) => {
        for (const [field, message] of Object.entries(serverFieldErrors(error))) {
          if ((PROFILE_FIELD_ORDER as readonly string[]).includes(field)) {
            // A wrong password is retyped at once: the cursor goes there.
            setError(
              field as keyof ProfileFormInput,
              { message },
              { shouldFocus: field === 'current_password' },
            );
          }
        }
        setAlert(serverMessages(error, PROFILE_MESSAGES.updateFailed));
      },
    });
  };

  const onInvalid = (found: FieldErrors<ProfileFormInput>) => setAlert(messagesOf(found));

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(onValid, onInvalid)(event)}
      className="mt-6 space-y-4"
    >
      {alert.length > 0 ? (
        <FormAlert kind="error" title={PROFILE_MESSAGES.errorsTitle} messages={alert} />
      ) : null}
      <TextField
        id="perfil-nome"
        label="Nome completo"
        autoComplete="name"
        maxLength={100}
        registration={register('name')}
        error={errors.name?.message}
      />
      <TextField
        id="perfil-email"
        label="E-mail"
        type="email"
        autoComplete="email"
        maxLength={254}
        registration={register('email')}
        error={errors.email?.message}
      />
      {changingEmail && hasPassword ? (
        <PasswordField
          id="perfil-senha-atual"
          label="Senha atual"
          autoComplete="current-password"
          hint={CURRENT_PASSWORD_HINT}
          registration={register('current_password')}
          error={errors.current_password?.message}
        />
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="perfil-telefone"
          label="Telefone"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="(11) 98765-4321"
          maxLength={PHONE_MASK_MAX_LENGTH}
          registration={withMask(register('phone'), formatPhone)}
          error={errors.phone?.message}
        />
        <TextField
          id="perfil-cpf"
          label="CPF"
          inputMode="numeric"
          placeholder="000.000.000-00"
          maxLength={CPF_MASK_LENGTH}
          registration={withMask(register('cpf'), formatCpf)}
          error={errors.cpf?.message}
        />
        <TextField
          id="perfil-nascimento"
          label="Data de nascimento"
          type="date"
          autoComplete="bday"
          min={limits.min}
          max={limits.max}
          registration={register('birth_date')}
          error={errors.birth_date?.message}
        />
        <SelectField
          id="perfil-genero"
          label="Gênero"
          registration={register('gender')}
          error={errors.gender?.message}
        >
          <option value="">Prefiro não informar</option>
          {PROFILE_GENDERS.map((gender) => (
            <option key={gender} value={gender}>
              {PROFILE_GENDER_LABELS[gender]}
            </option>
          ))}
        </SelectField>
      </div>
      <TextField
        id="perfil-pais"
        label="País"
        autoComplete="country-name"
        maxLength={60}
        registration={register('country')}
        error={errors.country?.message}
      />
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          Cancelar
        </Button>
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? 'Salvando...' : 'Salvar alterações'}
        </Button>
      </div>
    </form>
  );
}
