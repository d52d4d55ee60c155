import { Link } from 'react-router';
import { formatBRL } from '@lumina/shared/format/money';
import {
  nameBesideOptions,
  optionValuesLabel,
  VARIANT_QUERY_PARAM,
} from '@lumina/shared/catalog/variants';
import { CloseIcon } from '../../../components/icons.tsx';
import type { CartLine } from '../../../lib/cart/cart-types.ts';
import { cn } from '../../../lib/cn.ts';
import { variationText } from '../utils/variation-text.ts';
import { LineQuantity } from './line-quantity.tsx';

interface CartLineItemProps {
  line: CartLine;
  busy: boolean;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
  /** The header dropdown's narrow version. */
  compact?: boolean;
}

/** One line of the cart: picture, name, variation, unit price, quantity, remove and line total. */
export function CartLineItem({
  line,
  busy,
  onQuantity,
  onRemove,
  compact = false,
}: CartLineItemProps) {
  // A variant's values ('Diâmetro: 8 mm · Cor: Dourado'); lines from before variants keep their
  // typed size, measure and colour.
  const variation = optionValuesLabel(line.option_values) || variationText(line.variation_details);
  // A variant's line opens its product page with that variant chosen.
  const href = `/produto/${line.product_id}${
    Object.keys(line.option_values).length > 0
      ? `?${VARIANT_QUERY_PARAM}=${encodeURIComponent(line.sku)}`
      : ''
  }`;
  return (
    <li className={cn('flex gap-3', compact ? 'py-3' : 'py-5 sm:gap-5')}>
      <Link
        to={href}
        tabIndex={-1}
        // Its picture has alt="" (the name's link beside it says the same), but a link needs a
        // name of its own for screen readers that list links.
        aria-label={`Foto de ${line.name}`}
        className={cn(
          'shrink-0 overflow-hidden rounded-xl bg-cream-100',
          compact ? 'size-16' : 'size-20 sm:size-24',
        )}
      >
        {line.image ? (
          <img
            src={line.image}
            alt=""
            width={96}
            height={96}
            loading="lazy"
            className="size-full object-cover"
          />
        ) : null}
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-start justify-between gap-2">
          <Link
            to={href}
            className={cn(
              'line-clamp-2 font-medium text-ink-900 hover:text-gold-700',
              compact ? 'text-sm' : 'text-base',
            )}
          >
            {nameBesideOptions(line.name, line.option_values)}
          </Link>
          <button
            type="button"
            onClick={onRemove}
            disabled={busy}
            aria-label={`Remover ${line.name} do carrinho`}
            className="-mt-2 -mr-2 inline-flex size-10 shrink-0 items-center justify-center rounded-full text-ink-700 hover:bg-cream-200 hover:text-ink-900 disabled:opacity-40"
          >
            <CloseIcon className="size-4" />
          </button>
        </div>
        {variation ? <p className="text-xs text-ink-600">{variation}</p> : null}
        {!line.available ? (
          // The catalogue's label for a product that cannot be bought (spec 000, Product card).
          <p className="text-xs font-semibold text-sale">Indisponível</p>
        ) : null}
        {line.local ? (
          <p className="text-xs text-ink-600">Guardado neste navegador até a loja responder.</p>
        ) : null}
        <p className="text-xs text-ink-700 tabular-nums">
          {formatBRL(line.price_cents)} <span className="text-ink-600">cada</span>
        </p>
        <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
          <LineQuantity
            line={line}
            busy={busy}
            onChange={onQuantity}
            size={compact ? 'sm' : 'md'}
          />
          <p
            className={cn(
              'font-semibold text-ink-900 tabular-nums',
              compact ? 'text-sm' : 'text-base',
            )}
          >
            {formatBRL(line.total_cents)}
          </p>
        </div>
      </div>
    </li>
  );
}
