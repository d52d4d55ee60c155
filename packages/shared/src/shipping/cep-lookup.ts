/** GET /api/cep/{cep}: the address of a CEP, for filling address forms (not in the spec). */
export interface CepLookupJson {
  /** 8 digits. */
  cep: string;
  /** Empty for towns with one CEP for every street. */
  street: string;
  neighborhood: string;
  city: string;
  /** Two-letter state code. */
  state: string;
}

/** The lookup's failures; a form that gets either simply stays as the user typed it. */
export const CEP_LOOKUP_MESSAGES = {
  notFound: 'CEP não encontrado',
  unavailable: 'Serviço de CEP indisponível',
} as const;
