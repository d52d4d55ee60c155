import type { CartItemJson } from '@lumina/shared/cart/cart-schemas';
import { vi } from 'vitest';
import type { AuthUser } from '../../../lib/auth/auth-types.ts';
import type { CartCouponJson } from '@lumina/shared/promotions/coupon-schema';
import { cartOf, pricedCartOf } from '../../../lib/cart/testing/cart-fixtures.tsx';
import type { SavedAddress } from '../../../lib/account/get-addresses.ts';

export interface CheckoutRequest {
  method: string;
  /** Without the /api prefix. */
  path: string;
  /** Lower-case names. */
  headers: Record<string, string>;
  body: unknown;
}

export interface Answer {
  status?: number;
  body?: unknown;
}

/** An answer, later (a promise, to see the busy state), or 'network-error' (fetch rejects). */
export type Reply = Answer | 'network-error' | Promise<Answer | 'network-error'>;
type Handler = (request: CheckoutRequest) => Reply;

export function createSavedAddress(overrides: Partial<SavedAddress> = {}): SavedAddress {
  return {
    id: 1,
    name: 'Casa',
    street: 'Rua Augusta',
    number: '1500',
    complement: 'Apto 12',
    neighborhood: 'Consolação',
    city: 'São Paulo',
    state: 'SP',
    zip_code: '01310100',
    is_default: true,
    full_address: 'Rua Augusta, 1500, Apto 12 - Consolação - São Paulo/SP - 01310-100',
    created_at: '2026-11-01T12:00:00.000Z',
    updated_at: '2026-11-01T12:00:00.000Z',
    ...overrides,
  };
}

export function paymentAnswer(orderId: number, paymentId: number): Answer {
  return {
    status: 201,
    body: {
      success: true,
      payment_id: paymentId,
      gateway_payment_id: `pix-${paymentId}`,
      status: 'pending',
      message: 'Pagamento PIX criado',
      pix_data: { qr_code: '000201', qr_code_base64: 'iVBOR', ticket_url: null },
      amount: 100,
      order_summary: {
        order_id: orderId,
        order_number: `LP-${orderId}`,
        items: [],
        items_count: 1,
      },
    },
  };
}

export function shippingAnswer(method: 'pac' | 'sedex', costCents: number): Answer {
  const days = method === 'pac' ? 8 : 3;
  return {
    body: {
      success: true,
      data: {
        success: true,
        option: {
          name: method.toUpperCase(),
          method,
          cost: costCents / 100,
          cost_cents: costCents,
          delivery_days: days,
          estimated_delivery: `Entrega em até ${days} dias úteis`,
          description: 'Entrega pelos Correios',
        },
      },
    },
  };
}

/**
 * The calls the checkout makes, in memory behind the real API client: the user's cart, profile,
 * address book, CEP lookup (404 unless set), shipping, order creation (which empties the cart,
 * as the server does) and payment creation. Swap a handler on the returned object to make a
 * call fail or wait. Undo with vi.unstubAllGlobals().
 */
export function fakeCheckoutApi(setup: {
  cart: CartItemJson[];
  profile?: AuthUser | null;
  addresses?: SavedAddress[];
  /** The codes apply_coupon knows (a reason refuses with 422); with it the cart is priced. */
  coupons?: Record<string, CartCouponJson | string>;
}) {
  let nextOrderId = 901;
  let nextPaymentId = 55;
  const server = {
    requests: [] as CheckoutRequest[],
    cart: setup.cart,
    coupon: null as CartCouponJson | null,
    cep: (() => ({ status: 404, body: { message: 'CEP não encontrado' } })) as Handler,
    shipping: ((request) => {
      const body = request.body as { shipping_method: 'pac' | 'sedex' };
      return shippingAnswer(body.shipping_method, body.shipping_method === 'pac' ? 2190 : 4590);
    }) as Handler,
    orders: (() => {
      const id = nextOrderId++;
      server.cart = [];
      return { status: 201, body: { order: { id, order_number: `LP-${id}`, total: 100 } } };
    }) as Handler,
    payments: ((request) => {
      const orderId = Number(/\/orders\/(\d+)\//.exec(request.path)?.[1]);
      return paymentAnswer(orderId, nextPaymentId++);
    }) as Handler,
  };

  function route(request: CheckoutRequest): Reply {
    const { method, path } = request;
    const cart = () =>
      setup.coupons ? pricedCartOf(server.cart, server.coupon) : cartOf(server.cart);
    if (method === 'GET' && path === '/carts/current') return { body: { cart: cart() } };
    if (method === 'POST' && path === '/checkout/apply_coupon') {
      const found = setup.coupons?.[String((request.body as { code: string }).code)];
      if (found === undefined || typeof found === 'string') {
        const reason = found ?? 'Cupom inválido';
        return { status: 422, body: { error: reason, fields: { code: [reason] } } };
      }
      server.coupon = found;
      return { body: { coupon: found, cart: cart() } };
    }
    if (method === 'DELETE' && path === '/checkout/coupon') {
      server.coupon = null;
      return { body: { cart: cart() } };
    }
    if (method === 'GET' && path === '/users/profile') {
      return setup.profile
        ? { body: { success: true, user: setup.profile } }
        : { status: 404, body: { message: 'Usuário não encontrado' } };
    }
    if (method === 'GET' && path === '/addresses') {
      return { body: { addresses: setup.addresses ?? [] } };
    }
    if (method === 'GET' && path.startsWith('/cep/')) return server.cep(request);
    if (method === 'POST' && path === '/checkout/calculate_shipping')
      return server.shipping(request);
    if (method === 'POST' && path === '/orders') return server.orders(request);
    if (method === 'POST' && /^\/orders\/\d+\/mercadopago_payment$/.test(path)) {
      return server.payments(request);
    }
    return { status: 404, body: { message: 'Não encontrado' } };
  }

  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, 'http://localhost');
    const request: CheckoutRequest = {
      method: init.method ?? 'GET',
      path: url.pathname.replace(/^\/api/, ''),
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    server.requests.push(request);
    const answer = await route(request);
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(answer.body ?? {}), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return server;
}

export type FakeCheckoutServer = ReturnType<typeof fakeCheckoutApi>;

/** The requests to `METHOD /path` so far. */
export function callsTo(server: FakeCheckoutServer, call: string): CheckoutRequest[] {
  return server.requests.filter((request) => `${request.method} ${request.path}` === call);
}

/** A promise the test settles by hand, to hold a call while the page shows its busy state. */
export function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}
