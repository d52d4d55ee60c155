import type { ErrorKind } from '@lumina/shared/http/error-body';

/**
 * The one error type of the API (Medusa's MedusaError, STYLE.md). Services and repositories
 * throw it with a kind and a pt-BR message; error-handler.ts alone turns the kind into an
 * HTTP status, so no code outside it chooses status codes for failures.
 */
export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  not_allowed: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  invalid_data: 422,
  too_many_requests: 429,
  unexpected: 500,
  unavailable: 503,
} as const satisfies Record<ErrorKind, number>;

export type { ErrorBody, ErrorKind } from '@lumina/shared/http/error-body';

export class AppError extends Error {
  readonly kind: ErrorKind;
  readonly code: string;
  readonly fields: Record<string, string[]> | undefined;

  constructor(
    kind: ErrorKind,
    message: string,
    options: { code?: string; fields?: Record<string, string[]>; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.kind = kind;
    this.code = options.code ?? kind;
    this.fields = options.fields;
  }

  get status(): number {
    return ERROR_STATUS[this.kind];
  }
}

export const INTERNAL_ERROR_MESSAGE = 'Erro interno do servidor. Tente novamente mais tarde.';
