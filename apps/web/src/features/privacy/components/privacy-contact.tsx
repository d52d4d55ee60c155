import { PRIVACY_RESPONSE_BUSINESS_DAYS } from '@lumina/shared/privacy/business-days';
import { Link } from 'react-router';
import { ChevronLeftIcon } from '../../../components/icons.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { STORE_PRIVACY_EMAIL } from '../../../lib/store-info.ts';

/** Contact cards of the data protection officer, then the policy and the way home. */
export function PrivacyContact() {
  return (
    <section aria-labelledby="contato-privacidade">
      <h2 id="contato-privacidade" className="font-serif text-2xl text-ink-900">
        Fale com o encarregado de dados
      </h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-3">
        <li className="min-w-0 rounded-2xl border border-ink-300/60 bg-white p-4">
          <h3 className="text-xs font-semibold tracking-wide text-ink-600 uppercase">
            E-mail do encarregado (DPO)
          </h3>
          <a
            href={`mailto:${STORE_PRIVACY_EMAIL}`}
            className="mt-1 inline-block min-h-8 font-medium break-all text-gold-700 underline underline-offset-2"
          >
            {STORE_PRIVACY_EMAIL}
          </a>
        </li>
        <li className="rounded-2xl border border-ink-300/60 bg-white p-4">
          <h3 className="text-xs font-semibold tracking-wide text-ink-600 uppercase">
            Horário de atendimento
          </h3>
          <p className="mt-1 text-ink-900">Segunda a sexta, das 9h às 18h</p>
        </li>
        <li className="rounded-2xl border border-ink-300/60 bg-white p-4">
          <h3 className="text-xs font-semibold tracking-wide text-ink-600 uppercase">
            Prazo de resposta
          </h3>
          <p className="mt-1 text-ink-900">Até {PRIVACY_RESPONSE_BUSINESS_DAYS} dias úteis</p>
        </li>
      </ul>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <Link to="/politica-privacidade" className={buttonClasses({ variant: 'outline' })}>
          Política de Privacidade
        </Link>
        <Link to="/" className={buttonClasses({ variant: 'ghost' })}>
          <ChevronLeftIcon className="size-4" />
          Voltar para o início
        </Link>
      </div>
    </section>
  );
}
