import { productPhotoId } from '@lumina/shared/catalog/product-images';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { fileExists } from '../lib/file-exists.ts';
import { readFileIfPresent } from '../lib/read-file-if-present.ts';
import { createSingleFlight } from '../lib/single-flight.ts';
import { writeFileAtomically } from '../lib/write-file-atomically.ts';
import { AppError } from './app-error.ts';
import { createClientRateLimit } from './client-rate-limit.ts';
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
export const SHARE_IMAGE_TOO_MANY = 'Muitas requisições. Aguarde um momento e tente novamente.';

/** The preview JPEG of a stored product photo, or null for an image the shop did not store. */
export function shareImageUrl(photoUrl: string): string | null {
  const id = productPhotoId(photoUrl);
  return id ? `${SHARE_PREFIX}${id}.jpg` : null;
}

export function shareImagePath(uploadsDir: string, imageId: string): string {
  return join(uploadsDir, 'share', `${imageId}.jpg`);
}

/** The photo as a JPEG of at most SHARE_IMAGE_SIZE a side on white, kept for the next request. */
async function makeShareImage(photo: string, target: string): Promise<Buffer> {
  // libvips (about 30 MB) loads with the first preview, as with the first upload.
  const { default: sharp } = await import('sharp');
  const bytes = await sharp(photo)
    .resize({
      width: SHARE_IMAGE_SIZE,
      height: SHARE_IMAGE_SIZE,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer();
  await mkdir(dirname(target), { recursive: true });
  await writeFileAtomically(target, bytes);
  return bytes;
}

function notFound(): AppError {
  return new AppError('not_found', SHARE_IMAGE_NOT_FOUND, { code: 'image_not_found' });
}

/**
 * A preview is made once however many requests ask for it at the same moment (a link shared in a
 * group brings every member's phone at once): they share one sharp run. Each client may ask for
 * `rateLimitMax` previews a minute (PAGE_RATE_LIMIT_MAX), so made-up ids cannot keep sharp busy.
 */
export async function registerShareImages(
  app: FastifyInstance,
  uploadsDir: string,
  options: { rateLimitMax?: number } = {},
): Promise<void> {
  const renders = createSingleFlight<Buffer>();
  const limit = await createClientRateLimit(app, {
    group: 'share-image',
    max: options.rateLimitMax ?? 0,
  });

  app.get<{ Params: { file: string } }>(`${SHARE_PREFIX}:file`, async (request, reply) => {
    if (limit) {
      const check = await limit(request);
      if (check.exceeded) {
        reply.header('retry-after', String(check.retryAfterSeconds));
        throw new AppError('too_many_requests', SHARE_IMAGE_TOO_MANY, { code: 'rate_limited' });
      }
    }
    const id = SHARE_FILE.exec(request.params.file)?.[1];
    if (!id) throw notFound();
    const target = shareImagePath(uploadsDir, id);
    // A preview already made costs one file operation: reading it. The photo is looked for only
    // when the preview is missing.
    const bytes =
      (await readFileIfPresent(target)) ??
      (await renders.run(id, async () => {
        const photo = join(uploadsDir, 'products', `${id}.webp`);
        if (!(await fileExists(photo))) throw notFound();
        return makeShareImage(photo, target);
      }));
    return reply
      .header('cache-control', IMMUTABLE_CACHE)
      .header('x-content-type-options', 'nosniff')
      .type('image/jpeg')
      .send(bytes);
  });
}
