import type { FormEvent, InputHTMLAttributes, ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { cn } from '../../../lib/cn.ts';

const controlClass =
  'w-full rounded-xl border border-ink-300 bg-white px-3 py-2 text-base text-ink-900 focus:border-gold-600 focus:outline-none';

type Change = (event: { target: { value: string } }) => void;

/** The filter bar over a panel list: a search landmark named `label`, its fields in a grid. */
export function FilterBar({
  label,
  className,
  onSubmit,
  children,
}: {
  label: string;
  className: string;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <form
      role="search"
      aria-label={label}
      className={cn(
        'grid gap-3 rounded-2xl border border-ink-300/60 bg-white p-4 sm:grid-cols-2',
        className,
      )}
      onSubmit={onSubmit}
    >
      {children}
    </form>
  );
}

/** A filter's select: `anyLabel` (value '') first, then `options` as [value, label]. */
export function FilterSelect({
  id,
  label,
  value,
  onChange,
  anyLabel,
  options,
}: {
  id: string;
  label: string;
  value: string;
  onChange: Change;
  anyLabel: string;
  options: readonly (readonly [string, string])[];
}) {
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-ink-900">
        {label}
      </label>
      <select id={id} value={value} onChange={onChange} className={controlClass}>
        <option value="">{anyLabel}</option>
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A filter's text or date input. */
export function FilterInput({
  id,
  label,
  className,
  ...inputProps
}: { id: string; label: string; className?: string } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'className'
>) {
  return (
    <div className={className}>
      <label htmlFor={id} className="text-sm font-medium text-ink-900">
        {label}
      </label>
      <input id={id} {...inputProps} className={controlClass} />
    </div>
  );
}

/** The list's free-text search, two columns wide; `placeholder` says what it looks in. */
export function FilterSearch({
  id,
  placeholder,
  value,
  onChange,
}: {
  id: string;
  placeholder: string;
  value: string;
  onChange: Change;
}) {
  return (
    <FilterInput
      id={id}
      label="Buscar"
      className="sm:col-span-2"
      type="search"
      maxLength={100}
      placeholder={placeholder}
      value={value}
      onChange={onChange}
    />
  );
}

/** A list that did not load: the server's words and 'Tentar novamente'. */
export function ListLoadError({
  message,
  onRetry,
  className,
}: {
  message: string;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <FormAlert kind="error" className={className} messages={[message]}>
      <Button size="sm" variant="outline" className="mt-2" onClick={onRetry}>
        Tentar novamente
      </Button>
    </FormAlert>
  );
}

/** The filter bar's last row: clear on the left of submit, at the right on wide screens. */
export function FilterActions({
  className,
  clearLabel,
  submitLabel,
  onClear,
}: {
  className: string;
  clearLabel: string;
  submitLabel: string;
  onClear: () => void;
}) {
  return (
    <div className={cn('flex gap-2 sm:col-span-2 lg:justify-end', className)}>
      <Button type="button" variant="ghost" size="sm" onClick={onClear}>
        {clearLabel}
      </Button>
      <Button type="submit" size="sm">
        {submitLabel}
      </Button>
    </div>
  );
}
