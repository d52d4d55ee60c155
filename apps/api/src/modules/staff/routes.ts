import {
  acceptInvitationSchema,
  changeStaffRoleSchema,
  invitationPreviewSchema,
  inviteStaffSchema,
  staffInvitationSchema,
  staffListSchema,
  staffMemberSchema,
} from '@lumina/shared/admin/staff';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../http/error-schema.ts';
import { actorOf, idParams } from '../admin/route-parts.ts';
import { guardScope } from '../auth/private-scope.ts';
import { requestMeta } from '../auth/request-meta.ts';
import type { StaffService } from './service.ts';

const adminFailures = {
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  422: errorResponseSchema,
};

/** The owner's team (DESIGN.md: GET/POST /api/admin/staff, PUT/DELETE /api/admin/staff/{id}). */
export const adminStaffRoutes: FastifyPluginCallbackZod<{ staff: StaffService }> = (
  app,
  { staff },
  done,
) => {
  // 401 anonymous, 403 to anyone whose role in the database lacks 'staff', before any parsing.
  guardScope(app, { access: 'admin', permission: 'staff' });

  app.get(
    '/admin/staff',
    {
      schema: {
        tags: ['admin', 'staff'],
        summary: 'The staff, with their roles, and the invitations still pending',
        response: { 200: staffListSchema, ...adminFailures },
      },
    },
    async () => staff.list(),
  );

  app.post(
    '/admin/staff',
    {
      schema: {
        tags: ['admin', 'staff'],
        summary: 'Invites an e-mail to the staff: a link valid 7 days, mailed to the address',
        description:
          'A new invitation to the same address replaces the pending one. An address already on the staff, or a customer account, is refused (422).',
        body: inviteStaffSchema,
        response: { 201: z.object({ invitation: staffInvitationSchema }), ...adminFailures },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ invitation: await staff.invite(request.body.staff, actorOf(request)) }),
  );

  app.put(
    '/admin/staff/:id',
    {
      schema: {
        tags: ['admin', 'staff'],
        summary: "Changes a staff member's role and ends their sessions",
        description: 'The last owner cannot be demoted (422).',
        params: idParams,
        body: changeStaffRoleSchema,
        response: { 200: z.object({ staff: staffMemberSchema }), ...adminFailures },
      },
    },
    async (request) => ({
      staff: await staff.changeRole(request.params.id, request.body.staff.role, actorOf(request)),
    }),
  );

  app.delete(
    '/admin/staff/:id',
    {
      schema: {
        tags: ['admin', 'staff'],
        summary: 'Removes panel access: the person stays a customer and every session ends',
        description: 'The last owner cannot be removed (422).',
        params: idParams,
        response: { 204: z.null().describe('removed'), ...adminFailures },
      },
    },
    async (request, reply) => {
      await staff.remove(request.params.id, actorOf(request));
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/admin/staff/invitations/:id',
    {
      schema: {
        tags: ['admin', 'staff'],
        summary: 'Cancels a pending invitation: its link stops working',
        params: idParams,
        response: { 204: z.null().describe('cancelled'), ...adminFailures },
      },
    },
    async (request, reply) => {
      await staff.revokeInvitation(request.params.id, actorOf(request));
      return reply.code(204).send(null);
    },
  );

  done();
};

const tokenParams = z.object({ token: z.string().max(512) });

/** The invitee's side: read the invitation and accept it (public, throttled per source). */
export const staffInvitationRoutes: FastifyPluginCallbackZod<{ staff: StaffService }> = (
  app,
  { staff },
  done,
) => {
  // Each answer is about one person's link.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const linkFailures = {
    404: errorResponseSchema,
    422: errorResponseSchema,
    429: errorResponseSchema,
  };

  app.get(
    '/staff_invitations/:token',
    {
      schema: {
        tags: ['staff'],
        summary: "An invitation's address and role, for the page that accepts it",
        description:
          '404 for an unknown link; 422 with the pt-BR reason for an expired, used or cancelled one.',
        params: tokenParams,
        response: { 200: invitationPreviewSchema, ...linkFailures },
      },
    },
    async (request) => staff.preview(request.params.token, requestMeta(request)),
  );

  app.post(
    '/staff_invitations/:token',
    {
      schema: {
        tags: ['staff'],
        summary: 'Accepts an invitation: creates the staff account with the invited e-mail',
        description: 'The register rules for name and password; the e-mail counts as verified.',
        params: tokenParams,
        body: acceptInvitationSchema,
        response: {
          201: z.object({ success: z.literal(true), message: z.string(), email: z.string() }),
          ...linkFailures,
        },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await staff.accept(request.params.token, request.body, requestMeta(request))),
  );

  done();
};
