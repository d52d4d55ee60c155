import {
  PRODUCT_PHOTO_COPY_WIDTHS,
  PRODUCT_PHOTO_DIR,
  PRODUCT_PHOTO_WEBP_QUALITY,
  photoCopyFileName,
} from '@lumina/shared/catalog/product-images';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { fileExists } from '../lib/file-exists.ts';
import { readFileIfPresent } from '../lib/read-file-if-present.ts';
import { createSingleFlight } from '../lib/single-flight.ts';
import { writeFileAtomically } from '../lib/write-file-atomically.ts';
import { AppError } from './app-error.ts';
import { IMMUTABLE_CACHE } from './web-app.ts';

export const PHOTO_COPY_NOT_FOUND = 'Imagem não encontrada.';

/** The page-size photo at `width`, as the panel stores a new upload's copies (admin/catalog/photos.ts). */
async function makeCopy(photo: string, width: number, target: string): Promise<Buffer> {
  // libvips (about 30 MB) loads with the first copy made, as with the first upload.
  const { default: sharp } = await import('sharp');
  const bytes = await sharp(photo)
    .resize({ width, height: width, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: PRODUCT_PHOTO_WEBP_QUALITY })
    .toBuffer();
  await writeFileAtomically(target, bytes);
  return bytes;
}

/**
 * The copies of a product photo (`{id}-{width}.webp`). A photo stored before one of the widths
 * existed (an older upload, a Bling import, a demo shop's data folder) gets it from its page size
 * on the first request, kept beside it from then on; a stored copy is read and sent. Only widths
 * the shop uses and ids whose photo is stored are made, each once however many ask at the same
 * moment, so the work is bounded by the photos the shop has.
 */
export function registerPhotoCopies(app: FastifyInstance, uploadsDir: string): void {
  const dir = join(uploadsDir, 'products');
  const renders = createSingleFlight<Buffer>();
  for (const width of PRODUCT_PHOTO_COPY_WIDTHS) {
    app.get<{ Params: { id: string } }>(
      `${PRODUCT_PHOTO_DIR}/:id(^[a-f0-9]{24})-${width}.webp`,
      async (request, reply) => {
        const { id } = request.params;
        const target = join(dir, photoCopyFileName(id, width));
        const bytes =
          (await readFileIfPresent(target)) ??
          (await renders.run(`${id}-${width}`, async () => {
            const photo = join(dir, `${id}.webp`);
            if (!(await fileExists(photo))) {
              throw new AppError('not_found', PHOTO_COPY_NOT_FOUND, { code: 'image_not_found' });
            }
            return makeCopy(photo, width, target);
          }));
        return reply
          .header('cache-control', IMMUTABLE_CACHE)
          .header('x-content-type-options', 'nosniff')
          .type('image/webp')
          .send(bytes);
      },
    );
  }
}
