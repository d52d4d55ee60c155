import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.ts';
import { causeChain, errorBody, isExpectedOutage, toAppError } from './error-handler.ts';

describe('toAppError', () => {
  it('keeps an AppError as it is', () => {
    const error = new AppError('conflict', 'Já existe', { code: 'duplicate' });
    expect(toAppError(error)).toBe(error);
    expect(error.status).toBe(409);
  });

  it('hides anything unexpected behind a generic 500', () => {
    const mapped = toAppError(new Error('connection to 10.0.0.5:5432 refused, password=...'));
    expect(mapped.status).toBe(500);
    expect(errorBody(mapped)).toEqual({
      type: 'unexpected',
      code: 'internal_error',
      message: 'Erro interno do servidor. Tente novamente mais tarde.',
    });
  });

  it('translates framework 4xx errors it does not know into a generic pt-BR 400', () => {
    const error = Object.assign(new Error('Some english text'), { statusCode: 406 });
    expect(toAppError(error)).toMatchObject({
      kind: 'bad_request',
      message: 'Requisição inválida.',
    });
  });

  it('translates rate limiting into 429 in pt-BR', () => {
    const error = Object.assign(new Error('Rate limit exceeded'), { statusCode: 429 });
    expect(toAppError(error)).toMatchObject({
      status: 429,
      message: 'Muitas requisições. Aguarde um momento e tente novamente.',
    });
  });

  it('still hides a framework 5xx', () => {
    const error = Object.assign(new Error('internal detail'), { statusCode: 503 });
    expect(toAppError(error).message).toBe('Erro interno do servidor. Tente novamente mais tarde.');
  });
});

describe('logging of outages', () => {
  it('treats an unavailable dependency as expected, with its causes in one line', () => {
    const outage = new AppError('unavailable', 'Serviço de CEP indisponível', {
      cause: new Error('ViaCEP unreachable', { cause: new Error('getaddrinfo ENOTFOUND') }),
    });
    expect(isExpectedOutage(outage)).toBe(true);
    expect(causeChain(outage)).toBe(
      'Serviço de CEP indisponível: ViaCEP unreachable: getaddrinfo ENOTFOUND',
    );
    expect(isExpectedOutage(new Error('bug'))).toBe(false);
    expect(isExpectedOutage(new AppError('unexpected', 'x'))).toBe(false);
  });
});
