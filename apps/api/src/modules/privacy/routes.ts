import { dataExportSchema, type DataExport } from '@lumina/shared/privacy/data-export';
import {
  adminPrivacyQueueSchema,
  completePrivacyRequestAnswerSchema,
  completePrivacyRequestSchema,
  createPrivacyRequestSchema,
  PRIVACY_REQUEST_TEXTS,
  privacyRequestAnswerSchema,
  privacyRequestListSchema,
} from '@lumina/shared/privacy/privacy-requests';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { errorResponseSchema } from '../../http/error-schema.ts';
import { currentUser, requireUser } from '../auth/authenticate.ts';
import { guardScope } from '../auth/private-scope.ts';
import { consentsAnswerSchema, updateConsentsSchema } from '@lumina/shared/privacy/consents';
import { INTEGER_ID_MAX } from '@lumina/shared/validation/integer-id';
import type { Consents } from './consents.ts';
import type { PrivacyRequests } from './service.ts';

/** The user's own LGPD requests (DESIGN.md: GET/POST /api/privacy_requests). */
export const privacyRequestRoutes: FastifyPluginCallbackZod<{
  privacy: PrivacyRequests;
  exportMine: (userId: number) => Promise<DataExport | undefined>;
}> = (app, { privacy, exportMine }, done) => {
  app.addHook('onRequest', requireUser);

  app.get(
    '/users/me/export',
    {
      schema: {
        tags: ['privacy'],
        summary: 'Everything the shop keeps about me, as one JSON document (LGPD art. 18)',
        response: { 200: dataExportSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const data = await exportMine(currentUser(request).id);
      if (!data) {
        throw new AppError('not_found', PRIVACY_REQUEST_TEXTS.exportNotReady, {
          code: 'not_found',
        });
      }
      void reply.header('cache-control', 'no-store');
      return data;
    },
  );

  app.get(
    '/privacy_requests/:id/export',
    {
      schema: {
        tags: ['privacy'],
        summary: 'The data file of one of my answered access or export requests',
        description: 'Available for 30 days after the answer; a JSON download.',
        params: z.object({ id: z.coerce.number().int().positive().max(INTEGER_ID_MAX) }),
        // The file as written (a JSON text), sent as is.
        response: { 200: z.string(), 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const file = await privacy.exportFile(currentUser(request).id, request.params.id);
      const date = file.completedAt.toISOString().slice(0, 10);
      return reply
        .header('cache-control', 'no-store')
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="meus-dados-lumina-${date}.json"`)
        .send(JSON.stringify(file.data, null, 2));
    },
  );

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
  guardScope(app, { access: 'admin', permission: 'privacy' });
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
  app.post(
    '/admin/privacy_requests/:id/complete',
    {
      schema: {
        tags: ['admin', 'privacy'],
        summary: 'Answers an LGPD request: the data file, or the erasure of the account',
        description:
          'Access and export: the person gets their data file by e-mail and on their page (30 days). ' +
          'Deletion: the account is erased, its orders keep only their fiscal data; refused (409) ' +
          'while an order is still moving. A completed request answers as it is.',
        params: z.object({ id: z.coerce.number().int().positive().max(INTEGER_ID_MAX) }),
        body: completePrivacyRequestSchema.optional(),
        response: {
          200: completePrivacyRequestAnswerSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const admin = currentUser(request);
      return privacy.complete(
        request.params.id,
        { id: admin.id, ip: request.ip, userAgent: request.headers['user-agent'] },
        request.body?.note || undefined,
      );
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
