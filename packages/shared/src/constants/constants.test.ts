import { describe, expect, it } from 'vitest';
import * as account from './account-constants.ts';
import * as storefront from './storefront-constants.ts';

// The spec's tables (spec 000 §9, spec 001 §9) are the contract; a change here is a change of it.
describe('spec 000 §9', () => {
  it.each([
    ['API_TIMEOUT_MS', 10_000],
    ['PRODUCTS_PER_REQUEST', 100],
    ['MAX_DISPLAYED_PRODUCTS', 999],
    ['PRODUCT_LIST_CACHE', { staleTimeMs: 300_000, gcTimeMs: 600_000 }],
    ['WISHLIST_CACHE_MS', 60_000],
    ['DEFAULT_SHIPPING_METHOD', 'pac'],
    ['MIN_AGE', 13],
    ['MAX_AGE', 120],
    ['REGISTER_PASSWORD_MIN_LENGTH', 8],
    ['SEARCH_MAX_LENGTH', 100],
    ['COLOUR_MAX_LENGTH', 50],
    ['CAROUSEL_INTERVAL_MS', 5000],
    ['PRODUCT_CAROUSEL_VISIBLE', 4],
    ['BANNER_IMAGE_COUNT', 4],
    ['COOKIE_CONSENT_DAYS', 365],
    ['COOKIE_PREFERENCES_VERSION', '1.0'],
    ['CART_DROPDOWN_CLOSE_DELAY_MS', 300],
    ['STOCK_FALLBACK', 999],
    ['TOAST_LIMIT', 20],
    ['SKELETON_CARD_COUNT', 8],
    ['CATEGORY_SPINNER_EXTRA_MS', 800],
    ['CATEGORY_CARD_STAGGER_S', 0.1],
  ])('%s = %j', (name, value) => {
    expect(storefront[name as keyof typeof storefront]).toEqual(value);
  });
});

describe('spec 001 §9', () => {
  it.each([
    ['PIX_COUNTDOWN_SECONDS', 1800],
    ['PIX_POLL', { intervalMs: 10_000, maxChecks: 36 }],
    ['DEFAULT_POLL', { intervalMs: 5000, maxChecks: 120 }],
    ['PAYMENT_METHODS_DELAY_MS', 1000],
    ['AUTO_SHIPPING_DELAY_MS', 1000],
    ['NOTES_MAX_LENGTH', 500],
    ['STRENGTH_CUTOFFS', { weak: 6, strong: 8 }],
    ['RESET_LINK_VALIDITY_MS', 7_200_000],
    ['RESET_REDIRECT_DELAY_MS', 2000],
    ['STATE_LENGTH', 2],
    ['PAYMENT_METHODS', ['pix']],
    ['ADMIN_REQUEST_TIMEOUT_MS', 15_000],
    ['ADMIN_RETRIES', { count: 3, delayMs: 1000 }],
    ['ADMIN_CACHE_MS', { products: 300_000, stats: 120_000, security: 60_000 }],
    ['ADMIN_PAGE_SIZE', 10],
    ['ADMIN_EXPORT_RANGE_DAYS', 30],
    ['ADMIN_SORT_FIELDS', ['id', 'name', 'price', 'category']],
    ['ADMIN_FILTERS', ['all', 'bling', 'local', 'pending', 'failed']],
    ['PRIVACY_RESPONSE_BUSINESS_DAYS', 15],
    ['MINOR_AGE', 18],
    ['DATA_QUERY_CACHE', { staleTimeMs: 300_000, gcTimeMs: 600_000 }],
  ])('%s = %j', (name, value) => {
    expect(account[name as keyof typeof account]).toEqual(value);
  });
});
