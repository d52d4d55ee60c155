import type { Config } from '../../config.ts';
import type { MelhorEnvioAdapter } from '../../modules/fulfilment/label-module.ts';
import { createMelhorEnvioLabelProvider } from './label-provider.ts';
import { createMelhorEnvioOauth } from './melhor-envio-oauth.ts';
import { parseMelhorEnvioWebhook, verifyMelhorEnvioSignature } from './melhor-envio-webhook.ts';

/** Where Melhor Envio sends the administrator back after 'Conectar ao Melhor Envio'. */
export const MELHOR_ENVIO_CALLBACK_PATH = '/api/melhorenvio/oauth/callback';

/**
 * The real Melhor Envio behind the label side (AppDeps.melhorEnvio): the label provider, the
 * OAuth client when the shop has an app (MELHOR_ENVIO_CLIENT_ID and _SECRET), and the webhooks'
 * signature and reading. Undefined with neither an app nor a pasted token: labels stay off.
 */
export function melhorEnvioAdapter(config: Config): MelhorEnvioAdapter | undefined {
  const {
    melhorEnvioApiUrl: baseUrl,
    melhorEnvioClientId: clientId,
    melhorEnvioClientSecret: clientSecret,
  } = config;
  if (!config.melhorEnvioToken && !(clientId && clientSecret)) return undefined;
  // Melhor Envio asks each app for a technical contact in its User-Agent.
  const contactEmail =
    config.melhorEnvioEmail ?? config.contactEmail ?? config.adminEmail ?? 'contato@loja.invalid';
  return {
    labelProvider: (tokens) => createMelhorEnvioLabelProvider({ baseUrl, contactEmail, tokens }),
    oauth:
      clientId && clientSecret
        ? createMelhorEnvioOauth({
            baseUrl,
            clientId,
            clientSecret,
            redirectUri: `${config.appUrl}${MELHOR_ENVIO_CALLBACK_PATH}`,
            contactEmail,
          })
        : undefined,
    verifySignature: verifyMelhorEnvioSignature,
    // An event without a label status the shop follows is recorded as ignored.
    parseWebhook: (body) => {
      const event = parseMelhorEnvioWebhook(body);
      return event?.status ? { ...event, status: event.status } : null;
    },
  };
}
