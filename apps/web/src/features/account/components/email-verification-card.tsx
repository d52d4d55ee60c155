import { EMAIL_VERIFICATION_MESSAGES } from '@lumina/shared/users/email-verification';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MailIcon } from '../../../components/icons.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { accountKeys } from '../../../lib/account/account-keys.ts';
import type { ProfileUser } from '../../../lib/account/get-profile.ts';
import { cn } from '../../../lib/cn.ts';
import { notify } from '../../../lib/ui-events.ts';
import { useCancelEmailChange, useResendVerification } from '../api/resend-verification.ts';
import { serverMessage } from '../model/server-errors.ts';

const RESEND_FAILED = 'Não foi possível reenviar o link. Tente novamente.';
const CANCEL_FAILED = 'Não foi possível cancelar a troca. Tente novamente.';

/** An address still to be confirmed: the account's own, or a new one it is moving to. */
export function needsEmailConfirmation(user: ProfileUser): boolean {
  return !user.email_verified || user.pending_email !== null;
}

/**
 * 'Confirme seu e-mail' (the address is not proven the shopper's yet): a gentle reminder, not an
 * error; the account shops as
 * usual meanwhile. Says where the link went and sends another on request.
 */
export function EmailVerificationCard({ user }: { user: ProfileUser }) {
  const client = useQueryClient();
  const resend = useResendVerification();
  const cancel = useCancelEmailChange();
  const [answer, setAnswer] = useState<{ text: string; failed: boolean } | null>(null);

  const sendAgain = () => {
    setAnswer(null);
    resend.mutate(undefined, {
      onSuccess: ({ message }) => {
        if (message === EMAIL_VERIFICATION_MESSAGES.alreadyVerified) {
          // Confirmed meanwhile (another tab, another device): the card goes with the news.
          notify(message, 'success');
          void client.invalidateQueries({ queryKey: accountKeys.profile(user.id) });
          return;
        }
        setAnswer({ text: message, failed: false });
      },
      onError: (error) => setAnswer({ text: serverMessage(error) ?? RESEND_FAILED, failed: true }),
    });
  };

  const cancelChange = () => {
    setAnswer(null);
    cancel.mutate(undefined, {
      onSuccess: ({ message }) => {
        notify(message, 'success');
        void client.invalidateQueries({ queryKey: accountKeys.profile(user.id) });
      },
      onError: (error) => setAnswer({ text: serverMessage(error) ?? CANCEL_FAILED, failed: true }),
    });
  };
  const busy = resend.isPending || cancel.isPending;

  return (
    <section
      aria-labelledby="confirmar-email-titulo"
      className="mb-8 flex gap-4 rounded-2xl border border-gold-500/40 bg-gold-100 p-5 sm:p-6"
    >
      <span
        aria-hidden="true"
        className="hidden size-10 shrink-0 items-center justify-center rounded-full bg-cream-50 text-gold-700 sm:inline-flex"
      >
        <MailIcon className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <h2 id="confirmar-email-titulo" className="font-serif text-xl text-ink-900">
          {EMAIL_VERIFICATION_MESSAGES.title}
        </h2>
        <p className="mt-1 text-sm text-ink-800 sm:text-base">
          Enviamos um link de confirmação para{' '}
          {/* The full stop goes with the address, so a long one never leaves it alone on a line. */}
          <span className="wrap-anywhere">
            <strong className="font-semibold text-ink-900">
              {user.pending_email ?? user.email}
            </strong>
            .
          </span>{' '}
          {user.pending_email
            ? 'O e-mail da conta só muda depois da confirmação.'
            : 'Confirme seu endereço para proteger sua conta.'}
        </p>
        <div className="mt-4 flex flex-col sm:flex-row sm:items-center">
          <div className="flex flex-wrap gap-2 self-start sm:self-auto">
            <Button variant="outline" size="sm" disabled={busy} onClick={sendAgain}>
              {resend.isPending ? 'Reenviando...' : 'Reenviar link'}
            </Button>
            {user.pending_email ? (
              <Button variant="ghost" size="sm" disabled={busy} onClick={cancelChange}>
                {cancel.isPending ? 'Cancelando...' : 'Cancelar troca'}
              </Button>
            ) : null}
          </div>
          {/* Always there, empty until an answer: a live region must exist before it speaks. */}
          <p
            role="status"
            className={cn(
              'text-sm',
              answer && 'mt-3 sm:mt-0 sm:ml-4',
              answer?.failed ? 'text-sale' : 'text-ink-800',
            )}
          >
            {answer?.text}
          </p>
        </div>
      </div>
    </section>
  );
}
