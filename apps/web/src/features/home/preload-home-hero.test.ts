import { afterEach, describe, expect, it } from 'vitest';
import { BANNERS } from './banners.ts';
import { preloadHomeHero } from './preload-home-hero.ts';

function preloads() {
  return document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]');
}

describe('preloadHomeHero', () => {
  afterEach(() => {
    for (const link of preloads()) link.remove();
  });

  it('preloads the first banner on the home page', () => {
    preloadHomeHero('/');
    expect(preloads()).toHaveLength(1);
    expect(preloads()[0]!.getAttribute('href')).toBe(BANNERS[0]!.src);
  });

  it('does nothing on other pages', () => {
    preloadHomeHero('/produtos');
    expect(preloads()).toHaveLength(0);
  });
});
