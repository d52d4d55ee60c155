import type { PriceRules } from '../catalog/pricing.ts';

/**
 * The four home banners (spec 000 section 2); pictures are drawn by apps/api/scripts/draw-demo-images.ts. The
 * server preloads the first one from the HTML (it is the home page's largest paint).
 */
export interface Banner {
  src: string;
  /** The same banner drawn at 4:3 for a phone's width, its texts wrapped (BANNER_PHONE_MEDIA). */
  phoneSrc: string;
  alt: string;
  to: string;
}

interface HomeBanner extends Banner {
  /** Whether the settings keep the promise drawn in the picture (a banner without one: always). */
  kept?: (rules: PriceRules) => boolean;
}

export const BANNER_WIDTH = 1600;
export const BANNER_HEIGHT = 600;
export const BANNER_PHONE_WIDTH = 800;
export const BANNER_PHONE_HEIGHT = 600;
/** Below Tailwind's `sm` the banner is shown at 4:3: `phoneSrc`, drawn for that shape. */
export const BANNER_PHONE_MEDIA = '(width < 40rem)';
/** The screens that show the whole banner (what BANNER_PHONE_MEDIA leaves). */
export const BANNER_WIDE_MEDIA = '(width >= 40rem)';

export const HOME_BANNERS = [
  {
    src: '/banners/banner-1.webp',
    phoneSrc: '/banners/banner-1-phone.webp',
    alt: 'Coleção titânio: novidades em titânio, com cores anodizadas, hipoalergênicas e livres de níquel',
    to: `/produtos?search=${encodeURIComponent('titânio')}`,
  },
  {
    src: '/banners/banner-2.webp',
    phoneSrc: '/banners/banner-2-phone.webp',
    alt: '5% de desconto no PIX: pague com PIX e economize em qualquer peça da loja',
    to: '/produtos',
    kept: (rules) => rules.pix_discount_percent === 5,
  },
  {
    src: '/banners/banner-3.webp',
    phoneSrc: '/banners/banner-3-phone.webp',
    alt: 'Frete grátis a partir de R$ 299 para todo o Brasil, pelos Correios (PAC) com código de rastreio',
    to: '/produtos',
    kept: (rules) => rules.free_shipping_threshold_cents === 29_900,
  },
  {
    src: '/banners/banner-4.webp',
    phoneSrc: '/banners/banner-4-phone.webp',
    alt: 'Ouro 18k para seu piercing: peças maciças, com estojo e certificado de garantia',
    to: '/produtos?search=ouro',
  },
] as const satisfies readonly HomeBanner[];

/**
 * The banners a shopper sees: the pictures print '5%' and 'R$ 299', so a banner whose promise the
 * settings do not make (another percentage, another threshold or none) is left out rather than
 * promise what the shop does not give. Without the settings (not arrived yet) none of those shows.
 */
export function homeBanners(rules: PriceRules | undefined): Banner[] {
  return HOME_BANNERS.filter((banner: HomeBanner) =>
    banner.kept ? rules !== undefined && banner.kept(rules) : true,
  ).map(({ src, phoneSrc, alt, to }) => ({ src, phoneSrc, alt, to }));
}
