/**
 * Draws every picture of the demo catalogue and saves it as WebP, as a shop's photos are: the
 * product photos referenced by DEMO_PRODUCTS into apps/api/demo-photos (the seed stores them as
 * uploaded photos), the four home banners and the six category tiles into apps/web/public. Vector
 * pictures would cost the phone's main thread a document, a layout and a paint each.
 * The output is committed, so run this again after changing products.ts or jewelry-art.ts
 * (about 30 s):
 *
 *   npx tsx apps/api/scripts/draw-demo-images.ts
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CategorySlug } from '@lumina/shared/catalog/categories';
import {
  PRODUCT_PHOTO_COPY_WIDTHS,
  PRODUCT_PHOTO_PAGE_WIDTH,
} from '@lumina/shared/catalog/product-images';
import sharp from 'sharp';
import {
  renderJewelryArt,
  renderJewelryPiece,
  shadowFilter,
  type JewelryArtOptions,
} from '../src/modules/catalog/demo/jewelry-art.ts';
import {
  DEMO_PHOTO_SOURCES_FILE,
  DEMO_PHOTO_SVG_SIZE,
  DEMO_PHOTOS_DIR,
  demoPhotoSourceHash,
} from '../src/modules/catalog/demo/photos.ts';
import { DEMO_PRODUCT_IMAGES } from '../src/modules/catalog/demo/products.ts';
import {
  BANNER_PHONE_HEIGHT,
  BANNER_PHONE_WIDTH,
  HOME_BANNERS,
} from '@lumina/shared/storefront/home-banners';
import { HOME_PREVIEW_IMAGE } from '../src/modules/storefront/preview-image.ts';

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

/** The banner's jewellery, each piece drawn once and used twice (its shadow and itself). */
function renderPieces(banner: Banner): { defs: string; scene: string } {
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
  return { defs: defs.join(''), scene };
}

function backgroundDefs(banner: Banner, centreX: number): string {
  const [from, to] = banner.background;
  return `<radialGradient id="bg" cx="${centreX}" cy=".5" r=".8"><stop stop-color="${from}"/><stop offset="1" stop-color="${to}"/></radialGradient>`;
}

function renderBanner(banner: Banner): string {
  const { defs, scene } = renderPieces(banner);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 600" width="1600" height="600">` +
    `<defs>${backgroundDefs(banner, 0.72)}${defs}</defs>` +
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

/** Words packed into lines of at most `width` characters (a longer word keeps a line of its own). */
function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= width)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/**
 * What a phone shows (4:3, BANNER_PHONE_WIDTH × BANNER_PHONE_HEIGHT): the desktop banner's left
 * part would cut its one-line headline and subline mid-word and leave the jewellery out, so the
 * phone gets the same texts wrapped to its width and the pieces smaller, under the text.
 */
