import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { requireAdmin, requireUser } from './authenticate.ts';

export interface PrivateScopeOptions {
  /** 'user' (the default): any signed-in account; 'admin': the role in the database is admin. */
  access?: 'user' | 'admin';
}

function noStore(
  _request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: null, payload: unknown) => void,
): void {
  reply.header('cache-control', 'no-store');
  done(null, payload);
}

/**
 * The preamble of every private route, registered once at the top of a scope (fastify/demo's
 * autohooks): the session check before anything is parsed (401 anonymous, 403 to a non-admin
 * on an admin scope, the bodies of authenticate.ts) and `Cache-Control: no-store` on every
 * answer, errors included, since each is about one person. Wrapped with fastify-plugin so the
 * hooks land in the scope that registers it, and only there.
 */
export const privateScope = fp<PrivateScopeOptions>((app, { access = 'user' }, done) => {
  app.addHook('onRequest', access === 'admin' ? requireAdmin : requireUser);
  app.addHook('onSend', noStore);
  done();
});
