import { PRODUCT_PHOTO_MAX_BYTES } from '@lumina/shared/catalog/product-images';

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

/**
 * The bytes of one photo Bling points at, at most 5 MB (counted as they arrive, whatever the
 * headers say), within `timeoutMs`. What they are is decided later, from the bytes (photos.ts).
 */
export async function downloadImage(url: URL, timeoutMs: number): Promise<Uint8Array> {
  const response = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
  if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const piece of response.body) {
    // A web stream of bytes: each piece is a Uint8Array.
    const chunk = piece as Uint8Array;
    size += chunk.length;
    if (size > PRODUCT_PHOTO_MAX_BYTES) throw new Error('imagem maior que 5 MB');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