function renderPhoneBanner(banner: Banner): string {
  const { defs, scene } = renderPieces(banner);
  const headline = wrapWords(banner.headline, 20);
  const subline = wrapWords(banner.subline, 34);
  const headlineTop = 172;
  const ruleY = headlineTop + (headline.length - 1) * 66 + 34;
  const sublineTop = ruleY + 52;
  const tspans = (lines: string[], x: number, step: number) =>
    lines.map((line, i) => `<tspan x="${x}" dy="${i === 0 ? 0 : step}">${line}</tspan>`).join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${BANNER_PHONE_WIDTH} ${BANNER_PHONE_HEIGHT}" width="${BANNER_PHONE_WIDTH}" height="${BANNER_PHONE_HEIGHT}">` +
    `<defs>${backgroundDefs(banner, 0.75)}${defs}</defs>` +
    `<rect width="${BANNER_PHONE_WIDTH}" height="${BANNER_PHONE_HEIGHT}" fill="url(#bg)"/>` +
    `<circle cx="640" cy="470" r="190" fill="${banner.accent}" opacity=".08"/>` +
    `<g fill="${banner.ink}">` +
    `<text x="64" y="100" font-family="sans-serif" font-size="22" letter-spacing="6" fill="${banner.accent}">${banner.label}</text>` +
    `<text x="60" y="${headlineTop}" font-family="serif" font-size="60">${tspans(headline, 60, 66)}</text>` +
    `<rect x="64" y="${ruleY}" width="90" height="3" fill="${banner.accent}"/>` +
    `<text x="64" y="${sublineTop}" font-family="sans-serif" font-size="28" opacity=".85">${tspans(subline, 64, 38)}</text>` +
    `</g><g transform="translate(190 370) scale(.4)">${scene}</g></svg>`
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

/**
 * The drawing as a WebP picture `width` pixels wide, rendered from its vector at that size, at the
 * quality the admin panel stores uploads with (80) unless told.
 */
function toWebp(svg: string, svgWidth: number, width: number, quality = 80): Promise<Buffer> {
  return sharp(Buffer.from(svg), { density: (72 * width) / svgWidth })
    .resize({ width })
    .webp({ quality, effort: 6 })
    .toBuffer();
}

/** Writes the files of one folder and removes the pictures it no longer has, so nothing stale ships. */
function writeFolder(dir: string, files: Map<string, Buffer | string>): number {
  mkdirSync(dir, { recursive: true });
  for (const name of readdirSync(dir)) {
    if (/\.(svg|webp|jpg)$/.test(name) && !files.has(name)) rmSync(join(dir, name));
  }
  for (const [name, bytes] of files) writeFileSync(join(dir, name), bytes);
  return files.size;
}

// Product photos: as the admin panel stores an upload (page width and its copies), plus the hash of the
// drawing each was made from, by which a test finds a photo that was not drawn again.
const productFiles = new Map<string, Buffer | string>();
const sources: Record<string, string> = {};
for (const { name, art } of DEMO_PRODUCT_IMAGES) {
  const svg = renderJewelryArt(art, DEMO_PHOTO_SVG_SIZE);
  productFiles.set(
    `${name}.webp`,
    await toWebp(svg, DEMO_PHOTO_SVG_SIZE, PRODUCT_PHOTO_PAGE_WIDTH),
  );
  for (const width of PRODUCT_PHOTO_COPY_WIDTHS) {
    productFiles.set(`${name}-${width}.webp`, await toWebp(svg, DEMO_PHOTO_SVG_SIZE, width));
  }
  sources[name] = demoPhotoSourceHash(svg);
}
productFiles.set(DEMO_PHOTO_SOURCES_FILE, `${JSON.stringify(sources, null, 2)}\n`);

const bannerFiles = new Map<string, Buffer>();
for (const [i, banner] of BANNERS.entries()) {
  // The first banner is the home page's largest paint on a phone's slow link: 60 keeps its text
  // sharp at three quarters of the bytes of 80 (19 KB against 26 KB).
  bannerFiles.set(`banner-${i + 1}.webp`, await toWebp(renderBanner(banner), 1600, 1600, 60));
  // A phone shows a 4:3 picture (banner-carousel.tsx): its own drawing, for half the bytes.
  bannerFiles.set(
    HOME_BANNERS[i]!.phoneSrc.replace('/banners/', ''),
    await toWebp(renderPhoneBanner(banner), BANNER_PHONE_WIDTH, BANNER_PHONE_WIDTH, 60),
  );
}
// The home page's link preview: WhatsApp shows a JPEG, not a WebP.
bannerFiles.set(
  HOME_PREVIEW_IMAGE.path.replace('/banners/', ''),
  await sharp(Buffer.from(renderBanner(BANNERS[0]!)), {
    density: (72 * HOME_PREVIEW_IMAGE.width) / 1600,
  })
    .resize({ width: HOME_PREVIEW_IMAGE.width })
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer(),
);
const categoryFiles = new Map<string, Buffer>();
for (const [slug, art] of Object.entries(CATEGORY_ART)) {
  categoryFiles.set(`${slug}.webp`, await toWebp(renderJewelryArt(art, 600), 600, 600));
}

rmSync(join(publicDir, 'product-images'), { recursive: true, force: true });
const written =
  writeFolder(DEMO_PHOTOS_DIR, productFiles) +
  writeFolder(join(publicDir, 'banners'), bannerFiles) +
  writeFolder(join(publicDir, 'categories'), categoryFiles);
console.log(`Wrote ${written} files under ${DEMO_PHOTOS_DIR} and ${publicDir}`);
