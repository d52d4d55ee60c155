import { zodResolver } from '@hookform/resolvers/zod';
import {
  forgotPasswordSchema,
  type ForgotPasswordRequest,
} from '@lumina/shared/users/login-schema';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '../lib/api-client.ts';
import {
  FORGOT_PASSWORD_MESSAGES,
  useRequestPasswordReset,
} from '../lib/account/request-password-reset.ts';
import { Button } from './ui/button.tsx';
import { FormAlert } from './ui/form-alert.tsx';
import { TextField } from './ui/form-field.tsx';

/** The failure's lines: the spec's text, and the server's reason when it gave one (422, 429). */
function failureLines(error: unknown): string[] {
  const reason = error instanceof ApiError ? error.serverMessage : undefined;
  return reason && reason !== FORGOT_PASSWORD_MESSAGES.failed
    ? [FORGOT_PASSWORD_MESSAGES.failed, reason]
    : [FORGOT_PASSWORD_MESSAGES.failed];
}

/**
 * The e-mail that receives the reset link, as the login modal's third view and the
 * /esqueci-senha page both ask for it. `footer` holds each place's ways back.
 */
export function ForgotPasswordForm({
  autoFocus = false,
  onSent,
  footer,
}: {
  /** The modal's view just changed: its field takes the focus. */
  autoFocus?: boolean;
  /** Called once the link is sent (the modal also alerts, spec 000 §8). */
  onSent?: () => void;
  footer: ReactNode;
}) {
  const mutation = useRequestPasswordReset();
  const { register, handleSubmit, formState } = useForm<ForgotPasswordRequest>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });

  return (
    <form
      noValidate
      onSubmit={(event) =>
        void handleSubmit((body) => mutation.mutate(body, { onSuccess: onSent }))(event)
      }
      className="mt-6 space-y-4"
    >
      <TextField
        id="recuperar-email"
        autoFocus={autoFocus}
        label="E-mail"
        type="email"
        inputMode="email"
        autoComplete="email"
        maxLength={254}
        registration={register('email')}
        error={formState.errors.email?.message}
      />
      {mutation.isSuccess ? (
        <FormAlert kind="success" title={FORGOT_PASSWORD_MESSAGES.sent}>
          <p className="mt-1 font-normal">{mutation.data.message}</p>
        </FormAlert>
      ) : null}
      {mutation.isError ? <FormAlert kind="error" messages={failureLines(mutation.error)} /> : null}
      <Button type="submit" size="lg" className="w-full" disabled={mutation.isPending}>
        {mutation.isPending ? 'Enviando...' : 'Enviar link de recuperação'}
      </Button>
      {footer}
    </form>
  );
}
