import { PROFILE_GENDER_LABELS } from '@lumina/shared/users/gender';
import { DEFAULT_COUNTRY, REGISTER_TYPE_LABEL } from '@lumina/shared/users/profile-schema';
import { formatDate } from '@lumina/shared/format/dates';
import { formatCpf } from '@lumina/shared/validation/cpf';
import { formatPhone } from '@lumina/shared/validation/phone';
import { Button } from '../../../components/ui/button.tsx';
import type { ProfileUser } from '../../../lib/account/get-profile.ts';

const NOT_INFORMED = 'Não informado';

export interface ProfileSummaryProps {
  user: ProfileUser;
  onEdit: () => void;
  onChangePassword: () => void;
}

/** 'Minha Conta' tab: the registration data (spec 001 §2). */
export function ProfileSummary({ user, onEdit, onChangePassword }: ProfileSummaryProps) {
  const rows: [string, string][] = [
    ['Nome', user.name],
    ['E-mail', user.email],
    ['Tipo de cadastro', REGISTER_TYPE_LABEL],
    ['CPF', user.cpf ? formatCpf(user.cpf) : NOT_INFORMED],
    ['Telefone', user.phone ? formatPhone(user.phone) : NOT_INFORMED],
    ['Data de nascimento', user.birth_date ? formatDate(user.birth_date) : NOT_INFORMED],
    ['Gênero', user.gender ? PROFILE_GENDER_LABELS[user.gender] : NOT_INFORMED],
    ['País', user.country || DEFAULT_COUNTRY],
  ];
  return (
    <section aria-labelledby="dados-cadastrais">
      <h2 id="dados-cadastrais" className="font-serif text-2xl text-ink-900">
        Dados cadastrais
      </h2>
      <dl className="mt-4 grid gap-x-6 gap-y-4 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="min-w-0 rounded-xl bg-cream-100 px-4 py-3">
            <dt className="text-xs font-semibold tracking-wide text-ink-600 uppercase">{label}</dt>
            <dd className="mt-1 break-words text-ink-900">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <Button onClick={onEdit}>Editar dados</Button>
        <Button variant="outline" onClick={onChangePassword}>
          Alterar senha
        </Button>
      </div>
    </section>
  );
}
