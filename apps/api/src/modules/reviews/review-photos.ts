import { REVIEW_PHOTO_THUMB_WIDTH } from '@lumina/shared/reviews/review-schemas';
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomically } from '../../lib/write-file-atomically.ts';
import { encodePhoto } from '../admin/catalog/photos.ts';

/** A file of ours: the photo's 24 hex characters, then its size's suffix for the thumbnail. */
const PHOTO_FILE = /^([a-f0-9]{24})(?:-\d+)?\.webp$/;

/**
 * A photo's files are written before its review points at them: a file younger than this may be
 * one whose review is being updated right now, so the sweep leaves it alone.
 */
export const PHOTO_SWEEP_GRACE_MS = 60 * 60 * 1000;

/**
 * Review photos through the product photos' pipeline (encodePhoto: JPEG, PNG or WebP by their
 * content, turned upright, metadata stripped, WebP at 1200 and 480 px), stored under
 * DATA_DIR/uploads/reviews and served from /uploads/reviews like product photos.
 */
export function createReviewPhotos(deps: { uploadsDir: string }) {
  const dir = join(deps.uploadsDir, 'reviews');
  const files = (photoId: string) => [
    join(dir, `${photoId}.webp`),
    join(dir, `${photoId}-${REVIEW_PHOTO_THUMB_WIDTH}.webp`),
  ];

  async function remove(photoId: string): Promise<void> {
    await Promise.all(files(photoId).map((path) => rm(path, { force: true })));
  }

  return {
    /** Encodes and writes the photo; its new id. Throws the pipeline's pt-BR errors. */
    async store(bytes: Uint8Array): Promise<string> {
      const { page, copies } = await encodePhoto(bytes, [REVIEW_PHOTO_THUMB_WIDTH]);
      const photoId = randomBytes(12).toString('hex');
      await mkdir(dir, { recursive: true });
      const [pagePath, thumbPath] = files(photoId) as [string, string];
      await writeFileAtomically(pagePath, page);
      await writeFileAtomically(thumbPath, copies[0]!.bytes);
      return photoId;
    },

    remove,

    /**
     * Removes the files no review points at any more (a replaced photo whose removal failed, the
     * photos of an erased account's reviews), sparing those written in the last hour. Answers
     * how many photos went.
     */
    async sweep(referenced: ReadonlySet<string>, at: Date): Promise<number> {
      let names: string[];
      try {
        names = await readdir(dir);
      } catch {
        return 0; // No review photo was ever sent.
      }
      const orphans = new Set<string>();
      for (const name of names) {
        const photoId = PHOTO_FILE.exec(name)?.[1];
        if (!photoId || referenced.has(photoId)) continue;
        const { mtimeMs } = await stat(join(dir, name)).catch(() => ({ mtimeMs: Infinity }));
        if (mtimeMs < at.getTime() - PHOTO_SWEEP_GRACE_MS) orphans.add(photoId);
      }
      await Promise.all([...orphans].map(remove));
      return orphans.size;
    },
  };
}

export type ReviewPhotos = ReturnType<typeof createReviewPhotos>;
