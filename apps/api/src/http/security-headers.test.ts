import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import helmet from 'helmet';
import { afterAll, describe, expect, it } from 'vitest';
import { HELMET_OPTIONS, PERMISSIONS_POLICY, registerSecurityHeaders } from './security-headers.ts';

/** Headers that say something about security (not date, length, connection…). */
function securityOnly(headers: Record<string, unknown>): Record<string, unknown> {
  const skip = new Set(['date', 'connection', 'keep-alive', 'content-length', 'content-type']);
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !skip.has(name)));
}

describe('security headers', () => {
  let live: Server | undefined;
  afterAll(() => new Promise<void>((resolve) => (live ? live.close(() => resolve()) : resolve())));

  it('are, on every answer, exactly what helmet itself sets on a live response', async () => {
    // Helmet as middleware on a plain node server, run for this request.
    const applyHelmet = helmet(HELMET_OPTIONS);
    live = createServer((request, response) => {
      applyHelmet(request, response, () => response.end());
    });
    await new Promise<void>((resolve) => live?.listen(0, '127.0.0.1', resolve));
    const { port } = live.address() as AddressInfo;
    const fromHelmet = await fetch(`http://127.0.0.1:${port}/`);
    const expected = securityOnly(Object.fromEntries(fromHelmet.headers));
    expect(expected['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(expected['strict-transport-security']).toMatch(/max-age=\d+/);

    const app = Fastify();
    registerSecurityHeaders(app);
    app.get('/', () => '');
    const ours = await app.inject('/');
    expect(securityOnly(ours.headers)).toEqual(expected);
  });

  it('turn powerful browser features off on HTML answers only', async () => {
    const app = Fastify();
    registerSecurityHeaders(app);
    app.get('/pagina', (_request, reply) =>
      reply.type('text/html; charset=utf-8').send('<p>oi</p>'),
    );
    app.get('/dados', () => ({ ok: true }));
    const page = await app.inject('/pagina');
    const policy = String(page.headers['permissions-policy']);
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'browsing-topics']) {
      expect(policy).toContain(`${feature}=()`);
    }
    expect(policy).toBe(PERMISSIONS_POLICY);
    expect((await app.inject('/dados')).headers['permissions-policy']).toBeUndefined();
  });

  it('let the card form in only while cards are on: the SDK origin and MercadoPago hosts', async () => {
    const policyOf = async (cardPayments?: Parameters<typeof registerSecurityHeaders>[1]) => {
      const app = Fastify();
      registerSecurityHeaders(app, cardPayments);
      app.get('/', () => '');
      return String((await app.inject('/')).headers['content-security-policy']);
    };
    const directive = (policy: string, name: string) =>
      policy.split(';').find((part) => part.startsWith(`${name} `)) ?? '';

    const off = await policyOf();
    expect(off).not.toMatch(/mercado|mlstatic|frame-src/);

    const real = await policyOf({
      cardPayments: {
        provider: 'mercadopago',
        publicKey: 'APP_USR-1',
        sdkUrl: 'https://sdk.mercadopago.com/js/v2',
      },
    });
    for (const name of ['script-src', 'frame-src', 'connect-src', 'img-src']) {
      const sources = directive(real, name).split(' ').slice(1);
      expect(sources).toEqual(
        expect.arrayContaining([
          "'self'",
          'https://sdk.mercadopago.com',
          'https://*.mercadopago.com',
          'https://*.mercadopago.com.br',
          'https://*.mercadolibre.com',
          'https://*.mercadolivre.com',
          'https://*.mlstatic.com',
        ]),
      );
    }
    expect(directive(real, 'default-src')).toBe("default-src 'self'");
    expect(directive(real, 'frame-ancestors')).toBe("frame-ancestors 'none'");

    const fake = await policyOf({
      cardPayments: {
        provider: 'mercadopago',
        publicKey: 'TEST-1',
        sdkUrl: 'http://127.0.0.1:3320/js/v2',
      },
    });
    for (const name of ['script-src', 'frame-src', 'connect-src', 'img-src']) {
      expect(directive(fake, name)).toContain('http://127.0.0.1:3320');
    }
    expect(fake).not.toMatch(/mercado|mlstatic/);
  });
});
