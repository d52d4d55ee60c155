import type { ChangeEvent } from 'react';
import { cn } from '../../../lib/cn.ts';

export interface ContactFieldProps {
  id: string;
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  maxLength: number;
  /** Show "n/max" under the field. */
  counter?: boolean;
  multiline?: boolean;
  type?: 'text' | 'email';
  autoComplete?: string;
}

const controlClass =
  'w-full rounded-xl border bg-white px-4 py-3 text-base text-ink-900 placeholder:text-ink-600 ' +
  'focus:border-gold-600 focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-gold-600';

export function ContactField(props: ContactFieldProps) {
  const {
    id,
    label,
    name,
    value,
    onChange,
    error,
    maxLength,
    counter,
    multiline,
    type,
    autoComplete,
  } = props;
  const errorId = `${id}-erro`;
  const counterId = `${id}-contador`;
  const describedBy = [error ? errorId : null, counter ? counterId : null]
    .filter(Boolean)
    .join(' ');
  const shared = {
    id,
    name,
    value,
    maxLength,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
    className: cn(controlClass, error ? 'border-sale' : 'border-ink-300'),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      onChange(event.target.value.slice(0, maxLength)),
  };

  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-ink-900">
        {label}
      </label>
      <div className="mt-1.5">
        {multiline ? (
          <textarea rows={5} {...shared} className={cn(shared.className, 'resize-y')} />
        ) : (
          <input type={type ?? 'text'} autoComplete={autoComplete} {...shared} />
        )}
      </div>
      <div className="mt-1 flex min-h-5 items-start justify-between gap-3 text-xs">
        <p id={errorId} className="font-medium text-sale">
          {error}
        </p>
        {counter ? (
          <p id={counterId} className="shrink-0 text-ink-600">
            {value.length}/{maxLength}
            <span className="sr-only"> caracteres</span>
          </p>
        ) : null}
      </div>
    </div>
  );
}
