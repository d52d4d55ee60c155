/**
 * Product photos uploaded in the admin panel are stored as WebP in three sizes: the page size,
 * whose address goes into the product's `images`, and smaller copies beside it named by width.
 */
export const PRODUCT_PHOTO_DIR = '/uploads/products';
export const PRODUCT_PHOTO_PAGE_WIDTH = 1200;
export const PRODUCT_PHOTO_CARD_WIDTH = 480;
/**
 * The product page's main picture fills a phone's width: 412 CSS px at a device pixel ratio of
 * 1.75 is 721 pixels (a browser takes no candidate below that), which the page size would cover
 * with twice the bytes. Up to 2× on a 400 px phone.
 */
export const PRODUCT_PHOTO_PHONE_WIDTH = 800;
/** WebP quality of every stored size. */
export const PRODUCT_PHOTO_WEBP_QUALITY = 80;
/** The widths stored beside the page size, each as `{id}-{width}.webp`. */
export const PRODUCT_PHOTO_COPY_WIDTHS = [PRODUCT_PHOTO_CARD_WIDTH, PRODUCT_PHOTO_PHONE_WIDTH];
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

/** The file name of an uploaded photo's copy `width` pixels wide. */
export function photoCopyFileName(imageId: string, width: number): string {
  return `${imageId}-${width}.webp`;
}

/** The address a product card should load: the small size of an uploaded photo. */
export function cardImageUrl(url: string): string {
  const id = productPhotoId(url);
  return id ? `${PRODUCT_PHOTO_DIR}/${photoCopyFileName(id, PRODUCT_PHOTO_CARD_WIDTH)}` : url;
}

/** `srcset` of an uploaded photo (every stored width); undefined for any other image. */
export function photoSrcSet(url: string): string | undefined {
  const id = productPhotoId(url);
  if (!id) return undefined;
  const copies = PRODUCT_PHOTO_COPY_WIDTHS.map(
    (width) => `${PRODUCT_PHOTO_DIR}/${photoCopyFileName(id, width)} ${width}w`,
  );
  return [...copies, `${url} ${PRODUCT_PHOTO_PAGE_WIDTH}w`].join(', ');
}

/** `sizes` of the product page's main picture: half the screen from 1024 px, else all of it. */
export const PRODUCT_PAGE_IMAGE_SIZES = '(min-width: 1024px) 50vw, 100vw';
