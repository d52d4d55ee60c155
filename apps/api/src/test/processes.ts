import { readdirSync, readFileSync } from 'node:fs';

/** The processes whose parent is `pid` (Linux /proc), for tests of the server's processes. */
export function childrenOf(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8')
      .split(' ')
      .filter(Boolean)
      .map(Number),
  );
}
