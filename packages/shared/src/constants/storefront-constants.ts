/** Business constants and limits of spec 000 §9 (storefront and sessions). Durations in ms. */

const SECOND = 1000;
const MINUTE = 60 * SECOND;

export const LOCALE = 'pt-BR';
export const CURRENCY = 'BRL';

export const API_TIMEOUT_MS = 10 * SECOND;
/** per_page of the storefront's product requests. */
export const PRODUCTS_PER_REQUEST = 100;
export const MAX_DISPLAYED_PRODUCTS = 999;

/** TanStack Query staleTime / gcTime of the product list. */
export const PRODUCT_LIST_CACHE = { staleTimeMs: 5 * MINUTE, gcTimeMs: 10 * MINUTE } as const;
export const WISHLIST_CACHE_MS = 60 * SECOND;

export const SHIPPING_METHODS = ['pac', 'sedex'] as const;
export type ShippingMethod = (typeof SHIPPING_METHODS)[number];
export const DEFAULT_SHIPPING_METHOD: ShippingMethod = 'pac';

export const MIN_AGE = 13;
export const MAX_AGE = 120;

export const REGISTER_PASSWORD_MIN_LENGTH = 8;
export const SEARCH_MAX_LENGTH = 100;
export const COLOUR_MAX_LENGTH = 50;
// Contact name / message limits (100 / 1000) live with their schema in contact/contact-schema.ts.

export const CAROUSEL_INTERVAL_MS = 5 * SECOND;
export const PRODUCT_CAROUSEL_VISIBLE = 4;
export const BANNER_IMAGE_COUNT = 4;

export const COOKIE_CONSENT_DAYS = 365;
export const COOKIE_PREFERENCES_VERSION = '1.0';

export const CART_DROPDOWN_CLOSE_DELAY_MS = 300;
/** Upper bound for the cart's plus button when an item carries no stock figure. */
export const STOCK_FALLBACK = 999;
export const TOAST_LIMIT = 20;
export const SKELETON_CARD_COUNT = 8;

export const CATEGORY_SPINNER_EXTRA_MS = 800;
/** Card entry animation delay on the category page: this times the card's index. */
export const CATEGORY_CARD_STAGGER_S = 0.1;

/** How long a Google sign-in error from the query string stays on screen. */
export const GOOGLE_ERROR_DISPLAY_MS = 5 * SECOND;
