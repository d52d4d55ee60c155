import { ChatIcon, MailIcon } from '../../../components/icons.tsx';
import { STORE_EMAIL, whatsappUrl } from '../../../lib/store-info.ts';
import { DeferredContactForm } from './deferred-contact-form.tsx';

/** The home page's contact block (anchor /#contato). */
export function ContactSection() {
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
          <ul className="mt-6 space-y-3 text-sm">
            <li>
              <a
                href={whatsappUrl()}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex min-h-11 items-center gap-3 text-ink-900 underline-offset-4 hover:underline"
              >
                <ChatIcon className="size-5 text-gold-700" />
                WhatsApp
                <span className="sr-only"> (abre em nova aba)</span>
              </a>
            </li>
            <li>
              <a
                href={`mailto:${STORE_EMAIL}`}
                className="inline-flex min-h-11 items-center gap-3 text-ink-900 underline-offset-4 hover:underline"
              >
                <MailIcon className="size-5 text-gold-700" />
                {STORE_EMAIL}
              </a>
            </li>
          </ul>
        </div>
        <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-cream-300 sm:p-8">
          <DeferredContactForm />
        </div>
      </div>
    </section>
  );
}
