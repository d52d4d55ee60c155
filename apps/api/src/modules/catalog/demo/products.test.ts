import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CATEGORY_SLUGS } from '@lumina/shared/catalog/categories';
import { PRODUCT_PHOTO_COPY_WIDTHS, productPhotoId } from '@lumina/shared/catalog/product-images';
import { describe, expect, it } from 'vitest';
import { sniffPhotoFormat } from '../../admin/catalog/photos.ts';
import { renderJewelryArt } from './jewelry-art.ts';
import {
  DEMO_PHOTO_SOURCES_FILE,
  DEMO_PHOTO_SVG_SIZE,
  DEMO_PHOTOS_DIR,
  demoPhotoId,
  demoPhotoSourceHash,
} from './photos.ts';
import { DEMO_PRODUCT_IMAGES, DEMO_PRODUCTS } from './products.ts';

const REDRAW = 'npx tsx apps/api/scripts/draw-demo-images.ts';
const listed = DEMO_PRODUCTS.filter((p) => p.active && p.display_status !== 'hidden');
const count = (predicate: (p: (typeof DEMO_PRODUCTS)[number]) => boolean) =>
  DEMO_PRODUCTS.filter(predicate).length;

describe('demo catalogue', () => {
  it('has at least 44 products with unique SKUs', () => {
    expect(DEMO_PRODUCTS.length).toBeGreaterThanOrEqual(44);
    const skus = DEMO_PRODUCTS.map((p) => p.sku);
    expect(new Set(skus).size).toBe(skus.length);
    for (const sku of skus) expect(sku).toMatch(/^LUM-[A-Z]{3}-\d{3}$/);
  });

  it('fills all six categories, each with two to four subcategories', () => {
    for (const slug of CATEGORY_SLUGS) {
      const inCategory = listed.filter((p) => p.category === slug);
      expect(inCategory.length, slug).toBeGreaterThanOrEqual(5);
      const subcategories = new Set(inCategory.map((p) => p.subcategory));
      expect(subcategories.size, slug).toBeGreaterThanOrEqual(2);
      expect(subcategories.size, slug).toBeLessThanOrEqual(4);
    }
  });

  it('mixes featured, hidden, inactive, sold-out and low-stock products', () => {
    expect(count((p) => p.display_status === 'featured')).toBeGreaterThanOrEqual(8);
    expect(count((p) => p.display_status === 'hidden')).toBeGreaterThanOrEqual(1);
    expect(count((p) => !p.active)).toBe(1);
    expect(count((p) => p.stock_quantity === 0)).toBeGreaterThanOrEqual(3);
    expect(count((p) => p.stock_quantity >= 1 && p.stock_quantity <= 10)).toBeGreaterThanOrEqual(6);
    expect(listed.filter((p) => p.stock_quantity === 0).length).toBeGreaterThanOrEqual(3);
  });

  it('prices in whole cents, with PIX and sale prices below the list price', () => {
    for (const p of DEMO_PRODUCTS) {
      expect(Number.isInteger(p.price_cents), p.sku).toBe(true);
      expect(p.price_cents, p.sku).toBeGreaterThanOrEqual(2990);
      expect(p.price_cents, p.sku).toBeLessThanOrEqual(48900);
      if (p.sale_price_cents !== null)
        expect(p.sale_price_cents, p.sku).toBeLessThan(p.price_cents);
      if (p.pix_price_cents !== null) {
        expect(Number.isInteger(p.pix_price_cents), p.sku).toBe(true);
        expect(p.pix_price_cents, p.sku).toBeLessThan(p.sale_price_cents ?? p.price_cents);
        // An explicit PIX price is a real discount, not a rounding: 5 to 20 % off.
        const off = 1 - p.pix_price_cents / p.price_cents;
        expect(off, p.sku).toBeGreaterThanOrEqual(0.05);
        expect(off, p.sku).toBeLessThanOrEqual(0.2);
      }
    }
    expect(count((p) => p.pix_price_cents !== null)).toBeGreaterThanOrEqual(8);
    expect(count((p) => p.pix_price_cents === null)).toBeGreaterThanOrEqual(8);
    expect(count((p) => p.sale_price_cents !== null)).toBeGreaterThanOrEqual(3);
  });

  it("covers every price range of the category page's filter", () => {
    const ranges = [
      [0, 5000],
      [5000, 10000],
      [10000, 15000],
      [15000, 20000],
      [20000, Infinity],
    ] as const;
    for (const [min, max] of ranges) {
      const byPrice = listed.filter((p) => p.price_cents >= min && p.price_cents <= max);
      const byShownPrice = listed.filter((p) => {
        const shown = p.sale_price_cents ?? p.price_cents;
        return shown >= min && shown <= max;
      });
      expect(byPrice.length, `${min}-${max}`).toBeGreaterThanOrEqual(2);
      expect(byShownPrice.length, `${min}-${max}`).toBeGreaterThanOrEqual(2);
    }
  });

  it("embeds the specs in the name, matching the product's sizes and measures", () => {
    const spec = /^(Tamanho|Medida|Espessura|Comprimento): (.+)$/;
    for (const p of DEMO_PRODUCTS) {
      const [title, specs] = p.name.split(' - ');
      expect(title, p.sku).toBeTruthy();
      expect(specs, p.sku).toBeTruthy();
      for (const part of (specs ?? '').split('; ')) {
        const match = spec.exec(part);
        expect(match, `${p.sku}: ${part}`).not.toBeNull();
        const [, label, value] = match ?? [];
        const options = label === 'Tamanho' || label === 'Comprimento' ? p.sizes : p.measures;
        expect(options, `${p.sku}: ${part}`).toContain(value);
      }
    }
  });

  it('describes the material in HTML, with care guidance on most products', () => {
    for (const p of DEMO_PRODUCTS) {
      expect(p.description, p.sku).toMatch(/^<p>.+<\/p><ul>(<li>[^<]+<\/li>)+<\/ul>$/);
      expect(p.description, p.sku).toMatch(
        /Aço cirúrgico 316L|Titânio ASTM F-136|Ouro (rosé )?18k|Prata 925/,
      );
    }
    expect(count((p) => p.complementary_description !== null)).toBeGreaterThanOrEqual(40);
    expect(count((p) => p.variations.length > 0)).toBeGreaterThanOrEqual(3);
  });

  it('spreads creation dates over six months', () => {
    const days = DEMO_PRODUCTS.map((p) => p.created_days_ago);
    for (const d of days) expect(d >= 1 && d <= 180).toBe(true);
    expect(Math.min(...days)).toBeLessThanOrEqual(5);
    expect(Math.max(...days)).toBeGreaterThanOrEqual(150);
  });

  it('refers to one to three photos, each drawn, committed in every width and up to date', () => {
    const sources = JSON.parse(
      readFileSync(join(DEMO_PHOTOS_DIR, DEMO_PHOTO_SOURCES_FILE), 'utf8'),
    ) as Record<string, string>;
    const drawn = new Map(DEMO_PRODUCT_IMAGES.map((image) => [image.path, image]));
    for (const p of DEMO_PRODUCTS) {
      expect(p.images.length, p.sku).toBeGreaterThanOrEqual(1);
      expect(p.images.length, p.sku).toBeLessThanOrEqual(3);
      for (const [index, path] of p.images.entries()) {
        const image = drawn.get(path);
        expect(image, path).toBeDefined();
        if (!image) continue;
        expect(image.name).toBe(`${p.sku.toLowerCase()}-${index + 1}`);
        // Stored like an upload: the page size and its copies, srcset and all.
        expect(productPhotoId(path)).toBe(demoPhotoId(image.name));
        for (const file of [
          `${image.name}.webp`,
          ...PRODUCT_PHOTO_COPY_WIDTHS.map((width) => `${image.name}-${width}.webp`),
        ]) {
          const bytes = readFileSync(join(DEMO_PHOTOS_DIR, file));
          expect(sniffPhotoFormat(bytes), file).toBe('webp');
        }
        const svg = renderJewelryArt(image.art, DEMO_PHOTO_SVG_SIZE);
        expect(sources[image.name], `${image.name} is stale: run ${REDRAW}`).toBe(
          demoPhotoSourceHash(svg),
        );
      }
    }
    expect(drawn.size).toBe(DEMO_PRODUCTS.flatMap((p) => p.images).length);
    expect(Object.keys(sources).length, `photos of removed products: run ${REDRAW}`).toBe(
      drawn.size,
    );
  });
});
