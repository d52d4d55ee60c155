import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { registerPhotoCopies } from './photo-copies.ts';
import { registerShareImages } from './share-images.ts';
import { IMMUTABLE_CACHE } from './web-app.ts';

/** Where uploaded files live: DATA_DIR/uploads. */
export function uploadsDirOf(dataDir: string): string {
  return join(dataDir, 'uploads');
}

/**
 * Files the shop's people upload (product photos), from DATA_DIR/uploads at /uploads/. Each file
 * gets a new random name and is never rewritten, so browsers and CDNs may keep it for a year.
 */
export async function registerUploads(
  app: FastifyInstance,
  uploadsDir: string,
  options: { shareImageRateLimitMax?: number } = {},
): Promise<void> {
  mkdirSync(uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: '/uploads/',
    // Files appear while the server runs: looked up per request, not listed once at start.
    wildcard: true,
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    cacheControl: false,
    // Only the finished photos: never a half-written temporary file.
    allowedPath: (pathName) => pathName.endsWith('.webp'),
    setHeaders(res) {
      res.setHeader('cache-control', IMMUTABLE_CACHE);
      res.setHeader('x-content-type-options', 'nosniff');
    },
  });
  registerPhotoCopies(app, uploadsDir);
  await registerShareImages(app, uploadsDir, { rateLimitMax: options.shareImageRateLimitMax });
}
