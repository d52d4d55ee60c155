import { ChatIcon, MailIcon, PhoneIcon } from '../../../components/icons.tsx';
import { formatPhone } from '@lumina/shared/settings/settings-rules';
import { useStore, whatsappChatUrl } from '../../../lib/store-settings.ts';
import { DeferredContactForm } from './deferred-contact-form.tsx';

/** The home page's contact block (anchor /#contato). */
export function ContactSection() {
  const store = useStore();
  const whatsapp = whatsappChatUrl(store);
  const email = store?.sac_email;
  const phone = store?.phone;
  const itemClassName =
    'inline-flex min-h-11 items-center gap-3 text-ink-900 underline-offset-4 hover:underline';
  return (
    <section id="contato" aria-labelledby="contato-titulo" className="scroll-mt-4 bg-cream-100">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 lg:grid-cols-[2fr_3fr]">
        <div>
          <p className="text-xs font-semibold tracking-[0.3em] text-gold-700 uppercase">Contato</p>
          <h2 id="contato-titulo" className="mt-2 font-serif text-3xl text-ink-900 sm:text-4xl">
            Fale com a gente
          </h2>
          <p className="mt-4 leading-relaxed text-ink-700">
            Dúvidas sobre tamanhos, materiais ou seu pedido? Mande uma mensagem: respondemos por
            e-mail o quanto antes.
          </p>
          {/* The shop's own channels, each only when its settings have it. */}
          <ul className="mt-6 space-y-3 text-sm">
            {whatsapp ? (
              <li>
                <a
                  href={whatsapp}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={itemClassName}
                >
                  <ChatIcon className="size-5 text-gold-700" />
                  WhatsApp
                  <span className="sr-only"> (abre em nova aba)</span>
                </a>
              </li>
            ) : null}
            {email ? (
              <li>
                <a href={`mailto:${email}`} className={itemClassName}>
                  <MailIcon className="size-5 text-gold-700" />
                  {email}
                </a>
              </li>
            ) : null}
            {phone ? (
              <li>
                <a href={`tel:+55${phone}`} className={itemClassName}>
                  <PhoneIcon className="size-5 text-gold-700" />
                  {formatPhone(phone)}
                </a>
              </li>
            ) : null}
            {store?.business_hours ? (
              <li className="text-ink-700">Atendimento: {store.business_hours}</li>
            ) : null}
          </ul>
        </div>
        <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-cream-300 sm:p-8">
          <DeferredContactForm />
        </div>
      </div>
    </section>
  );
}
