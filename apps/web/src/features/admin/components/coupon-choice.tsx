import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';

/** A checkbox or radio with its label at the right, a finger's height on a phone. */
export function Choice({
  type = 'checkbox',
  name,
  checked,
  onChange,
  children,
  className,
  indeterminate,
}: {
  type?: 'checkbox' | 'radio';
  name?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  className?: string;
  /** A region's box when only some of its states are ticked. */
  indeterminate?: boolean;
}) {
  return (
    <label className={cn('flex min-h-10 items-center gap-2 text-sm text-ink-900', className)}>
      <input
        type={type}
        name={name}
        checked={checked}
        ref={(input) => {
          if (input) input.indeterminate = Boolean(indeterminate);
        }}
        onChange={(event) => onChange(event.target.checked)}
        className="size-5 shrink-0 accent-ink-900"
      />
      {children}
    </label>
  );
}

/** A group of choices under its legend, with the group's message. */
export function ChoiceGroup({
  id,
  legend,
  hint,
  error,
  children,
  className,
}: {
  id: string;
  legend: string;
  hint?: string;
  error?: string;
  children: ReactNode;
  className?: string;
}) {
  const described = [hint ? `${id}-dica` : null, error ? `${id}-erro` : null].filter(Boolean);
  return (
    <fieldset
      id={id}
      aria-describedby={described.length > 0 ? described.join(' ') : undefined}
      aria-invalid={error ? true : undefined}
      // A fieldset is at least as wide as its content by default: on a phone it would push the form wider.
      className={cn('min-w-0', className)}
    >
      <legend className="text-sm font-medium text-ink-900">{legend}</legend>
      {hint ? (
        <p id={`${id}-dica`} className="text-xs text-ink-600">
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p id={`${id}-erro`} className="mt-1 text-xs font-medium text-sale">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
