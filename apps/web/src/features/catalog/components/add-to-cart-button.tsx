import { useState } from 'react';
import type { VariationDetails } from '@lumina/shared/cart/cart-schemas';
import type { ProductDto } from '@lumina/shared/catalog/product';
import { Button, type ButtonProps } from '../../../components/ui/button.tsx';
import { requestAddToCart } from '../../../lib/cart/cart-events.ts';
import type { CartProduct, CartVariant } from '../../../lib/cart/cart-types.ts';

type Buyable = CartProduct & Pick<ProductDto, 'active' | 'stock_status'>;

export type Availability = 'available' | 'inactive' | 'sold-out';

export function availabilityOf(
  product: Pick<Buyable, 'active' | 'stock_quantity' | 'stock_status'>,
): Availability {
  if (!product.active) return 'inactive';
  if (product.stock_quantity <= 0 || product.stock_status === 'out_of_stock') return 'sold-out';
  return 'available';
}

const unavailableLabel: Record<Exclude<Availability, 'available'>, string> = {
  inactive: 'Indisponível',
  'sold-out': 'Esgotado',
};

interface AddToCartButtonProps extends Omit<ButtonProps, 'onClick' | 'children' | 'disabled'> {
  product: Buyable;
  /** The variant chosen on the product page; a product with one variant needs none. */
  chosenVariant?: CartVariant;
  quantity?: number;
  variation?: VariationDetails;
  label?: string;
  /** Narrow cards show only 'Adicionar' on phones; the accessible name stays whole. */
  compact?: boolean;
  /** Runs first; answering false keeps the product out of the cart (a missing option). */
  onBeforeAdd?: () => boolean;
  /** The page's quantity follows an "Ajustar Quantidade" answer of the result modal. */
  onAdjust?: (quantity: number) => void;
}

/**
 * Adds to the cart, anonymous or not (spec 000 §4): the visitor's adds go to the anonymous cart.
 * The cart's code answers the request and the layout shows the result modal.
 */
export function AddToCartButton({
  product,
  chosenVariant,
  quantity = 1,
  variation = {},
  label = 'Adicionar ao carrinho',
  compact = false,
  onBeforeAdd,
  onAdjust,
  ...props
}: AddToCartButtonProps) {
  const [adding, setAdding] = useState(false);
  const availability = availabilityOf(product);
  if (availability !== 'available') {
    return (
      <Button {...props} disabled>
        {unavailableLabel[availability]}
      </Button>
    );
  }
  const text = adding ? 'Adicionando...' : label;
  return (
    <Button
      {...props}
      aria-label={compact ? text : undefined}
      // aria-disabled rather than disabled: a disabled button would drop the focus, which the
      // result modal gives back to this button when it closes.
      aria-disabled={adding}
      onClick={() => {
        if (adding || (onBeforeAdd && !onBeforeAdd())) return;
        setAdding(true);
        requestAddToCart({
          product,
          ...(chosenVariant ? { variant: chosenVariant } : {}),
          quantity,
          variation,
          onAdjust,
          onSettled: () => setAdding(false),
        });
      }}
    >
      {compact ? (
        <>
          <span aria-hidden="true" className="sm:hidden">
            {adding ? '...' : text.split(' ')[0]}
          </span>
          <span aria-hidden="true" className="max-sm:hidden">
            {text}
          </span>
        </>
      ) : (
        text
      )}
    </Button>
  );
}
