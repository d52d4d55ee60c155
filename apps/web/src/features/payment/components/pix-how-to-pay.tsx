import { ChatIcon, MailIcon } from '../../../components/icons.tsx';
import { useStore, whatsappChatUrl } from '../../../lib/store-settings.ts';

const STEPS = [
  'Abra o aplicativo do seu banco e escolha pagar com PIX.',
  'Escaneie o QR Code ou cole o código PIX copiado.',
  'Confirme o pagamento. Esta página mostra a confirmação sozinha.',
] as const;

/** The three how-to-pay steps and the way to a person when something goes wrong. */
export function PixHowToPay({ orderNumber }: { orderNumber: string }) {
  const store = useStore();
  const whatsapp = whatsappChatUrl(
    store,
    `Olá! Preciso de ajuda com o pagamento PIX do pedido ${orderNumber}.`,
  );
  const email = store?.sac_email;
  const helpClassName =
    'mt-4 inline-flex min-h-11 items-center gap-2 text-sm font-medium text-gold-700 underline underline-offset-2';
  return (
    <section
      aria-labelledby="pix-passos-titulo"
      className="rounded-2xl bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="pix-passos-titulo" className="font-serif text-xl text-ink-900">
        Como pagar
      </h2>
      <ol className="mt-3 space-y-3">
        {STEPS.map((step, index) => (
          <li key={step} className="flex gap-3 text-sm text-ink-800">
            <span
              aria-hidden="true"
              className="inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-gold-400 text-xs font-bold text-ink-950"
            >
              {index + 1}
            </span>
            {step}
          </li>
        ))}
      </ol>
      {/* Only a way the shop really answers: its WhatsApp, else its SAC e-mail, else none. */}
      {whatsapp ? (
        <a href={whatsapp} target="_blank" rel="noopener noreferrer" className={helpClassName}>
          <ChatIcon className="size-5" />
          Precisa de ajuda? Fale com a gente no WhatsApp
          <span className="sr-only"> (abre em nova aba)</span>
        </a>
      ) : email ? (
        <a
          href={`mailto:${email}?subject=${encodeURIComponent(`Pagamento PIX do pedido ${orderNumber}`)}`}
          className={helpClassName}
        >
          <MailIcon className="size-5" />
          Precisa de ajuda? Escreva para {email}
        </a>
      ) : null}
    </section>
  );
}
