import {
  PRODUCT_PHOTO_COPY_WIDTHS,
  photoCopyFileName,
  productPhotoUrl,
} from '@lumina/shared/catalog/product-images';
import { createHash } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileExists } from '../../../lib/file-exists.ts';
import { writeFileAtomically } from '../../../lib/write-file-atomically.ts';
import { API_DIR } from '../../../paths.ts';

/**
 * The demo catalogue's product photos: drawn by apps/api/scripts/draw-demo-images.ts, committed
 * as WebP in the widths the admin panel stores an upload in, and stored on start like uploaded
 * photos (DATA_DIR/uploads/products), so the demo shop serves them as a real shop would: card
 * size in lists, `srcset` on the product page, cached for a year.
 */
export const DEMO_PHOTOS_DIR = join(API_DIR, 'demo-photos');
/** The SHA-256 of the drawing each photo was rendered from, by photo name. */
export const DEMO_PHOTO_SOURCES_FILE = 'sources.json';
/** The drawings' own width, in pixels. */
export const DEMO_PHOTO_SVG_SIZE = 800;

/** A fixed upload id per demo photo name ('lum-boc-001-1'), the same in every database. */
export function demoPhotoId(name: string): string {
  return createHash('sha256').update(`demo-photo:${name}`).digest('hex').slice(0, 24);
}

export function demoPhotoUrl(name: string): string {
  return productPhotoUrl(demoPhotoId(name));
}

export function demoPhotoSourceHash(svg: string): string {
  return createHash('sha256').update(svg).digest('hex');
}

/**
 * Stores the named demo photos among the uploads, where they are missing; returns how many files
 * it wrote. Each is written atomically: a process starting beside this one on the same folder
 * never serves half a file.
 */
export async function installDemoPhotos(
  uploadsDir: string,
  names: readonly string[],
): Promise<number> {
  const dir = join(uploadsDir, 'products');
  await mkdir(dir, { recursive: true });
  const copies = names.flatMap((name) => {
    const id = demoPhotoId(name);
    return [
      { from: `${name}.webp`, to: `${id}.webp` },
      ...PRODUCT_PHOTO_COPY_WIDTHS.map((width) => ({
        from: `${name}-${width}.webp`,
        to: photoCopyFileName(id, width),
      })),
    ];
  });
  const written = await Promise.all(
    copies.map(async ({ from, to }) => {
      const target = join(dir, to);
      if (await fileExists(target)) return 0;
      await writeFileAtomically(target, await readFile(join(DEMO_PHOTOS_DIR, from)));
      return 1;
    }),
  );
  return written.reduce<number>((sum, one) => sum + one, 0);
}
