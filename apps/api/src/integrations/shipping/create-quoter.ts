import type { Config } from '../../config.ts';
import { createCorreiosQuoter } from '../correios/correios-client.ts';
import { createMelhorEnvioQuoter } from '../melhor-envio/melhor-envio-client.ts';
import { type ShippingLogger, withTableFallback } from './fallback-quoter.ts';
import type { ShippingQuoter } from './quoter.ts';
import { createTableQuoter } from './table-quoter.ts';

export type ShippingQuoterConfig = Pick<
  Config,
  | 'shippingProvider'
  | 'shippingTimeoutMs'
  | 'correiosApiUrl'
  | 'correiosUser'
  | 'correiosAccessCode'
  | 'correiosPostingCard'
  | 'melhorEnvioApiUrl'
  | 'melhorEnvioToken'
  | 'melhorEnvioEmail'
>;

/** Only loadConfig lets a provider through without its credentials; this says so loudly. */
function required(value: string | undefined, name: string): string {
  if (!value) throw new Error(`${name} is required by SHIPPING_PROVIDER`);
  return value;
}

/**
 * SHIPPING_PROVIDER's quoter: the offline table by default, or a carrier API with the table
 * behind it for when the carrier fails.
 */
export function createShippingQuoter(
  config: ShippingQuoterConfig,
  logger: ShippingLogger,
): ShippingQuoter {
  const table = createTableQuoter();
  const options = { timeoutMs: config.shippingTimeoutMs };
  switch (config.shippingProvider) {
    case 'table':
      return table;
    case 'correios': {
      const correios = createCorreiosQuoter(
        {
          baseUrl: config.correiosApiUrl,
          user: required(config.correiosUser, 'CORREIOS_USER'),
          accessCode: required(config.correiosAccessCode, 'CORREIOS_ACCESS_CODE'),
          postingCard: required(config.correiosPostingCard, 'CORREIOS_POSTING_CARD'),
        },
        options,
      );
      return withTableFallback('correios', correios, table, logger);
    }
    case 'melhor_envio': {
      const melhorEnvio = createMelhorEnvioQuoter(
        {
          baseUrl: config.melhorEnvioApiUrl,
          token: required(config.melhorEnvioToken, 'MELHOR_ENVIO_TOKEN'),
          contactEmail: required(config.melhorEnvioEmail, 'MELHOR_ENVIO_EMAIL'),
        },
        options,
      );
      return withTableFallback('melhor_envio', melhorEnvio, table, logger);
    }
  }
}
