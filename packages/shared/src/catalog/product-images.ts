/**
 * Product photos uploaded in the admin panel are stored as WebP in two sizes: the page size,
 * whose address goes into the product's `images`, and a smaller card size beside it.
 */
export const PRODUCT_PHOTO_DIR = '/uploads/products';
export const PRODUCT_PHOTO_PAGE_WIDTH = 1200;
export const PRODUCT_PHOTO_CARD_WIDTH = 480;
/** The largest photo file the panel accepts (JPEG, PNG or WebP, checked by content). */
export const PRODUCT_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PRODUCT_PHOTO_MAX_COUNT = 10;

const UPLOADED = /^\/uploads\/products\/([a-f0-9]{24})\.webp$/;

export function productPhotoUrl(imageId: string): string {
  return `${PRODUCT_PHOTO_DIR}/${imageId}.webp`;
}

/** The id of an uploaded photo from its address, or null for any other image. */
export function productPhotoId(url: string): string | null {
  return UPLOADED.exec(url)?.[1] ?? null;
}

/** The address a product card should load: the small size of an uploaded photo. */
export function cardImageUrl(url: string): string {
  const id = productPhotoId(url);
  return id ? `${PRODUCT_PHOTO_DIR}/${id}-${PRODUCT_PHOTO_CARD_WIDTH}.webp` : url;
}

/** `srcset` of an uploaded photo (card and page sizes); undefined for any other image. */
export function photoSrcSet(url: string): string | undefined {
  return productPhotoId(url)
    ? `${cardImageUrl(url)} ${PRODUCT_PHOTO_CARD_WIDTH}w, ${url} ${PRODUCT_PHOTO_PAGE_WIDTH}w`
    : undefined;
}

/** `sizes` of the product page's main picture: half the screen from 1024 px, else all of it. */
export const PRODUCT_PAGE_IMAGE_SIZES = '(min-width: 1024px) 50vw, 100vw';
