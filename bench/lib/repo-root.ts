import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Absolute path of the repository root (bench/lib/ is two levels below it). */
export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Where every benchmark writes its JSON (git-ignored). */
export const RESULTS_DIR = join(REPO_ROOT, 'bench', 'results');
