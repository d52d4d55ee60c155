import { z } from 'zod';

/**
 * Order updates by WhatsApp: the four template messages the shop sends to a shopper who opted in
 * at checkout. WhatsApp lets a business start a conversation only with a template approved in
 * WhatsApp Manager, so the owner registers these (category Utility, language Portuguese (BR))
 * with these names and texts; the shop fills {{1}}, {{2}}... in this order.
 */
export const ORDER_UPDATE_TEMPLATES = {
  order_received: {
    name: 'pedido_recebido',
    text: 'Olá, {{1}}! Recebemos o seu pedido {{2}} de {{3}}. Para concluir, pague com PIX em até 30 minutos usando o código PIX Copia e Cola: {{4}}',
    parameters: ['primeiro nome', 'número do pedido', 'total', 'código PIX'],
  },
  payment_approved: {
    name: 'pagamento_aprovado',
    text: 'Olá, {{1}}! O pagamento do pedido {{2}} foi aprovado. Agora vamos separar e embalar as suas peças.',
    parameters: ['primeiro nome', 'número do pedido'],
  },
  order_shipped: {
    name: 'pedido_enviado',
    text: 'Olá, {{1}}! O pedido {{2}} foi enviado. Código de rastreio: {{3}}. Acompanhe a entrega em {{4}}',
    parameters: ['primeiro nome', 'número do pedido', 'código de rastreio', 'link de rastreio'],
  },
  order_delivered: {
    name: 'pedido_entregue',
    text: 'Olá, {{1}}! O pedido {{2}} foi entregue. Esperamos que você goste das suas peças!',
    parameters: ['primeiro nome', 'número do pedido'],
  },
} as const;

export type OrderUpdateKind = keyof typeof ORDER_UPDATE_TEMPLATES;

/** The templates' language in WhatsApp Manager. */
export const ORDER_UPDATE_LANGUAGE = 'pt_BR';

export const WHATSAPP_TEXTS = {
  optIn: 'Quero receber atualizações do pedido pelo WhatsApp',
  optInHint:
    'No celular informado acima: pedido recebido com o código PIX, pagamento aprovado, envio com o rastreio e entrega.',
  needsMobile: 'Para receber pelo WhatsApp, informe um celular com DDD.',
  cardTitle: 'WhatsApp do pedido',
  notConfigured:
    'Desligado: sem a API do WhatsApp Cloud configurada, o checkout não oferece atualizações pelo WhatsApp.',
  viaServer:
    'Configurado no servidor (WHATSAPP_ACCESS_TOKEN e WHATSAPP_PHONE_NUMBER_ID). Para mudar, altere o servidor.',
  viaPanel: 'Ligado: os clientes que aceitarem no checkout recebem as atualizações do pedido.',
  saved: 'WhatsApp configurado.',
  removed: 'WhatsApp desligado.',
  phoneNumberIdInvalid: 'Informe o ID do número (só dígitos), que aparece no WhatsApp Manager.',
  tokenInvalid: 'Cole o token de acesso inteiro.',
  tokenRequired: 'Informe o token de acesso.',
} as const;

/** PUT /api/admin/whatsapp: the number's id and, to set or replace it, the token. */
export const whatsappSettingsBodySchema = z
  .object({
    whatsapp: z
      .object({
        phone_number_id: z
          .string({ error: WHATSAPP_TEXTS.phoneNumberIdInvalid })
          .trim()
          .regex(/^\d{5,30}$/, WHATSAPP_TEXTS.phoneNumberIdInvalid),
        /** Left out or empty: the token saved before stays. */
        access_token: z
          .string({ error: WHATSAPP_TEXTS.tokenInvalid })
          .trim()
          .max(1000, WHATSAPP_TEXTS.tokenInvalid)
          .refine((value) => value === '' || /^\S{20,}$/.test(value), WHATSAPP_TEXTS.tokenInvalid)
          .optional(),
      })
      .strict(),
  })
  .strict();
export type WhatsappSettingsBody = z.infer<typeof whatsappSettingsBodySchema>;

/** GET /api/admin/whatsapp: whether and how it is set; the token only by its last 4 characters. */
export const whatsappStatusSchema = z.object({
  whatsapp: z.object({
    configured: z.boolean(),
    source: z.enum(['server', 'panel']).nullable(),
    phone_number_id: z.string().nullable(),
    token_hint: z.string().nullable().describe("'…' and the token's last 4 characters"),
    templates: z.array(
      z.object({ name: z.string(), text: z.string(), parameters: z.array(z.string()) }),
    ),
  }),
});
export type WhatsappStatusJson = z.infer<typeof whatsappStatusSchema>;
