import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { cn } from '../../../lib/cn.ts';

export const controlClass =
  'w-full rounded-xl border bg-white px-4 py-3 text-base text-ink-900 placeholder:text-ink-600 ' +
  'focus:border-gold-600 focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-1 ' +
  'focus-visible:outline-gold-600 disabled:bg-cream-100';

interface FieldShellProps {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: (aria: {
    id: string;
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
    className: string;
  }) => ReactNode;
}

/** Label, control and the field's message, wired for screen readers. */
function FieldShell({ id, label, error, hint, className, children }: FieldShellProps) {
  const errorId = `${id}-erro`;
  const hintId = `${id}-dica`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-ink-900">
        {label}
      </label>
      <div className="mt-1.5">
        {children({
          id,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': describedBy || undefined,
          className: cn(controlClass, error ? 'border-sale' : 'border-ink-300'),
        })}
      </div>
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-ink-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 text-xs font-medium text-sale">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Rewrites what was typed (a mask) before react-hook-form reads it. */
export function withMask(
  registration: UseFormRegisterReturn,
  mask: (value: string) => string,
): UseFormRegisterReturn {
  return {
    ...registration,
    onChange: (event) => {
      const target: unknown = event.target;
      if (target instanceof HTMLInputElement) target.value = mask(target.value);
      return registration.onChange(event);
    },
  };
}

export interface TextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'className' | 'name'
> {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  hint?: ReactNode;
  className?: string;
}

export function TextField({
  id,
  label,
  registration,
  error,
  hint,
  className,
  ...inputProps
}: TextFieldProps) {
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} className={className}>
      {(aria) => <input type="text" {...inputProps} {...registration} {...aria} />}
    </FieldShell>
  );
}

export interface SelectFieldProps extends Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'id' | 'className' | 'name'
> {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  className?: string;
  children: ReactNode;
}

export function SelectField({
  id,
  label,
  registration,
  error,
  className,
  children,
  ...selectProps
}: SelectFieldProps) {
  return (
    <FieldShell id={id} label={label} error={error} className={className}>
      {(aria) => (
        <select {...selectProps} {...registration} {...aria}>
          {children}
        </select>
      )}
    </FieldShell>
  );
}
