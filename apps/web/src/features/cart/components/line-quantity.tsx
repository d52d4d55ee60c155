import { STOCK_FALLBACK } from '@lumina/shared/constants/storefront-constants';
import type { CartLine } from '../../../lib/cart/cart-types.ts';
import { cn } from '../../../lib/cn.ts';

const stepButton =
  'inline-flex items-center justify-center font-semibold text-ink-900 hover:bg-cream-200 ' +
  'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-gold-600 ' +
  'disabled:cursor-not-allowed disabled:opacity-40';

/** The highest quantity the plus button reaches: the stock, or 999 without a figure (spec 000 §9). */
export function lineMaximum(line: Pick<CartLine, 'stock'>): number {
  return Number.isFinite(line.stock) ? Math.min(line.stock, STOCK_FALLBACK) : STOCK_FALLBACK;
}

interface LineQuantityProps {
  line: CartLine;
  busy: boolean;
  onChange: (quantity: number) => void;
  size?: 'sm' | 'md';
}

/** Minus and plus for a cart line; minus on the last unit removes it (spec 000 §4). */
export function LineQuantity({ line, busy, onChange, size = 'md' }: LineQuantityProps) {
  const button = cn(stepButton, size === 'sm' ? 'size-9 text-base' : 'size-11 text-xl');
  return (
    <div
      role="group"
      aria-label={`Quantidade de ${line.name}`}
      aria-busy={busy}
      className="inline-flex w-fit items-center overflow-hidden rounded-full border border-ink-300 bg-white"
    >
      <button
        type="button"
        className={button}
        onClick={() => onChange(line.quantity - 1)}
        disabled={busy}
        aria-label={line.quantity > 1 ? 'Remover uma unidade' : `Remover ${line.name} do carrinho`}
      >
        −
      </button>
      <output
        aria-live="polite"
        className={cn('text-center tabular-nums', size === 'sm' ? 'w-8 text-sm' : 'w-10')}
      >
        {line.quantity}
      </output>
      <button
        type="button"
        className={button}
        onClick={() => onChange(line.quantity + 1)}
        disabled={busy || !line.available || line.quantity >= lineMaximum(line)}
        aria-label="Adicionar uma unidade"
      >
        +
      </button>
    </div>
  );
}
