import { zodResolver } from '@hookform/resolvers/zod';
import {
  changePasswordSchema,
  type ChangePasswordRequest,
} from '@lumina/shared/users/change-password-schema';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { useChangePassword } from '../api/change-password.ts';
import { changePasswordErrorMessage } from '../model/change-password-error.ts';
import { serverErrorsOn } from '../model/server-errors.ts';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { NewPasswordFields } from '../../../components/new-password-fields.tsx';

export interface ChangePasswordFormProps {
  onChanged: (message: string) => void;
  onCancel: () => void;
}

const EMPTY: ChangePasswordRequest = {
  current_password: '',
  new_password: '',
  new_password_confirmation: '',
};

type Field = keyof ChangePasswordRequest;
const FIELDS = Object.keys(EMPTY) as Field[];

/**
 * Password change (spec 001 §5 rules, §8 answers). The new password follows the register rule,
 * as the server's does (README, deviations); a refusal the server files under a field is shown
 * on that field, any other answer in the alert.
 */
export function ChangePasswordForm({ onChanged, onCancel }: ChangePasswordFormProps) {
  const mutation = useChangePassword();
  const { register, handleSubmit, formState, setError } = useForm<ChangePasswordRequest>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: EMPTY,
  });
  const errors = formState.errors;
  const alert =
    mutation.isError && serverErrorsOn(mutation.error, FIELDS).length === 0
      ? changePasswordErrorMessage(mutation.error)
      : null;

  const onValid = (body: ChangePasswordRequest) => {
    mutation.mutate(body, {
      onSuccess: (data) => onChanged(data.message),
      onError: (error) => {
        serverErrorsOn(error, FIELDS).forEach(([field, message], index) => {
          setError(field, { type: 'server', message }, { shouldFocus: index === 0 });
        });
      },
    });
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(onValid)(event)}
      className="mt-6 space-y-4"
    >
      {alert ? <FormAlert kind="error" messages={[alert]} /> : null}
      <PasswordField
        id="senha-atual"
        label="Senha atual"
        autoComplete="current-password"
        registration={register('current_password')}
        error={errors.current_password?.message}
      />
      <NewPasswordFields
        label="Nova senha"
        ids={{ password: 'senha-nova', confirmation: 'senha-confirmacao' }}
        registrations={{
          password: register('new_password'),
          confirmation: register('new_password_confirmation'),
        }}
        errors={{
          password: errors.new_password?.message,
          confirmation: errors.new_password_confirmation?.message,
        }}
      />
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          Cancelar
        </Button>
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? 'Alterando...' : 'Alterar senha'}
        </Button>
      </div>
    </form>
  );
}
