import {
  PRODUCT_PHOTO_COPY_WIDTHS,
  PRODUCT_PHOTO_MAX_COUNT,
  PRODUCT_PHOTO_PAGE_WIDTH,
  PRODUCT_PHOTO_WEBP_QUALITY,
  photoCopyFileName,
  productPhotoId,
  productPhotoUrl,
} from '@lumina/shared/catalog/product-images';
import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { rowsOf } from '../../../db/raw-rows.ts';
import { products } from '../../../db/schema/products.ts';
import type { ProductReadRow } from '../../catalog/product-dto.ts';
import {
  createProductRows,
  productNotFound,
  recordProductChange,
  writeProduct,
} from '../../catalog/product-writes.ts';
import { AppError } from '../../../http/app-error.ts';
import { writeFileAtomically } from '../../../lib/write-file-atomically.ts';
import { shareImagePath } from '../../../http/share-images.ts';
import type { SecurityLog } from '../../security/security-log.ts';
import type { AdminActor } from '../orders/service.ts';

export const PHOTO_MESSAGES = {
  notAnImage: 'Arquivo inválido: envie uma foto JPEG, PNG ou WebP.',
  tooLarge: 'A foto deve ter no máximo 5 MB.',
  tooManyPixels: 'A foto é grande demais: use no máximo 40 megapixels.',
  missing: 'Escolha uma foto para enviar.',
  full: `O produto já tem ${PRODUCT_PHOTO_MAX_COUNT} fotos: remova uma antes de enviar outra.`,
  notFound: 'Foto não encontrada neste produto.',
} as const;

/** A decompression bomb stops at this many pixels instead of filling the memory. */
const MAX_INPUT_PIXELS = 40_000_000;

type PhotoFormat = 'jpeg' | 'png' | 'webp';

/** What the file's first bytes say it is; names and declared types are not trusted. */
export function sniffPhotoFormat(bytes: Uint8Array): PhotoFormat | null {
  const startsWith = (signature: number[], at = 0) =>
    bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);
  if (startsWith([0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith([0x52, 0x49, 0x46, 0x46]) && startsWith([0x57, 0x45, 0x42, 0x50], 8)) {
    return 'webp';
  }
  return null;
}

function notAnImage(cause?: unknown): AppError {
  return new AppError('unsupported_media_type', PHOTO_MESSAGES.notAnImage, {
    code: 'invalid_image',
    cause,
  });
}

/**
 * The photo re-encoded as WebP at the page width and each copy width (a product photo's unless
 * told), turned upright by its EXIF
 * orientation and stripped of its metadata (no camera, no GPS position goes out). Anything that
 * is not really a JPEG, PNG or WebP image, an SVG or an HTML file named .jpg included, is refused.
 */
export async function encodePhoto(
  bytes: Uint8Array,
  copyWidths: readonly number[] = PRODUCT_PHOTO_COPY_WIDTHS,
): Promise<{ page: Buffer; copies: { width: number; bytes: Buffer }[] }> {
  const sniffed = sniffPhotoFormat(bytes);
  if (!sniffed) throw notAnImage();
  // libvips costs the server about 30 MB from the moment it is loaded: only once a photo comes.
  const { default: sharp } = await import('sharp');
  const input = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
  let format: string | undefined;
  try {
    ({ format } = await input().metadata());
  } catch (error) {
    throw notAnImage(error);
  }
  if (format !== sniffed) throw notAnImage();
  const resized = (width: number) =>
    input()
      .rotate()
      .resize({ width, height: width, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: PRODUCT_PHOTO_WEBP_QUALITY })
      .toBuffer();
  try {
    const [page, ...copies] = await Promise.all(
      [PRODUCT_PHOTO_PAGE_WIDTH, ...copyWidths].map(resized),
    );
    return {
      page: page!,
      copies: copyWidths.map((width, i) => ({ width, bytes: copies[i]! })),
    };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new AppError('payload_too_large', PHOTO_MESSAGES.tooManyPixels, {
        code: 'image_too_large',
        cause: error,
      });
    }
    throw notAnImage(error);
  }
}

/**
 * Product photos (DESIGN.md: POST /api/products/{id}/images, DELETE .../images/{imageId}),
 * stored under DATA_DIR/uploads/products as `{id}.webp`, `{id}-480.webp` and `{id}-800.webp`
 * (product-images.ts; a photo stored before a width existed gets it on its first request, see
 * http/photo-copies.ts). Files are written
 * before the product row points at them and removed only when no row or order still does. The
 * files are this pipeline's; the product row is the catalogue's, written through its product rows.
 */
