import { CEP_LOOKUP_MESSAGES } from '@lumina/shared/shipping/cep-lookup';
import { AppError } from '../../http/app-error.ts';
import {
  type CepAddress,
  type CepLookup,
  CepLookupError,
} from '../../integrations/viacep/viacep-client.ts';
import { createLruCache } from './lru-cache.ts';

const HOUR_MS = 3_600_000;
/** Streets seldom change CEP; a day keeps ViaCEP calls rare for the CEPs customers repeat. */
export const CEP_CACHE = { maxEntries: 1_000, foundTtlMs: 24 * HOUR_MS, notFoundTtlMs: HOUR_MS };

/**
 * Address lookup by CEP with an in-process cache. Unknown CEPs are remembered for an hour only:
 * new CEPs do appear. Failures are not cached, so the next form tries ViaCEP again.
 */
export function createCepService(deps: { lookup: CepLookup; now?: () => number }) {
  const cache = createLruCache<CepAddress | null>({
    maxEntries: CEP_CACHE.maxEntries,
    now: deps.now,
  });

  return {
    async find(cep: string): Promise<CepAddress> {
      let address = cache.get(cep);
      if (address === undefined) {
        try {
          address = (await deps.lookup.lookup(cep)) ?? null;
        } catch (error) {
          if (!(error instanceof CepLookupError)) throw error;
          throw new AppError('unavailable', CEP_LOOKUP_MESSAGES.unavailable, {
            code: 'cep_service_unavailable',
            cause: error,
          });
        }
        cache.set(cep, address, address ? CEP_CACHE.foundTtlMs : CEP_CACHE.notFoundTtlMs);
      }
      if (!address) {
        throw new AppError('not_found', CEP_LOOKUP_MESSAGES.notFound, { code: 'cep_not_found' });
      }
      return address;
    },
  };
}

export type CepService = ReturnType<typeof createCepService>;
