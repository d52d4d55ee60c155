import { FULFILMENT_MESSAGES } from '@lumina/shared/fulfilment/fulfilment-texts';
import type { z } from 'zod';
import { ProviderError } from '../../modules/fulfilment/ports.ts';
import { errorText, mentionsInsufficientBalance } from './melhor-envio-wire.ts';

/** How long the owner waits for Melhor Envio before a label step is reported as unanswered. */
export const MELHOR_ENVIO_TIMEOUT_MS = 15_000;

/** Melhor Envio asks every app to name itself and a technical contact in the User-Agent. */
export function melhorEnvioUserAgent(contactEmail: string): string {
  return `Lumina Piercings (${contactEmail})`;
}

export interface MelhorEnvioAnswer {
  status: number;
  /** The parsed JSON, or undefined when the body was empty or not JSON. */
  body: unknown;
}

/**
 * One request to Melhor Envio, answered or not. No answer within `timeoutMs` (body included),
 * or none at all, is 'unavailable' with `answered` false: the request may have been applied.
 * Any status comes back as it is, for the caller to read.
 */
export async function sendToMelhorEnvio(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; timeoutMs: number },
): Promise<MelhorEnvioAnswer> {
  const { timeoutMs, ...request } = init;
  let status: number;
  let text: string;
  try {
    const response = await fetch(url, { ...request, signal: AbortSignal.timeout(timeoutMs) });
    status = response.status;
    text = await response.text();
  } catch (error) {
    throw new ProviderError('unavailable', FULFILMENT_MESSAGES.melhorEnvioDown, {
      cause: error,
      answered: false,
    });
  }
  let body: unknown;
  try {
    body = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    body = undefined;
  }
  return { status, body };
}

/**
 * A failed answer (not 2xx, not a 401 left to renew) as the port's error. Only a purchase reads
 * a refusal as the wallet's: elsewhere a word about the balance is just the refusal's text.
 */
export function failureOf(
  answer: MelhorEnvioAnswer,
  what: string,
  options: { purchase?: boolean } = {},
): ProviderError {
  const { status, body } = answer;
  if (status === 429 || status >= 500) {
    return new ProviderError('unavailable', FULFILMENT_MESSAGES.melhorEnvioDown, {
      cause: new Error(`${what}: HTTP ${status}`),
    });
  }
  if (status === 401 || status === 403) {
    return new ProviderError('auth', FULFILMENT_MESSAGES.melhorEnvioAuth, {
      cause: new Error(`${what}: HTTP ${status}${describe(body)}`),
    });
  }
  if (options.purchase && status >= 400 && mentionsInsufficientBalance(status, body)) {
    return new ProviderError('insufficient_balance', FULFILMENT_MESSAGES.insufficientBalance, {
      cause: new Error(`${what}: HTTP ${status}${describe(body)}`),
    });
  }
  if (status >= 400) {
    return new ProviderError('refused', errorText(body) ?? `HTTP ${status}`, {
      cause: new Error(`${what}: HTTP ${status}`),
    });
  }
  // 1xx/3xx: nothing the API answers on purpose.
  return shapeError(what, `HTTP ${status}`);
}

function describe(body: unknown): string {
  const text = errorText(body);
  return text ? ` (${text})` : '';
}

export function shapeError(what: string, detail: string): ProviderError {
  return new ProviderError('shape', `Resposta inesperada do Melhor Envio (${what}): ${detail}`);
}

/** A 2xx answer read with its schema; anything else the shop cannot use is a 'shape' error. */
export function readAnswer<T extends z.ZodType>(
  schema: T,
  answer: MelhorEnvioAnswer,
  what: string,
): z.output<T> {
  if (answer.body === undefined) throw shapeError(what, 'não é JSON');
  const parsed = schema.safeParse(answer.body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw shapeError(what, `${issue?.path.join('.') || 'corpo'}: ${issue?.message ?? 'formato'}`);
  }
  return parsed.data;
}
