import { useId, useState } from 'react';
import { clampQuantity } from '../utils/clamp-quantity.ts';

interface QuantityControlProps {
  value: number;
  max: number;
  onChange: (quantity: number) => void;
  disabled?: boolean;
}

const stepButton =
  'inline-flex size-11 items-center justify-center text-xl font-semibold text-ink-900 hover:bg-cream-200 ' +
  'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-gold-600 ' +
  'disabled:cursor-not-allowed disabled:opacity-40';

/** Quantity between 1 and the stock (spec 000 section 5); typing past the stock shows the stock. */
export function QuantityControl({ value, max, onChange, disabled = false }: QuantityControlProps) {
  const id = useId();
  // While the shopper empties the field to type a new number, show the empty field, not a 1.
  const [draft, setDraft] = useState<string | null>(null);

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-ink-700">
        Quantidade
      </label>
      <div className="inline-flex w-fit items-center overflow-hidden rounded-full border border-ink-300 bg-white">
        <button
          type="button"
          className={stepButton}
          onClick={() => onChange(clampQuantity(value - 1, max))}
          disabled={disabled || value <= 1}
          aria-label="Remover uma unidade"
        >
          −
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={Math.max(1, max)}
          value={draft ?? String(value)}
          disabled={disabled}
          onChange={(event) => {
            const raw = event.target.value;
            if (raw.trim() === '') {
              setDraft('');
              return;
            }
            setDraft(null);
            onChange(clampQuantity(Number(raw), max));
          }}
          onBlur={() => setDraft(null)}
          className="h-11 w-14 [appearance:textfield] border-x border-ink-300 text-center text-base tabular-nums outline-none focus-visible:bg-cream-100 [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
        />
        <button
          type="button"
          className={stepButton}
          onClick={() => onChange(clampQuantity(value + 1, max))}
          disabled={disabled || value >= max}
          aria-label="Adicionar uma unidade"
        >
          +
        </button>
      </div>
    </div>
  );
}
