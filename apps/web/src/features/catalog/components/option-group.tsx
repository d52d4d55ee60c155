import { useId } from 'react';
import { cn } from '../../../lib/cn.ts';

interface OptionGroupProps {
  label: string;
  options: string[];
  value: string | null;
  onChange: (value: string | null) => void;
  disabled?: boolean;
}

/** Toggle buttons for one option kind (size, measure, a variation); pressing again unselects. */
export function OptionGroup({
  label,
  options,
  value,
  onChange,
  disabled = false,
}: OptionGroupProps) {
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId} className="flex flex-col gap-2">
      <p id={labelId} className="text-sm font-medium text-ink-700">
        {label}
        {value ? <span className="font-normal text-ink-600">: {value}</span> : null}
      </p>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => {
          const pressed = option === value;
          return (
            <button
              key={option}
              type="button"
              aria-pressed={pressed}
              disabled={disabled}
              onClick={() => onChange(pressed ? null : option)}
              className={cn(
                'min-h-11 min-w-12 rounded-full border px-4 text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-50',
                pressed
                  ? 'border-ink-900 bg-ink-900 text-cream-50'
                  : 'border-ink-300 bg-white text-ink-900 hover:border-ink-900',
              )}
            >
              {option}
            </button>
          );
        })}
      </div>
    </div>
  );
}
