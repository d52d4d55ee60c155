import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner for the whole repository: each workspace is a project with its own environment.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/api', 'apps/web'],
    reporters: ['default', './scripts/vitest-summary-reporter.ts'],
    // Vitest keeps a core for itself by default (cores - 1 workers): on a 2-core machine that is
    // one worker, and the suite took 24 minutes. The main process only collects results, so a
    // worker per core runs it in about 7.
    maxWorkers: availableParallelism(),
  },
});
