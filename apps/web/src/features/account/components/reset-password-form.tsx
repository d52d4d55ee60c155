import { zodResolver } from '@hookform/resolvers/zod';
import { RESET_REDIRECT_DELAY_MS } from '@lumina/shared/constants/account-constants';
import {
  RESET_PAGE_TEXTS,
  RESET_PASSWORD_MESSAGES,
  resetPasswordSchema,
  withCrossMark,
  type ResetPasswordRequest,
} from '@lumina/shared/users/reset-password-schema';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { useResetPassword } from '../api/reset-password.ts';
import { serverErrorsOn, serverMessage } from '../model/server-errors.ts';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { NewPasswordFields } from '../../../components/new-password-fields.tsx';
import { PasswordStrengthMeter } from './password-strength-meter.tsx';

const SUCCESS_FALLBACK = 'Senha redefinida com sucesso!';
const STRENGTH_ID = 'redefinir-forca';

type Field = keyof ResetPasswordRequest;
const FIELDS: readonly Field[] = ['password', 'password_confirmation'];

/**
 * The valid-link state of /redefinir-senha: new password, confirmation, strength, submit. The
 * password follows the register rule, as the server's does (README, deviations); a refusal the
 * server files under a field is shown there, behind the page's cross mark.
 */
export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const mutation = useResetPassword();
  const { register, handleSubmit, formState, control, setError } = useForm<ResetPasswordRequest>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { password: '', password_confirmation: '' },
  });
  const password = useWatch({ control, name: 'password' });
  const errors = formState.errors;

  // Success: the message stays for 2 s, then the login page (spec 001 §2).
  const done = mutation.isSuccess;
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => void navigate('/minha-conta'), RESET_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  if (done) {
    return (
      <FormAlert kind="success" className="mt-6">
        <p>✅ {mutation.data.message || SUCCESS_FALLBACK}</p>
        <p className="mt-1 font-normal">Redirecionando para o login...</p>
      </FormAlert>
    );
  }

  const failure =
    mutation.isError && serverErrorsOn(mutation.error, FIELDS).length === 0
      ? withCrossMark(serverMessage(mutation.error) ?? RESET_PASSWORD_MESSAGES.fallback)
      : null;

  const onValid = (body: ResetPasswordRequest) => {
    mutation.mutate(
      { token, body },
      {
        onError: (error) => {
          serverErrorsOn(error, FIELDS).forEach(([field, message], index) => {
            setError(
              field,
              { type: 'server', message: withCrossMark(message) },
              { shouldFocus: index === 0 },
            );
          });
        },
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(onValid)(event)}
      className="mt-6 space-y-4"
    >
      <FormAlert kind="warning">Por segurança, este link expira em 2 horas.</FormAlert>
      {failure ? <FormAlert kind="error" messages={[failure]} /> : null}
      <NewPasswordFields
        label="Nova senha"
        ids={{ password: 'redefinir-senha', confirmation: 'redefinir-confirmacao' }}
        registrations={{
          password: register('password'),
          confirmation: register('password_confirmation'),
        }}
        errors={{
          password: errors.password?.message,
          confirmation: errors.password_confirmation?.message,
        }}
        meter={{
          id: STRENGTH_ID,
          element: <PasswordStrengthMeter id={STRENGTH_ID} password={password} />,
        }}
      />
      <Button type="submit" className="w-full" disabled={mutation.isPending}>
        {mutation.isPending ? RESET_PAGE_TEXTS.submitting : 'Redefinir senha'}
      </Button>
    </form>
  );
}
