import { PRIVACY_RESPONSE_BUSINESS_DAYS } from '@lumina/shared/privacy/business-days';
import { Link } from 'react-router';
import { ChevronLeftIcon } from '../../../components/icons.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { dataRequestContact, useStore } from '../../../lib/store-settings.ts';

const cardClassName = 'min-w-0 rounded-2xl border border-ink-300/60 bg-white p-4';

/**
 * Contact cards of the data protection officer, then the policy and the way home. The officer
 * and their e-mail are the ones the owner named in the settings, else the SAC's e-mail; the hours
 * are the SAC's; each card only when the owner filled it in.
 */
export function PrivacyContact() {
  const store = useStore();
  const { officer, email } = dataRequestContact(store);
  const hours = store?.business_hours;
  return (
    <section aria-labelledby="contato-privacidade">
      <h2 id="contato-privacidade" className="font-serif text-2xl text-ink-900">
        {/* No officer named (optional for a small business): the SAC answers, and says so. */}
        {officer ? 'Fale com o encarregado de dados' : 'Fale com a gente sobre seus dados'}
      </h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-3">
        {officer ? (
          <li className={cardClassName}>
            <h3 className="text-xs font-semibold tracking-wide text-ink-600 uppercase">
              Encarregado de dados
            </h3>
            <p className="mt-1 break-words text-ink-900">{officer}</p>
          </li>
        ) : null}
        {email ? (
          <li className={cardClassName}>
            <h3 className="text-xs font-semibold tracking-wide text-ink-600 uppercase">E-mail</h3>
            <a
              href={`mailto:${email}`}
              className="mt-1 inline-block min-h-8 font-medium break-all text-gold-700 underline underline-offset-2"
            >
              {email}
            </a>
          </li>
        ) : null}
        {hours ? (
          <li className={cardClassName}>
            <h3 className="text-xs font-semibold tracking-wide text-ink-600 uppercase">
              Horário de atendimento
            </h3>
            <p className="mt-1 text-ink-900">{hours}</p>
          </li>
        ) : null}
        <li className={cardClassName}>
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
