import { describe, expect, it } from 'vitest';
import { createSubmissionKeys } from './submission-keys.ts';

describe('createSubmissionKeys', () => {
  it('reuses the key for the same submission and makes a new one when it changes', () => {
    const keys = createSubmissionKeys();
    const first = keys.keyFor('a');
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keys.keyFor('a')).toBe(first);
    const second = keys.keyFor('b');
    expect(second).not.toBe(first);
    // Going back to the first data is a new attempt too: its earlier order, if any, is gone.
    expect(keys.keyFor('a')).not.toBe(first);
  });

  it('gives each page its own keys', () => {
    expect(createSubmissionKeys().keyFor('a')).not.toBe(createSubmissionKeys().keyFor('a'));
  });
});
