import type { FulfilmentStatusJson } from '@lumina/shared/fulfilment/fulfilment-json';
import { centsToReais } from '@lumina/shared/format/money';
import type { StoreSettings } from '@lumina/shared/settings/store-settings';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { JobDefinition } from '../../jobs/job-runner.ts';
import { resolveTokenCipher, type TokenCipher } from '../erp/token-cipher.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import type { OrderLifecycle } from '../orders/lifecycle-service.ts';
import type { SecurityLog } from '../security/security-log.ts';
import type { InvoiceService } from './invoice-service.ts';
import { labelFailureOf } from './label-errors.ts';
import { labelJobs } from './label-jobs.ts';
import { createLabelService } from './label-service.ts';
import {
  createMelhorEnvioConnection,
  type MelhorEnvioOauth,
  type MelhorEnvioTokenSource,
} from './melhor-envio-connection.ts';
import type { LabelProvider } from './ports.ts';
import { createTracking } from './tracking.ts';
import { createTrackingWebhooks, type MelhorEnvioWebhookReader } from './tracking-webhooks.ts';
import { createWalletBalance } from './wallet-balance.ts';

/**
 * What the Melhor Envio integration (src/integrations/melhor-envio) gives the label side: the
 * label provider over the connection's tokens (createMelhorEnvioLabelProvider), the OAuth client
 * when MELHOR_ENVIO_CLIENT_ID and _SECRET are set (createMelhorEnvioOauth), and the webhooks'
 * signature check and reading (verifyMelhorEnvioSignature, parseMelhorEnvioWebhook).
 */
export interface MelhorEnvioAdapter extends MelhorEnvioWebhookReader {
  labelProvider(tokens: MelhorEnvioTokenSource): LabelProvider;
  oauth: MelhorEnvioOauth | undefined;
}

/** Builds the adapter from the configuration; `buildApp` takes one (AppDeps.melhorEnvio). */
export type MelhorEnvioAdapterFactory = (config: Config) => MelhorEnvioAdapter | undefined;

/**
 * The label and tracking side of fulfilment, wired: the Melhor Envio connection, the label
 * purchase, the tracking (webhooks and polling) and their jobs. Without an adapter (the offline
 * default) nothing reaches Melhor Envio: label routes answer 409 'Conecte o Melhor Envio...' and
 * the shop ships with hand-typed tracking codes.
 */
export function createLabelModule(deps: {
  config: Pick<
    Config,
    'melhorEnvioToken' | 'melhorEnvioClientSecret' | 'blingTokenKey' | 'dataDir'
  >;
  db: Db;
  now: () => Date;
  lifecycle: OrderLifecycle;
  outbox: Pick<MailOutbox, 'kick'>;
  securityLog: SecurityLog;
  storeSettings: () => StoreSettings;
  adapter: MelhorEnvioAdapter | undefined;
  /** The NF-e side, for the status's `invoices`. */
  invoices: Pick<InvoiceService, 'status'>;
  logger?: { error(details: Record<string, unknown>, message: string): void };
}) {
  const { config, db, now, adapter } = deps;
  let cipher: TokenCipher | undefined;
  const wallet = createWalletBalance(now);
  const connection = createMelhorEnvioConnection({
    db,
    oauth: adapter?.oauth,
    pastedToken: adapter ? config.melhorEnvioToken : undefined,
    // The ERP's key (BLING_TOKEN_KEY or its generated file), read on first use.
    cipher: () => (cipher ??= resolveTokenCipher(config)),
    securityLog: deps.securityLog,
    now,
    onChange: wallet.forget,
  });
  let provider: LabelProvider | undefined;
  async function connectedProvider(): Promise<LabelProvider | null> {
    if (!adapter || !(await connection.status()).connected) return null;
    provider ??= wallet.watch(adapter.labelProvider(connection.tokens));
    return provider;
  }
  const labels = createLabelService({
    db,
    now,
    provider: connectedProvider,
    lifecycle: deps.lifecycle,
    outbox: deps.outbox,
    securityLog: deps.securityLog,
    storeSettings: deps.storeSettings,
    logger: deps.logger,
  });
  const tracking = createTracking({
    db,
    now,
    provider: connectedProvider,
    lifecycle: deps.lifecycle,
    outbox: deps.outbox,
    labels,
  });
  const webhooks = createTrackingWebhooks({
    db,
    secret: config.melhorEnvioClientSecret,
    reader: adapter,
    tracking,
    securityLog: deps.securityLog,
    now,
  });

  return {
    connection,
    labels,
    tracking,
    webhooks,

    /** GET /api/admin/fulfilment */
    async status(): Promise<FulfilmentStatusJson> {
      const me = await connection.status();
      let balance: number | null = null;
      let balanceError: string | null = null;
      const current = await connectedProvider();
      if (current) {
        try {
          balance = centsToReais(await wallet.read(current));
        } catch (error) {
          balanceError = labelFailureOf(error).message;
        }
      }
      return {
        melhor_envio: {
          configured: me.configured,
          connected: me.connected,
          via: me.via,
          balance,
          balance_error: balanceError,
        },
        invoices: await deps.invoices.status(),
      };
    },

    jobs: (): JobDefinition[] => labelJobs({ labels, tracking }),
  };
}

export type LabelModule = ReturnType<typeof createLabelModule>;
