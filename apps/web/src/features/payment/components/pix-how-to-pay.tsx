import { ChatIcon } from '../../../components/icons.tsx';
import { whatsappUrl } from '../../../lib/store-info.ts';

const STEPS = [
  'Abra o aplicativo do seu banco e escolha pagar com PIX.',
  'Escaneie o QR Code ou cole o código PIX copiado.',
  'Confirme o pagamento. Esta página mostra a confirmação sozinha.',
] as const;

/** The three how-to-pay steps and the way to a person when something goes wrong. */
export function PixHowToPay({ orderNumber }: { orderNumber: string }) {
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
      <a
        href={whatsappUrl(`Olá! Preciso de ajuda com o pagamento PIX do pedido ${orderNumber}.`)}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-4 inline-flex min-h-11 items-center gap-2 text-sm font-medium text-gold-700 underline underline-offset-2"
      >
        <ChatIcon className="size-5" />
        Precisa de ajuda? Fale com a gente no WhatsApp
      </a>
    </section>
  );
}
