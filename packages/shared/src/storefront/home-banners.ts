/**
 * The four home banners (spec 000 section 2); pictures are drawn by apps/api/scripts/draw-demo-images.ts. The
 * server preloads the first one from the HTML (it is the home page's largest paint).
 */
export interface Banner {
  src: string;
  alt: string;
  to: string;
}

export const BANNER_WIDTH = 1600;
export const BANNER_HEIGHT = 600;

export const HOME_BANNERS = [
  {
    src: '/banners/banner-1.webp',
    alt: 'Coleção titânio: novidades em titânio, com cores anodizadas, hipoalergênicas e livres de níquel',
    to: `/produtos?search=${encodeURIComponent('titânio')}`,
  },
  {
    src: '/banners/banner-2.webp',
    alt: '5% de desconto no PIX: pague com PIX e economize em qualquer peça da loja',
    to: '/produtos',
  },
  {
    src: '/banners/banner-3.webp',
    alt: 'Frete grátis a partir de R$ 299 para todo o Brasil, pelos Correios (PAC) com código de rastreio',
    to: '/produtos',
  },
  {
    src: '/banners/banner-4.webp',
    alt: 'Ouro 18k para seu piercing: peças maciças, com estojo e certificado de garantia',
    to: '/produtos?search=ouro',
  },
] as const satisfies readonly Banner[];
