import type { AltchaWidgetElement } from 'altcha/types/generic';
import type {} from 'altcha/types/react';
import { type Ref, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { CAPTCHA_CHALLENGE_URL } from '../api/captcha.ts';

/** What the login form asks of the challenge. */
export interface CaptchaHandle {
  /** The solved payload (login's `captcha_token`); solves first if need be; null on failure. */
  token: () => Promise<string | null>;
  /** A payload is good for one attempt: after one, the next needs a new challenge. */
  reset: () => void;
}

export interface CaptchaChallengeProps {
  ref?: Ref<CaptchaHandle>;
  error?: string;
}

type WidgetState = 'unverified' | 'verifying' | 'verified' | 'expired' | 'error' | 'code';
type StateChange = CustomEvent<{ state: WidgetState; payload: string | null }>;

/** Loaded on first use only (see altcha-setup.ts). */
const loadAltcha = () => import('./altcha-setup.ts');

/** Resolves with the payload once the widget has finished verifying, or null if it failed. */
function outcome(widget: AltchaWidgetElement): Promise<string | null> {
  return new Promise((resolve) => {
    const listener = (event: Event) => {
      const { state, payload } = (event as StateChange).detail;
      if (state === 'verifying') return;
      widget.removeEventListener('statechange', listener);
      resolve(state === 'verified' ? payload : null);
    };
    widget.addEventListener('statechange', listener);
  });
}

/**
 * The proof-of-work check login asks for after repeated failures: the ALTCHA widget, a labelled
 * checkbox that the browser "solves" in about a second, without pictures to read and without
 * calling anyone but our API. It starts by itself when a field of the form takes the focus, or
 * when the form is sent.
 */
export function CaptchaChallenge({ ref, error }: CaptchaChallengeProps) {
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const widgetRef = useRef<AltchaWidgetElement>(null);
  const payloadRef = useRef<string | null>(null);

  useEffect(() => {
    let live = true;
    loadAltcha().then(
      ({ setUpAltcha }) => {
        setUpAltcha();
        if (live) setStatus('ready');
      },
      () => {
        if (live) setStatus('failed');
      },
    );
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    const widget = widgetRef.current;
    if (status !== 'ready' || !widget) return;
    const listener = (event: Event) => {
      const { state, payload } = (event as StateChange).detail;
      payloadRef.current = state === 'verified' ? payload : null;
    };
    widget.addEventListener('statechange', listener);
    return () => widget.removeEventListener('statechange', listener);
  }, [status]);

  useImperativeHandle(
    ref,
    () => ({
      token() {
        const widget = widgetRef.current;
        if (payloadRef.current) return Promise.resolve(payloadRef.current);
        if (!widget) return Promise.resolve(null);
        const result = outcome(widget);
        // Its State enum is a runtime object; the string values are what the events carry too.
        const state: string = widget.getState();
        if (state !== 'verifying') void widget.verify();
        return result;
      },
      reset() {
        payloadRef.current = null;
        widgetRef.current?.reset();
      },
    }),
    [],
  );

  const errorId = 'login-captcha-erro';
  return (
    <fieldset
      className="rounded-xl border border-ink-300 p-4"
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="px-1 text-sm font-medium text-ink-900">Verificação de segurança</legend>
      <p className="mb-3 text-sm text-ink-700">
        Marque a caixa abaixo: seu navegador faz uma verificação rápida, sem imagens para decifrar.
      </p>
      {status === 'ready' ? (
        <altcha-widget
          ref={widgetRef}
          challenge={CAPTCHA_CHALLENGE_URL}
          name="captcha_token"
          auto="onfocus"
        />
      ) : (
        <p className="text-sm text-ink-600" role={status === 'failed' ? 'alert' : 'status'}>
          {status === 'failed'
            ? 'Não foi possível carregar a verificação. Verifique sua conexão e recarregue a página.'
            : 'Carregando a verificação...'}
        </p>
      )}
      {error ? (
        <p id={errorId} role="alert" className="mt-2 text-xs font-medium text-sale">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
