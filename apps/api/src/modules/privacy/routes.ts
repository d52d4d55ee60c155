import {
  adminPrivacyQueueSchema,
  createPrivacyRequestSchema,
  privacyRequestAnswerSchema,
  privacyRequestListSchema,
} from '@lumina/shared/privacy/privacy-requests';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../http/error-schema.ts';
import { currentUser, requireAdmin, requireUser } from '../auth/authenticate.ts';
import { consentsAnswerSchema, updateConsentsSchema } from '@lumina/shared/privacy/consents';
import type { Consents } from './consents.ts';
import type { PrivacyRequests } from './service.ts';

/** The user's own LGPD requests (DESIGN.md: GET/POST /api/privacy_requests). */
export const privacyRequestRoutes: FastifyPluginCallbackZod<{ privacy: PrivacyRequests }> = (
  app,
  { privacy },
  done,
) => {
  app.addHook('onRequest', requireUser);

  app.get(
    '/privacy_requests',
    {
      schema: {
        tags: ['privacy'],
        summary: 'My LGPD requests, newest first, with their deadlines',
        response: { 200: privacyRequestListSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { requests: await privacy.mine(currentUser(request).id) };
    },
  );

  app.post(
    '/privacy_requests',
    {
      schema: {
        tags: ['privacy'],
        summary: 'Asks the shop for access, an export or the deletion of my data (LGPD)',
        description:
          'One open request of a kind per person: asking again answers the open one (created false).',
        body: createPrivacyRequestSchema,
        response: {
          200: privacyRequestAnswerSchema,
          201: privacyRequestAnswerSchema,
          401: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const answer = await privacy.create(currentUser(request).id, request.body.type, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      return reply.code(answer.created ? 201 : 200).send(answer);
    },
  );
  done();
};

/** The administrators' queue (DESIGN.md: GET /api/admin/privacy_requests). */
export const adminPrivacyRoutes: FastifyPluginCallbackZod<{ privacy: PrivacyRequests }> = (
  app,
  { privacy },
  done,
) => {
  app.addHook('onRequest', requireAdmin);
  app.get(
    '/admin/privacy_requests',
    {
      schema: {
        tags: ['admin', 'privacy'],
        summary: 'Every LGPD request: open ones by deadline, overdue first',
        response: {
          200: adminPrivacyQueueSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return privacy.queue();
    },
  );
  done();
};

/** The personal-data page's consents (DESIGN.md: GET/PUT /api/users/consents). */
export const consentRoutes: FastifyPluginCallbackZod<{ consents: Consents }> = (
  app,
  { consents },
  done,
) => {
  app.addHook('onRequest', requireUser);
  app.get(
    '/users/consents',
    {
      schema: {
        tags: ['privacy'],
        summary: 'My consents: performance, functional and marketing cookies, e-mail marketing',
        response: { 200: consentsAnswerSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return consents.current(currentUser(request).id);
    },
  );
  app.put(
    '/users/consents',
    {
      schema: {
        tags: ['privacy'],
        summary: 'Changes some of my consents; each change is kept with its time and origin',
        body: updateConsentsSchema,
        response: { 200: consentsAnswerSchema, 401: errorResponseSchema, 422: errorResponseSchema },
      },
    },
    async (request) =>
      consents.update(currentUser(request).id, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      }),
  );
  done();
};
