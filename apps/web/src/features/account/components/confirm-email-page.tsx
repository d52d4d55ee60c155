import {
  EMAIL_VERIFICATION_MESSAGES,
  verificationTokenSchema,
} from '@lumina/shared/users/email-verification';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MailIcon } from '../../../components/icons.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { accountKeys } from '../../../lib/account/account-keys.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { cn } from '../../../lib/cn.ts';
import { useConfirmEmail } from '../api/confirm-email.ts';
import { serverMessage } from '../model/server-errors.ts';

const CONFIRM_PAGE_TEXTS = {
  heading: 'Confirmação de e-mail',
  confirming: 'Confirmando seu e-mail...',
  failed: 'Não foi possível confirmar seu e-mail. Verifique sua conexão e tente novamente.',
} as const;

/** The token of the address bar, if it has the one shape a link we sent can have. */
function readToken(raw: string | null): string | null {
  const parsed = verificationTokenSchema.safeParse(raw?.trim());
  return parsed.success ? parsed.data : null;
}

/** No answer, or the server broke: the link may still be good, so trying again makes sense. */
function worthRetrying(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status === 0 || error.status >= 500;
}

function CheckMark() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" className="size-8">
      <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * /confirmar-email?token=...: the link of the confirmation e-mail. The token leaves
 * the address bar at once (no history entry, no copy in a bookmark or a screenshot) and goes to
 * the API once: a second use of the same link is refused.
 */
export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { status, user, refreshProfile } = useAuth();
  // Read on the first render only: the address bar loses it right after.
  const [token] = useState(() => readToken(params.get('token')));
  const { mutate, data, error, isError, isSuccess } = useConfirmEmail();
  // React runs effects twice in development; the link works once.
  const sent = useRef(false);

  useEffect(() => {
    if (!params.has('token')) return;
    const rest = new URLSearchParams(params);
    rest.delete('token');
    const search = rest.toString();
    void navigate({ search: search && `?${search}` }, { replace: true });
  }, [params, navigate]);

  // Sent once the session is restored, with its token: the server ends every other session of
  // the account when an e-mail change completes, and all of them when no session came with it.
  useEffect(() => {
    if (token === null || sent.current || status === 'loading') return;
    sent.current = true;
    mutate(token);
  }, [token, mutate, status]);

  // Logged in (now or once the session is restored): the account page and the stored user
  // show the address as confirmed, without a reload.
  const userId = user?.id;
  useEffect(() => {
    if (!isSuccess || status !== 'authenticated' || userId === undefined) return;
    void client.invalidateQueries({ queryKey: accountKeys.profile(userId) });
    refreshProfile().catch(() => {
      // The account page reads the profile again anyway.
    });
  }, [isSuccess, status, userId, client, refreshProfile]);

  const signedIn = status === 'authenticated';
  const accountLink = (primary: boolean) => (
    <Link
      to="/minha-conta"
      className={buttonClasses({
        variant: primary ? 'primary' : 'outline',
        className: 'w-full sm:w-auto',
      })}
    >
      Ir para Minha Conta
    </Link>
  );
  const shopLink = (primary: boolean) => (
    <Link
      to="/"
      className={buttonClasses({
        variant: primary ? 'primary' : 'outline',
        className: 'w-full sm:w-auto',
      })}
    >
      Ir para a loja
    </Link>
  );

  let tone: 'busy' | 'ok' | 'failed';
  let message: ReactNode;
  let actions: ReactNode = null;
  if (token === null) {
    tone = 'failed';
    message = <p className="font-semibold text-sale">{EMAIL_VERIFICATION_MESSAGES.invalidLink}</p>;
    actions = (
      <>
        {accountLink(true)}
        {shopLink(false)}
      </>
    );
  } else if (isSuccess) {
    tone = 'ok';
    const changed = data.message === EMAIL_VERIFICATION_MESSAGES.changed;
    message = (
      <>
        <p className="text-xl font-semibold text-success">{data.message}</p>
        <p className="mt-2 text-ink-700">
          {changed ? 'Sua conta agora usa o e-mail ' : 'O endereço '}
          <strong className="wrap-anywhere text-ink-900">{data.email}</strong>
          {changed ? '.' : ' está confirmado.'}
        </p>
      </>
    );
    actions = signedIn ? (
      <>
        {accountLink(true)}
        {shopLink(false)}
      </>
    ) : (
      shopLink(true)
    );
  } else if (isError) {
    tone = 'failed';
    const retry = worthRetrying(error);
    message = (
      <p className="font-semibold text-sale">
        {retry ? CONFIRM_PAGE_TEXTS.failed : (serverMessage(error) ?? CONFIRM_PAGE_TEXTS.failed)}
      </p>
    );
    actions = (
      <>
        {retry ? (
          <Button className="w-full sm:w-auto" onClick={() => mutate(token)}>
            Tentar novamente
          </Button>
        ) : null}
        {accountLink(!retry)}
        {shopLink(false)}
      </>
    );
  } else {
    tone = 'busy';
    message = <p className="text-ink-700">{CONFIRM_PAGE_TEXTS.confirming}</p>;
  }

  return (
    <div className="mx-auto max-w-lg px-4 py-10 sm:py-16">
      <div className="rounded-2xl border border-ink-300 bg-white p-6 text-center shadow-sm sm:p-10">
        <div
          aria-hidden="true"
          className={cn(
            'mx-auto mb-5 inline-flex size-16 items-center justify-center rounded-full',
            tone === 'ok' ? 'bg-success/10 text-success' : 'bg-cream-200 text-gold-700',
          )}
        >
          {tone === 'busy' ? (
            <span className="size-8 animate-spin rounded-full border-3 border-gold-600/25 border-t-gold-600 motion-reduce:animate-none" />
          ) : tone === 'ok' ? (
            <CheckMark />
          ) : (
            <MailIcon className="size-8" />
          )}
        </div>
        <h1 className="font-serif text-3xl text-ink-900">{CONFIRM_PAGE_TEXTS.heading}</h1>
        {/* One live region for every state, so each outcome is read out as it arrives. */}
        <div role="status" className="mt-4">
          {message}
        </div>
        {actions ? (
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">{actions}</div>
        ) : null}
      </div>
    </div>
  );
}
