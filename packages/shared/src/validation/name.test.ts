import { describe, expect, it } from 'vitest';
import { firstMessage } from '../test-support/zod-issues.ts';
import { displayNameSchema, nameError, normalizeName, personNameSchema } from './name.ts';

const RULE = 'Nome deve ter pelo menos 2 palavras e não conter números';

describe('nameError (register)', () => {
  it.each([
    ['Ana Souza', undefined],
    ['João da Conceição', undefined],
    ['  Maria   Antônia  ', undefined],
    ['Ângela Müller', undefined],
    ['Joa\u0303o Silva', undefined],
    ['Ana', RULE],
    ['Ana Souza 2', RULE],
    ['Ana2 Souza', RULE],
    ['Ana-Maria', RULE],
    ['Ana_Souza', RULE],
    ['Ana <b>Souza</b>', RULE],
    ['', 'Nome é obrigatório'],
    ['   ', 'Nome é obrigatório'],
    [`Ana ${'a'.repeat(100)}`, 'Nome deve ter no máximo 100 caracteres'],
  ])('%j -> %s', (name, message) => {
    expect(nameError(name)).toBe(message);
  });
});

describe('normalizeName', () => {
  it('trims, joins spaces and composes accents, and is idempotent', () => {
    const once = normalizeName('  Joa\u0303o \t da   Silva ');
    expect(once).toBe('João da Silva');
    expect(normalizeName(once)).toBe(once);
  });
});

describe('personNameSchema', () => {
  it('outputs the normalised name', () => {
    expect(personNameSchema.parse('  Ana   Souza ')).toBe('Ana Souza');
  });

  it.each([
    [undefined, 'Nome é obrigatório'],
    ['', 'Nome é obrigatório'],
    ['Ana', RULE],
    [12, 'Nome é obrigatório'],
  ])('%j -> %s', (input, message) => {
    expect(firstMessage(personNameSchema, input)).toBe(message);
  });
});

describe('displayNameSchema (profile, checkout)', () => {
  it('accepts a single word, as a Google account may have', () => {
    expect(displayNameSchema.parse(' Ana ')).toBe('Ana');
  });

  it.each(["Maria D'Ávila", 'Ana-Maria Souza Jr.', 'José da Conceição', 'Zoë Müller'])(
    'accepts the name %j',
    (name) => {
      expect(displayNameSchema.parse(name)).toBe(name);
    },
  );

  it.each([
    ['', 'Nome é obrigatório'],
    ['a'.repeat(101), 'Nome deve ter no máximo 100 caracteres'],
    ['<b>Ana</b>', 'Nome contém caracteres inválidos'],
    ["Robert'); DROP TABLE users;--", 'Nome contém caracteres inválidos'],
    ['Ana 2', 'Nome contém caracteres inválidos'],
  ])('%j -> %s', (input, message) => {
    expect(firstMessage(displayNameSchema, input)).toBe(message);
  });
});
