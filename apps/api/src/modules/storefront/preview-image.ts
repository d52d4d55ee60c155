/**
 * The home page's link-preview picture: the first banner as a JPEG (WhatsApp shows no WebP),
 * drawn with the banners by apps/api/scripts/draw-demo-images.ts into apps/web/public.
 */
export const HOME_PREVIEW_IMAGE = { path: '/banners/banner-1.jpg', width: 1200, height: 450 };
