import { CATEGORY_LABELS, CATEGORY_SLUGS } from '@lumina/shared/catalog/categories';

export interface NavLink {
  label: string;
  to: string;
}

export const CATEGORY_LINKS: NavLink[] = CATEGORY_SLUGS.map((slug) => ({
  label: CATEGORY_LABELS[slug],
  to: `/categorias?categoria=${slug}`,
}));

export const HOME_LINK: NavLink = { label: 'Início', to: '/' };
export const PRODUCTS_LINK: NavLink = { label: 'Produtos', to: '/produtos' };
export const CATEGORIES_LINK: NavLink = { label: 'Todas as categorias', to: '/categorias' };
export const CONTACT_LINK: NavLink = { label: 'Contato', to: '/#contato' };
