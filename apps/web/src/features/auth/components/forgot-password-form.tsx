import { zodResolver } from '@hookform/resolvers/zod';
import {
  forgotPasswordSchema,
  type ForgotPasswordRequest,
} from '@lumina/shared/users/login-schema';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import {
  FORGOT_PASSWORD_MESSAGES,
  useRequestPasswordReset,
} from '../api/request-password-reset.ts';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { TextField } from '../../../components/ui/form-field.tsx';

/** The modal's third view: the e-mail that receives the reset link. */
export function ForgotPasswordForm({ onLogin }: { onLogin: () => void }) {
  const mutation = useRequestPasswordReset();
  const { register, handleSubmit, formState } = useForm<ForgotPasswordRequest>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });

  function onSubmit({ email }: ForgotPasswordRequest) {
    mutation.mutate(email, {
      // Spec 000 §8: the success text is shown in an alert; the server's message stays inline.
      onSuccess: () => window.alert(FORGOT_PASSWORD_MESSAGES.sent),
    });
  }

  const failure =
    mutation.error instanceof ApiError && mutation.error.status !== 0
      ? mutation.error.message
      : mutation.error
        ? FORGOT_PASSWORD_MESSAGES.failed
        : null;

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      className="mt-6 space-y-4"
    >
      <TextField
        id="recuperar-email"
        // The view just changed (or opened): its first field takes the focus.
        autoFocus
        label="E-mail"
        type="email"
        inputMode="email"
        autoComplete="email"
        maxLength={254}
        registration={register('email')}
        error={formState.errors.email?.message}
      />
      {mutation.isSuccess ? (
        <FormAlert kind="success">
          <p className="font-semibold">{FORGOT_PASSWORD_MESSAGES.sent}</p>
          <p className="mt-1">{mutation.data.message}</p>
        </FormAlert>
      ) : null}
      {failure ? <FormAlert kind="error">{failure}</FormAlert> : null}
      <Button type="submit" size="lg" className="w-full" disabled={mutation.isPending}>
        {mutation.isPending ? 'Enviando...' : 'Enviar link de recuperação'}
      </Button>
      <div className="text-center">
        <button
          type="button"
          onClick={onLogin}
          className="min-h-10 rounded-full px-3 text-sm font-semibold text-ink-900 underline underline-offset-4 hover:text-gold-700"
        >
          Voltar para o login
        </button>
      </div>
    </form>
  );
}
