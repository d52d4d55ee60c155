// @vitest-environment node
import { publicStoreJson } from '@lumina/shared/settings/store-settings';
import { createStoreSettings } from '@lumina/shared/test-support/store-settings';
import { POLICY_PAGES } from '@lumina/shared/settings/policy-pages';
import type { CategorySlug } from '@lumina/shared/catalog/categories';
import type { ProductListResponse } from '@lumina/shared/catalog/product';
import { describe, expect, it } from 'vitest';
import { createProduct, createVariant } from './features/catalog/testing/create-product.ts';
import { renderPage, type StorefrontData } from './entry-server.tsx';

const products = [
  createProduct({ id: 7, name: 'Argola Segmentada Titânio', price_cents: 8990 }),
  createProduct({ id: 8, name: 'Labret Cristal', price_cents: 2990, category: 'boca' }),
  createProduct({
    id: 9,
    name: 'Argola Clicker',
    price_cents: 10000,
    images: ['/product-images/clicker.svg'],
    options: [{ name: 'Diâmetro', values: ['6 mm', '8 mm'] }],
    variants: [
      createVariant({ sku: 'CLK-6', option_values: { Diâmetro: '6 mm' } }),
      createVariant({
        sku: 'CLK-8',
        option_values: { Diâmetro: '8 mm' },
        price_cents: 12000,
        image: '/product-images/clicker-8.svg',
        stock_quantity: 2,
      }),
    ],
  }),
];

function listOf(items = products): ProductListResponse {
  return {
    products: items,
    total: items.length,
    page: 1,
    per_page: 100,
    total_pages: 1,
    sync_stats: { synced: 0, local_only: items.length, pending: 0 },
    option_facets: [],
  };
}

const data: StorefrontData = {
  products: (query) =>
    Promise.resolve(
      listOf(products.filter((p) => !query.category || p.category === query.category)),
    ),
  product: (id) => {
    const product = products.find((p) => p.id === id);
    return Promise.resolve(product ? { product } : undefined);
  },
  productReviews: (id) =>
    Promise.resolve(
      id === 7
        ? {
            reviews: [
              {
                id: 1,
                author: 'Marina',
                variant_label: '',
                rating: 5,
                text: 'Não pesa nada, uso todo dia.',
                created_at: '2026-10-05T15:00:00.000Z',
                photo_url: null,
                photo_thumb_url: null,
                reply: { text: 'Obrigada, Marina!', replied_at: '2026-10-06T15:00:00.000Z' },
              },
              {
                id: 2,
                author: 'Júlia',
                variant_label: '',
                rating: 4,
                text: '',
                created_at: '2026-10-04T15:00:00.000Z',
                photo_url: null,
                photo_thumb_url: null,
                reply: null,
              },
            ],
            summary: { average: 4.5, count: 2 },
            page: 1,
            per_page: 10,
            total: 2,
            total_pages: 1,
          }
        : {
            reviews: [],
            summary: { average: 0, count: 0 },
            page: 1,
            per_page: 10,
            total: 0,
            total_pages: 0,
          },
    ),
  subcategories: (slug) => Promise.resolve({ category: slug as CategorySlug, subcategories: [] }),
  store: () => ({ store: publicStoreJson(createStoreSettings()) }),
  policy: (key) => {
    const html = createStoreSettings().policies[key];
    return Promise.resolve(
      html
        ? { policy: { key, title: POLICY_PAGES[key].title, html, updated_at: null } }
        : undefined,
    );
  },
};

/** How a page would mention instalments: '3x sem juros', 'Parcele', '3x de R$ 29,97'. */
const INSTALMENT_WORDS = /sem juros|parcel|\d+x de|até \d+x/i;

