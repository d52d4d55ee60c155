import { useCallback, useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { BagIcon } from '../../../components/icons.tsx';
import { PageNotice } from '../../../components/page-notice.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { notify } from '../../../lib/ui-events.ts';
import { useRestoreCart } from '../api/restore-cart.ts';

const RESTORE_PAGE_TEXTS = {
  restoring: 'Recuperando seu carrinho...',
  failedTitle: 'Não foi possível recuperar o carrinho',
  offline: 'Não conseguimos falar com a loja agora. Verifique sua conexão e tente novamente.',
} as const;

/** No answer, or the server broke: the link may still be good, so trying again makes sense. */
function worthRetrying(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status === 0 || error.status >= 500;
}

/**
 * /carrinho/recuperar/{token}: the link of a reminder e-mail. Once the session is known (the
 * signed-in shopper's cart, else this browser's), the link is spent once and the cart opens with
 * what came back; a forged, spent or expired link says so here and changes nothing. The link
 * signs nobody in.
 */
export function CartRestorePage({ token }: { token: string }) {
  const navigate = useNavigate();
  const { status } = useAuth();
  const { mutate, error, isError } = useRestoreCart();
  // React runs effects twice in development; the link works once.
  const sent = useRef(false);

  const restore = useCallback(() => {
    mutate(token, {
      onSuccess: (answer) => {
        notify(answer.message, answer.restored.lines > 0 ? 'success' : 'warning');
        void navigate('/carrinho', { replace: true });
      },
    });
  }, [token, mutate, navigate]);

  useEffect(() => {
    if (sent.current || status === 'loading') return;
    sent.current = true;
    restore();
  }, [status, restore]);

  if (!isError) {
    return (
      <div className="flex min-h-[50dvh] items-center justify-center px-4">
        <Spinner size="lg" label={RESTORE_PAGE_TEXTS.restoring} />
      </div>
    );
  }
  const retry = worthRetrying(error);
  return (
    <PageNotice
      title={RESTORE_PAGE_TEXTS.failedTitle}
      icon={<BagIcon className="size-8" />}
      actions={
        <>
          {retry ? (
            <Button size="lg" onClick={restore}>
              Tentar novamente
            </Button>
          ) : null}
          <Link
            to="/produtos"
            className={buttonClasses({ size: 'lg', variant: retry ? 'outline' : 'primary' })}
          >
            Ver produtos
          </Link>
          <Link to="/carrinho" className={buttonClasses({ size: 'lg', variant: 'outline' })}>
            Ir para o carrinho
          </Link>
        </>
      }
    >
      <p role="alert">
        {retry
          ? RESTORE_PAGE_TEXTS.offline
          : (error instanceof ApiError && error.serverMessage) || RESTORE_PAGE_TEXTS.offline}
      </p>
    </PageNotice>
  );
}