export function createProductPhotos(deps: {
  db: Db;
  uploadsDir: string;
  now: () => Date;
  securityLog: SecurityLog;
  onChange: () => void;
}) {
  const { db, now, securityLog } = deps;
  const dir = join(deps.uploadsDir, 'products');
  const files = (imageId: string) => [
    join(dir, `${imageId}.webp`),
    ...PRODUCT_PHOTO_COPY_WIDTHS.map((width) => join(dir, photoCopyFileName(imageId, width))),
    // Its link-preview JPEG, if a preview bot ever asked for one.
    shareImagePath(deps.uploadsDir, imageId),
  ];

  async function removeFiles(imageId: string): Promise<void> {
    await Promise.all(files(imageId).map((path) => rm(path, { force: true })));
  }

  /** Throws unless the product exists and has room for one more photo. */
  async function assertRoomForPhoto(productId: number): Promise<void> {
    const [product] = await db
      .select({ count: sql<number>`jsonb_array_length(${products.images})` })
      .from(products)
      .where(eq(products.id, productId));
    if (!product) throw productNotFound();
    if (product.count >= PRODUCT_PHOTO_MAX_COUNT) {
      throw new AppError('invalid_data', PHOTO_MESSAGES.full, { code: 'too_many_images' });
    }
  }

  return {
    async add(
      productId: number,
      bytes: Uint8Array,
      actor: AdminActor | null,
    ): Promise<ProductReadRow> {
      // Checked before the costly encoding; the append below is what decides.
      await assertRoomForPhoto(productId);
      const { page, copies } = await encodePhoto(bytes);
      const imageId = randomBytes(12).toString('hex');
      await mkdir(dir, { recursive: true });
      await writeFileAtomically(join(dir, `${imageId}.webp`), page);
      for (const copy of copies) {
        await writeFileAtomically(join(dir, photoCopyFileName(imageId, copy.width)), copy.bytes);
      }

      const url = productPhotoUrl(imageId);
      const row = await writeProduct(db, async (tx) => {
        const rows = createProductRows(tx);
        const appended = await rows.appendImage(productId, url, PRODUCT_PHOTO_MAX_COUNT, now());
        return appended ? productId : undefined;
      });
      if (!row) {
        await removeFiles(imageId);
        // Gone, or another upload took the last place meanwhile.
        await assertRoomForPhoto(productId);
        throw new AppError('invalid_data', PHOTO_MESSAGES.full, { code: 'too_many_images' });
      }
      deps.onChange();
      const what = actor ? 'Foto adicionada ao produto' : 'Foto trazida do Bling para o produto';
      await recordProductChange(securityLog, actor, `${what}: ${row.name} (${row.sku})`, {
        product_id: productId,
        image_id: imageId,
        bytes: bytes.length,
      });
      return row;
    },

    /** The files of a removed product's uploaded photos (no order held it, or it was retired). */
    async discard(urls: string[]): Promise<void> {
      const ids = urls.map(productPhotoId).filter((id): id is string => id !== null);
      await Promise.all(ids.map(removeFiles));
    },

    async remove(productId: number, imageId: string, actor: AdminActor): Promise<ProductReadRow> {
      const row = await writeProduct(db, async (tx) => {
        const rows = createProductRows(tx);
        const current = await rows.lock(productId);
        const kept = current.images.filter((url) => productPhotoId(url) !== imageId);
        if (kept.length === current.images.length) throw productNotFound(PHOTO_MESSAGES.notFound);
        await rows.setImages(productId, kept, now());
        return productId;
      });
      if (!row) throw productNotFound();
      // An order placed with this photo keeps showing it in the customer's history.
      const [ordered] = rowsOf<{ n: number }>(
        await db.execute(
          sql`select count(*)::integer as n from order_items where image_url = ${productPhotoUrl(imageId)}`,
        ),
      );
      if ((ordered?.n ?? 0) === 0) await removeFiles(imageId);
      deps.onChange();
      await recordProductChange(
        securityLog,
        actor,
        `Foto removida do produto: ${row.name} (${row.sku})`,
        {
          product_id: productId,
          image_id: imageId,
        },
      );
      return row;
    },
  };
}

export type ProductPhotos = ReturnType<typeof createProductPhotos>;
