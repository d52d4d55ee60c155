// The shop's identity and policies as the store settings give them, everywhere a shopper or a
// bank meets them: page heads and structured data, the policy pages and their API, the sitemap,
// the e-mails' sender, reply address and signature, and the PIX BR Code's receiver.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatBRL } from '@lumina/shared/format/money';
import type { PolicyAnswer } from '@lumina/shared/settings/policy-pages';
import { shippingCostText } from '@lumina/shared/shipping/shipping-texts';
import type { PublicStoreJson } from '@lumina/shared/settings/store-settings';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  startTestSmtpServer,
  type TestSmtpServer,
} from '../../integrations/mail/test-smtp-server.ts';
import { parsePixBrCode } from '../../integrations/pix/parse-br-code.ts';
import { addToCart, checkoutBody, payOrder, placeOrder, shopper } from '../../test/checkout.ts';
import { createProduct, insertProducts } from '../../test/product-builder.ts';
import { createSettingsBody } from '../../test/settings-builder.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { bearerHeader, createUser, signIn } from '../../test/user-builder.ts';

const INDEX_HTML = `<!doctype html><html lang="pt-BR"><head><title>Loja</title></head><body><div id="root"></div><script type="module" src="/assets/index-abc.js"></script></body></html>`;

/**
 * A stand-in for the web build's renderer (entry-server.tsx has its own tests): it writes what
 * the server handed it, the shop's names and the policy of the page, so the test sees both.
 */
const RENDERER = `
const KEYS = { '/termos-de-uso': 'terms', '/trocas-e-devolucoes': 'returns', '/politica-de-envio': 'shipping' };
export async function renderPage(url, { data }) {
  const path = new URL(url, 'http://x').pathname;
  const { store } = data.store();
  const answer = KEYS[path] ? await data.policy(KEYS[path]) : undefined;
  return {
    html: '<footer>' + store.trade_name + ' | ' + store.legal_name + '</footer>' +
      (answer ? '<article>' + answer.policy.html + '</article>' : ''),
    state: [],
  };
}
`;

let ctx: TestContext;
let smtp: TestSmtpServer;
let dist: string;
let adminHeaders: Record<string, string>;
let productId: number;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  dist = mkdtempSync(join(tmpdir(), 'lumina-identity-'));
  writeFileSync(join(dist, 'index.html'), INDEX_HTML);
  mkdirSync(join(dist, 'ssr'));
  writeFileSync(join(dist, 'ssr', 'entry-server.js'), RENDERER);
  ctx = await createTestContext({
    env: {
      SMTP_URL: smtp.url,
      WEB_DIST_DIR: dist,
      APP_URL: 'http://loja.test',
      PAYMENTS_SANDBOX: 'true',
    },
  });
  const owner = await createUser(ctx.database, { role: 'admin', email: 'dona@aurora.example' });
  adminHeaders = bearerHeader((await signIn(ctx.app, owner)).access_token);
  [productId] = (await insertProducts(ctx.database.db, [
    createProduct({ name: 'Argola Lua', price_cents: 10_000, stock_quantity: 50 }),
  ])) as [number];
});

afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
  rmSync(dist, { recursive: true, force: true });
});

beforeEach(() => {
  smtp.clear();
});

/** The order fields the received e-mail's summary repeats. */
interface OrderSummaryJson {
  id: number;
  subtotal_cents: number;
  shipping_cost_cents: number;
  delivery_days: number;
  total_cents: number;
}

const page = (url: string) => ctx.app.inject({ url, headers: { accept: '*/*' } });

