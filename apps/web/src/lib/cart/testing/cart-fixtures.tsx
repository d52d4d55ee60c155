import type { CartItemJson, CartJson, VariationDetails } from '@lumina/shared/cart/cart-schemas';
import type { CartCouponJson, PromotionJson } from '@lumina/shared/promotions/coupon-schema';
import { stockExceededMessage } from '@lumina/shared/cart/quantity-rules';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { AuthProvider } from '../../auth/auth-provider.tsx';
import {
  fakeAccessToken,
  fakeApi,
  TEST_USER,
  type FakeRequest,
} from '../../auth/testing/fake-api.ts';
import { createTestSession, storeSignedIn } from '../../auth/testing/signed-in.ts';
import { STORAGE_KEYS } from '../../storage-keys.ts';
import type { CartLine, CartProduct } from '../cart-types.ts';
import { seedStore } from '../../testing/store-fixture.ts';

let nextProductId = 500;

/** What the cart needs of a product; pass only what the test is about. */
export function createCartProduct(overrides: Partial<CartProduct> = {}): CartProduct {
  const id = overrides.id ?? nextProductId++;
  return {
    id,
    name: `Argola Titânio ${id}`,
    sku: `SKU-${id}`,
    price_cents: 5000,
    pix_price_cents: null,
    images: [`/product-images/p${id}.svg`],
    stock_quantity: 5,
    category: 'orelha',
    ...overrides,
  };
}

/** The fake server's variant for an add without one: the product's only one, or a stand-in. */
function defaultVariantId(product: CartProduct): number {
  return product.variants?.length === 1 ? (product.variants[0]?.id ?? product.id) : product.id;
}

function lineOf(
  id: number,
  product: CartProduct,
  quantity: number,
  variation: VariationDetails,
  variantId = defaultVariantId(product),
): CartItemJson {
  const totalCents = product.price_cents * quantity;
  return {
    id,
    product_id: product.id,
    variant_id: variantId,
    option_values: {},
    product_name: product.name,
    name: product.name,
    sku: product.sku,
    price: product.price_cents / 100,
    price_cents: product.price_cents,
    pix_price: (product.price_cents * 0.95) / 100,
    quantity,
    variation_details: variation,
    size: variation.size ?? null,
    measure: variation.measure ?? null,
    image: product.images[0] ?? null,
    total: totalCents / 100,
    total_cents: totalCents,
    stock: product.stock_quantity,
    category: product.category ?? '',
    available: true,
  };
}

/** A cart line as the server answers it. */
export function createCartItem(
  overrides: Partial<CartItemJson> = {},
  product = createCartProduct(),
): CartItemJson {
  return { ...lineOf(overrides.id ?? 1, product, overrides.quantity ?? 1, {}), ...overrides };
}

export function cartOf(items: CartItemJson[]): CartJson {
  const totalCents = items.reduce((sum, item) => sum + item.total_cents, 0);
  return {
    items,
    total: totalCents / 100,
    total_price: totalCents / 100,
    total_cents: totalCents,
    total_items: items.reduce((sum, item) => sum + item.quantity, 0),
  };
}

/** A coupon as a cart holds it: 10% off everything unless told otherwise. */
export function createCartCoupon(overrides: Partial<CartCouponJson> = {}): CartCouponJson {
  const discountCents = overrides.discount_cents ?? 1000;
  return {
    code: 'BEMVINDA10',
    kind: 'percent',
    discount: discountCents / 100,
    discount_cents: discountCents,
    pix_discount_cents: 950,
    free_shipping_methods: [],
    description: '10% de desconto em toda a loja. Pedido mínimo de R$ 50,00 em produtos.',
    ...overrides,
  };
}

/** An automatic promotion and what it takes off the cart at each basis. */
export interface FakePromotion {
  rule: PromotionJson;
  listCents: number;
  pixCents: number;
}

