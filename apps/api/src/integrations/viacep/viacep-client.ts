import type { CepLookupJson } from '@lumina/shared/shipping/cep-lookup';
import { z } from 'zod';

/** A form waits for the lookup, so a slow or absent ViaCEP must give up quickly. */
export const VIACEP_TIMEOUT_MS = 3_000;

export type CepAddress = CepLookupJson;

/** ViaCEP could not answer: down, slow, unreachable (no internet), or an unreadable answer. */
export class CepLookupError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CepLookupError';
  }
}

export interface CepLookup {
  /** The address of an 8-digit CEP; undefined when no such CEP exists. Throws CepLookupError. */
  lookup(cep: string): Promise<CepAddress | undefined>;
}

/** ViaCEP answers 200 `{"erro": true}` (or `"true"`) for a well-formed CEP that does not exist. */
const notFoundSchema = z.object({ erro: z.union([z.literal(true), z.literal('true')]) });

const addressSchema = z.object({
  cep: z.string().optional(),
  logradouro: z.string().default(''),
  bairro: z.string().default(''),
  localidade: z.string().min(1),
  uf: z.string().regex(/^[A-Z]{2}$/),
});

/**
 * The ViaCEP client: GET {base}/{cep}/json/. Public and keyless, so there is no offline
 * variant: without internet the call fails within the timeout and the caller says so.
 */
export function createViaCepClient(config: { baseUrl: string; timeoutMs?: number }): CepLookup {
  const timeoutMs = config.timeoutMs ?? VIACEP_TIMEOUT_MS;

  async function fetchJson(cep: string): Promise<unknown> {
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      const response = await fetch(`${config.baseUrl}/${cep}/json/`, {
        headers: { accept: 'application/json' },
        signal,
      });
      const text = await response.text();
      if (!response.ok) throw new CepLookupError(`ViaCEP answered HTTP ${response.status}`);
      return JSON.parse(text) as unknown;
    } catch (error) {
      if (error instanceof CepLookupError) throw error;
      if (error instanceof SyntaxError) throw new CepLookupError('ViaCEP answered no JSON');
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new CepLookupError(
        timedOut ? `ViaCEP gave no answer within ${timeoutMs} ms` : 'ViaCEP unreachable',
        { cause: error },
      );
    }
  }

  return {
    async lookup(cep) {
      const body = await fetchJson(cep);
      if (notFoundSchema.safeParse(body).success) return undefined;
      const parsed = addressSchema.safeParse(body);
      if (!parsed.success) throw new CepLookupError('ViaCEP answered an unknown shape');
      const { logradouro, bairro, localidade, uf } = parsed.data;
      return { cep, street: logradouro, neighborhood: bairro, city: localidade, state: uf };
    },
  };
}
