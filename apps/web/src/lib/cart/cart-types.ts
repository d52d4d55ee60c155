import type { CartItemJson, CartJson, VariationDetails } from '@lumina/shared/cart/cart-schemas';
import type { ProductDto, ProductVariantDto } from '@lumina/shared/catalog/product';

/** Whose cart the page shows: the visitor's (X-Session-ID) or the logged-in user's. */
export type CartMode = 'anonymous' | 'user';

/** A cart line; `local` lines live only in this browser (the server was unreachable). */
export interface CartLine extends Omit<CartItemJson, 'variant_id'> {
  /** null only for a browser line stored before products had variants. */
  variant_id: number | null;
  local: boolean;
}

/** The cart as the page shows it: the server's lines followed by the local ones. */
export interface CartView {
  items: CartLine[];
  total_cents: number;
  total_items: number;
  /** False when the server's cart could not be read (spec 000 §4: empty or local instead). */
  synced: boolean;
  /** The server's coupon, promotions and prices, as its last answer gave them. */
  coupon: CartJson['coupon'];
  coupon_notice: CartJson['coupon_notice'];
  promotions: NonNullable<CartJson['promotions']>;
  /**
   * The server's prices, discounts included: undefined while some line lives only in this
   * browser (the server did not price it), and then the page adds the lines up itself.
   */
  pricing: CartJson['pricing'];
}

/** What the server said of the cart's discounts: kept with an order's lines once it is placed. */
export type CartPricingView = Pick<CartView, 'coupon' | 'coupon_notice' | 'promotions' | 'pricing'>;

/**
 * What the cart needs to know of a product to add it (and to draw a local line). The category
 * only labels a local line; a product known from the wishlist (account tab) comes without one.
 */
export type CartProduct = Pick<
  ProductDto,
  'id' | 'name' | 'sku' | 'price_cents' | 'pix_price_cents' | 'images' | 'stock_quantity'
> &
  Partial<Pick<ProductDto, 'category'>> & {
    /** Known from the catalogue (not from the wishlist): tells a product's only variant. */
    variants?: readonly Pick<ProductVariantDto, 'id'>[];
  };

/** The variant a shopper chose on the product page. */
export type CartVariant = Pick<ProductVariantDto, 'id' | 'option_values'>;

export type AddToCartOutcome =
  | { kind: 'added' }
  /** Refused for stock; `allowed` is what may still be added (0 when the cart holds it all). */
  | { kind: 'insufficient-stock'; message: string; allowed: number }
  | { kind: 'error'; message: string };

export interface AddToCartRequest {
  /**
   * With a variant chosen, the product's prices, SKU, stock and pictures are that variant's (the
   * local cart draws its line from them).
   */
  product: CartProduct;
  /** Absent where nothing was chosen (the wishlist): the server sells the only variant there is. */
  variant?: CartVariant;
  quantity: number;
  variation: VariationDetails;
  /** Told the outcome once the add is over (the button's busy state). */
  onSettled?: (outcome: AddToCartOutcome) => void;
  /** The product page's quantity follows an "Ajustar Quantidade" answer. */
  onAdjust?: (quantity: number) => void;
}

export interface AddToCartResult {
  request: AddToCartRequest;
  outcome: AddToCartOutcome;
}
