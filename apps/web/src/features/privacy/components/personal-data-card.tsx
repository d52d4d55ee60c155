import { formatDate } from '@lumina/shared/format/dates';
import { formatCpf } from '@lumina/shared/validation/cpf';
import { formatPhone } from '@lumina/shared/validation/phone';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { useProfile } from '../../../lib/account/get-profile.ts';
import type { AuthUser } from '../../../lib/auth/auth-types.ts';
import { useDownloadDataExport } from '../api/download-data-export.ts';
import { SectionCard } from './section-card.tsx';

const NOT_INFORMED = 'Não informado';

/** 'Dados pessoais': what the account holds, a way to edit it and the spec's exported file. */
export function PersonalDataCard({ user }: { user: AuthUser }) {
  const profile = useProfile(user.id);
  // Spec 001 §8: a failed profile read is not shown; the stored user stands in.
  const current = profile.data ?? user;
  const download = useDownloadDataExport();
  const rows: [string, string][] = [
    ['Nome', current.name],
    ['E-mail', current.email],
    ['Telefone', current.phone ? formatPhone(current.phone) : NOT_INFORMED],
    ['CPF', current.cpf ? formatCpf(current.cpf) : NOT_INFORMED],
    ['Conta criada em', formatDate(current.created_at) || NOT_INFORMED],
  ];
  return (
    <SectionCard
      id="dados-pessoais"
      title="Dados pessoais"
      description="Os dados cadastrais da sua conta."
    >
      <dl className="grid gap-3 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="min-w-0 rounded-xl bg-cream-100 px-4 py-3">
            <dt className="text-xs font-semibold tracking-wide text-ink-600 uppercase">{label}</dt>
            <dd className="mt-1 break-words text-ink-900">{value}</dd>
          </div>
        ))}
      </dl>
      {download.isError ? (
        <FormAlert kind="error" className="mt-4" messages={[download.error.message]} />
      ) : null}
      <div className="mt-5 flex flex-col gap-3 sm:flex-row">
        <Link to="/minha-conta" className={buttonClasses({ variant: 'outline' })}>
          Editar
        </Link>
        <Button disabled={download.isPending} onClick={() => download.mutate('personal')}>
          {download.isPending ? 'Exportando...' : 'Exportar dados pessoais'}
        </Button>
      </div>
    </SectionCard>
  );
}
