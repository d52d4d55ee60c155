import type { FastifyRequest } from 'fastify';
import type { RequestMeta } from './token-service.ts';

/** Who is asking, as the token and security-log records keep it. */
export function requestMeta(request: FastifyRequest): RequestMeta {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: userAgent?.slice(0, 512) };
}
