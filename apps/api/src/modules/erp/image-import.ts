import { PRODUCT_PHOTO_MAX_BYTES } from '@lumina/shared/catalog/product-images';
import { GuardedFetchError, guardedFetch } from '../../lib/guarded-fetch.ts';

/** Bling's image addresses the shop may fetch: https anywhere, or Bling's own API host. */
export function importableImageUrl(link: string, blingApiUrl: string): URL | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  if (url.protocol === 'https:') return url;
  return url.origin === new URL(blingApiUrl).origin ? url : null;
}

export interface ImageDownload {
  timeoutMs: number;
  /** Tests only: the loopback port of the fake Bling that serves their photos. */
  allowLoopbackPorts?: readonly number[];
}

/**
 * The bytes of one photo Bling points at, at most 5 MB (counted as they arrive, whatever the
 * headers say), within `timeoutMs`, from a public internet address only: a link Bling hands over
 * is data from outside, and must not reach the shop's own machine or network (guarded-fetch.ts).
 * What the bytes are is decided later, from the bytes (photos.ts).
 */
export async function downloadImage(url: URL, options: ImageDownload): Promise<Uint8Array> {
  let response;
  try {
    response = await guardedFetch(url, {
      timeoutMs: options.timeoutMs,
      maxBytes: PRODUCT_PHOTO_MAX_BYTES,
      headers: { accept: 'image/*' },
      allowLoopbackPorts: options.allowLoopbackPorts,
    });
  } catch (error) {
    if (error instanceof GuardedFetchError && error.reason === 'too_large') {
      throw new Error('imagem maior que 5 MB');
    }
    throw error;
  }
  if (response.status < 200 || response.status > 299) throw new Error(`HTTP ${response.status}`);
  return response.body;
}
