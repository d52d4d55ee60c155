import type { CepLookupJson } from '@lumina/shared/shipping/cep-lookup';
import { z } from 'zod';
import { ApiError, apiRequest } from '../api-client.ts';

/** GET /api/cep/{cep}: the address of a postal code (ViaCEP behind the API). */
const cepAddressSchema = z.object({
  cep: z.string(),
  street: z.string(),
  neighborhood: z.string(),
  city: z.string(),
  state: z.string(),
}) satisfies z.ZodType<CepLookupJson>;

export type CepAddress = CepLookupJson;

/**
 * Answers the address, or throws ApiError: 404 'CEP não encontrado', 503 when the lookup service
 * is down, and a malformed answer as if it were down (nothing half-read reaches a form).
 */
export async function getCepAddress(cep: string, signal?: AbortSignal): Promise<CepAddress> {
  const answer = await apiRequest<unknown>(`/cep/${cep}`, { signal });
  const parsed = cepAddressSchema.safeParse(answer);
  if (!parsed.success) throw new ApiError('Formato de resposta inválido da API', 503, answer);
  return parsed.data;
}
