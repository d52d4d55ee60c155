/**
 * The home page's link-preview picture: the first banner as a JPEG (WhatsApp shows no WebP),
 * drawn with the banners by apps/api/scripts/draw-demo-images.ts into apps/web/public.
 */
export const HOME_PREVIEW_IMAGE = { path: '/banners/banner-1.jpg', width: 1200, height: 450 };

/**
 * The Organization logo of the home page's JSON-LD: search engines take a raster image of at least
 * 112 px, not an SVG. The favicon drawn once at 512 px with sharp
 * (`sharp('apps/web/public/favicon.svg', { density: 768 }).resize(512, 512).png()`).
 */
export const SHOP_LOGO_PNG = { path: '/logo.png', width: 512, height: 512 };
