/**
 * The fake Melhor Envio's calculator and service list: the services it quotes and sells labels
 * for, Mini Envios refused for a parcel it cannot take, and a carrier whose label needs a
 * drop-off agency in the cart (as Melhor Envio's cart reference says of Latam Cargo, Azul Cargo
 * and Buslog), so the shop can prove it leaves that one out.
 */

export interface FakeMelhorEnvioService {
  id: number;
  name: string;
  company: { id: number; name: string };
  /** What the label costs (the calculator's price, the cart's and the checkout's). */
  priceCents: number;
  /** Business days. */
  deliveryDays: number;
  /** Whether the cart refuses this service without an `agency`. */
  needsAgency: boolean;
  /** The first letters of its tracking codes: Correios S10 codes; null, a carrier's numbers. */
  trackingPrefix: string | null;
}

const CORREIOS = { id: 1, name: 'Correios' };

/** Ids, names and companies as Melhor Envio answers them (wp-melhorenvio-v2's ShippingService). */
export const FAKE_MELHOR_ENVIO_SERVICES: readonly FakeMelhorEnvioService[] = [
  {
    id: 1,
    name: 'PAC',
    company: CORREIOS,
    priceCents: 2635,
    deliveryDays: 8,
    needsAgency: false,
    trackingPrefix: 'QB',
  },
  {
    id: 2,
    name: 'SEDEX',
    company: CORREIOS,
    priceCents: 4170,
    deliveryDays: 2,
    needsAgency: false,
    trackingPrefix: 'AB',
  },
  {
    id: 17,
    name: 'Mini Envios',
    company: CORREIOS,
    priceCents: 1520,
    deliveryDays: 9,
    needsAgency: false,
    trackingPrefix: 'NX',
  },
  {
    id: 3,
    name: '.Package',
    company: { id: 2, name: 'Jadlog' },
    priceCents: 1980,
    deliveryDays: 5,
    needsAgency: false,
    trackingPrefix: null,
  },
  {
    id: 12,
    name: 'éFácil',
    company: { id: 6, name: 'LATAM Cargo' },
    priceCents: 1750,
    deliveryDays: 3,
    needsAgency: true,
    trackingPrefix: null,
  },
];

/**
 * Mini Envios' largest parcel. Unverified: neither Melhor Envio's plugin (wp-melhorenvio-v2 has
 * the service id 17 and no limits) nor its API reference states them; 300 g and 24 x 16 x 4 cm
 * are the figures shops commonly use for the Correios' Mini Envios. The real shop does not use
 * them: Melhor Envio's own calculator answers an `error` for a parcel that does not fit.
 */
export const MINI_ENVIOS_LIMITS = { weightGrams: 300, lengthCm: 24, widthCm: 16, heightCm: 4 };
const MINI_ENVIOS = 17;

export const FAKE_NOT_SERVED = 'Transportadora não atende este trecho.';
export const FAKE_MINI_ENVIOS_TOO_BIG = 'Dimensões ou peso acima do limite do Mini Envios.';

export function fakeServiceOf(id: number): FakeMelhorEnvioService | undefined {
  return FAKE_MELHOR_ENVIO_SERVICES.find((service) => service.id === id);
}

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
const positive = (value: unknown) => (Number.isFinite(Number(value)) ? Number(value) : 0);

/** The parcel of a calculate body (its `products`, or its `package`): kg as grams, cm. */
function parcelOf(body: Record<string, unknown>) {
  const items = Array.isArray(body.products) ? body.products.map(record) : [record(body.package)];
  let weightGrams = 0;
  const sides: number[] = [0, 0, 0];
  for (const item of items) {
    const quantity = positive(item.quantity ?? 1) || 1;
    weightGrams += positive(item.weight) * 1000 * quantity;
    const [a = 0, b = 0, c = 0] = [item.length, item.width, item.height]
      .map(positive)
      .sort((x, y) => y - x);
    sides[0] = Math.max(sides[0] ?? 0, a);
    sides[1] = Math.max(sides[1] ?? 0, b);
    sides[2] = (sides[2] ?? 0) + c * quantity;
  }
  return { weightGrams, sides: sides.sort((x, y) => y - x) };
}

function fitsMiniEnvios(body: Record<string, unknown>): boolean {
  const { weightGrams, sides } = parcelOf(body);
  const [length = 0, width = 0, height = 0] = sides;
  return (
    weightGrams <= MINI_ENVIOS_LIMITS.weightGrams &&
    length <= MINI_ENVIOS_LIMITS.lengthCm &&
    width <= MINI_ENVIOS_LIMITS.widthCm &&
    height <= MINI_ENVIOS_LIMITS.heightCm
  );
}

/**
 * The calculator's answer for a body: one entry per service asked for (`services`: "1,2"; none
 * asked, every service), priced and dated, or with the `error` Melhor Envio gives a service it
 * cannot offer. `deliveryDays` overrides a service's deadline; `notServed` lists services that
 * do not reach the destination.
 */
export function fakeCalculate(
  body: Record<string, unknown>,
  behaviour: { deliveryDays: Record<number, number>; notServed: number[] },
): Record<string, unknown>[] {
  const asked =
    typeof body.services === 'string' && body.services.trim() !== ''
      ? body.services.split(',').map((id) => Number(id.trim()))
      : FAKE_MELHOR_ENVIO_SERVICES.map((service) => service.id);
  return asked.flatMap((id): Record<string, unknown>[] => {
    const service = fakeServiceOf(id);
    if (!service) return [];
    const named = { id, name: service.name, company: { ...service.company, picture: null } };
    if (behaviour.notServed.includes(id)) return [{ ...named, error: FAKE_NOT_SERVED }];
    if (id === MINI_ENVIOS && !fitsMiniEnvios(body)) {
      return [{ ...named, error: FAKE_MINI_ENVIOS_TOO_BIG }];
    }
    const price = (service.priceCents / 100).toFixed(2);
    const days = behaviour.deliveryDays[id] ?? service.deliveryDays;
    return [
      {
        ...named,
        price,
        custom_price: price,
        discount: '0.00',
        currency: 'R$',
        delivery_time: days,
        custom_delivery_time: days,
      },
    ];
  });
}
