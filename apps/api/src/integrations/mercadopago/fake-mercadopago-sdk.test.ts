// The fake's MercadoPago.js routes: the SDK, its secure fields' pages in the fake's own origin,
// and the public-key calls the browser makes (tokenizing, brand, instalments), open to any page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeMercadoPagoServer, startFakeMercadoPago } from './fake-mercadopago-server.ts';

let fake: FakeMercadoPagoServer;

beforeAll(async () => {
  fake = await startFakeMercadoPago();
});

afterAll(async () => {
  await fake.close();
});

describe('fake MercadoPago.js', () => {
  it('serves the SDK and the three secure fields from its own origin', async () => {
    expect(fake.sdkUrl).toBe(`${fake.url}/js/v2`);
    const sdk = await fetch(fake.sdkUrl);
    expect(sdk.headers.get('content-type')).toMatch(/javascript/);
    const script = await sdk.text();
    expect(script).toContain('window.MercadoPago = MercadoPago');
    expect(script).toContain(JSON.stringify(fake.url));
    for (const type of ['cardNumber', 'expirationDate', 'securityCode']) {
      const page = await fetch(
        `${fake.url}/js/v2/fields/${type}?field_id=f1&parent_origin=http://shop.test&placeholder=x`,
      );
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(`data-field="${type}"`);
    }
    expect((await fetch(`${fake.url}/js/v2/fields/cardholderName`)).status).toBe(404);
  });

  it('tokenizes with the public key alone, and answers the brand and instalments to any page', async () => {
    const key = encodeURIComponent(fake.publicKey);
    const token = await fetch(`${fake.url}/v1/card_tokens?public_key=${key}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        card_number: '5031433215406351',
        security_code: '123',
        expiration_month: 11,
        expiration_year: 2030,
        cardholder: { name: 'APRO', identification: { type: 'CPF', number: '12345678909' } },
      }),
    });
    expect(token.status).toBe(201);
    expect(token.headers.get('access-control-allow-origin')).toBe('*');
    expect((await token.json()) as object).toMatchObject({ last_four_digits: '6351' });

    const methods = await fetch(
      `${fake.url}/v1/payment_methods/search?public_key=${key}&bins=50314332`,
    );
    expect(((await methods.json()) as { results: { id: string }[] }).results[0]?.id).toBe('master');
    const plans = await fetch(
      `${fake.url}/v1/payment_methods/installments?public_key=${key}&amount=100.00&bin=50314332`,
    );
    const [plan] = (await plans.json()) as { payer_costs: { installments: number }[] }[];
    expect(plan?.payer_costs).toHaveLength(12);

    const wrong = await fetch(`${fake.url}/v1/identification_types?public_key=APP_USR-other`);
    expect(wrong.status).toBe(401);
  });
});