async function saveSettings(overrides: Record<string, unknown> = {}) {
  const response = await ctx.app.inject({
    method: 'PUT',
    url: '/api/admin/settings',
    headers: adminHeaders,
    payload: { settings: createSettingsBody(overrides) },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** The JSON-LD objects of a page's head, by their @type. */
function jsonLd(html: string): Record<string, Record<string, unknown>> {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  return Object.fromEntries(
    blocks.map(([, json]) => {
      const data = JSON.parse(json ?? '{}') as Record<string, unknown>;
      return [String(data['@type']), data];
    }),
  );
}

/** The BR Code of a fresh order's PIX charge. */
async function pixCode() {
  const buyer = await shopper(ctx.app, ctx.database);
  await addToCart(ctx.app, buyer.headers, productId, 1);
  const placed = await placeOrder(ctx.app, buyer.headers, checkoutBody());
  expect(placed.statusCode, placed.body).toBe(201);
  const orderId = placed.json<{ order: { id: number } }>().order.id;
  const paid = await payOrder(ctx.app, buyer.headers, orderId);
  expect(paid.statusCode, paid.body).toBe(200);
  return parsePixBrCode(paid.json<{ pix_data: { qr_code: string } }>().pix_data.qr_code);
}

/** A password reset e-mail to a new customer, as the SMTP server received it. */
async function resetMail() {
  const user = await createUser(ctx.database, { name: 'Ana Souza', password: 'Antiga123' });
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/password_resets',
    payload: { email: user.email },
  });
  expect(response.statusCode).toBe(200);
  return smtp.waitForMail(user.email);
}

describe('a first start (nothing filled in but the environment)', () => {
  it('names the shop by PIX_MERCHANT_NAME, shows no WhatsApp and has no policy pages', async () => {
    const store = (await ctx.app.inject({ url: '/api/store' })).json<{ store: PublicStoreJson }>()
      .store;
    expect(store).toMatchObject({
      trade_name: 'Lumina Piercings',
      whatsapp: '',
      whatsapp_url: null,
    });

    const home = await page('/');
    expect(home.body).toContain('<title>Joias para piercing | Lumina Piercings</title>');
    expect(home.body).toContain('<meta property="og:site_name" content="Lumina Piercings">');
    const organization = jsonLd(home.body).Organization;
    expect(organization).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Lumina Piercings',
      url: 'http://loja.test/',
      logo: expect.stringMatching(/^http:\/\/loja\.test\//) as unknown,
    });

    for (const key of ['terms', 'returns', 'shipping']) {
      const answer = await ctx.app.inject({ url: `/api/store/policies/${key}` });
      expect(answer.statusCode).toBe(404);
    }
    expect((await ctx.app.inject({ url: '/api/store/policies/privacy' })).statusCode).toBe(422);
    for (const path of ['/termos-de-uso', '/trocas-e-devolucoes', '/politica-de-envio']) {
      const response = await page(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.body).toContain('<title>Página não encontrada | Lumina Piercings</title>');
    }
    const sitemap = (await page('/sitemap.xml')).body;
    expect(sitemap).not.toContain('termos-de-uso');

    const code = await pixCode();
    expect(code.fields['59']).toBe('Lumina Piercings');
    expect(code.fields['60']).toBe('Sao Paulo');
  });
});

