import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT, RESULTS_DIR } from './repo-root.ts';

export interface RunInfo {
  date: string;
  commit: string;
  /** True when the working tree had uncommitted changes: the figures are not of `commit` alone. */
  dirty: boolean;
  node: string;
  cpus: number;
  cpuModel: string;
  memoryMb: number;
}

export function runInfo(): RunInfo {
  const git = (...args: string[]): string =>
    execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
  let commit = 'unknown';
  let dirty = false;
  try {
    commit = git('rev-parse', '--short', 'HEAD');
    dirty = git('status', '--porcelain', '--untracked-files=no').length > 0;
  } catch {
    // Not a git checkout: keep 'unknown'.
  }
  return {
    date: new Date().toISOString(),
    commit,
    dirty,
    node: process.version,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryMb: Math.round(totalmem() / 1024 / 1024),
  };
}

/** Writes bench/results/<name>.json and returns its path. */
export function writeResult(name: string, data: unknown): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, `${name}.json`);
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  return file;
}

export function describeRun(info: RunInfo): string {
  const tree = info.dirty ? ' (uncommitted changes)' : '';
  return `${info.date} · commit ${info.commit}${tree} · node ${info.node} · ${info.cpus} × ${info.cpuModel}`;
}

/** Reads a positive (or, when allowed, zero) number from the environment, else the default. */
export function envNumber(name: string, fallback: number, options = { allowZero: false }): number {
  const raw = process.env[name];
  const value = Number(raw);
  if (raw === undefined || raw === '' || !Number.isFinite(value)) return fallback;
  return value > 0 || (options.allowZero && value === 0) ? value : fallback;
}
