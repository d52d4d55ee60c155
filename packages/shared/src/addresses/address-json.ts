import { z } from 'zod';

/**
 * An address book entry as the API answers it (spec 001 §3, Address): the response schema of the
 * address routes and of register, and the type the web reads.
 */
export const addressJsonSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    street: z.string(),
    number: z.string(),
    complement: z.string().nullable(),
    neighborhood: z.string(),
    city: z.string(),
    state: z.string(),
    zip_code: z.string().describe('8 digits'),
    is_default: z.boolean(),
    /** The spec's single line: street, number - neighborhood - city/state - zip code. */
    full_address: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Address' });
export type AddressJson = z.infer<typeof addressJsonSchema>;

/** GET /api/addresses. */
export const addressListResponseSchema = z.object({ addresses: z.array(addressJsonSchema) });
export type AddressListResponse = z.infer<typeof addressListResponseSchema>;

/** GET, POST, PUT /api/addresses/{id} and POST /api/addresses/{id}/set_default. */
export const addressResponseSchema = z.object({ address: addressJsonSchema });
export type AddressResponse = z.infer<typeof addressResponseSchema>;
