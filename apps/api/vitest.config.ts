import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Migrates one database for the whole run (a PGlite snapshot, or a template database on the
    // PostgreSQL server named by TEST_DATABASE_URL); each test file then gets its own copy.
    globalSetup: ['./src/test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
