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
}

/**
 * Carts arrive with a later issue. The button is there and says so when pressed, instead of
 * pretending to add (issue 2, item 8).
 */
export function AddToCartButton({
  product,
  label = 'Adicionar ao carrinho',
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
    <Button {...props} onClick={() => notify(CART_COMING_SOON, 'info')}>
      {label}
    </Button>
  );
}
