import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.ts';

const INVALID_CHARACTERS = new AppError(
  'bad_request',
  'A requisição contém caracteres inválidos.',
  {
    code: 'invalid_characters',
  },
);

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  return Object.values(value).some((item) => containsNul(item, depth + 1));
}

/**
 * PostgreSQL text cannot hold the NUL character and fails the whole query when one arrives, so a
 * `%00` in a query string or a "\u0000" in a JSON body is refused up front as a 400 instead.
 */
export function rejectNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const found =
      containsNul(request.query) || containsNul(request.params) || containsNul(request.body);
    done(found ? INVALID_CHARACTERS : undefined);
  });
}
