import { readFile } from 'node:fs/promises';

/** The file's bytes, or null when it is not there (other errors are thrown). */
export async function readFileIfPresent(path: string): Promise<Buffer | null> {
  try {
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
