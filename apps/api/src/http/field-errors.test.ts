import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrors } from './field-errors.ts';

function errorOf(schema: z.ZodType, value: unknown): z.ZodError {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('the value was accepted');
  return result.error;
}

describe('fieldErrors', () => {
  it('names a nested field by its dotted path', () => {
    const schema = z.object({
      user: z.object({ name: z.string({ error: 'Nome é obrigatório' }) }),
    });
    expect(fieldErrors(errorOf(schema, { user: {} }), 'body')).toEqual({
      'user.name': ['Nome é obrigatório'],
    });
  });

  it('files every element of a list under the list, each message once, in order', () => {
    const option = z.string().min(1, 'Opção vazia').max(3, 'Opção longa');
    const schema = z.object({ sizes: z.array(option) });
    expect(fieldErrors(errorOf(schema, { sizes: ['', 'longa', ''] }), 'product')).toEqual({
      sizes: ['Opção vazia', 'Opção longa'],
    });
  });

  it('keeps every distinct message of one field, and names the root for the value itself', () => {
    const code = z.string().min(3, 'Curto').regex(/^\d+$/, 'Só dígitos');
    expect(fieldErrors(errorOf(z.object({ code }), { code: 'a' }), 'order')).toEqual({
      code: ['Curto', 'Só dígitos'],
    });
    expect(fieldErrors(errorOf(z.object({ code }), 'nada'), 'order')).toEqual({
      order: [expect.any(String)],
    });
  });
});
