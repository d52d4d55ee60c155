/**
 * Draws every picture of the demo catalogue into apps/web/public: the product images referenced
 * by DEMO_PRODUCTS, the four home banners and the six category tiles. The output is committed, so
 * run this again after changing products.ts or jewelry-art.ts:
 *
 *   npx tsx apps/api/scripts/draw-demo-images.ts
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { CategorySlug } from '@lumina/shared/catalog/categories';
import {
  renderJewelryArt,
  renderJewelryPiece,
  shadowFilter,
  type JewelryArtOptions,
} from '../src/modules/catalog/demo/jewelry-art.ts';
import { DEMO_PRODUCT_IMAGES } from '../src/modules/catalog/demo/products.ts';

const publicDir = fileURLToPath(new URL('../../web/public/', import.meta.url));

interface Banner {
  headline: string;
  subline: string;
  label: string;
  background: [string, string];
  ink: string;
  accent: string;
  pieces: { art: JewelryArtOptions; x: number; y: number; scale: number; rotate: number }[];
}

const BANNERS: Banner[] = [
  {
    label: 'COLEÇÃO TITÂNIO',
    headline: 'Novidades em titânio',
    subline: 'Cores anodizadas, hipoalergênicas e livres de níquel',
    background: ['#1b2a4a', '#0d1528'],
    ink: '#f5f1ea',
    accent: '#9cc3f5',
    pieces: [
      {
        art: { kind: 'captive-bead-ring', metal: 'titanium-blue', gem: 'sapphire' },
        x: 1010,
        y: 300,
        scale: 0.62,
        rotate: -12,
      },
      {
        art: { kind: 'curved-barbell', metal: 'titanium-rainbow' },
        x: 1290,
        y: 190,
        scale: 0.5,
        rotate: 18,
      },
      {
        art: { kind: 'clicker', metal: 'titanium-gold', gem: 'zirconia' },
        x: 1330,
        y: 420,
        scale: 0.46,
        rotate: 8,
      },
    ],
  },
  {
    label: 'PAGAMENTO INSTANTÂNEO',
    headline: '5% de desconto no PIX',
    subline: 'Pague com PIX e economize em qualquer peça da loja',
    background: ['#f7f0e6', '#e4d5c0'],
    ink: '#2b2119',
    accent: '#a27a3c',
    pieces: [
      {
        art: { kind: 'septum-clicker', metal: 'steel', gem: 'zirconia' },
        x: 1080,
        y: 300,
        scale: 0.6,
        rotate: -8,
      },
      {
        art: { kind: 'labret', metal: 'gold-18k', gem: 'emerald' },
        x: 1350,
        y: 300,
        scale: 0.56,
        rotate: 10,
      },
    ],
  },
  {
    label: 'PARA TODO O BRASIL',
    headline: 'Frete grátis a partir de R$ 299',
    subline: 'Envio pelos Correios (PAC) com código de rastreio',
    background: ['#f8e9e5', '#e7c7c0'],
    ink: '#3a1f1c',
    accent: '#b8707f',
    pieces: [
      {
        art: { kind: 'navel-dangle', metal: 'rose-gold', gem: 'ruby' },
        x: 1120,
        y: 300,
        scale: 0.66,
        rotate: 6,
      },
      {
        art: { kind: 'nose-ring', metal: 'titanium-rose', gem: 'zirconia' },
        x: 1370,
        y: 330,
        scale: 0.5,
        rotate: -14,
      },
    ],
  },
  {
    label: 'JOALHERIA',
    headline: 'Ouro 18k para seu piercing',
    subline: 'Peças maciças, com estojo e certificado de garantia',
    background: ['#2b241d', '#0f0c0a'],
    ink: '#f6ead0',
    accent: '#e2bf6a',
    pieces: [
      { art: { kind: 'segment-ring', metal: 'gold-18k' }, x: 1060, y: 310, scale: 0.6, rotate: 0 },
      {
        art: { kind: 'nose-stud', metal: 'gold-18k', gem: 'ruby' },
        x: 1300,
        y: 250,
        scale: 0.48,
        rotate: -10,
      },
      {
        art: { kind: 'labret', metal: 'gold-18k', gem: 'zirconia' },
        x: 1420,
        y: 380,
        scale: 0.42,
        rotate: 12,
      },
    ],
  },
];

function renderBanner(banner: Banner): string {
  const defs: string[] = [shadowFilter('s', 8)];
  const scene = banner.pieces
    .map((piece, index) => {
      const id = `p${index}`;
      const drawn = renderJewelryPiece(piece.art, id);
      defs.push(drawn.defs, `<g id="${id}">${drawn.body}</g>`);
      const place = `translate(${piece.x} ${piece.y}) rotate(${piece.rotate}) scale(${piece.scale}) translate(-400 -400)`;
      return `<use href="#${id}" transform="${place} translate(14 26)" filter="url(#s)"/><use href="#${id}" transform="${place}"/>`;
    })
    .join('');
  const [from, to] = banner.background;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 600" width="1600" height="600">` +
    `<defs><radialGradient id="bg" cx=".72" cy=".5" r=".8"><stop stop-color="${from}"/><stop offset="1" stop-color="${to}"/></radialGradient>${defs.join('')}</defs>` +
    `<rect width="1600" height="600" fill="url(#bg)"/>` +
    `<circle cx="1200" cy="300" r="250" fill="${banner.accent}" opacity=".08"/>` +
    `<g fill="${banner.ink}">` +
    `<text x="120" y="218" font-family="sans-serif" font-size="22" letter-spacing="6" fill="${banner.accent}">${banner.label}</text>` +
    `<text x="116" y="310" font-family="serif" font-size="68">${banner.headline}</text>` +
    `<rect x="120" y="346" width="90" height="3" fill="${banner.accent}"/>` +
    `<text x="120" y="406" font-family="sans-serif" font-size="28" opacity=".85">${banner.subline}</text>` +
    `</g>${scene}</svg>`
  );
}

const CATEGORY_ART: Record<CategorySlug, JewelryArtOptions> = {
  orelha: { kind: 'clicker', metal: 'titanium-gold', gem: 'zirconia', seed: 3 },
  boca: { kind: 'labret', metal: 'steel', gem: 'zirconia', seed: 5 },
  nariz: { kind: 'septum-clicker', metal: 'silver-925', seed: 2 },
  sobrancelha: { kind: 'curved-barbell', metal: 'titanium-rainbow', seed: 8 },
  umbigo: { kind: 'navel-dangle', metal: 'gold-18k', gem: 'zirconia', seed: 4 },
  mamilo: { kind: 'nipple-shield', metal: 'steel', seed: 6 },
};

/** Writes the files of one folder and removes the SVGs it no longer has, so nothing stale ships. */
function writeFolder(folder: string, files: Map<string, string>): number {
  const dir = `${publicDir}${folder}/`;
  mkdirSync(dir, { recursive: true });
  for (const name of readdirSync(dir)) {
    if (name.endsWith('.svg') && !files.has(name)) rmSync(`${dir}${name}`);
  }
  for (const [name, svg] of files) writeFileSync(`${dir}${name}`, svg);
  return files.size;
}

const productFiles = new Map(
  DEMO_PRODUCT_IMAGES.map(({ path, art }) => [
    path.replace('/product-images/', ''),
    renderJewelryArt(art),
  ]),
);
const bannerFiles = new Map(
  BANNERS.map((banner, i) => [`banner-${i + 1}.svg`, renderBanner(banner)]),
);
const categoryFiles = new Map(
  Object.entries(CATEGORY_ART).map(([slug, art]) => [`${slug}.svg`, renderJewelryArt(art, 600)]),
);

const written =
  writeFolder('product-images', productFiles) +
  writeFolder('banners', bannerFiles) +
  writeFolder('categories', categoryFiles);
console.log(`Wrote ${written} pictures under ${publicDir}`);
