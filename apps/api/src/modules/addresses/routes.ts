import {
  addressListResponseSchema,
  addressResponseSchema,
} from '@lumina/shared/addresses/address-json';
import { addressSchema } from '@lumina/shared/addresses/address-schema';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../http/error-schema.ts';
import { currentUser } from '../auth/authenticate.ts';
import { privateScope } from '../auth/private-scope.ts';
import { type AddressService, parseAddressId } from './service.ts';

// The id is checked by parseAddressId, so a bad one answers the same 404 as someone else's.
const idParamsSchema = z.object({ id: z.string() });

const failures = {
  401: errorResponseSchema,
  404: errorResponseSchema,
  422: errorResponseSchema,
};

export const addressRoutes: FastifyPluginCallbackZod<{ addresses: AddressService }> = (
  app,
  { addresses },
  done,
) => {
  // onRequest, before the body is validated: an anonymous caller learns nothing about the rules.
  void app.register(privateScope);

  app.get(
    '/addresses',
    {
      schema: {
        tags: ['addresses'],
        summary: "The logged-in user's address book, default first",
        response: {
          200: addressListResponseSchema,
          401: errorResponseSchema,
        },
      },
    },
    async (request) => ({ addresses: await addresses.list(currentUser(request).id) }),
  );

  app.post(
    '/addresses',
    {
      schema: {
        tags: ['addresses'],
        summary: 'Adds an address; the first one, or one sent with is_default, is the default',
        body: addressSchema,
        response: { 201: addressResponseSchema, ...failures },
      },
    },
    async (request, reply) => {
      const address = await addresses.create(currentUser(request).id, request.body);
      return reply.code(201).send({ address });
    },
  );

  app.get(
    '/addresses/:id',
    {
      schema: {
        tags: ['addresses'],
        summary: 'One address of the logged-in user',
        params: idParamsSchema,
        response: { 200: addressResponseSchema, ...failures },
      },
    },
    async (request) => ({
      address: await addresses.get(currentUser(request).id, parseAddressId(request.params.id)),
    }),
  );

  app.put(
    '/addresses/:id',
    {
      schema: {
        tags: ['addresses'],
        summary: 'Replaces an address; is_default true makes it the default',
        params: idParamsSchema,
        body: addressSchema,
        response: { 200: addressResponseSchema, ...failures },
      },
    },
    async (request) => {
      const id = parseAddressId(request.params.id);
      return { address: await addresses.update(currentUser(request).id, id, request.body) };
    },
  );

  app.delete(
    '/addresses/:id',
    {
      schema: {
        tags: ['addresses'],
        summary: 'Deletes an address; deleting the default makes the oldest other one the default',
        params: idParamsSchema,
        response: { 200: z.object({ success: z.literal(true) }), ...failures },
      },
    },
    async (request) => {
      await addresses.remove(currentUser(request).id, parseAddressId(request.params.id));
      return { success: true as const };
    },
  );

  app.post(
    '/addresses/:id/set_default',
    {
      schema: {
        tags: ['addresses'],
        summary: 'Makes this address the default',
        params: idParamsSchema,
        response: { 200: addressResponseSchema, ...failures },
      },
    },
    async (request) => ({
      address: await addresses.setDefault(
        currentUser(request).id,
        parseAddressId(request.params.id),
      ),
    }),
  );

  done();
};
