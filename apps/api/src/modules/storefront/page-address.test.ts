import { describe, expect, it } from 'vitest';
import { pageAddress } from './page-address.ts';

describe('pageAddress of a category listing with the option filter', () => {
  it('keys the page on the canonical opcao entries', () => {
    const one = pageAddress(
      '/categorias?opcao=Cor%3APrata&categoria=Orelha&opcao=Di%C3%A2metro%3A8%20mm&z=1',
    );
    const other = pageAddress(
      '/categorias?categoria=orelha&opcao=Di%C3%A2metro%3A8%20mm&opcao=Cor%3APrata&opcao=Cor%3APrata',
    );
    expect(one).toEqual(other);
    expect(one.url).toBe(
      '/categorias?categoria=orelha&opcao=Cor%3APrata&opcao=Di%C3%A2metro%3A8+mm',
    );
  });

  it('drops malformed entries, so they land on the page already rendered', () => {
    expect(pageAddress('/categorias?categoria=orelha&opcao=Prata&opcao=%3Ax')).toEqual(
      pageAddress('/categorias?categoria=orelha'),
    );
    expect(pageAddress(`/categorias?opcao=Cor%3A${'x'.repeat(100)}`).url).toBe('/categorias');
  });

  it('keeps the filters of another list apart', () => {
    expect(pageAddress('/categorias?opcao=Cor%3APrata').key).not.toBe(
      pageAddress('/categorias?opcao=Cor%3ADourado').key,
    );
  });
});
