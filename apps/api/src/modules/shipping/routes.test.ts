import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, carts } from '../../db/schema/carts.ts';
import {
  type FakeCorreiosServer,
  startFakeCorreios,
} from '../../integrations/correios/fake-correios-server.ts';
import type {
  CartShippingResponse,
  CheckoutShippingResponse,
  ShippingOptionJson,
} from '@lumina/shared/shipping/shipping-schemas';
import type { ProductInput } from '../catalog/product-record.ts';
import { createProduct, firstVariantOf, insertProducts } from '../../test/product-builder.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { bearerHeader, createUser, signIn } from '../../test/user-builder.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx?.close();
});

const RIO = '20040020';
const CHECKOUT = '/api/checkout/calculate_shipping';
const CART = '/api/carts/calculate_shipping';

async function customer(context = ctx) {
  const user = await createUser(context.database);
  const session = await signIn(context.app, user);
  return { user, headers: bearerHeader(session.access_token) };
}

async function product(overrides: Partial<ProductInput> = {}, context = ctx): Promise<number> {
  const [id] = await insertProducts(context.database.db, [createProduct(overrides)]);
  return id!;
}

/** Cart rows straight in the database: the cart API is not what these tests are about. */
async function fillCart(
  userId: number,
  lines: { productId: number; quantity: number }[],
  context = ctx,
): Promise<void> {
  const [cart] = await context.database.db
    .insert(carts)
    .values({ userId })
    .returning({ id: carts.id });
  if (lines.length > 0) {
    await context.database.db.insert(cartItems).values(
      lines.map((line) => ({
        cartId: cart!.id,
        variantId: firstVariantOf(line.productId),
        ...line,
      })),
    );
  }
}

async function shopperWithCart(lines: { productId: number; quantity: number }[]) {
  const who = await customer();
  await fillCart(who.user.id, lines);
  return who;
}

type Answer = Awaited<ReturnType<typeof post>>;

function optionOf(response: Answer): ShippingOptionJson {
  return response.json<CheckoutShippingResponse>().data.option;
}

function shippingOf(response: Answer): ShippingOptionJson {
  return response.json<CartShippingResponse>().shipping;
}

function post(url: string, headers: Record<string, string> | undefined, payload: unknown) {
  return ctx.app.inject({ method: 'POST', url, headers, payload: payload as object });
}

const pacToRio = {
  name: 'PAC',
  method: 'pac',
  cost: 24.9,
  cost_cents: 2490,
  delivery_days: 6,
  estimated_delivery: 'Entrega em até 6 dias úteis',
  description: 'Entrega econômica pelos Correios',
};