describe('after the owner saves the settings', () => {
  beforeAll(async () => {
    await saveSettings();
  });

  it('serves each policy through the API with its title and when it changed', async () => {
    const response = await ctx.app.inject({ url: '/api/store/policies/terms' });
    expect(response.statusCode).toBe(200);
    const { policy } = response.json<PolicyAnswer>();
    expect(policy).toEqual({
      key: 'terms',
      title: 'Termos de uso',
      html: '<h2>Termos</h2><p>Ao comprar você aceita.</p>',
      updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) as unknown,
    });
    // The allow-list's output: the span's style is gone, its text stays.
    const returns = (
      await ctx.app.inject({ url: '/api/store/policies/returns' })
    ).json<PolicyAnswer>();
    expect(returns.policy.html).toBe('<p>Até <strong>7 dias</strong> após a entrega.</p>');
  });

  it('renders the policy pages with their text, title and the seller', async () => {
    const response = await page('/trocas-e-devolucoes');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Trocas e devoluções | Ateliê Aurora</title>');
    expect(response.body).toContain(
      '<article><p>Até <strong>7 dias</strong> após a entrega.</p></article>',
    );
    expect(response.body).toContain('<footer>Ateliê Aurora | Aurora Joias Ltda</footer>');
    expect(response.body).toMatch(
      /<meta name="description" content="Trocas e devoluções de Ateliê Aurora: Até 7 dias após a entrega.">/,
    );
    expect(response.body).toContain(
      '<link rel="canonical" href="http://loja.test/trocas-e-devolucoes">',
    );
    expect(jsonLd(response.body).Organization?.legalName).toBe('Aurora Joias Ltda');
  });

  it("describes the seller in the home page's Organization, with only what is filled in", async () => {
    const home = await page('/');
    expect(home.body).toContain('<title>Joias para piercing | Ateliê Aurora</title>');
    expect(home.body).toContain('<meta property="og:site_name" content="Ateliê Aurora">');
    expect(home.body).toContain('<footer>Ateliê Aurora | Aurora Joias Ltda</footer>');
    expect(jsonLd(home.body).Organization).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Ateliê Aurora',
      url: 'http://loja.test/',
      logo: expect.stringMatching(/^http:\/\/loja\.test\//) as unknown,
      legalName: 'Aurora Joias Ltda',
      taxID: '11.222.333/0001-81',
      email: 'sac@aurora.example',
      telephone: '+55-31-3333-4444',
      address: {
        '@type': 'PostalAddress',
        streetAddress: 'Avenida Afonso Pena, 1500',
        addressLocality: 'Belo Horizonte',
        addressRegion: 'MG',
        postalCode: '30130-010',
        addressCountry: 'BR',
      },
      contactPoint: [
        {
          '@type': 'ContactPoint',
          contactType: 'customer service',
          email: 'sac@aurora.example',
          telephone: '+55-31-3333-4444',
          availableLanguage: 'pt-BR',
        },
      ],
      sameAs: ['https://www.instagram.com/aurora'],
    });
    const product = await page(`/produto/${productId}`);
    expect(jsonLd(product.body).Product?.offers).toMatchObject({
      seller: { '@type': 'Organization', name: 'Ateliê Aurora' },
    });
  });

  it('lists the written policies in the sitemap', async () => {
    const sitemap = (await page('/sitemap.xml')).body;
    for (const path of ['/termos-de-uso', '/trocas-e-devolucoes', '/politica-de-envio']) {
      expect(sitemap).toContain(`<loc>http://loja.test${path}</loc>`);
    }
  });

  it('sends the e-mails from the settings’ sender, Reply-To and signature', async () => {
    const mail = await resetMail();
    expect(mail.from).toBe('Ateliê Aurora <loja@aurora.example>');
    expect(mail.headers['reply-to']).toBe('sac@aurora.example');
    expect(mail.subject).toBe('Redefinição de senha - Ateliê Aurora');
    expect(mail.text).toContain('sua conta na Ateliê Aurora');
    expect(mail.text).toContain(
      [
        'Equipe Ateliê Aurora',
        '',
        '--',
        'Aurora Joias Ltda · CNPJ 11.222.333/0001-81',
        'Avenida Afonso Pena, 1500 - Centro - Belo Horizonte/MG - CEP 30130-010',
        'SAC: sac@aurora.example · Telefone: (31) 3333-4444 · WhatsApp: (31) 98765-4321',
      ].join('\n'),
    );
    expect(mail.html).toContain('Aurora Joias Ltda · CNPJ 11.222.333/0001-81<br>');
    expect(mail.text).not.toContain('Lumina');
  });

  it("repeats the checkout's contract summary in the order-received e-mail, seller included", async () => {
    const buyer = await shopper(ctx.app, ctx.database);
    await addToCart(ctx.app, buyer.headers, productId, 2);
    const placed = await placeOrder(ctx.app, buyer.headers, checkoutBody());
    expect(placed.statusCode, placed.body).toBe(201);
    const { order } = placed.json<{ order: OrderSummaryJson }>();
    expect((await payOrder(ctx.app, buyer.headers, order.id)).statusCode).toBe(200);
    const mail = await smtp.waitForMail('ana@example.com');

    // R$ 100,00 each, R$ 93,00 with the settings' 7% PIX discount; the freight as charged.
    const freight = order.shipping_cost_cents;
    expect(order.subtotal_cents).toBe(18_600);
    expect(mail.text).toContain(
      [
        'Resumo do pedido:',
        '',
        '2 × Argola Lua: R$ 186,00',
        'Subtotal (2 itens): R$ 186,00',
        `Frete (PAC): ${shippingCostText(freight)}`,
        `Prazo de entrega: até ${order.delivery_days} dias úteis`,
        'Forma de pagamento: PIX',
        `Total no PIX: ${formatBRL(order.total_cents)}`,
        `Total sem o desconto do PIX: ${formatBRL(20_000 + freight)}`,
        '',
        'Você pode desistir da compra em até 7 dias após o recebimento.',
        '',
        'Política de trocas e devoluções: http://loja.test/trocas-e-devolucoes',
      ].join('\n'),
    );
    expect(mail.text).toContain('Aurora Joias Ltda · CNPJ 11.222.333/0001-81');
    expect(mail.text).toContain(
      'Avenida Afonso Pena, 1500 - Centro - Belo Horizonte/MG - CEP 30130-010',
    );
    expect(mail.html).toContain('<a href="http://loja.test/trocas-e-devolucoes">');
  });

  it('gives a bare sender the trade name and replies to the SAC without a Reply-To', async () => {
    await saveSettings({ mail_from: 'loja@aurora.example', reply_to: '' });
    const mail = await resetMail();
    expect(mail.from).toBe('Ateliê Aurora <loja@aurora.example>');
    expect(mail.headers['reply-to']).toBe('sac@aurora.example');
    await saveSettings();
  });

  it('leaves out of the signature what is not filled in', async () => {
    await saveSettings({
      legal_name: '',
      document: '',
      address: {
        ...createSettingsBody().address,
        street: '',
        number: '',
        neighborhood: '',
        city: '',
        state: '',
      },
      phone: '',
      whatsapp: '',
    });
    const mail = await resetMail();
    expect(
      mail.text?.trimEnd().endsWith('\n\nEquipe Ateliê Aurora\n\n--\nSAC: sac@aurora.example'),
    ).toBe(true);
    expect(mail.text).not.toContain('CNPJ');
    expect(mail.text).not.toContain('WhatsApp');
    await saveSettings();
  });

  it('names the PIX receiver and city from the settings, as the BR Code takes them', async () => {
    let code = await pixCode();
    expect(code.crcValid).toBe(true);
    expect(code.fields['59']).toBe('Atelie Aurora');
    expect(code.fields['60']).toBe('Belo Horizonte');

    await saveSettings({
      trade_name: 'Ateliê Açaí & Prata — Joias Finas de Verdade',
      address: { ...createSettingsBody().address, city: 'São José dos Campos' },
    });
    code = await pixCode();
    expect(code.crcValid).toBe(true);
    // ASCII without accents, at most 25 and 15 characters (REFERENCE.md: fields 59 and 60).
    expect(code.fields['59']).toBe('Atelie Acai & Prata Joias');
    expect(code.fields['60']).toBe('Sao Jose dos Ca');
    await saveSettings();
  });
});
