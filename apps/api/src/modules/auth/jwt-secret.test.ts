import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { JWT_SECRET_FILE, resolveJwtSecret } from './jwt-secret.ts';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lumina-jwt-'));
  dirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('resolveJwtSecret', () => {
  it('uses JWT_SECRET when configured and writes nothing', () => {
    const dataDir = tempDir();
    const secret = 'configured-secret-of-at-least-32-chars';
    expect(resolveJwtSecret({ jwtSecret: secret, dataDir })).toBe(secret);
    expect(() => statSync(join(dataDir, JWT_SECRET_FILE))).toThrow();
  });

  it('otherwise generates a random secret once, readable by the owner only', () => {
    const dataDir = join(tempDir(), 'nested');
    const first = resolveJwtSecret({ jwtSecret: undefined, dataDir });
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const file = join(dataDir, JWT_SECRET_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveJwtSecret({ jwtSecret: undefined, dataDir })).toBe(first);

    // Another data folder gets another secret: nothing is a constant.
    expect(resolveJwtSecret({ jwtSecret: undefined, dataDir: tempDir() })).not.toBe(first);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
  });

  it('refuses a secret file that was truncated', () => {
    const dataDir = tempDir();
    writeFileSync(join(dataDir, JWT_SECRET_FILE), 'short\n');
    expect(() => resolveJwtSecret({ jwtSecret: undefined, dataDir })).toThrow(/shorter than 32/);
  });
});
