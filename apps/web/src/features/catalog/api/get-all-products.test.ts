import { afterEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { createProduct } from '../testing/create-product.ts';
import { serveApi } from '../testing/render-with-client.tsx';
import { getAllProducts } from './get-all-products.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A catalogue of `total` products served 100 per page, as the API does. */
function serveCatalogue(total: number) {
  const all = Array.from({ length: total }, (_, index) =>
    createProduct({ id: index + 1, name: `Produto ${index + 1}` }),
  );
  return serveApi((url) => {
    if (url.pathname !== '/api/products') return undefined;
    const perPage = Number(url.searchParams.get('per_page'));
    const page = Number(url.searchParams.get('page'));
    return {
      body: {
        products: all.slice((page - 1) * perPage, page * perPage),
        total,
        page,
        per_page: perPage,
        total_pages: Math.ceil(total / perPage),
        sync_stats: { synced: 0, local_only: total, pending: 0 },
      },
    };
  });
}

describe('getAllProducts', () => {
  it('asks once for a catalogue of up to 100 products', async () => {
    const requests = serveCatalogue(42);
    const listing = await getAllProducts({ category: 'orelha', sort: 'price' });
    expect(listing.products).toHaveLength(42);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.searchParams.get('per_page')).toBe('100');
    expect(requests[0]?.searchParams.get('category')).toBe('orelha');
    expect(requests[0]?.searchParams.get('sort')).toBe('price');
  });

  it('pages through a larger catalogue, 100 at a time, keeping the order', async () => {
    const requests = serveCatalogue(250);
    const listing = await getAllProducts({ search: 'argola' });
    expect(listing.products.map((p) => p.id)).toEqual(Array.from({ length: 250 }, (_, i) => i + 1));
    expect(listing.total).toBe(250);
    expect(requests.map((url) => url.searchParams.get('page'))).toEqual(['1', '2', '3']);
    expect(requests.every((url) => url.searchParams.get('search') === 'argola')).toBe(true);
  });

  it('stops at the 999 products the storefront shows', async () => {
    const requests = serveCatalogue(1500);
    const listing = await getAllProducts({});
    expect(listing.products).toHaveLength(999);
    expect(requests).toHaveLength(10);
  });
});
