import { productPhotoId } from '@lumina/shared/catalog/product-images';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { fileExists } from '../lib/file-exists.ts';
import { AppError } from './app-error.ts';
import { IMMUTABLE_CACHE } from './web-app.ts';

/**
 * Link previews. WhatsApp does not show an og:image in WebP, and the shop stores
 * every product photo as WebP. So a page's preview points at /uploads/share/{id}.jpg: the photo
 * as a JPEG of at most SHARE_IMAGE_SIZE pixels a side, on white. It is made from the stored photo
 * the first time a preview bot asks for it, then kept in DATA_DIR/uploads/share and served from
 * there. Photos keep their id for life, so the file never changes and may be cached for a year.
 */
export const SHARE_IMAGE_SIZE = 600;
const SHARE_PREFIX = '/uploads/share/';
const SHARE_FILE = /^([a-f0-9]{24})\.jpg$/;

export const SHARE_IMAGE_NOT_FOUND = 'Imagem não encontrada.';

/** The preview JPEG of a stored product photo, or null for an image the shop did not store. */
export function shareImageUrl(photoUrl: string): string | null {
  const id = productPhotoId(photoUrl);
  return id ? `${SHARE_PREFIX}${id}.jpg` : null;
}

export function shareImagePath(uploadsDir: string, imageId: string): string {
  return join(uploadsDir, 'share', `${imageId}.jpg`);
}

export function registerShareImages(app: FastifyInstance, uploadsDir: string): void {
  app.get<{ Params: { file: string } }>(`${SHARE_PREFIX}:file`, async (request, reply) => {
    const id = SHARE_FILE.exec(request.params.file)?.[1];
    const photo = id ? join(uploadsDir, 'products', `${id}.webp`) : null;
    if (!id || !photo || !(await fileExists(photo))) {
      throw new AppError('not_found', SHARE_IMAGE_NOT_FOUND, { code: 'image_not_found' });
    }
    const target = shareImagePath(uploadsDir, id);
    let bytes = await readFile(target).catch(() => null);
    if (!bytes) {
      // libvips (about 30 MB) loads with the first preview, as with the first upload.
      const { default: sharp } = await import('sharp');
      bytes = await sharp(photo)
        .resize({
          width: SHARE_IMAGE_SIZE,
          height: SHARE_IMAGE_SIZE,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 80, mozjpeg: true })
        .toBuffer();
      await mkdir(join(uploadsDir, 'share'), { recursive: true });
      // Written under a temporary name and renamed: a reader never sees half a file.
      const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, target);
    }
    return reply
      .header('cache-control', IMMUTABLE_CACHE)
      .header('x-content-type-options', 'nosniff')
      .type('image/jpeg')
      .send(bytes);
  });
}
