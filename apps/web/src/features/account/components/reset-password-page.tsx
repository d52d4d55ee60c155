import {
  RESET_PAGE_TEXTS,
  RESET_PASSWORD_MESSAGES,
} from '@lumina/shared/users/reset-password-schema';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { useResetTokenCheck } from '../api/verify-reset-token.ts';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { ResetPasswordForm } from './reset-password-form.tsx';

function NewLinkButton() {
  return (
    <Link to="/esqueci-senha" className={buttonClasses({ className: 'mt-4 w-full' })}>
      Solicitar nova redefinição
    </Link>
  );
}

/** /redefinir-senha?token=...: every state of spec 001 §2, §4 and §8. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || null;
  const check = useResetTokenCheck(token);

  let body: ReactNode;
  if (token === null) {
    body = (
      <>
        <FormAlert
          kind="error"
          className="mt-6"
          messages={[RESET_PASSWORD_MESSAGES.missingToken]}
        />
        <NewLinkButton />
      </>
    );
  } else if (check.isPending) {
    body = (
      <div className="mt-8 flex flex-col items-center gap-3 text-ink-700">
        <span
          aria-hidden="true"
          className="size-8 animate-spin rounded-full border-3 border-gold-600/25 border-t-gold-600 motion-reduce:animate-none"
        />
        <p role="status">{RESET_PAGE_TEXTS.verifying}</p>
      </div>
    );
  } else if (check.isError) {
    body = (
      <>
        <FormAlert
          kind="error"
          className="mt-6"
          messages={[RESET_PASSWORD_MESSAGES.verifyFailed]}
        />
        <Button variant="outline" className="mt-4 w-full" onClick={() => void check.refetch()}>
          Tentar novamente
        </Button>
      </>
    );
  } else if (!check.data) {
    body = (
      <>
        <p className="mt-6 font-semibold text-ink-900">{RESET_PAGE_TEXTS.invalidLink}</p>
        <FormAlert kind="error" className="mt-3" messages={[RESET_PASSWORD_MESSAGES.expired]} />
        <NewLinkButton />
      </>
    );
  } else {
    body = <ResetPasswordForm token={token} />;
  }

  return (
    <div className="mx-auto max-w-lg px-4 py-10 sm:py-16">
      <div className="rounded-2xl border border-ink-300 bg-white p-6 shadow-sm sm:p-10">
        <h1 className="font-serif text-3xl text-ink-900">Redefinir senha</h1>
        <p className="mt-2 text-ink-700">Crie uma nova senha para entrar na sua conta.</p>
        {body}
        <p className="mt-6 text-center text-sm">
          <Link
            to="/minha-conta"
            className="inline-flex min-h-10 items-center font-medium text-gold-700 underline-offset-4 hover:underline"
          >
            Voltar para o login
          </Link>
        </p>
      </div>
    </div>
  );
}
