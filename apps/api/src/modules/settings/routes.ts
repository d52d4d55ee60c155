import type { CouponRule } from '@lumina/shared/promotions/coupon-rules';
import {
  adminSettingsAnswerSchema,
  publicStoreAnswerSchema,
  publicStoreJsonSchema,
  storeSettingsBodySchema,
} from '@lumina/shared/settings/store-settings';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { policyAnswerSchema, policyKeySchema } from '@lumina/shared/settings/policy-pages';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { type CachedJson, renderJson, sendCached } from '../../http/cached-json.ts';
import { errorResponseSchema } from '../../http/error-schema.ts';
import { actorOf } from '../admin/route-parts.ts';
import { guardScope } from '../auth/private-scope.ts';
import { CATALOG_CACHE_CONTROL } from '../catalog/routes.ts';
import { toPromotionJson } from '../promotions/coupon-json.ts';
import { promotionsOnNow } from '../promotions/live-promotions.ts';
import { promotionJsonSchema } from '../promotions/schemas.ts';
import type { SettingsService } from './service.ts';

/** GET /api/store: the public part of the settings, for every shopper's page. */
export const publicStoreRoutes: FastifyPluginCallbackZod<{
  settings: SettingsService;
  /** The automatic promotions (from memory): `store.promotions` lists those on now. */
  promotionRules?: () => Promise<CouponRule[]>;
  now?: () => Date;
  /** Whether checkout offers the order updates by WhatsApp (`store.order_whatsapp`). */
  orderWhatsApp?: () => Promise<boolean>;
}> = (
  app,
  {
    settings,
    promotionRules = () => Promise.resolve([]),
    now = () => new Date(),
    orderWhatsApp = () => Promise.resolve(false),
  },
  done,
) => {
  // Rendered again only when the settings, the promotions or which of them are on change.
  let rendered: { key: string; rules: CouponRule[]; entry: CachedJson } | null = null;

  app.get(
    '/store',
    {
      schema: {
        tags: ['store'],
        summary: "The shop's public settings: names, document, address, contacts, price rules",
        description:
          'Money in reais (and in cents beside it). The policies say only whether each exists; their texts are their own pages. Mail settings are not public.',
        response: {
          200: publicStoreAnswerSchema.extend({
            store: publicStoreJsonSchema.extend({
              promotions: z
                .array(promotionJsonSchema)
                .describe('the automatic promotions on now, for banners and product pages'),
              order_whatsapp: z
                .boolean()
                .describe(
                  "the shop sends order updates by WhatsApp: checkout offers 'Quero receber atualizações do pedido pelo WhatsApp'",
                ),
            }),
          }),
        },
      },
    },
    async (request, reply) => {
      const [current, rules, whatsapp] = await Promise.all([
        settings.current(),
        promotionRules(),
        orderWhatsApp(),
      ]);
      const live = promotionsOnNow(rules, now());
      const key = `${current.version}:${live.map((rule) => rule.id).join(',')}:${whatsapp}`;
      if (rendered?.key !== key || rendered.rules !== rules) {
        rendered = {
          key,
          rules,
          entry: renderJson({
            store: {
              ...settings.publicStore(),
              promotions: live.map(toPromotionJson),
              order_whatsapp: whatsapp,
            },
          }),
        };
      }
      return sendCached(request, reply, rendered.entry, CATALOG_CACHE_CONTROL);
    },
  );

  app.get(
    '/store/policies/:key',
    {
      schema: {
        tags: ['store'],
        summary: "One of the shop's policies: terms, returns or shipping",
        description:
          "The policy's HTML as the owner saved it (cleaned by the allow-list on save) and when it last changed; 404 while it is not written. Its page is /termos-de-uso, /trocas-e-devolucoes or /politica-de-envio.",
        params: z.object({ key: policyKeySchema }),
        response: { 200: policyAnswerSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const policy = await settings.policy(request.params.key);
      if (!policy) {
        throw new AppError('not_found', 'Política não encontrada', { code: 'policy_not_found' });
      }
      reply.header('cache-control', CATALOG_CACHE_CONTROL);
      return { policy };
    },
  );
  done();
};

const failures = {
  401: errorResponseSchema,
  403: errorResponseSchema,
  422: errorResponseSchema,
};

/** The panel's settings page (DESIGN.md: GET/PUT /api/admin/settings `{settings:{...}}`). */
export const adminSettingsRoutes: FastifyPluginCallbackZod<{ settings: SettingsService }> = (
  app,
  { settings },
  done,
) => {
  // 401 anonymous, 403 to anyone whose role in the database is not admin, before any parsing.
  guardScope(app, { access: 'admin', permission: 'settings' });

  app.get(
    '/admin/settings',
    {
      schema: {
        tags: ['admin', 'store'],
        summary: 'The store settings, with what a public shop still lacks (`missing`)',
        response: { 200: adminSettingsAnswerSchema, ...failures },
      },
    },
    () => settings.adminView(),
  );

  app.put(
    '/admin/settings',
    {
      // Three policies of up to 50 000 characters each, accents taking two bytes or more, pass
      // the app's 64 KB limit for every other body.
      bodyLimit: 512 * 1024,
      schema: {
        tags: ['admin', 'store'],
        summary: 'Replaces the store settings; answers them as saved',
        description:
          'Every field is checked (422 with the fields in pt-BR); policies with scripts, event handlers or javascript: links are refused, other HTML outside a small allow-list is removed. Each save keeps a version and a security log entry.',
        body: storeSettingsBodySchema,
        response: { 200: adminSettingsAnswerSchema, ...failures },
      },
    },
    (request) => settings.update(request.body.settings, actorOf(request)),
  );

  app.get(
    '/admin/settings/versions',
    {
      schema: {
        tags: ['admin', 'store'],
        summary: 'The last 50 versions of the settings: who changed which fields, and when',
        response: {
          200: z.object({
            versions: z.array(
              z.object({
                version: z.number().int(),
                changed_fields: z.array(z.string()),
                changed_by: z.number().int().nullable(),
                changed_at: z.string(),
              }),
            ),
          }),
          ...failures,
        },
      },
    },
    async () => ({
      versions: (await settings.versions()).map((row) => ({
        version: row.version,
        changed_fields: row.changedFields,
        changed_by: row.changedBy,
        changed_at: row.changedAt.toISOString(),
      })),
    }),
  );
  done();
};
