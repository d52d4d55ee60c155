import { gzipSync } from 'node:zlib';

/** 130 KiB of gzip-compressed JavaScript on the home page (a slow phone link downloads it). */
export const HOME_JS_TARGET_BYTES = 130 * 1024;

export interface ScriptSize {
  url: string;
  rawBytes: number;
  gzipBytes: number;
  /** Content-Encoding the server actually used for it ('' when none). */
  servedEncoding: string;
}

/** Size of the bytes once gzip-compressed at level 9, the figure the target is written in. */
export function gzipSize(bytes: Buffer): number {
  return gzipSync(bytes, { level: 9 }).length;
}

export function totals(scripts: ScriptSize[]): { rawBytes: number; gzipBytes: number } {
  return scripts.reduce(
    (sum, script) => ({
      rawBytes: sum.rawBytes + script.rawBytes,
      gzipBytes: sum.gzipBytes + script.gzipBytes,
    }),
    { rawBytes: 0, gzipBytes: 0 },
  );
}

export const kib = (bytes: number): string => (bytes / 1024).toFixed(1);
