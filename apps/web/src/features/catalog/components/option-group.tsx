import { useId, useRef, type KeyboardEvent } from 'react';
import type { OptionValueState } from '@lumina/shared/catalog/variants';
import { cn } from '../../../lib/cn.ts';

interface OptionGroupProps {
  label: string;
  values: string[];
  value: string | null;
  onChange: (value: string) => void;
  /** How each value stands with the other choices; crossed-out values stay visible and choosable. */
  stateOf: (value: string) => OptionValueState;
  disabled?: boolean;
  /** The shopper tried to buy without choosing here. */
  invalid?: boolean;
}

const stateText: Record<Exclude<OptionValueState, 'available'>, string> = {
  out_of_stock: 'esgotado',
  unavailable: 'indisponível',
};

const NEXT_KEYS = new Set(['ArrowRight', 'ArrowDown']);
const PREVIOUS_KEYS = new Set(['ArrowLeft', 'ArrowUp']);

/**
 * The values of one option (Diâmetro, Cor...) as a radio group: one tab stop, arrows move and
 * choose, as a screen reader expects of radios. A sold-out value is crossed out and still
 * choosable (the page then says 'Esgotado'); a combination that does not exist is crossed out
 * and dashed, and choosing it clears the choices it does not go with.
 */
export function OptionGroup({
  label,
  values,
  value,
  onChange,
  stateOf,
  disabled = false,
  invalid = false,
}: OptionGroupProps) {
  const labelId = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const focusable = value !== null && values.includes(value) ? values.indexOf(value) : 0;

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const step = NEXT_KEYS.has(event.key) ? 1 : PREVIOUS_KEYS.has(event.key) ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const target = (index + step + values.length) % values.length;
    const next = values[target];
    if (next === undefined) return;
    buttons.current[target]?.focus();
    onChange(next);
  }

  return (
    <div className="flex flex-col gap-2">
      <p id={labelId} className="text-sm font-medium text-ink-700">
        {label}
        {/* The checked radio says the value; the group is named by the option alone. */}
        {value ? (
          <span aria-hidden="true" className="font-normal text-ink-600">
            : {value}
          </span>
        ) : null}
      </p>
      <div
        role="radiogroup"
        aria-labelledby={labelId}
        aria-required="true"
        aria-invalid={invalid || undefined}
        className="flex flex-wrap gap-2"
      >
        {values.map((option, index) => {
          const checked = option === value;
          const state = stateOf(option);
          return (
            <button
              key={option}
              ref={(element) => {
                buttons.current[index] = element;
              }}
              type="button"
              role="radio"
              aria-checked={checked}
              tabIndex={index === focusable ? 0 : -1}
              disabled={disabled}
              onClick={() => onChange(option)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={cn(
                'min-h-11 min-w-12 rounded-full border px-4 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-600 disabled:cursor-not-allowed disabled:opacity-50',
                checked
                  ? 'border-ink-900 bg-ink-900 text-cream-50'
                  : 'border-ink-300 bg-white text-ink-900 hover:border-ink-900',
                state !== 'available' && 'line-through decoration-1',
                state === 'out_of_stock' && !checked && 'text-ink-600',
                state === 'unavailable' && 'border-dashed',
                state === 'unavailable' && !checked && 'text-ink-600 opacity-70',
              )}
            >
              {option}
              {state === 'available' ? null : (
                <span className="sr-only"> ({stateText[state]})</span>
              )}
            </button>
          );
        })}
      </div>
    </div>
  );
}
