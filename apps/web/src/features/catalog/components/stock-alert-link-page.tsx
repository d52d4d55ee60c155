import {
  STOCK_ALERT_MESSAGES,
  STOCK_ALERT_TOKEN,
} from '@lumina/shared/stock-alerts/stock-alert-schemas';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MailIcon } from '../../../components/icons.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useFollowStockAlertLink } from '../api/stock-alerts.ts';

export type StockAlertLinkAction = 'confirm' | 'cancel';

export const STOCK_ALERT_LINK_TEXTS: Record<
  StockAlertLinkAction,
  { heading: string; ask: string; button: string; busy: string }
> = {
  confirm: {
    heading: 'Confirmar aviso de chegada',
    ask: 'Confirme que você quer receber um e-mail quando o produto voltar ao estoque. Avisamos uma única vez.',
    button: 'Confirmar aviso',
    busy: 'Confirmando...',
  },
  cancel: {
    heading: 'Cancelar aviso de chegada',
    ask: 'O aviso será cancelado e seu e-mail, apagado da lista de espera deste produto.',
    button: 'Cancelar aviso',
    busy: 'Cancelando...',
  },
};

const FAILED = 'Não foi possível concluir. Verifique sua conexão e tente novamente.';

/** The token of the address bar, if it has the one shape a link we sent can have. */
function readToken(raw: string | null): string | null {
  const token = raw?.trim() ?? '';
  return STOCK_ALERT_TOKEN.test(token) ? token : null;
}

/**
 * /avise-me/confirmar and /avise-me/cancelar: the links of the alert's e-mails. The token leaves
 * the address bar at once; nothing changes until the button is pressed, since mail scanners open
 * links. A link used, expired or forged gets the server's pt-BR answer and changes nothing.
 */
export function StockAlertLinkPage({ action }: { action: StockAlertLinkAction }) {
  const texts = STOCK_ALERT_LINK_TEXTS[action];
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // Read on the first render only: the address bar loses it right after.
  const [token] = useState(() => readToken(params.get('token')));
  const follow = useFollowStockAlertLink(action);

  useEffect(() => {
    if (!params.has('token')) return;
    const rest = new URLSearchParams(params);
    rest.delete('token');
    const search = rest.toString();
    void navigate({ search: search && `?${search}` }, { replace: true });
  }, [params, navigate]);

  const shopLink = (
    <Link to="/" className={buttonClasses({ variant: 'outline', className: 'w-full sm:w-auto' })}>
      Ir para a loja
    </Link>
  );

  const error = follow.error;
  // Used, expired or forged: the server said so, and trying again cannot help.
  const dead = token === null || (error instanceof ApiError && error.status === 422);

  let content: ReactNode;
  if (dead) {
    const message = token === null ? STOCK_ALERT_MESSAGES.invalidLink : (error?.message ?? '');
    content = (
      <>
        <FormAlert kind="error" className="mt-6" messages={[message]} />
        <div className="mt-6">{shopLink}</div>
      </>
    );
  } else if (follow.isSuccess) {
    const product = follow.data.product;
    content = (
      <>
        <FormAlert kind="success" className="mt-6" messages={[follow.data.message]} />
        {product ? <p className="mt-4 font-medium text-ink-900">{product.variant}</p> : null}
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
          {product ? (
            <Link to={product.path} className={buttonClasses({ className: 'w-full sm:w-auto' })}>
              Ver o produto
            </Link>
          ) : null}
          {shopLink}
        </div>
      </>
    );
  } else {
    const message = error
      ? error instanceof ApiError && error.status
        ? error.message
        : FAILED
      : null;
    content = (
      <>
        <p className="mt-4 text-ink-700">{texts.ask}</p>
        {message ? <FormAlert kind="error" className="mt-6" messages={[message]} /> : null}
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
          <Button
            className="w-full sm:w-auto"
            disabled={follow.isPending}
            onClick={() => follow.mutate(token)}
          >
            {follow.isPending ? texts.busy : texts.button}
          </Button>
          {shopLink}
        </div>
      </>
    );
  }

  return (
    <div className="mx-auto max-w-lg px-4 py-10 sm:py-16">
      <div className="rounded-2xl border border-ink-300 bg-white p-6 text-center shadow-sm sm:p-10">
        <div
          aria-hidden="true"
          className="mx-auto mb-5 inline-flex size-16 items-center justify-center rounded-full bg-cream-200 text-gold-700"
        >
          <MailIcon className="size-8" />
        </div>
        <h1 className="font-serif text-3xl text-ink-900">{texts.heading}</h1>
        {content}
      </div>
    </div>
  );
}
