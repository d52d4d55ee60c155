import { describe, expect, it } from 'vitest';
import { firstMessage } from '../test-support/zod-issues.ts';
import {
  optionalBirthDateSchema,
  profileBirthDateError,
  registerBirthDateError,
} from './birth-date.ts';

// Noon in Brasília on 15 June 2025.
const TODAY = new Date('2025-06-15T15:00:00Z');
const MIN = 'Idade mínima de 13 anos';
const INVALID = 'Data de nascimento inválida';
const PROFILE = 'Data de nascimento inválida (idade deve ser entre 0 e 120 anos)';

describe('registerBirthDateError', () => {
  it.each([
    ['2012-06-15', undefined],
    ['2012-06-16', MIN],
    ['2020-01-01', MIN],
    ['2025-06-15', MIN],
    ['1905-06-15', undefined],
    ['1904-06-16', undefined],
    ['1904-06-15', INVALID],
    ['1899-12-31', INVALID],
    ['2025-06-16', INVALID],
    ['2030-01-01', INVALID],
    ['2001-02-30', INVALID],
    ['15/06/2000', INVALID],
    ['', INVALID],
  ])('%s -> %s', (date, message) => {
    expect(registerBirthDateError(date, TODAY)).toBe(message);
  });

  it("reads today's date on Brasília time, not UTC", () => {
    // 01:00 UTC on 16 June is still 15 June, 22:00, in Brazil.
    const lateEvening = new Date('2025-06-16T01:00:00Z');
    expect(registerBirthDateError('2012-06-16', lateEvening)).toBe(MIN);
    expect(registerBirthDateError('2012-06-16', new Date('2025-06-16T04:00:00Z'))).toBeUndefined();
  });

  it('counts a 29 February birthday as reached only on 1 March of common years', () => {
    expect(registerBirthDateError('2012-02-29', new Date('2025-02-28T15:00:00Z'))).toBe(MIN);
    expect(registerBirthDateError('2012-02-29', new Date('2025-03-01T15:00:00Z'))).toBeUndefined();
  });
});

describe('profileBirthDateError', () => {
  it.each([
    ['2025-06-15', undefined],
    ['2020-01-01', undefined],
    ['1904-06-16', undefined],
    ['1904-06-15', PROFILE],
    ['2025-06-16', PROFILE],
    ['2023-13-01', PROFILE],
  ])('%s -> %s', (date, message) => {
    expect(profileBirthDateError(date, TODAY)).toBe(message);
  });
});

describe('optionalBirthDateSchema', () => {
  const schema = optionalBirthDateSchema(registerBirthDateError, () => TODAY);

  it.each([
    ['', undefined],
    [null, undefined],
    [undefined, undefined],
    [' 2000-01-31 ', '2000-01-31'],
  ])('accepts %j as %j', (input, output) => {
    expect(schema.parse(input)).toBe(output);
  });

  it.each([
    ['2020-01-01', MIN],
    ['2999-01-01', INVALID],
    [20000101, INVALID],
  ])('%j -> %s', (input, message) => {
    expect(firstMessage(schema, input)).toBe(message);
  });

  it('reads the clock at parse time', () => {
    let now = new Date('2025-06-14T15:00:00Z');
    const moving = optionalBirthDateSchema(registerBirthDateError, () => now);
    expect(firstMessage(moving, '2012-06-15')).toBe(MIN);
    now = TODAY;
    expect(firstMessage(moving, '2012-06-15')).toBeUndefined();
  });
});