describe('POST /api/checkout/calculate_shipping', () => {
  it('answers 401 to an anonymous visitor, before reading the body', async () => {
    for (const url of [CHECKOUT, CART]) {
      const response = await post(url, undefined, { cep: 'x' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ message: 'Usuário não autenticado' });
    }
  });

  it("prices the user's cart by PAC from São Paulo to Rio de Janeiro", async () => {
    const who = await shopperWithCart([{ productId: await product(), quantity: 1 }]);

    const response = await post(CHECKOUT, who.headers, { cep: RIO, shipping_method: 'pac' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ success: true, data: { success: true, option: pacToRio } });
  });

  it('takes a masked CEP and defaults to PAC', async () => {
    const who = await shopperWithCart([{ productId: await product(), quantity: 1 }]);
    const response = await post(CHECKOUT, who.headers, { cep: '20040-020' });
    expect(response.json()).toEqual({ success: true, data: { success: true, option: pacToRio } });
  });

  it('prices SEDEX higher and faster', async () => {
    const who = await shopperWithCart([{ productId: await product(), quantity: 1 }]);
    const response = await post(CHECKOUT, who.headers, { cep: RIO, shipping_method: 'sedex' });
    expect(optionOf(response)).toEqual({
      name: 'SEDEX',
      method: 'sedex',
      cost: 34.9,
      cost_cents: 3490,
      delivery_days: 2,
      estimated_delivery: 'Entrega em até 2 dias úteis',
      description: 'Entrega expressa pelos Correios',
    });
  });

  it('weighs every unit of every line', async () => {
    const ring = await product({ weight_grams: 400 });
    const stud = await product();
    const who = await shopperWithCart([
      { productId: ring, quantity: 2 },
      { productId: stud, quantity: 3 },
    ]);
    // 830 g: the 1 kg band, Sudeste to Sudeste.
    const response = await post(CHECKOUT, who.headers, { cep: RIO });
    expect(optionOf(response)).toMatchObject({ cost_cents: 3290 });
  });

  it('makes PAC free from R$ 299,00 of goods at regular prices; SEDEX is still charged', async () => {
    const below = await shopperWithCart([
      { productId: await product({ price_cents: 29_899, pix_price_cents: 28_000 }), quantity: 1 },
    ]);
    expect(optionOf(await post(CHECKOUT, below.headers, { cep: RIO }))).toMatchObject({
      cost: 24.9,
      cost_cents: 2490,
    });

    const at = await shopperWithCart([
      { productId: await product({ price_cents: 14_950 }), quantity: 2 },
    ]);
    expect(optionOf(await post(CHECKOUT, at.headers, { cep: RIO }))).toEqual({
      ...pacToRio,
      cost: 0,
      cost_cents: 0,
      description: 'Frete grátis pelos Correios (PAC) em compras a partir de R$ 299,00',
    });
    const sedex = await post(CHECKOUT, at.headers, { cep: RIO, shipping_method: 'sedex' });
    expect(optionOf(sedex)).toMatchObject({ cost_cents: 3490 });
  });

  it('leaves inactive products out of the parcel and the subtotal', async () => {
    const gone = await product({ price_cents: 50_000, active: false });
    const who = await shopperWithCart([
      { productId: gone, quantity: 1 },
      { productId: await product(), quantity: 1 },
    ]);
    expect(optionOf(await post(CHECKOUT, who.headers, { cep: RIO }))).toEqual(pacToRio);

    const onlyGone = await shopperWithCart([{ productId: gone, quantity: 1 }]);
    const response = await post(CHECKOUT, onlyGone.headers, { cep: RIO });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'empty_cart' });
  });

  it('asks for items when the cart is empty or missing', async () => {
    const noCart = await customer();
    const emptyCart = await shopperWithCart([]);
    for (const who of [noCart, emptyCart]) {
      const response = await post(CHECKOUT, who.headers, { cep: RIO });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        code: 'empty_cart',
        message: 'Adicione itens ao carrinho para calcular o frete',
      });
    }
  });

  it.each([
    [{ cep: '0131010' }, 'Por favor, digite um CEP válido (8 dígitos)'],
    [{ cep: '2004002a' }, 'Por favor, digite um CEP válido (8 dígitos)'],
    [{ cep: 'abcdefgh' }, 'Por favor, digite um CEP válido (8 dígitos)'],
    [{ cep: 20040020 }, 'Por favor, digite um CEP válido (8 dígitos)'],
    [{}, 'Por favor, digite um CEP válido (8 dígitos)'],
    [{ cep: '11111-111' }, 'Por favor, digite um CEP válido'],
    [
      { cep: RIO, shipping_method: 'jadlog' },
      'Modalidade de frete inválida. Escolha PAC ou SEDEX.',
    ],
    [{ cep: RIO, shipping_method: null }, 'Modalidade de frete inválida. Escolha PAC ou SEDEX.'],
    [{ cep: RIO, product_id: 'abc' }, 'Produto inválido'],
    [{ cep: RIO, product_id: 1, quantity: 0 }, 'Quantidade inválida'],
  ])('refuses %j with 422 %s', async (body, message) => {
    const who = await shopperWithCart([{ productId: await product(), quantity: 1 }]);
    const response = await post(CHECKOUT, who.headers, body);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ message });
  });

  it('cannot price a CEP outside every state range', async () => {
    const who = await shopperWithCart([{ productId: await product(), quantity: 1 }]);
    const response = await post(CHECKOUT, who.headers, { cep: '00999-000' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'shipping_unavailable',
      message: 'Não foi possível calcular o frete para este CEP',
    });
  });

  describe('with product_id (the product page calculator)', () => {
    it('prices that product x quantity instead of the cart', async () => {
      const heavy = await product({ weight_grams: 400 });
      const who = await shopperWithCart([{ productId: heavy, quantity: 3 }]);
      const single = await post(CHECKOUT, who.headers, { cep: RIO, product_id: await product() });
      expect(optionOf(single)).toEqual(pacToRio);

      // 2 x 400 g: the 1 kg band; the cart's 3 units do not count.
      const two = await post(CHECKOUT, who.headers, { cep: RIO, product_id: heavy, quantity: 2 });
      expect(optionOf(two)).toMatchObject({ cost_cents: 3290 });
    });

    it('works with an empty cart and applies free shipping to price x quantity', async () => {
      const who = await customer();
      const id = await product({ price_cents: 9_967 });
      const two = await post(CHECKOUT, who.headers, { cep: RIO, product_id: id, quantity: 2 });
      expect(optionOf(two)).toMatchObject({ cost_cents: 2490 });
      const three = await post(CHECKOUT, who.headers, { cep: RIO, product_id: id, quantity: 3 });
      expect(optionOf(three)).toMatchObject({ cost: 0, cost_cents: 0 });
    });

    it('answers 404 for an unknown or hidden product', async () => {
      const who = await customer();
      const hidden = await product({ display_status: 'hidden' });
      for (const id of [hidden, 2_000_000_000]) {
        const response = await post(CHECKOUT, who.headers, { cep: RIO, product_id: id });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ message: 'Produto não encontrado' });
      }
    });
  });
});

