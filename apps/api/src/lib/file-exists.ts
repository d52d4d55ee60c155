import { access } from 'node:fs/promises';

/** Whether a file (or folder) is there, without throwing. */
export function fileExists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}
