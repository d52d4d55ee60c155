import { describe, expect, it } from 'vitest';
import { firstMessage } from '../test-support/zod-issues.ts';
import { colourSchema, notesSchema, searchSchema, truncate } from './text-limits.ts';

describe('optional text limits', () => {
  it.each([
    [searchSchema, 100, 'A busca deve ter no máximo 100 caracteres'],
    [colourSchema, 50, 'A cor deve ter no máximo 50 caracteres'],
    [notesSchema, 500, 'As observações devem ter no máximo 500 caracteres'],
  ])('limit %#: %i characters', (schema, max, message) => {
    expect(schema.parse('x'.repeat(max))).toBe('x'.repeat(max));
    expect(schema.parse(` ${'x'.repeat(max)} `)).toBe('x'.repeat(max));
    expect(firstMessage(schema, 'x'.repeat(max + 1))).toBe(message);
    expect(schema.parse('   ')).toBeUndefined();
    expect(schema.parse(null)).toBeUndefined();
    expect(schema.parse(undefined)).toBeUndefined();
    expect(schema.safeParse(['a', 'b']).success).toBe(false);
  });
});

describe('truncate', () => {
  it.each([
    ['abc', 5, 'abc'],
    ['abcdef', 3, 'abc'],
    ['ab😀', 3, 'ab'],
    ['ab😀', 4, 'ab😀'],
  ])('%j to %i -> %j', (value, max, cut) => {
    expect(truncate(value, max)).toBe(cut);
  });
});
