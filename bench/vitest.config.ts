import { defineProject } from 'vitest/config';

// Unit tests of the benchmark helpers only; the benchmarks themselves are run with `npm run bench`.
export default defineProject({
  test: { name: 'bench', environment: 'node', include: ['lib/**/*.test.ts'] },
});
