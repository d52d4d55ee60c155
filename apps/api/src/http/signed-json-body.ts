import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Webhook events are small; anything bigger is not from the service that signs them. */
const SIGNED_BODY_LIMIT = 256 * 1024;

/** What a webhook route receives: the exact bytes, and their reading when they are JSON. */
export interface SignedJsonBody {
  raw: string;
  json: unknown;
}

/**
 * A webhook's signature covers the exact bytes the sender wrote, which JSON.parse then
 * JSON.stringify would not give back. In the scope this is called on, JSON bodies keep their
 * text; the parsed reading goes alongside for the API-wide text check (reject-invalid-text.ts),
 * which sees the strings as it does on every route.
 */
export function keepSignedJsonBodies(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: SIGNED_BODY_LIMIT },
    (_request, body, parsed) => {
      const raw = String(body);
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        json = undefined;
      }
      parsed(null, { raw, json } satisfies SignedJsonBody);
    },
  );
}

/** The signed bytes of a request in a keepSignedJsonBodies scope ('' without a JSON body). */
export function signedRawBody(request: FastifyRequest): string {
  return (request.body as Partial<SignedJsonBody> | undefined)?.raw ?? '';
}
