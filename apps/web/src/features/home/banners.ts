import { type Banner, homeBanners } from '@lumina/shared/storefront/home-banners';
import { useStore } from '../../lib/store-settings.ts';

export {
  BANNER_HEIGHT,
  BANNER_PHONE_HEIGHT,
  BANNER_PHONE_MEDIA,
  BANNER_PHONE_WIDTH,
  BANNER_WIDTH,
  type Banner,
} from '@lumina/shared/storefront/home-banners';

/** The home banners whose printed promises the store settings keep (homeBanners). */
export function useHomeBanners(): Banner[] {
  return homeBanners(useStore());
}
