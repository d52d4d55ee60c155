import type { PrivacyRequestType } from '@lumina/shared/privacy/privacy-requests';
import { PRIVACY_RESPONSE_BUSINESS_DAYS } from '@lumina/shared/privacy/business-days';
import { useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { useCreatePrivacyRequest } from '../api/create-privacy-request.ts';
import { useDownloadDataExport } from '../api/download-data-export.ts';
import { DeletionDialog } from './deletion-dialog.tsx';
import { SectionCard } from './section-card.tsx';

interface Notice {
  kind: 'success' | 'info' | 'error';
  message: string;
}

function Right({
  title,
  children,
  actions,
}: {
  title: string;
  children: string;
  actions: ReactNode;
}) {
  return (
    <li className="flex flex-col rounded-xl bg-cream-100 p-4">
      <h3 className="font-semibold text-ink-900">{title}</h3>
      <p className="mt-1 flex-1 text-sm text-ink-700">{children}</p>
      <div className="mt-4 flex flex-col gap-2">{actions}</div>
    </li>
  );
}

/** 'Seus direitos (LGPD)' (spec 001 §2): access, full export and deletion requests. */
export function RightsCard() {
  const create = useCreatePrivacyRequest();
  const download = useDownloadDataExport();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [confirmingDeletion, setConfirmingDeletion] = useState(false);

  const request = (type: PrivacyRequestType) => {
    setNotice(null);
    create.mutate(type, {
      onSuccess: ({ message, created }) =>
        setNotice({ kind: created ? 'success' : 'info', message }),
      onError: (error) => setNotice({ kind: 'error', message: error.message }),
    });
  };

  return (
    <SectionCard
      id="seus-direitos"
      title="Seus direitos (LGPD)"
      description={`Pela Lei Geral de Proteção de Dados (Lei 13.709/2018, art. 18) você pode pedir acesso, portabilidade ou exclusão dos seus dados. Respondemos em até ${PRIVACY_RESPONSE_BUSINESS_DAYS} dias úteis.`}
    >
      <ul className="grid gap-3 md:grid-cols-3">
        <Right
          title="Acesso"
          actions={
            <Button variant="outline" disabled={create.isPending} onClick={() => request('access')}>
              Solicitar acesso aos dados
            </Button>
          }
        >
          Confirme quais dados pessoais a loja mantém sobre você e para que os usa.
        </Right>
        <Right
          title="Portabilidade"
          actions={
            <Button
              variant="outline"
              disabled={create.isPending || download.isPending}
              onClick={() => {
                request('export');
                download.mutate('complete');
              }}
            >
              {download.isPending ? 'Exportando...' : 'Exportação completa'}
            </Button>
          }
        >
          Baixe agora todos os seus dados em um arquivo JSON; a solicitação fica registrada e a loja
          também responde por e-mail.
        </Right>
        <Right
          title="Exclusão"
          actions={
            <Button
              variant="danger"
              disabled={create.isPending}
              onClick={() => setConfirmingDeletion(true)}
            >
              Solicitar exclusão dos dados
            </Button>
          }
        >
          Peça que a loja apague sua conta e seus dados pessoais.
        </Right>
      </ul>
      {download.isError ? (
        <FormAlert kind="error" className="mt-4" messages={[download.error.message]} />
      ) : null}
      {notice ? (
        <FormAlert kind={notice.kind} className="mt-4" messages={[notice.message]} />
      ) : null}
      <DeletionDialog
        open={confirmingDeletion}
        onOpenChange={setConfirmingDeletion}
        onConfirm={() => {
          setConfirmingDeletion(false);
          request('deletion');
        }}
      />
    </SectionCard>
  );
}
