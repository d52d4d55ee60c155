import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { seedStore } from '../../../lib/testing/store-fixture.ts';
import { InfoStrip } from './info-strip.tsx';

function titles(settings: Parameters<typeof seedStore>[1]): string[] {
  const client = seedStore(new QueryClient(), settings);
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
});
