import { CART_INPUT_MESSAGES, sessionIdSchema } from '@lumina/shared/cart/cart-schemas';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';

function headerValue(request: FastifyRequest): string | undefined {
  const value = request.headers['x-session-id'];
  return typeof value === 'string' ? value : undefined;
}

/** The anonymous cart's owner: the X-Session-ID header, a UUID, or a 400. */
export function requireSessionId(request: FastifyRequest): string {
  const parsed = sessionIdSchema.safeParse(headerValue(request));
  if (!parsed.success) {
    throw new AppError('bad_request', CART_INPUT_MESSAGES.sessionId, {
      code: 'invalid_session_id',
    });
  }
  return parsed.data.toLowerCase();
}

/** The session id of a login or register, when it carries a valid one (merge is optional). */
export function optionalSessionId(request: FastifyRequest): string | undefined {
  const parsed = sessionIdSchema.safeParse(headerValue(request));
  return parsed.success ? parsed.data.toLowerCase() : undefined;
}

export interface CartMergeResult {
  cart_migrated: boolean;
  cart_items_count: number;
}

/** What login, register and the Google exchange run once they know who the shopper is. */
export type MergeCartOnLogin = (
  userId: number,
  request: FastifyRequest,
) => Promise<CartMergeResult>;

/**
 * Moves the anonymous cart named by the request's X-Session-ID into the user's cart. A failure
 * here must not fail the login itself: it is logged and the visitor's lines stay where they are.
 */
export function createMergeCartOnLogin(
  merge: (userId: number, sessionId: string) => Promise<CartMergeResult>,
): MergeCartOnLogin {
  return async (userId, request) => {
    const sessionId = optionalSessionId(request);
    if (sessionId === undefined) return { cart_migrated: false, cart_items_count: 0 };
    try {
      return await merge(userId, sessionId);
    } catch (error) {
      request.log.error({ err: error }, 'anonymous cart merge failed');
      return { cart_migrated: false, cart_items_count: 0 };
    }
  };
}
