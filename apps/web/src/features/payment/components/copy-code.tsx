import { Button } from '../../../components/ui/button.tsx';
import { useCopyText } from '../use-copy-text.ts';

export interface CopyCodeProps {
  id: string;
  label: string;
  /** What is copied (and shown, unless `display` says it otherwise). */
  value: string;
  /** The value as read on screen ('23790.00000 ...'), when it differs from what is copied. */
  display?: string;
  copyLabel: string;
  copiedText: string;
  failedText: string;
  rows?: number;
}

/**
 * A code to paste in a bank's app (the PIX copy-and-paste code, a boleto's digitable line): shown
 * read-only and selected on focus, with a button that copies it and says how it went.
 */
export function CopyCode({
  id,
  label,
  value,
  display,
  copyLabel,
  copiedText,
  failedText,
  rows = 3,
}: CopyCodeProps) {
  const { state, copy } = useCopyText();
  return (
    <>
      <label htmlFor={id} className="mt-4 block text-sm font-medium text-ink-800">
        {label}
      </label>
      <textarea
        id={id}
        readOnly
        rows={rows}
        value={display ?? value}
        onFocus={(event) => event.currentTarget.select()}
        className="mt-1 w-full resize-none rounded-lg border border-ink-300 bg-cream-50 p-2 font-mono text-xs break-all text-ink-900"
      />
      <Button className="mt-3 w-full" onClick={() => void copy(value)}>
        {copyLabel}
      </Button>
      <p aria-live="polite" className="mt-2 min-h-5 text-center text-sm">
        {state === 'copied' ? <span className="text-success">{copiedText}</span> : null}
        {state === 'failed' ? <span className="text-sale">{failedText}</span> : null}
      </p>
    </>
  );
}
