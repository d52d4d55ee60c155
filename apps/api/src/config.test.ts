import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, configEnvSchema, loadConfig, REPO_ROOT } from './config.ts';

describe('loadConfig', () => {
  it('runs with no environment at all', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '0.0.0.0',
      nodeEnv: 'production',
      logLevel: 'info',
      dataDir: resolve(REPO_ROOT, 'data'),
      databaseUrl: undefined,
      databasePoolMax: 10,
      webDistDir: resolve(REPO_ROOT, 'apps/web/dist'),
      trustProxy: false,
      rateLimitMax: 600,
      seedDemoCatalog: true,
      jwtSecret: undefined,
      adminEmail: undefined,
      adminPassword: undefined,
    });
  });

  it('resolves relative folders against the repository root, keeps absolute ones', () => {
    const config = loadConfig({ DATA_DIR: 'tmp/data', WEB_DIST_DIR: '/srv/web' });
    expect(config.dataDir).toBe(resolve(REPO_ROOT, 'tmp/data'));
    expect(config.webDistDir).toBe('/srv/web');
  });

  it.each([
    ['true', true],
    ['false', false],
    ['2', 2],
    ['10.0.0.1, 10.0.0.2', ['10.0.0.1', '10.0.0.2']],
  ])('reads TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('treats an empty DATABASE_URL as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['LOG_LEVEL', 'loud'],
    ['NODE_ENV', 'staging'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['RATE_LIMIT_MAX', '-1'],
    ['SEED_DEMO_CATALOG', 'maybe'],
    ['JWT_SECRET', 'too-short'],
  ])('fails loudly on %s=%s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(
      new RegExp(`Invalid configuration: ${name}`),
    );
  });

  it('documents exactly the variables it reads', () => {
    expect(CONFIG_VARIABLES.map((v) => v.name).sort()).toEqual(
      Object.keys(configEnvSchema.shape).sort(),
    );
  });
});

describe('CONFIG.md', () => {
  it('has a row with the default of every variable', () => {
    const doc = readFileSync(new URL('../CONFIG.md', import.meta.url), 'utf8');
    const rows = new Map(
      [...doc.matchAll(/^\|\s*`(\w+)`\s*\|\s*`([^`]*)`\s*\|/gm)].map((m) => [m[1], m[2]]),
    );
    for (const variable of CONFIG_VARIABLES) {
      expect(rows.get(variable.name), variable.name).toBe(variable.default);
    }
  });
});
