/** The four home banners (spec 000 section 2); images are drawn by the demo asset generator. */
export interface Banner {
  src: string;
  alt: string;
  to: string;
}

export const BANNER_WIDTH = 1600;
export const BANNER_HEIGHT = 600;

export const BANNERS: Banner[] = [
  {
    src: '/banners/banner-1.svg',
    alt: 'Nova coleção Lumina: argolas e labrets que brilham. Ver produtos',
    to: '/produtos',
  },
  {
    src: '/banners/banner-2.svg',
    alt: 'Pague com PIX e ganhe 5% de desconto em toda a loja',
    to: '/produtos',
  },
  {
    src: '/banners/banner-3.svg',
    alt: 'Frete grátis em compras a partir de R$ 299',
    to: '/produtos',
  },
  {
    src: '/banners/banner-4.svg',
    alt: 'Joias para orelha: argolas, tragus e helix. Ver categoria Orelha',
    to: '/categorias?categoria=orelha',
  },
];