describe('renderPage (the server renderer)', () => {
  it('renders a product page from the catalogue, without a browser', async () => {
    const page = await renderPage('/produto/7', { data, sandbox: false });
    expect(page?.html).toContain('Argola Segmentada Titânio');
    expect(page?.html).toContain('R$ 89,90');
    // The cache goes to the browser with the product in it.
    expect(JSON.stringify(page?.state)).toContain('Argola Segmentada Titânio');
  });

  it('renders the approved reviews with their mean beside the title, and hands them to the browser', async () => {
    const page = await renderPage('/produto/7', { data, sandbox: false });
    const html = page?.html ?? '';
    // The mean and count right under the heading, a link to the reviews below.
    expect(html).toMatch(
      /<\/h1><div[^>]*><a href="#avaliacoes"[^>]*><span role="img" aria-label="Nota 4,5 de 5"/,
    );
    expect(html).toContain('(2 avaliações)');
    expect(html).toMatch(/<h2 id="avaliacoes-titulo"[^>]*>Avaliações<\/h2>/);
    expect(html).toContain('Não pesa nada, uso todo dia.');
    expect(html).toContain('Marina');
    expect(html).toContain('Resposta da loja');
    expect(html).toContain('Obrigada, Marina!');
    expect(page?.state.map((entry) => entry.queryKey)).toContainEqual([
      'products',
      'reviews',
      7,
      1,
    ]);

    const none = (await renderPage('/produto/8', { data, sandbox: false }))?.html ?? '';
    expect(none).toContain('Este produto ainda não tem avaliações.');
    expect(none).not.toContain('Nota ');
  });

  it('renders the variant a shared link names already chosen, with its price and picture', async () => {
    const page = await renderPage('/produto/9?variante=CLK-8', { data, sandbox: false });
    const html = page?.html ?? '';
    expect(html).toMatch(/<button[^>]*role="radio"[^>]*aria-checked="true"[^>]*>8 mm</);
    expect(html).toMatch(/<button[^>]*role="radio"[^>]*aria-checked="false"[^>]*>6 mm</);
    expect(html).toContain('R$ 120,00');
    expect(html).toContain('Últimas 2 unidades');
    expect(html).toMatch(
      /<img[^>]*src="\/product-images\/clicker-8.svg"[^>]*fetchPriority="high"/i,
    );
  });

  it('renders a product of several variants with nothing chosen when the link names none', async () => {
    const html = (await renderPage('/produto/9', { data, sandbox: false }))?.html ?? '';
    expect(html).not.toContain('aria-checked="true"');
    expect(html).toContain('R$ 100,00');
  });

  it('renders the home page with its carousel products', async () => {
    const page = await renderPage('/', { data, sandbox: true });
    expect(page?.html).toContain('Joias em destaque');
    expect(page?.html).toContain('Labret Cristal');
    expect(page?.html).toContain('Loja em modo de teste: pagamentos simulados');
  });

  it('renders a category listing with its products', async () => {
    const page = await renderPage('/categorias?categoria=boca', { data, sandbox: false });
    expect(page?.html).toContain('Labret Cristal');
    expect(page?.html).not.toContain('Argola Segmentada Titânio');
  });

  it('renders a category listing filtered by the option values of its address', async () => {
    const asked: unknown[] = [];
    const filtered: StorefrontData = {
      ...data,
      products: (query) => {
        asked.push(query.opcao);
        return Promise.resolve({
          ...listOf(products.filter((p) => p.category === query.category)),
          option_facets: [{ name: 'Diâmetro', values: [{ value: '6 mm', count: 1 }] }],
        });
      },
    };
    const page = await renderPage(
      '/categorias?categoria=boca&opcao=Di%C3%A2metro%3A6%20mm&opcao=sem-dois-pontos',
      { data: filtered, sandbox: false },
    );
    // Read as the page reads it: the malformed entry is dropped.
    expect(asked).toEqual([['Diâmetro:6 mm']]);
    expect(page?.html).toMatch(/<legend[^>]*>Diâmetro<\/legend>/);
    expect(page?.html).toMatch(/<input type="checkbox"[^>]*checked=""[^>]*\/>.*6 mm/);
    expect(page?.state.map((entry) => entry.queryKey)).toContainEqual([
      'products',
      'list',
      { category: 'boca', opcao: ['Diâmetro:6 mm'], pages: 'all' },
    ]);
  });

  it('renders the product listing', async () => {
    const page = await renderPage('/produtos?search=argola', { data, sandbox: false });
    expect(page?.html).toContain('Resultados para');
    expect(page?.html).toContain('Argola Segmentada Titânio');
  });

  it('renders an unknown product as the not-found page, with its heading, and tells the browser', async () => {
    const page = await renderPage('/produto/999999', { data, sandbox: false });
    expect(page?.html).toMatch(/<h1[^>]*>Produto não encontrado<\/h1>/);
    // The browser hydrates the same page instead of a skeleton waiting for its own 404.
    expect(page?.state).toContainEqual({
      queryKey: ['products', 'detail', 999999],
      data: null,
    });
  });

  it.each(['/', '/produtos', '/produto/7', '/categorias?categoria=boca'])(
    'promises no instalments on %s while no card payment method is configured',
    async (url) => {
      const page = await renderPage(url, { data, sandbox: false });
      expect(page?.html).toContain('no PIX');
      expect(page?.html).not.toMatch(INSTALMENT_WORDS);
    },
  );

  it("renders the seller's identity in every page's footer, from the shop's settings", async () => {
    const html = (await renderPage('/', { data, sandbox: false }))?.html ?? '';
    const footer = /<footer[\s\S]*<\/footer>/.exec(html)?.[0] ?? '';
    expect(footer).toContain('Lumina Joias Ltda · CNPJ 11.222.333/0001-81');
    expect(footer).toContain(
      'Avenida Paulista, 1000, Sala 1 - Bela Vista - São Paulo/SP - CEP 01310-100',
    );
    expect(footer).toContain('href="mailto:sac@lumina.com.br"');
    expect(footer).toContain('href="https://wa.me/5511987654321"');
    expect(footer).toContain('href="/termos-de-uso"');
    expect(footer).not.toContain('href="/politica-de-envio"');
  });

  it('renders a written policy page with its text, and hands the browser the policy', async () => {
    const page = await renderPage('/trocas-e-devolucoes', { data, sandbox: false });
    const html = page?.html ?? '';
    expect(html).toMatch(/<h1[^>]*>Trocas e devoluções<\/h1>/);
    expect(html).toContain('<p><strong>7 dias</strong></p>');
    expect(page?.state).toContainEqual({
      queryKey: ['store', 'policies', 'returns'],
      data: {
        policy: {
          key: 'returns',
          title: 'Trocas e devoluções',
          html: '<p><strong>7 dias</strong></p>',
          updated_at: null,
        },
      },
    });
  });

  it('renders a policy not written as the not-found page', async () => {
    const page = await renderPage('/politica-de-envio', { data, sandbox: false });
    expect(page?.html).toMatch(/<h1[^>]*>Página não encontrada<\/h1>/);
    expect(page?.state).toContainEqual({
      queryKey: ['store', 'policies', 'shipping'],
      data: null,
    });
  });

  it("renders the home page with the store settings' money rules", async () => {
    const withRules = (settings: Parameters<typeof createStoreSettings>[0]): StorefrontData => ({
      ...data,
      store: () => ({ store: publicStoreJson(createStoreSettings(settings)) }),
    });
    const defaults = (await renderPage('/', { data, sandbox: false }))?.html ?? '';
    expect(defaults).toContain('5% de desconto no PIX');
    expect(defaults).toContain('Frete grátis a partir de R$ 299');

    // The footer is the shop's identity's own (wired apart): the page above it is checked.
    const aboveFooter = (page: Awaited<ReturnType<typeof renderPage>>) =>
      (page?.html ?? '').split('<footer')[0] ?? '';
    const other = withRules({ pix_discount_percent: 10, free_shipping_threshold: '150,00' });
    const html = aboveFooter(await renderPage('/', { data: other, sandbox: false }));
    expect(html).toContain('10% de desconto no PIX');
    expect(html).toContain('Frete grátis a partir de R$ 150');
    expect(html).not.toContain('5% de desconto');
    expect(html).not.toContain('R$ 299');

    const none = withRules({ pix_discount_percent: 0, free_shipping_threshold: null });
    const bare = aboveFooter(await renderPage('/', { data: none, sandbox: false }));
    expect(bare).not.toMatch(/de desconto|Frete grátis|frete grátis/);
  });

  it("renders a product page with the PIX price of the settings' discount", async () => {
    const tenPercent: StorefrontData = {
      ...data,
      store: () => ({ store: publicStoreJson(createStoreSettings({ pix_discount_percent: 10 })) }),
    };
    const html = (await renderPage('/produto/7', { data: tenPercent, sandbox: false }))?.html ?? '';
    // R$ 89,90 less 10%.
    expect(html).toContain('R$ 80,91');
    expect(html).toContain('10% de desconto');
  });
});
