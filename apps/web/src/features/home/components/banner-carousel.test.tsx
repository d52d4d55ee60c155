import { act, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PRICE_RULES } from '@lumina/shared/catalog/pricing';
import { BANNER_PHONE_MEDIA, homeBanners } from '@lumina/shared/storefront/home-banners';
import { BANNER_INTERVAL_MS, BannerCarousel } from './banner-carousel.tsx';

// The four banners of a shop whose settings keep every printed promise.
const BANNERS = homeBanners(DEFAULT_PRICE_RULES);

function activeSlide(): string | null {
  const slides = screen.getAllByRole('group', { hidden: true });
  const active = slides.filter((slide) => slide.getAttribute('aria-hidden') !== 'true');
  expect(active).toHaveLength(1);
  return active[0]!.getAttribute('aria-label');
}

function renderCarousel() {
  return render(
    <MemoryRouter>
      <BannerCarousel banners={BANNERS} />
    </MemoryRouter>,
  );
}

describe('BannerCarousel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows four banners, the first loaded eagerly with high priority', () => {
    renderCarousel();
    expect(BANNER_INTERVAL_MS).toBe(5000);
    expect(activeSlide()).toBe('1 de 4');
    const first = screen.getByRole('img', { name: BANNERS[0]!.alt });
    expect(first).toHaveAttribute('fetchpriority', 'high');
    expect(first).toHaveAttribute('loading', 'eager');
    expect(first).toHaveAttribute('width');
    expect(first).toHaveAttribute('height');
    expect(screen.getAllByRole('button', { name: /Ir para o banner/ })).toHaveLength(4);
  });

  it('gives a phone its own 4:3 picture of each banner', () => {
    const { container } = renderCarousel();
    const sources = [...container.querySelectorAll('picture > source')];
    expect(sources.map((source) => source.getAttribute('srcset'))).toEqual(
      BANNERS.map((banner) => banner.phoneSrc),
    );
    for (const source of sources) {
      expect(source).toHaveAttribute('media', BANNER_PHONE_MEDIA);
      expect(source).toHaveAttribute('width', '800');
      expect(source).toHaveAttribute('height', '600');
    }
  });

  it('has only the first banner fetched by the server-rendered page, the next one once it runs', () => {
    const html = renderToString(
      <MemoryRouter>
        <BannerCarousel banners={BANNERS} />
      </MemoryRouter>,
    );
    const loading = [...html.matchAll(/<img [^>]*loading="(\w+)"/g)].map((match) => match[1]);
    expect(loading).toEqual(['eager', 'lazy', 'lazy', 'lazy']);

    renderCarousel();
    const images = BANNERS.map((banner) =>
      screen.getByRole('img', { name: banner.alt, hidden: true }),
    );
    expect(images.map((image) => image.getAttribute('loading'))).toEqual([
      'eager',
      'eager',
      'lazy',
      'lazy',
    ]);
  });

  it('advances every 5 s and wraps around', () => {
    renderCarousel();
    act(() => {
      vi.advanceTimersByTime(4_999);
    });
    expect(activeSlide()).toBe('1 de 4');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(activeSlide()).toBe('2 de 4');
    // One act per interval: React renders (and arms the next timer) when each act ends.
    for (const expected of ['3 de 4', '4 de 4', '1 de 4']) {
      act(() => {
        vi.advanceTimersByTime(BANNER_INTERVAL_MS);
      });
      expect(activeSlide()).toBe(expected);
    }
  });

  it('moves with the previous and next buttons', () => {
    renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: 'Próximo banner' }));
    expect(activeSlide()).toBe('2 de 4');
    fireEvent.click(screen.getByRole('button', { name: 'Banner anterior' }));
    fireEvent.click(screen.getByRole('button', { name: 'Banner anterior' }));
    expect(activeSlide()).toBe('4 de 4');
    fireEvent.click(screen.getByRole('button', { name: 'Ir para o banner 3' }));
    expect(activeSlide()).toBe('3 de 4');
  });

  it('pauses while hovered and resumes with the time that was left', () => {
    renderCarousel();
    const region = screen.getByRole('region', { name: 'Destaques da loja' });
    act(() => {
      vi.advanceTimersByTime(3_000);
    });
    fireEvent.mouseEnter(region);
    act(() => {
      vi.advanceTimersByTime(20_000);
    });
    expect(activeSlide()).toBe('1 de 4');
    fireEvent.mouseLeave(region);
    act(() => {
      vi.advanceTimersByTime(2_000);
    });
    expect(activeSlide()).toBe('2 de 4');
  });

  it('stops and restarts with the pause button', () => {
    renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: 'Pausar carrossel' }));
    act(() => {
      vi.advanceTimersByTime(20_000);
    });
    expect(activeSlide()).toBe('1 de 4');
    fireEvent.click(screen.getByRole('button', { name: 'Retomar carrossel' }));
    act(() => {
      vi.advanceTimersByTime(BANNER_INTERVAL_MS);
    });
    expect(activeSlide()).toBe('2 de 4');
  });
});
