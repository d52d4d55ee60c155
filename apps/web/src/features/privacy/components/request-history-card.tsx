import { formatDate } from '@lumina/shared/format/dates';
import type { PrivacyRequest } from '@lumina/shared/privacy/privacy-requests';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { useDownloadRequestExport } from '../api/download-request-export.ts';
import { usePrivacyRequests } from '../api/get-privacy-requests.ts';
import { LoadState } from './load-state.tsx';
import { SectionCard } from './section-card.tsx';

const EMPTY_TEXT = 'Nenhuma solicitação registrada até agora.';

function StatusBadge({ request }: { request: PrivacyRequest }) {
  return (
    <Badge variant={request.status === 'completed' ? 'success' : 'gold'}>
      {request.status_label}
    </Badge>
  );
}

interface AnswerProps {
  request: PrivacyRequest;
  onDownload: (id: number) => void;
  downloading: boolean;
}

/** The shop's answer to a completed request, and its file while it can still be downloaded. */
function Answer({ request, onDownload, downloading }: AnswerProps) {
  if (request.status !== 'completed') return <span className="text-ink-600">—</span>;
  return (
    <div className="space-y-2">
      {request.completed_at ? (
        <p className="text-xs text-ink-600">Concluída em {formatDate(request.completed_at)}</p>
      ) : null}
      {request.response ? (
        <p className="text-sm whitespace-pre-line text-ink-800">{request.response}</p>
      ) : null}
      {request.export_available ? (
        <Button
          size="sm"
          variant="outline"
          disabled={downloading}
          onClick={() => onDownload(request.id)}
        >
          Baixar exportação
        </Button>
      ) : null}
    </div>
  );
}

function History({ requests }: { requests: PrivacyRequest[] }) {
  const download = useDownloadRequestExport();
  if (requests.length === 0) return <p className="text-sm text-ink-700">{EMPTY_TEXT}</p>;
  const answerProps = {
    onDownload: (id: number) => download.mutate(id),
    downloading: download.isPending,
  };
  return (
    <>
      {download.isError ? (
        <FormAlert kind="error" className="mb-4" messages={[download.error.message]} />
      ) : null}
      <ul className="space-y-3 md:hidden">
        {requests.map((request) => (
          <li key={request.id} className="rounded-xl bg-cream-100 p-4">
            <div className="flex items-start justify-between gap-3">
              <p className="font-semibold text-ink-900">{request.type_label}</p>
              <StatusBadge request={request} />
            </div>
            <dl className="mt-2 grid grid-cols-2 gap-2 text-sm">
              <div>
                <dt className="text-xs text-ink-600">Data</dt>
                <dd className="text-ink-900">{formatDate(request.requested_at)}</dd>
              </div>
              <div>
                <dt className="text-xs text-ink-600">Prazo de resposta</dt>
                <dd className="text-ink-900">{formatDate(request.deadline)}</dd>
              </div>
            </dl>
            {request.status === 'completed' ? (
              <div className="mt-3 border-t border-ink-300/50 pt-3">
                <Answer request={request} {...answerProps} />
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto md:block">
        <table className="w-full text-left text-sm">
          <thead className="bg-cream-100 text-ink-800">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold">
                Data
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Tipo
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Status
              </th>
              <th scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
                Prazo de resposta
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Resposta
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-ink-300/40">
            {requests.map((request) => (
              <tr key={request.id}>
                <td className="px-3 py-3 align-top whitespace-nowrap">
                  {formatDate(request.requested_at)}
                </td>
                <td className="px-3 py-3 align-top">{request.type_label}</td>
                <td className="px-3 py-3 align-top">
                  <StatusBadge request={request} />
                </td>
                <td className="px-3 py-3 align-top whitespace-nowrap">
                  {formatDate(request.deadline)}
                </td>
                <td className="max-w-sm px-3 py-3 align-top">
                  <Answer request={request} {...answerProps} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** 'Histórico de solicitações' (spec 001 §2): a table on wide screens, cards on phones. */
export function RequestHistoryCard() {
  const requests = usePrivacyRequests();
  const content = requests.data ? (
    <History requests={requests.data} />
  ) : (
    <LoadState
      error={requests.error}
      onRetry={() => void requests.refetch()}
      loadingLabel="Carregando solicitações..."
    />
  );
  return (
    <SectionCard
      id="historico-solicitacoes"
      title="Histórico de solicitações"
      description="Suas solicitações, da mais recente para a mais antiga, com o prazo de resposta da loja."
    >
      {content}
    </SectionCard>
  );
}
