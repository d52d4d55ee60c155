import type { Banner } from '@lumina/shared/storefront/home-banners';
import { HOME_BANNERS } from '@lumina/shared/storefront/home-banners';

export { BANNER_HEIGHT, BANNER_WIDTH, type Banner } from '@lumina/shared/storefront/home-banners';

export const BANNERS: readonly Banner[] = HOME_BANNERS;
