import type { ProductDto } from '@lumina/shared/catalog/product';
import { Button, type ButtonProps } from '../../../components/ui/button.tsx';
import { notify } from '../../../lib/ui-events.ts';

export const CART_COMING_SOON =
  'O carrinho chega em breve: por enquanto, compre pelo WhatsApp ou volte logo para adicionar este produto.';

type Buyable = Pick<ProductDto, 'active' | 'stock_quantity' | 'stock_status'>;

export type Availability = 'available' | 'inactive' | 'sold-out';

export function availabilityOf(product: Buyable): Availability {
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
  label?: string;
  /** Narrow cards show only 'Adicionar' on phones; the accessible name stays whole. */
  compact?: boolean;
}

/**
 * Carts arrive with a later issue. The button is there and says so when pressed, instead of
 * pretending to add (issue 2, item 8).
 */
export function AddToCartButton({
  product,
  label = 'Adicionar ao carrinho',
  compact = false,
  ...props
}: AddToCartButtonProps) {
  const availability = availabilityOf(product);
  if (availability !== 'available') {
    return (
      <Button {...props} disabled>
        {unavailableLabel[availability]}
      </Button>
    );
  }
  return (
    <Button
      {...props}
      aria-label={compact ? label : undefined}
      onClick={() => notify(CART_COMING_SOON, 'info')}
    >
      {compact ? (
        <>
          <span aria-hidden="true" className="sm:hidden">
            {label.split(' ')[0]}
          </span>
          <span aria-hidden="true" className="max-sm:hidden">
            {label}
          </span>
        </>
      ) : (
        label
      )}
    </Button>
  );
}