/** A cart priced by the server with its coupon (and promotion): their cents off each basis. */
export function pricedCartOf(
  items: CartItemJson[],
  coupon: CartCouponJson | null,
  notice: string | null = null,
  promotion: FakePromotion | null = null,
): CartJson {
  const base = cartOf(items);
  const pixSubtotal = items.reduce(
    (sum, item) => sum + Math.round(item.pix_price * 100) * item.quantity,
    0,
  );
  const price = (subtotal: number, promotionOff: number, couponOff: number) => ({
    subtotal_cents: subtotal,
    promotion_discount_cents: promotionOff,
    coupon_discount_cents: couponOff,
    total_cents: subtotal - promotionOff - couponOff,
  });
  return {
    ...base,
    coupon,
    coupon_notice: notice,
    promotions: promotion ? [promotion.rule] : [],
    pricing: {
      list: price(base.total_cents, promotion?.listCents ?? 0, coupon?.discount_cents ?? 0),
      pix: price(pixSubtotal, promotion?.pixCents ?? 0, coupon?.pix_discount_cents ?? 0),
    },
  };
}

type Owner = 'anonymous' | 'user';

export interface FakeCartServer {
  requests: FakeRequest[];
  carts: Record<Owner, CartItemJson[]>;
  /** 'down' answers every cart call with a 500 (the local fallback's case). */
  mode: 'up' | 'down';
  /** Answers other paths (login, shipping...). */
  other?: (request: FakeRequest) => { status?: number; body?: unknown } | undefined;
  /**
   * The codes apply_coupon knows: a coupon it applies, or the reason it refuses one with (422).
   * With any, cart answers carry the server's pricing, coupon and notice.
   */
  coupons?: Record<string, CartCouponJson | string>;
  /** Each cart's coupon. */
  applied: Record<Owner, CartCouponJson | null>;
  /** Said once, by the next cart answer (the server dropped the coupon). */
  notice: string | null;
  /** An automatic promotion discounting every cart (with `coupons` only). */
  promotion?: FakePromotion;
}

/**
 * The cart API of spec 000 §7 in memory, behind the real API client: one line per product,
 * variant and variation, adds refused past the product's stock with the API's 422, quantity 0 removes, and
 * login moves the visitor's lines into the user's cart as the server does.
 */
