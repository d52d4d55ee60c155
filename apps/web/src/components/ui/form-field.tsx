import type {
  InputHTMLAttributes,
  ReactNode,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { cn } from '../../lib/cn.ts';

const controlClass =
  'w-full rounded-xl border bg-white px-4 py-2.5 text-base text-ink-900 placeholder:text-ink-600 ' +
  'focus:border-gold-600 focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-1 ' +
  'focus-visible:outline-gold-600 disabled:bg-cream-100';

interface ControlAria {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  className: string;
}

interface FieldShellProps {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  /** Ids of texts outside the field that also describe it (a strength meter, a lookup status). */
  describedBy?: string;
  className?: string;
  /** Added to the control's own classes (font-mono for a code). */
  controlClassName?: string;
  /** Drawn over the control's right end (the show/hide password button). */
  addon?: ReactNode;
  children: (aria: ControlAria) => ReactNode;
}

/** Label, control, hint and the field's message, wired for screen readers. */
function FieldShell({
  id,
  label,
  error,
  hint,
  describedBy,
  className,
  controlClassName,
  addon,
  children,
}: FieldShellProps) {
  const errorId = `${id}-erro`;
  const hintId = `${id}-dica`;
  const description = [hint ? hintId : null, describedBy, error ? errorId : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-ink-900">
        {label}
      </label>
      <div className="relative mt-1">
        {children({
          id,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': description || undefined,
          className: cn(
            controlClass,
            error ? 'border-sale' : 'border-ink-300',
            addon ? 'pr-24' : undefined,
            controlClassName,
          ),
        })}
        {addon}
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

/** Rewrites what was typed (a mask such as 000.000.000-00) before react-hook-form reads it. */
export function withMask(
  registration: UseFormRegisterReturn,
  mask: (value: string) => string,
): UseFormRegisterReturn {
  return {
    ...registration,
    onChange: (event: { target: unknown; type?: unknown }) => {
      if (event.target instanceof HTMLInputElement) {
        event.target.value = mask(event.target.value);
      }
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
  /** react-hook-form's; a controlled field passes value and onChange instead. */
  registration?: UseFormRegisterReturn;
  error?: string;
  hint?: ReactNode;
  describedBy?: string;
  className?: string;
  controlClassName?: string;
  addon?: ReactNode;
}

export function TextField({
  id,
  label,
  registration,
  error,
  hint,
  describedBy,
  className,
  controlClassName,
  addon,
  ...inputProps
}: TextFieldProps) {
  return (
    <FieldShell
      id={id}
      label={label}
      error={error}
      hint={hint}
      describedBy={describedBy}
      className={className}
      controlClassName={controlClassName}
      addon={addon}
    >
      {(aria) => <input type="text" {...inputProps} {...registration} {...aria} />}
    </FieldShell>
  );
}

export interface TextAreaFieldProps extends Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'id' | 'className' | 'name'
> {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  className?: string;
}

/** A controlled textarea with the same label, hint and message as TextField. */
export function TextAreaField({
  id,
  label,
  error,
  hint,
  className,
  ...textareaProps
}: TextAreaFieldProps) {
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} className={className}>
      {(aria) => <textarea {...textareaProps} {...aria} />}
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

export interface CheckboxFieldProps {
  id: string;
  registration: UseFormRegisterReturn;
  error?: string;
  children: ReactNode;
}

/** A consent checkbox whose label may hold links. */
export function CheckboxField({ id, registration, error, children }: CheckboxFieldProps) {
  const errorId = `${id}-erro`;
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          type="checkbox"
          id={id}
          {...registration}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-0.5 size-5 shrink-0 accent-ink-900"
        />
        <label htmlFor={id} className="text-sm text-ink-800">
          {children}
        </label>
      </div>
      {error ? (
        <p id={errorId} className="mt-1 ml-8 text-xs font-medium text-sale">
          {error}
        </p>
      ) : null}
    </div>
  );
}
