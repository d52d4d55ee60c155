import { PAYMENT_ERRORS } from '@lumina/shared/payments/pix-texts';
import type { PixData } from '../../../lib/payment/payment-api.ts';
import { CopyCode } from './copy-code.tsx';

export const COPY_TEXTS = {
  copy: 'Copiar código PIX',
  copied: 'Código PIX copiado!',
  failed: 'Não foi possível copiar. Selecione o código e copie manualmente.',
} as const;

/** The QR code, the copy-and-paste code and the provider's ticket page. */
export function PixCodeBox({ pix }: { pix: PixData }) {
  return (
    <section
      aria-labelledby="pix-codigo-titulo"
      className="rounded-2xl bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="pix-codigo-titulo" className="font-serif text-xl text-ink-900">
        Pague com PIX
      </h2>
      {pix.qr_code_base64 ? (
        <img
          src={`data:image/png;base64,${pix.qr_code_base64}`}
          alt="QR Code PIX"
          width={240}
          height={240}
          className="mx-auto mt-4 size-56 rounded-lg border border-ink-300 bg-white p-2 sm:size-60"
        />
      ) : null}
      <CopyCode
        id="pix-copia-cola"
        label="Código PIX (copia e cola)"
        value={pix.qr_code}
        copyLabel={COPY_TEXTS.copy}
        copiedText={COPY_TEXTS.copied}
        failedText={COPY_TEXTS.failed}
      />
      <p className="mt-2 text-center text-sm">
        {pix.ticket_url ? (
          <a
            href={pix.ticket_url}
            target="_blank"
            rel="noopener noreferrer"
            className="text-gold-700 underline underline-offset-2"
          >
            Abrir página de pagamento (nova aba)
          </a>
        ) : (
          <span className="text-ink-700">{PAYMENT_ERRORS.missingTicket}</span>
        )}
      </p>
    </section>
  );
}
