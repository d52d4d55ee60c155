import type { Captcha } from '../api/captcha.ts';

export interface CaptchaChallengeProps {
  captcha: Captcha | null;
  loading: boolean;
  failed: boolean;
  answer: string;
  onAnswerChange: (answer: string) => void;
  onReload: () => void;
  error?: string;
}

/** The image challenge login asks for after repeated failures, with a button for another image. */
export function CaptchaChallenge({
  captcha,
  loading,
  failed,
  answer,
  onAnswerChange,
  onReload,
  error,
}: CaptchaChallengeProps) {
  const errorId = 'login-captcha-erro';
  return (
    <fieldset className="rounded-xl border border-ink-300 p-4">
      <legend className="px-1 text-sm font-medium text-ink-900">Verificação de segurança</legend>
      <p className="text-sm text-ink-700">Digite os caracteres que aparecem na imagem.</p>
      <div className="mt-3 flex items-center gap-3">
        <div className="flex h-16 w-48 items-center justify-center overflow-hidden rounded-lg bg-white ring-1 ring-ink-300">
          {captcha ? (
            <img
              src={captcha.image}
              alt="Imagem de verificação com caracteres distorcidos"
              className="h-full w-full object-contain"
            />
          ) : (
            <span className="text-xs text-ink-600">
              {failed ? 'Não foi possível carregar a imagem.' : 'Carregando...'}
            </span>
          )}
        </div>
        <button
          type="button"
          onClick={onReload}
          disabled={loading}
          className="min-h-11 rounded-full px-3 text-sm font-medium text-ink-800 underline underline-offset-4 hover:bg-cream-200 disabled:opacity-60"
        >
          Carregar outra imagem
        </button>
      </div>
      <label htmlFor="login-captcha" className="mt-3 block text-sm font-medium text-ink-900">
        Caracteres da imagem
      </label>
      <input
        id="login-captcha"
        value={answer}
        onChange={(event) => onAnswerChange(event.target.value.slice(0, 20))}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="mt-1 w-full rounded-xl border border-ink-300 bg-white px-4 py-2.5 text-base text-ink-900 focus:border-gold-600 focus:outline-none focus-visible:outline-2 focus-visible:outline-gold-600"
      />
      {error ? (
        <p id={errorId} className="mt-1 text-xs font-medium text-sale">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
