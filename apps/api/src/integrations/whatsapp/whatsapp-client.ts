import { z } from 'zod';

/**
 * The WhatsApp Cloud API's send call for template messages (Graph API):
 * POST {apiUrl}/{version}/{phoneNumberId}/messages with a bearer token and
 * `{messaging_product: 'whatsapp', recipient_type: 'individual', to, type: 'template',
 * template: {name, language: {code}, components: [{type: 'body', parameters: [{type: 'text',
 * text}]}]}}`; the answer names the message (`messages[0].id`, a 'wamid.' id). A business may
 * start a conversation only with an approved template, which is why every order update is one.
 */
export interface WhatsAppTemplateMessage {
  /** The recipient: country code and number, digits only (5511987654321). */
  to: string;
  /** The approved template's name in WhatsApp Manager. */
  template: string;
  /** The template's language and locale code ('pt_BR'). */
  language: string;
  /** The body's {{1}}, {{2}}... in order. */
  parameters: readonly string[];
}

export interface WhatsAppSender {
  /** Sends one template message; answers WhatsApp's id of it. Throws WhatsAppSendError. */
  sendTemplate(message: WhatsAppTemplateMessage): Promise<{ messageId: string }>;
}

/**
 * Why a send failed. `retryable`: worth trying again later (no answer, a timeout, a 5xx, a rate
 * limit, or a token the owner may still fix); otherwise the request itself is wrong for
 * WhatsApp (a template or number it refuses) and trying again changes nothing.
 */
export class WhatsAppSendError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status: number | null = null,
    readonly code: number | null = null,
  ) {
    super(message);
    this.name = 'WhatsAppSendError';
  }
}

export interface WhatsAppClientConfig {
  /** No trailing slash: https://graph.facebook.com. */
  apiUrl: string;
  /** 'v23.0'. */
  version: string;
  phoneNumberId: string;
  accessToken: string;
  timeoutMs: number;
}

const answerSchema = z.object({
  messaging_product: z.literal('whatsapp'),
  messages: z.array(z.object({ id: z.string().min(1) })).min(1),
});

const errorSchema = z.object({
  error: z.object({
    message: z.string().optional(),
    code: z.number().optional(),
    error_data: z.object({ details: z.string().optional() }).optional(),
  }),
});

/** Graph API codes of throttling (4, 80007, 130429, 131056) and of a temporary fault (1, 2, 131000). */
const RETRYABLE_CODES = new Set([1, 2, 4, 80007, 130429, 131000, 131056]);

/**
 * WhatsApp wants body parameters without line breaks, tabs or four spaces in a row (it refuses
 * the message otherwise): a name or an address typed with them is sent on one line.
 */
export function templateText(value: string): string {
  return value
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/ {4,}/g, '   ')
    .trim();
}

export function templateBody(message: WhatsAppTemplateMessage) {
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: message.to,
    type: 'template',
    template: {
      name: message.template,
      language: { code: message.language },
      components: [
        {
          type: 'body',
          parameters: message.parameters.map((text) => ({
            type: 'text',
            text: templateText(text),
          })),
        },
      ],
    },
  };
}

export function createWhatsAppClient(config: WhatsAppClientConfig): WhatsAppSender {
  const endpoint = `${config.apiUrl}/${config.version}/${encodeURIComponent(config.phoneNumberId)}/messages`;
  return {
    async sendTemplate(message) {
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${config.accessToken}`,
            'content-type': 'application/json',
            accept: 'application/json',
          },
          body: JSON.stringify(templateBody(message)),
          signal: AbortSignal.timeout(config.timeoutMs),
        });
      } catch (error) {
        const timedOut = error instanceof Error && error.name === 'TimeoutError';
        throw new WhatsAppSendError(
          timedOut
            ? `WhatsApp gave no answer within ${config.timeoutMs} ms`
            : 'WhatsApp unreachable',
          true,
        );
      }
      const text = await response.text();
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      if (response.ok) {
        const parsed = answerSchema.safeParse(body);
        if (!parsed.success) {
          throw new WhatsAppSendError('WhatsApp answered an unknown shape', true, response.status);
        }
        return { messageId: parsed.data.messages[0]?.id ?? '' };
      }
      const error = errorSchema.safeParse(body);
      const code = error.success ? (error.data.error.code ?? null) : null;
      const details = error.success
        ? [error.data.error.message, error.data.error.error_data?.details]
            .filter(Boolean)
            .join(': ')
        : '';
      // Never the token: only what WhatsApp said back.
      const why = `WhatsApp answered HTTP ${response.status}${code === null ? '' : ` (code ${code})`}${details ? `: ${details}` : ''}`;
      const retryable =
        response.status >= 500 ||
        response.status === 429 ||
        response.status === 401 ||
        (code !== null && RETRYABLE_CODES.has(code));
      throw new WhatsAppSendError(why.slice(0, 500), retryable, response.status, code);
    },
  };
}
