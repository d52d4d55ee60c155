/**
 * The few parts of the POSIX tar (ustar) format a backup needs: regular files and folders, written
 * and read in order. Any `tar` reads what this writes (`tar tzvf backup.tar.gz`), and PGlite's
 * data-directory dump is in the same format.
 */

const BLOCK = 512;

export interface TarEntry {
  name: string;
  type: 'file' | 'directory';
  /** Permission bits only. */
  mode: number;
  data: Buffer;
  mtime?: Date;
}

function writeString(header: Buffer, text: string, offset: number, length: number): void {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length > length) throw new Error(`tar field too long: ${text}`);
  bytes.copy(header, offset);
}

function writeOctal(header: Buffer, value: number, offset: number, length: number): void {
  writeString(header, `${value.toString(8).padStart(length - 1, '0')}\0`, offset, length);
}

/** ustar keeps names of up to 100 bytes, or 255 split at a slash into prefix and name. */
function splitName(name: string): { prefix: string; base: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: '', base: name };
  for (let cut = name.indexOf('/'); cut > 0; cut = name.indexOf('/', cut + 1)) {
    const prefix = name.slice(0, cut);
    const base = name.slice(cut + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(base) <= 100) return { prefix, base };
  }
  throw new Error(`name too long for a tar archive: ${name}`);
}

export function tarHeader(entry: Omit<TarEntry, 'data'> & { size: number }): Buffer {
  const header = Buffer.alloc(BLOCK);
  const { prefix, base } = splitName(entry.type === 'directory' ? `${entry.name}/` : entry.name);
  writeString(header, base, 0, 100);
  writeOctal(header, entry.mode & 0o7777, 100, 8);
  writeOctal(header, 0, 108, 8);
  writeOctal(header, 0, 116, 8);
  writeOctal(header, entry.type === 'file' ? entry.size : 0, 124, 12);
  writeOctal(header, Math.floor((entry.mtime ?? new Date()).getTime() / 1000), 136, 12);
  header.write(entry.type === 'file' ? '0' : '5', 156, 'latin1');
  writeString(header, 'ustar\u000000', 257, 8);
  writeString(header, prefix, 345, 155);
  // The checksum is computed with its own field read as spaces.
  header.fill(' ', 148, 156);
  let sum = 0;
  for (const byte of header) sum += byte;
  writeString(header, `${sum.toString(8).padStart(6, '0')}\0 `, 148, 8);
  return header;
}

/** The blocks of one entry: header, data, zero padding to the next block. */
export function tarEntryBlocks(entry: TarEntry): Buffer[] {
  const size = entry.type === 'file' ? entry.data.length : 0;
  const header = tarHeader({ ...entry, size });
  const padding = (BLOCK - (size % BLOCK)) % BLOCK;
  return size === 0 ? [header] : [header, entry.data, Buffer.alloc(padding)];
}

/** Two empty blocks close an archive. */
export const TAR_END = Buffer.alloc(BLOCK * 2);

function readString(block: Buffer, offset: number, length: number): string {
  const field = block.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString('utf8');
}

function readOctal(block: Buffer, offset: number, length: number): number {
  const text = readString(block, offset, length).trim();
  return text === '' ? 0 : parseInt(text, 8);
}

function checksumOk(block: Buffer): boolean {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : (block[i] ?? 0);
  return sum === readOctal(block, 148, 8);
}

/** Bytes received but not yet read, kept as the chunks they came in (no copy per chunk). */
function createByteQueue() {
  const parts: Buffer[] = [];
  let length = 0;
  return {
    get length() {
      return length;
    },
    push(chunk: Buffer | Uint8Array) {
      parts.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      length += chunk.byteLength;
    },
    /** Removes and returns the first `count` bytes; call only when that many are queued. */
    take(count: number): Buffer {
      const out = Buffer.allocUnsafe(count);
      let filled = 0;
      while (filled < count) {
        const part = parts[0] as Buffer;
        const used = Math.min(part.length, count - filled);
        part.copy(out, filled, 0, used);
        filled += used;
        if (used === part.length) parts.shift();
        else parts[0] = part.subarray(used);
      }
      length -= count;
      return out;
    },
  };
}

interface PendingEntry {
  header: Omit<TarEntry, 'data'>;
  size: number;
  keep: boolean;
}

/** The entry a header block announces, or null for the zero block that ends the archive. */
function parseHeader(block: Buffer): PendingEntry | null {
  if (block.every((byte) => byte === 0)) return null;
  if (!checksumOk(block)) throw new Error('damaged tar header');
  const prefix = readString(block, 345, 155);
  const base = readString(block, 0, 100);
  const flag = String.fromCharCode(block[156] ?? 0);
  return {
    header: {
      name: (prefix ? `${prefix}/${base}` : base).replace(/\/+$/, ''),
      type: flag === '5' ? 'directory' : 'file',
      mode: readOctal(block, 100, 8),
      mtime: new Date(readOctal(block, 136, 12) * 1000),
    },
    size: readOctal(block, 124, 12),
    // Links, devices and extended headers are not part of a backup.
    keep: flag === '0' || flag === '\0' || flag === '5',
  };
}

/**
 * Reads the entries of a tar stream (chunks of any size) one at a time. Throws on a damaged
 * header or a truncated archive; entry types other than files and folders are skipped.
 */
export async function* readTar(
  chunks: AsyncIterable<Buffer | Uint8Array> | Iterable<Buffer | Uint8Array>,
): AsyncGenerator<TarEntry> {
  const queue = createByteQueue();
  let pending: PendingEntry | null = null;
  for await (const chunk of chunks) {
    queue.push(chunk);
    for (;;) {
      if (pending) {
        const padded = Math.ceil(pending.size / BLOCK) * BLOCK;
        if (queue.length < padded) break;
        const data = queue.take(padded).subarray(0, pending.size);
        const entry = pending;
        pending = null;
        if (entry.keep) yield { ...entry.header, data };
        continue;
      }
      if (queue.length < BLOCK) break;
      pending = parseHeader(queue.take(BLOCK));
      if (!pending) return;
    }
  }
  throw new Error('truncated tar archive');
}
