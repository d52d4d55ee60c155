import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorResponseSchema } from '../../http/error-schema.ts';
import { currentUser } from '../auth/authenticate.ts';
import type { AdminActor } from './orders/service.ts';

/** `:id` as the path gives it; each service parses it and answers 404 for a wrong one. */
export const idParams = z.object({ id: z.string() });

/** What a call on an order or a return request (shopper's or administrator's) may answer besides success. */
export const orderCallFailures = {
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
  503: errorResponseSchema,
};

/** The administrator acting, as the security log and the steps they take record them. */
export function actorOf(request: FastifyRequest): AdminActor {
  return { id: currentUser(request).id, ip: request.ip, userAgent: request.headers['user-agent'] };
}
