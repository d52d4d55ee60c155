import { zodResolver } from '@hookform/resolvers/zod';
import {
  forgotPasswordSchema,
  type ForgotPasswordRequest,
} from '@lumina/shared/users/login-schema';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { openAuthDialog } from '../../../lib/ui-events.ts';
import { FORGOT_PASSWORD_TEXTS, useRequestPasswordReset } from '../api/request-password-reset.ts';
import { serverMessage } from '../model/server-errors.ts';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { TextField } from '../../../components/ui/form-field.tsx';

/** /esqueci-senha: asks for the e-mail that receives the reset link. */
export function ForgotPasswordCard() {
  const mutation = useRequestPasswordReset();
  const { register, handleSubmit, formState } = useForm<ForgotPasswordRequest>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });

  const failure = mutation.isError
    ? // A 422 or 429 explains itself (invalid e-mail, too many requests); else the spec's text.
      (serverMessage(mutation.error) ?? FORGOT_PASSWORD_TEXTS.failed)
    : null;

  return (
    <div className="mx-auto max-w-lg rounded-2xl border border-ink-300 bg-white p-6 shadow-sm sm:p-10">
      <h2 className="font-serif text-2xl text-ink-900">Esqueci minha senha</h2>
      <p className="mt-2 text-ink-700">
        Informe o e-mail da sua conta e enviaremos um link para você criar uma nova senha.
      </p>
      {mutation.isSuccess ? (
        <FormAlert kind="success" title={FORGOT_PASSWORD_TEXTS.success} className="mt-6">
          <p className="mt-1 font-normal">{mutation.data.message}</p>
        </FormAlert>
      ) : null}
      {failure ? (
        <FormAlert
          kind="error"
          className="mt-6"
          messages={
            failure === FORGOT_PASSWORD_TEXTS.failed
              ? [failure]
              : [FORGOT_PASSWORD_TEXTS.failed, failure]
          }
        />
      ) : null}
      <form
        noValidate
        onSubmit={(event) => void handleSubmit((body) => mutation.mutate(body))(event)}
        className="mt-6 space-y-4"
      >
        <TextField
          id="recuperar-email"
          label="E-mail"
          type="email"
          autoComplete="email"
          maxLength={254}
          registration={register('email')}
          error={formState.errors.email?.message}
        />
        <Button type="submit" className="w-full" disabled={mutation.isPending}>
          {mutation.isPending ? 'Enviando...' : 'Enviar link de recuperação'}
        </Button>
      </form>
      <div className="mt-6 flex flex-col items-center gap-1 text-sm">
        <Button variant="ghost" size="sm" onClick={() => openAuthDialog('login')}>
          Lembrei a senha: entrar
        </Button>
        <Link
          to="/minha-conta"
          className="min-h-10 content-center font-medium text-gold-700 underline-offset-4 hover:underline"
        >
          Voltar para Minha Conta
        </Link>
      </div>
    </div>
  );
}
