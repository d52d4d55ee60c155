import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';

/**
 * Copies a code (the PIX code to pay, a boleto's line, the parcel's tracking code), with a word
 * on how it went.
 */
export function CopyCode({ code, label, done }: { code: string; label: string; done: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 3000);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setState('copied');
    } catch {
      setState('failed');
    }
  };

  return (
    <>
      <Button size="sm" variant="outline" onClick={() => void copy()}>
        {label}
      </Button>
      <span aria-live="polite" className="text-sm">
        {state === 'copied' ? <span className="text-success">{done}</span> : null}
        {state === 'failed' ? (
          <span className="text-sale">Não foi possível copiar o código.</span>
        ) : null}
      </span>
    </>
  );
}
