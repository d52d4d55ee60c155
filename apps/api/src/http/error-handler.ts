import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type ErrorBody, INTERNAL_ERROR_MESSAGE } from './app-error.ts';

/** Fastify's own request errors, in pt-BR, so a client never sees an English framework text. */
const FRAMEWORK_ERRORS: Record<string, AppError> = {
  FST_ERR_CTP_INVALID_JSON_BODY: new AppError(
    'bad_request',
    'O corpo da requisição não é um JSON válido.',
    { code: 'invalid_json' },
  ),
  FST_ERR_CTP_EMPTY_JSON_BODY: new AppError('bad_request', 'O corpo da requisição está vazio.', {
    code: 'empty_body',
  }),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: new AppError(
    'bad_request',
    'O tamanho informado do corpo da requisição não confere.',
    { code: 'invalid_content_length' },
  ),
  FST_ERR_CTP_BODY_TOO_LARGE: new AppError(
    'payload_too_large',
    'O corpo da requisição é grande demais.',
    { code: 'body_too_large' },
  ),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: new AppError(
    'unsupported_media_type',
    'Tipo de conteúdo não suportado. Envie os dados como application/json.',
    { code: 'unsupported_media_type' },
  ),
};

const SECTION_LABEL: Record<string, string> = {
  querystring: 'query',
  params: 'params',
  body: 'body',
  headers: 'headers',
};

function validationError(error: FastifyError): AppError {
  const fields: Record<string, string[]> = {};
  for (const issue of error.validation ?? []) {
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const field = path || SECTION_LABEL[error.validationContext ?? ''] || 'request';
    (fields[field] ??= []).push(issue.message ?? 'Valor inválido');
  }
  const first = Object.values(fields)[0]?.[0] ?? 'Erro de validação';
  return new AppError('invalid_data', first, { code: 'validation_failed', fields });
}

/** Maps anything thrown while handling a request to the AppError the client will see. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const fastifyError = error as Partial<FastifyError> | null;
  if (fastifyError && typeof fastifyError === 'object') {
    if (hasZodFastifySchemaValidationErrors(fastifyError)) {
      return validationError(fastifyError);
    }
    const known = fastifyError.code ? FRAMEWORK_ERRORS[fastifyError.code] : undefined;
    if (known) return known;
    const status = fastifyError.statusCode ?? 500;
    if (status === 429) {
      return new AppError(
        'too_many_requests',
        'Muitas requisições. Aguarde um momento e tente novamente.',
        { code: 'rate_limited' },
      );
    }
    if (status >= 400 && status < 500) {
      return new AppError('bad_request', 'Requisição inválida.', { code: 'bad_request' });
    }
  }
  return new AppError('unexpected', INTERNAL_ERROR_MESSAGE, { code: 'internal_error' });
}

export function errorBody(error: AppError): ErrorBody {
  const body: ErrorBody = { type: error.kind, code: error.code, message: error.message };
  if (error.fields) {
    body.errors = Object.values(error.fields).flat();
    body.fields = error.fields;
  }
  return body;
}

/** The messages of an error and of its causes, outermost first: 'a: b: c'. */
export function causeChain(error: unknown): string {
  const messages: string[] = [];
  let current: unknown = error;
  while (current instanceof Error && messages.length < 10) {
    messages.push(current.message);
    current = current.cause;
  }
  return messages.join(': ');
}

/**
 * A service we depend on being down (ViaCEP, the payment provider) is thrown on purpose as an
 * 'unavailable' AppError: a warning with the causes, not an error with stacks for an outage
 * everyone expects. Anything else that ends in a 5xx is a bug and logs in full.
 */
export function isExpectedOutage(error: unknown): boolean {
  return error instanceof AppError && error.kind === 'unavailable';
}

function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
  const appError = toAppError(error);
  if (isExpectedOutage(error)) {
    request.log.warn(
      { code: appError.code, status: appError.status, cause: causeChain(error) },
      appError.message,
    );
  } else if (appError.status >= 500) {
    // The client gets a generic message; the details go to the log only.
    request.log.error({ err: error }, 'request failed');
  } else {
    request.log.info({ code: appError.code, status: appError.status }, appError.message);
  }
  // A cached success header must not leak onto an error answer.
  reply.removeHeader('etag');
  reply.header('cache-control', 'no-store');
  void reply.code(appError.status).send(errorBody(appError));
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(handleError);
}
