import { Link } from 'react-router';
import { ChevronLeftIcon } from '../../components/icons.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useStore } from '../../lib/store-settings.ts';
import { formatDate } from '@lumina/shared/format/dates';
import { shopName } from '@lumina/shared/settings/settings-rules';
import { PRIVACY_POLICY_TEXT_DATE } from '@lumina/shared/settings/store-settings';
import { POLICY_SECTIONS, PRIVACY_RESPONSE_BUSINESS_DAYS } from './privacy-policy-content.tsx';

export function Component() {
  const store = useStore();
  // The shop by its name when the settings have one; 'A loja' is never a placeholder name.
  const name = store ? shopName(store) : '';
  // The text's own date, or the later change of a setting it shows (GET /api/store says which).
  const updated = formatDate(store?.privacy_updated_at ?? PRIVACY_POLICY_TEXT_DATE);
  usePageMeta({
    title: 'Política de Privacidade',
    description: `Como ${name || 'a loja'} coleta, usa, compartilha e protege seus dados pessoais, e como exercer seus direitos pela LGPD.`,
  });
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <Link
        to="/"
        className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-ink-700 hover:text-ink-900"
      >
        <ChevronLeftIcon className="size-4" />
        Voltar para o início
      </Link>
      <header className="mt-4 border-b border-cream-300 pb-8">
        <p className="text-xs font-semibold tracking-[0.3em] text-gold-700 uppercase">LGPD</p>
        <h1 className="mt-2 font-serif text-4xl text-ink-900">Política de Privacidade</h1>
        <p className="mt-3 text-sm text-ink-600">Última atualização: {updated}</p>
        <p className="mt-4 leading-relaxed text-ink-800">
          {name ? `${name} respeita` : 'Respeitamos'} a sua privacidade. Esta política explica quais
          dados pessoais tratamos, por que, com quem os compartilhamos e como você exerce os seus
          direitos previstos na Lei Geral de Proteção de Dados (Lei nº 13.709/2018). Respondemos a
          toda solicitação em até {PRIVACY_RESPONSE_BUSINESS_DAYS} dias úteis.
        </p>
        <nav aria-label="Seções da política" className="mt-6">
          <ol className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
            {POLICY_SECTIONS.map((section, index) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="inline-flex min-h-8 items-center text-ink-800 underline-offset-4 hover:text-gold-700 hover:underline"
                >
                  {index + 1}. {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      </header>
      <div>
        {POLICY_SECTIONS.map((section, index) => (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-titulo`}
            className="scroll-mt-4 pt-8"
          >
            <h2 id={`${section.id}-titulo`} className="font-serif text-2xl text-ink-900">
              {index + 1}. {section.title}
            </h2>
            <div className="mt-3 space-y-3 leading-relaxed text-ink-800 [&_li]:mt-1.5 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6">
              {section.body}
            </div>
          </section>
        ))}
      </div>
    </article>
  );
}
