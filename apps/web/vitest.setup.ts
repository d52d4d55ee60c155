import '@testing-library/jest-dom/vitest';
import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// `findBy…` and `waitFor` wait up to 3 s rather than 1: with a test worker per core, a busy
// machine renders slower, and a test should fail on what it checks, not on the clock.
configure({ asyncUtilTimeout: 3000 });

afterEach(() => {
  cleanup();
});

// Any console.error during a test is a bug (React warnings included): fail loudly.
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  throw new Error(`console.error called: ${args.map(String).join(' ')}`);
});
