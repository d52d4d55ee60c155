import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { simulatePayment } from '../../../lib/payment/payment-api.ts';

export const SANDBOX_TEXTS = {
  title: 'Modo de teste',
  body: 'Esta loja está em modo de teste: nenhum valor é cobrado. Use o botão abaixo para simular a confirmação do pagamento.',
  simulate: 'Simular pagamento',
  simulating: 'Simulando...',
  failed: 'Não foi possível simular o pagamento. Tente novamente.',
} as const;

export interface SandboxBoxProps {
  orderId: number;
  /** Reads the order's status at once, so the page reacts without waiting for the next poll. */
  onSimulated: () => Promise<void>;
}

/** Only when the server says it runs in sandbox mode. */
export function SandboxBox({ orderId, onSimulated }: SandboxBoxProps) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const simulate = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await simulatePayment(orderId);
      await onSimulated();
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      aria-labelledby="pix-teste-titulo"
      className="rounded-2xl border-2 border-dashed border-gold-500 bg-gold-100 p-4 sm:p-6"
    >
      <h2 id="pix-teste-titulo" className="font-semibold tracking-wide text-ink-900 uppercase">
        {SANDBOX_TEXTS.title}
      </h2>
      <p className="mt-1 text-sm text-ink-800">{SANDBOX_TEXTS.body}</p>
      <Button
        variant="secondary"
        className="mt-3 w-full sm:w-auto"
        disabled={busy}
        onClick={() => void simulate()}
      >
        {busy ? SANDBOX_TEXTS.simulating : SANDBOX_TEXTS.simulate}
      </Button>
      {failed ? (
        <p role="alert" className="mt-2 text-sm text-sale">
          {SANDBOX_TEXTS.failed}
        </p>
      ) : null}
    </section>
  );
}