describe('POST /api/carts/calculate_shipping', () => {
  it("prices the user's cart to zip_code by service", async () => {
    const who = await shopperWithCart([{ productId: await product(), quantity: 1 }]);
    const response = await post(CART, who.headers, { zip_code: '20040-020', service: 'pac' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, shipping: pacToRio });

    const sedex = await post(CART, who.headers, { zip_code: RIO, service: 'sedex' });
    expect(shippingOf(sedex)).toMatchObject({ name: 'SEDEX', cost: 34.9, delivery_days: 2 });
  });

  it("uses only the caller's own cart", async () => {
    const other = await shopperWithCart([{ productId: await product(), quantity: 1 }]);
    const who = await customer();
    const response = await post(CART, who.headers, { zip_code: RIO, service: 'pac' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      message: 'Adicione itens ao carrinho para calcular o frete',
    });
    expect((await post(CART, other.headers, { zip_code: RIO })).statusCode).toBe(200);
  });

  it.each([
    [{ zip_code: '2004002' }, 'Por favor, digite um CEP válido (8 dígitos)'],
    [{ zip_code: 'CEP20040020' }, 'Por favor, digite um CEP válido (8 dígitos)'],
    [{ zip_code: '00000000' }, 'Por favor, digite um CEP válido'],
    [{ zip_code: RIO, service: 'express' }, 'Modalidade de frete inválida. Escolha PAC ou SEDEX.'],
  ])('refuses %j with 422 %s', async (body, message) => {
    const who = await shopperWithCart([{ productId: await product(), quantity: 1 }]);
    const response = await post(CART, who.headers, body);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ message });
  });
});

describe('with SHIPPING_PROVIDER=correios', () => {
  let carrier: TestContext;
  let fake: FakeCorreiosServer;

  beforeAll(async () => {
    fake = await startFakeCorreios();
    carrier = await createTestContext({
      env: {
        SHIPPING_PROVIDER: 'correios',
        // Room for a busy machine to make the carrier's two calls (token, price) in time; the
        // slow carrier below answers well after it.
        SHIPPING_TIMEOUT_MS: '1000',
        CORREIOS_API_URL: fake.url,
        CORREIOS_USER: fake.credentials.user,
        CORREIOS_ACCESS_CODE: fake.credentials.accessCode,
        CORREIOS_POSTING_CARD: fake.credentials.postingCard,
      },
    });
  });

  afterAll(async () => {
    await carrier?.close();
    await fake?.close();
  });

  async function quoteThroughCarrier() {
    const who = await customer(carrier);
    const id = await product({ weight_grams: 25 }, carrier);
    await fillCart(who.user.id, [{ productId: id, quantity: 2 }], carrier);
    return carrier.app.inject({
      method: 'POST',
      url: CART,
      headers: who.headers,
      payload: { zip_code: RIO, service: 'pac' },
    });
  }

  it("answers the carrier's price and deadline", async () => {
    fake.behaviour.mode = 'ok';
    const response = await quoteThroughCarrier();
    expect(shippingOf(response)).toMatchObject({
      cost: 19.92,
      cost_cents: 1992,
      delivery_days: 7,
    });
    const price = fake.requests.find((call) => call.path === '/preco/v1/nacional/03298');
    expect(price?.query).toMatchObject({ cepOrigem: '01310100', cepDestino: RIO, psObjeto: '50' });
  });

  it('falls back to the table when the carrier is slow', async () => {
    fake.behaviour.mode = 'slow';
    fake.behaviour.slowMs = 5_000;
    const response = await quoteThroughCarrier();
    expect(response.statusCode).toBe(200);
    expect(shippingOf(response)).toEqual(pacToRio);
  });
});

it('reads package sizes from the products table', async () => {
  const id = await product({ weight_grams: 50, length_cm: 30, width_cm: 20, height_cm: 10 });
  const who = await shopperWithCart([{ productId: id, quantity: 1 }]);
  // 30 x 20 x 10 cm is 1 kg cubic: the 1 kg band although it weighs 50 g.
  expect(optionOf(await post(CHECKOUT, who.headers, { cep: RIO }))).toMatchObject({
    cost_cents: 3290,
  });
});
