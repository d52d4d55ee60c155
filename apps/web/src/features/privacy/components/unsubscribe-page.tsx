import { REMINDER_MESSAGES } from '@lumina/shared/reminders/reminders';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MailIcon } from '../../../components/icons.tsx';
import { PageNotice } from '../../../components/page-notice.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useUnsubscribe, useUnsubscribeStatus } from '../api/unsubscribe.ts';

const UNSUBSCRIBE_TEXTS = {
  title: 'E-mails de marketing',
  checking: 'Verificando o link...',
  invalidTitle: 'Link de descadastro inválido',
  offline: 'Não conseguimos falar com a loja agora. Verifique sua conexão e tente novamente.',
  already: 'Este endereço já não recebe e-mails de marketing da loja.',
  again:
    'Mudou de ideia? Você pode voltar a receber as novidades em Gerenciar dados, na sua conta.',
  confirm: 'Não quero mais receber',
  sending: 'Descadastrando...',
} as const;

function messageOf(error: unknown): string {
  if (error instanceof ApiError && error.status > 0 && error.status < 500 && error.serverMessage) {
    return error.serverMessage;
  }
  return UNSUBSCRIBE_TEXTS.offline;
}

function ManageDataLink({ primary }: { primary: boolean }) {
  return (
    <Link
      to="/gerenciar-dados"
      className={buttonClasses({ size: 'lg', variant: primary ? 'primary' : 'outline' })}
    >
      Gerenciar dados
    </Link>
  );
}

function ShopLink() {
  return (
    <Link to="/" className={buttonClasses({ size: 'lg', variant: 'outline' })}>
      Ir para a loja
    </Link>
  );
}

/**
 * /descadastrar/{token}: the link in a reminder's text, for a person (mail clients use the
 * List-Unsubscribe header and POST by themselves). Opening it changes nothing: the page says
 * whose address it is and asks; the button sends the same one-click POST, which turns the
 * marketing consent of /gerenciar-dados off. A forged or expired link says so here.
 */
export function UnsubscribePage({ token }: { token: string }) {
  const status = useUnsubscribeStatus(token);
  const unsubscribe = useUnsubscribe(token);

  if (status.isPending) {
    return (
      <div className="flex min-h-[50dvh] items-center justify-center px-4">
        <Spinner size="lg" label={UNSUBSCRIBE_TEXTS.checking} />
      </div>
    );
  }
  if (status.isError) {
    return (
      <PageNotice
        title={UNSUBSCRIBE_TEXTS.invalidTitle}
        icon={<MailIcon className="size-8" />}
        actions={
          <>
            <ManageDataLink primary />
            <ShopLink />
          </>
        }
      >
        <p role="alert">{messageOf(status.error)}</p>
      </PageNotice>
    );
  }

  const { email, subscribed } = status.data.unsubscribe;
  let body: ReactNode;
  let actions: ReactNode;
  if (unsubscribe.isSuccess || !subscribed) {
    body = (
      <>
        <p role="status" className="font-semibold text-success">
          {unsubscribe.isSuccess ? REMINDER_MESSAGES.unsubscribed : UNSUBSCRIBE_TEXTS.already}
        </p>
        <p>{UNSUBSCRIBE_TEXTS.again}</p>
      </>
    );
    actions = (
      <>
        <ShopLink />
        <ManageDataLink primary={false} />
      </>
    );
  } else {
    body = (
      <>
        <p>
          Os lembretes de carrinho e as outras comunicações de marketing da loja vão para{' '}
          <strong className="wrap-anywhere text-ink-900">{email}</strong>. Quer parar de recebê-los?
        </p>
        <p className="text-sm">
          Os e-mails sobre os seus pedidos (pagamento, envio, entrega) continuam chegando.
        </p>
        {unsubscribe.isError ? (
          <FormAlert kind="error" messages={[messageOf(unsubscribe.error)]} />
        ) : null}
      </>
    );
    actions = (
      <>
        <Button size="lg" disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate()}>
          {unsubscribe.isPending ? UNSUBSCRIBE_TEXTS.sending : UNSUBSCRIBE_TEXTS.confirm}
        </Button>
        <ShopLink />
      </>
    );
  }
  return (
    <PageNotice
      title={UNSUBSCRIBE_TEXTS.title}
      icon={<MailIcon className="size-8" />}
      actions={actions}
    >
      {body}
    </PageNotice>
  );
}
