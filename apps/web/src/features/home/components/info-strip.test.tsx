import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PromotionJson } from '@lumina/shared/promotions/coupon-schema';
import { storeQueryOptions } from '../../../lib/store-settings.ts';
import { seedStore } from '../../../lib/testing/store-fixture.ts';
import { InfoStrip } from './info-strip.tsx';

function titles(settings: Parameters<typeof seedStore>[1], promotions?: PromotionJson[]): string[] {
  const client = seedStore(new QueryClient(), settings);
  if (promotions) {
    client.setQueryData(storeQueryOptions().queryKey, (answer) =>
      answer ? { store: { ...answer.store, promotions } } : answer,
    );
  }
  const { unmount } = render(
    <QueryClientProvider client={client}>
      <InfoStrip />
    </QueryClientProvider>,
  );
  const found = screen
    .getAllByRole('listitem')
    .map((item) => item.querySelector('strong')?.textContent ?? '');
  unmount();
  return found;
}

describe('InfoStrip', () => {
  it('promises the defaults: 5% by PIX and free shipping from R$ 299, no instalments', () => {
    expect(titles({})).toEqual([
      '5% de desconto no PIX',
      'Frete grátis a partir de R$ 299',
      'Compra 100% segura',
    ]);
  });

  it('follows the settings: 2,5% and R$ 149,90', () => {
    expect(titles({ pix_discount_percent: 2.5, free_shipping_threshold: '149,90' })).toEqual([
      '2,5% de desconto no PIX',
      'Frete grátis a partir de R$ 149,90',
      'Compra 100% segura',
    ]);
  });

  it('leaves out a PIX discount of 0% and free shipping without a threshold', () => {
    expect(titles({ pix_discount_percent: 0 })).toEqual([
      'Frete grátis a partir de R$ 299',
      'Compra 100% segura',
    ]);
    expect(titles({ free_shipping_threshold: null })).toEqual([
      '5% de desconto no PIX',
      'Compra 100% segura',
    ]);
  });

  it('announces a live free-shipping promotion by its name, its conditions beside it', () => {
    const description = 'Frete grátis para SP e RJ. Pedido mínimo de R$ 150,00 em produtos.';
    const promotions: PromotionJson[] = [
      {
        id: 3,
        name: 'Frete grátis no Sudeste',
        kind: 'free_shipping',
        percent: 0,
        description,
        ends_at: null,
      },
    ];
    expect(titles({}, promotions)).toEqual([
      '5% de desconto no PIX',
      'Frete grátis a partir de R$ 299',
      'Frete grátis no Sudeste',
      'Compra 100% segura',
    ]);
  });
});
