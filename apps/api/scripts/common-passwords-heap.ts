/**
 * What the common-password list costs in heap once loaded (the whole server should stay under
 * 200 MB). Not a test: the figure depends on the Node version.
 *
 *   node --expose-gc --import tsx apps/api/scripts/common-passwords-heap.ts
 */
import { isCommonPassword } from '../src/modules/auth/common-passwords.ts';

const collect = (globalThis as { gc?: () => void }).gc;
if (!collect) {
  console.error('Run with node --expose-gc --import tsx');
  process.exit(1);
}

function heapUsedMb(): number {
  collect?.();
  collect?.();
  return process.memoryUsage().heapUsed / 2 ** 20;
}

const before = heapUsedMb();
await isCommonPassword('Primeira1');
const after = heapUsedMb();
console.log(`common-password list: ${(after - before).toFixed(1)} MB of heap`);
