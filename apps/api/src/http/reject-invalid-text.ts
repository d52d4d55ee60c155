import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.ts';

const NUL_CHARACTER = new AppError('bad_request', 'A requisição contém caracteres inválidos.', {
  code: 'invalid_characters',
});

const NOT_UNICODE = new AppError(
  'invalid_data',
  'O texto enviado contém caracteres inválidos. Apague o caractere estranho e tente de novo.',
  { code: 'invalid_text' },
);

/** Half of a UTF-16 surrogate pair on its own: not a character, not storable as UTF-8. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The first problem found in any string of `value`, keys included. */
function problemIn(value: unknown, depth = 0): AppError | undefined {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) return NUL_CHARACTER;
    return LONE_SURROGATE.test(value) ? NOT_UNICODE : undefined;
  }
  if (depth > 20 || value === null || typeof value !== 'object') return undefined;
  // Every request passes here (its query and path parameters, mostly empty or one short field):
  // a loop over the keys, without the arrays Object.entries builds for each object.
  const record = value as Record<string, unknown>;
  for (const key in record) {
    if (!Object.hasOwn(record, key)) continue;
    const problem = problemIn(key) ?? problemIn(record[key], depth + 1);
    if (problem) return problem;
  }
  return undefined;
}

/**
 * Text PostgreSQL cannot store is refused up front, on every route, instead of failing the query
 * (a 500) or being silently changed. A NUL (`%00`, "\u0000") is a 400 as it always was; a lone
 * UTF-16 surrogate ("\udfff" in a JSON string) is a 422: jsonb columns reject it, and text columns
 * would quietly store '�' in its place.
 */
export function rejectInvalidText(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    done(problemIn(request.query) ?? problemIn(request.params) ?? problemIn(request.body));
  });
}
