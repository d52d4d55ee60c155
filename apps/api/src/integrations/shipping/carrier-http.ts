import { CarrierError } from './quoter.ts';

/** How long a customer waits for a carrier before the offline table answers instead. */
export const CARRIER_TIMEOUT_MS = 5_000;

/**
 * A JSON call to a carrier API. Everything that is not a 2xx answer with a JSON body within
 * `timeoutMs` (body included) becomes a CarrierError whose message names only what went wrong.
 */
export async function fetchCarrierJson(
  url: URL,
  init: RequestInit & { timeoutMs: number },
): Promise<unknown> {
  const { timeoutMs, ...request } = init;
  const signal = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, { ...request, signal });
  } catch (error) {
    throw toCarrierError(error, timeoutMs);
  }
  try {
    const text = await response.text();
    if (!response.ok) throw new CarrierError(`HTTP ${response.status}`);
    return JSON.parse(text) as unknown;
  } catch (error) {
    if (error instanceof CarrierError) throw error;
    if (error instanceof SyntaxError) throw new CarrierError('answer is not JSON');
    throw toCarrierError(error, timeoutMs);
  }
}

function toCarrierError(error: unknown, timeoutMs: number): CarrierError {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return new CarrierError(`no answer within ${timeoutMs} ms`);
  }
  // undici puts the reason (ECONNREFUSED, ENOTFOUND...) in the cause; the URL stays out.
  const cause =
    error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  const code = typeof cause?.code === 'string' ? cause.code : 'network error';
  return new CarrierError(`request failed (${code})`);
}