export function fakeCartApi(products: CartProduct[], setup: Partial<FakeCartServer> = {}) {
  const server: FakeCartServer = {
    requests: [],
    carts: { anonymous: [], user: [] },
    mode: 'up',
    applied: { anonymous: null, user: null },
    notice: null,
    ...setup,
  };
  let nextLineId = 100;
  function cartJson(owner: Owner): CartJson {
    if (!server.coupons) return cartOf(server.carts[owner]);
    const notice = server.notice;
    server.notice = null;
    return pricedCartOf(server.carts[owner], server.applied[owner], notice, server.promotion);
  }
  const answer = (owner: Owner) => ({ body: { cart: cartJson(owner) } });

  function add(
    owner: Owner,
    productId: number,
    requestedVariant: number | undefined,
    quantity: number,
    variation: VariationDetails,
  ) {
    const product = products.find((candidate) => candidate.id === productId);
    if (!product)
      return {
        status: 404,
        body: { code: 'product_not_found', message: 'Produto não encontrado' },
      };
    const variantId = requestedVariant ?? defaultVariantId(product);
    const lines = server.carts[owner];
    const key = JSON.stringify([
      variation.size ?? '',
      variation.measure ?? '',
      variation.color ?? '',
    ]);
    const index = lines.findIndex(
      (line) =>
        line.product_id === productId &&
        line.variant_id === variantId &&
        JSON.stringify([
          line.variation_details.size ?? '',
          line.variation_details.measure ?? '',
          line.variation_details.color ?? '',
        ]) === key,
    );
    const current = lines[index]?.quantity ?? 0;
    if (current + quantity > product.stock_quantity) {
      return {
        status: 422,
        body: {
          type: 'invalid_data',
          code: 'insufficient_stock',
          message: stockExceededMessage(current + quantity, product.stock_quantity),
        },
      };
    }
    const line = lineOf(
      lines[index]?.id ?? nextLineId++,
      product,
      current + quantity,
      variation,
      variantId,
    );
    if (index >= 0) lines[index] = line;
    else lines.push(line);
    return { status: owner === 'user' ? 201 : 200, body: { cart: cartJson(owner), item: line } };
  }

  function update(owner: Owner, id: number, quantity: number) {
    const lines = server.carts[owner];
    const line = lines.find((candidate) => candidate.id === id);
    if (!line) {
      return {
        status: 404,
        body: { code: 'cart_item_not_found', message: 'Item não encontrado no carrinho' },
      };
    }
    if (quantity <= 0) server.carts[owner] = lines.filter((candidate) => candidate !== line);
    else if (quantity > line.stock) {
      return {
        status: 422,
        body: { code: 'insufficient_stock', message: stockExceededMessage(quantity, line.stock) },
      };
    } else {
      const product = products.find((candidate) => candidate.id === line.product_id);
      if (product) {
        Object.assign(
          line,
          lineOf(line.id, product, quantity, line.variation_details, line.variant_id),
        );
      }
    }
    return answer(owner);
  }

  const requests = fakeApi((request) => {
    const { method, path } = request;
    const body = (request.body ?? {}) as Record<string, unknown>;
    const isCart = path.startsWith('/anonymous_carts') || path.startsWith('/carts');
    if (isCart && server.mode === 'down') {
      return { status: 500, body: { message: 'Erro interno do servidor' } };
    }
    if (path === '/anonymous_carts' && method === 'GET') return answer('anonymous');
    if (path === '/carts/current' && method === 'GET') return answer('user');
    if (path === '/anonymous_carts/add_item') {
      const { product_id, variant_id, quantity, size, measure, color } = body as {
        product_id: number;
        variant_id?: number;
        quantity: number;
        size?: string;
        measure?: string;
        color?: string;
      };
      return add('anonymous', product_id, variant_id, quantity, {
        ...(size ? { size } : {}),
        ...(measure ? { measure } : {}),
        ...(color ? { color } : {}),
      });
    }
    if (path === '/carts/items' && method === 'POST') {
      const { product_id, variant_id, quantity, variation_details } = body as {
        product_id: number;
        variant_id?: number;
        quantity: number;
        variation_details: VariationDetails;
      };
      return add('user', product_id, variant_id, quantity, variation_details);
    }
    if (path === '/anonymous_carts/update_item') {
      return update('anonymous', body.item_id as number, body.quantity as number);
    }
    if (path === '/anonymous_carts/remove_item')
      return update('anonymous', body.item_id as number, 0);
    const userLine = /^\/carts\/items\/(\d+)$/.exec(path);
    if (userLine && method === 'PATCH') {
      return update('user', Number(userLine[1]), body.quantity as number);
    }
    if (userLine && method === 'DELETE') return update('user', Number(userLine[1]), 0);
    // The server picks the cart by the bearer token, else by X-Session-ID.
    const owner: Owner = request.headers.Authorization ? 'user' : 'anonymous';
    if (path === '/checkout/apply_coupon' && method === 'POST') {
      const found = server.coupons?.[String(body.code)];
      if (found === undefined || typeof found === 'string') {
        const reason = found ?? 'Cupom inválido';
        return {
          status: 422,
          body: { error: reason, code: 'coupon_rejected', fields: { code: [reason] } },
        };
      }
      server.applied[owner] = found;
      return { body: { coupon: found, cart: cartJson(owner) } };
    }
    if (path === '/checkout/coupon' && method === 'DELETE') {
      server.applied[owner] = null;
      return answer(owner);
    }
    if (path === '/auth/login') {
      // The server merges the visitor's cart (named by X-Session-ID) into the user's.
      server.carts.user.push(...server.carts.anonymous);
      server.carts.anonymous = [];
      return {
        body: {
          user: TEST_USER,
          access_token: fakeAccessToken(Math.floor(Date.now() / 1000) + 900),
          refresh_token: 'r',
          cart_migrated: true,
          cart_items_count: 0,
        },
      };
    }
    return server.other?.(request);
  });
  server.requests = requests;
  return server;
}

/** `METHOD /path` of every cart call so far, in order. */
export function cartCalls(server: FakeCartServer): string[] {
  return server.requests
    .filter((request) => /^\/(anonymous_)?carts/.test(request.path))
    .map((request) => `${request.method} ${request.path}`);
}

/** A tab signed in (unexpired token and user) before the render. */
export function signIn(): void {
  storeSignedIn(TEST_USER, fakeAccessToken(Math.floor(Date.now() / 1000) + 900));
}

export function storedLocalCart(): CartLine[] {
  return JSON.parse(localStorage.getItem(STORAGE_KEYS.localCart) ?? '[]') as CartLine[];
}

/** Renders inside a fresh QueryClient, a fresh auth session (read from storage) and a router. */
export function renderWithCart(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  // With the shop's settings, as every server-rendered page carries them.
  const client = seedStore(
    new QueryClient({
      defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
    }),
  );
  const session = createTestSession();
  const view = render(
    <QueryClientProvider client={client}>
      <AuthProvider session={session}>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { ...view, client, session };
}
