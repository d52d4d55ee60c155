import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PIX_COUNTDOWN_SECONDS } from '@lumina/shared/constants/account-constants';
import { pixQrCodeDataUrl } from '../pix/qr-image.ts';
import {
  type PaymentProvider,
  PaymentProviderError,
  type PixChargeReport,
  type ProviderPaymentStatus,
  type ProviderRefund,
} from '../payments/provider.ts';
import type { PixBankSettings } from '../../config.ts';
import type { PixBankClient, PixBankClientConfig } from './pix-bank-client.ts';
import { type PixBankCob, type PixBankDevolucao, valorToCents } from './pix-bank-schemas.ts';

export interface PixBankProviderConfig {
  client: PixBankClient;
  /** The shop's PIX key at the bank: the cobs' chave and the webhook's. */
  pixKey: string;
  /** Keys the txids (so a retry of one payment finds its cob) and is the webhook's path secret. */
  webhookSecret: string;
  /** Public address of the store: the webhook is registered under it. */
  appUrl: string;
}

/** The client's settings with the certificate files read (config.ts checked they can be). */
export function pixBankClientConfig(settings: PixBankSettings): PixBankClientConfig {
  const ca = settings.ca === undefined ? {} : { ca: readFileSync(settings.ca) };
  const { certificate } = settings;
  return {
    baseUrl: settings.baseUrl,
    tokenUrl: settings.tokenUrl,
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    certificate:
      'pfx' in certificate
        ? { pfx: readFileSync(certificate.pfx), passphrase: certificate.passphrase, ...ca }
        : { cert: readFileSync(certificate.cert), key: readFileSync(certificate.key), ...ca },
    timeoutMs: settings.timeoutMs,
  };
}

/** Where the bank posts received PIX (it appends '/pix'); the secret in the path is the check. */
export function pixBankWebhookUrl(appUrl: string, secret: string): string {
  return `${appUrl}/api/webhooks/pix/${secret}`;
}

/** Letters and digits only (a txid, a devolução id): base64url without '-' and '_'. */
function alphanumeric(bytes: Buffer, length: number): string {
  return bytes.toString('base64url').replace(/[-_]/g, '').slice(0, length);
}

/**
 * One txid per payment row, the same on every retry (PUT /cob/{txid} then finds its own cob
 * instead of issuing a second), and unguessable without the secret: the txid also opens the
 * payment's ticket. 32 of [A-Za-z0-9] out of 86, inside the API's 26 to 35.
 */
export function pixBankTxid(secret: string, idempotencyKey: string): string {
  return alphanumeric(createHmac('sha512', secret).update(idempotencyKey).digest(), 32);
}

/** A devolução id ([a-zA-Z0-9]{1,35}) from our refund key: the same key, the same devolução. */
export function devolucaoId(idempotencyKey: string): string {
  return idempotencyKey.replace(/[^a-zA-Z0-9]/g, '').slice(-35);
}

function paidCentsOf(cob: PixBankCob): number | null {
  if (!cob.pix?.length) return null;
  return cob.pix.reduce((sum, pix) => sum + valorToCents(pix.valor), 0);
}

function returnedCentsOf(cob: PixBankCob): number {
  return (cob.pix ?? [])
    .flatMap((pix) => pix.devolucoes ?? [])
    .filter((devolucao) => devolucao.status === 'DEVOLVIDO')
    .reduce((sum, devolucao) => sum + valorToCents(devolucao.valor), 0);
}

/** The cob's status in our words; a paid cob whose money all went back is refunded. */
export function mapCobStatus(cob: PixBankCob): ProviderPaymentStatus {
  switch (cob.status) {
    case 'ATIVA':
      return 'pending';
    case 'CONCLUIDA': {
      const paid = paidCentsOf(cob);
      return paid !== null && paid > 0 && returnedCentsOf(cob) >= paid ? 'refunded' : 'approved';
    }
    default:
      return 'cancelled';
  }
}

/**
 * PIX charged and confirmed by the shop's own bank through the Banco Central's API Pix: an
 * immediate charge (cob) per payment, whose pixCopiaECola the checkout shows, confirmed by the
 * bank's webhook and by reading the cob back (the webhook alone is never trusted).
 */
export function createPixBankProvider(config: PixBankProviderConfig): PaymentProvider {
  const { client } = config;

  async function fetchPixCharge(txid: string): Promise<PixChargeReport> {
    const cob = await client.getCob(txid);
    return {
      status: mapCobStatus(cob),
      paidCents: paidCentsOf(cob),
      endToEndId: cob.pix?.[0]?.endToEndId ?? null,
    };
  }

  /** The PIX that paid the charge: the one stored at approval, else read from the cob. */
  async function paidPix(txid: string, paidBy: string | null | undefined): Promise<string> {
    if (paidBy) return paidBy;
    const [pix] = (await client.getCob(txid)).pix ?? [];
    if (!pix) {
      throw new PaymentProviderError(
        `Banco (API Pix): a cobrança ${txid} não recebeu PIX; não há o que devolver.`,
        false,
      );
    }
    return pix.endToEndId;
  }

  function answerOf(devolucao: PixBankDevolucao): ProviderRefund {
    const outcomes = {
      DEVOLVIDO: 'done',
      EM_PROCESSAMENTO: 'processing',
      NAO_REALIZADO: 'failed',
    } as const;
    return {
      refundId: devolucao.id,
      amountCents: valorToCents(devolucao.valor),
      status: devolucao.status,
      outcome: outcomes[devolucao.status],
      endToEndId: devolucao.rtrId ?? null,
      reason: devolucao.motivo ?? null,
    };
  }

  return {
    name: 'pix_bank',
    // An administrator's cancel leaves the money for a refund (a devolução through the refunds,
    // which records and e-mails it); the cancel itself gives nothing back.
    refundsAutomatically: false,
    reconcilesOpenCharges: true,

    async createPixPayment(input) {
      const txid = pixBankTxid(config.webhookSecret, input.idempotencyKey);
      const cpf = input.payer.cpf?.replace(/\D/g, '') ?? '';
      const cob = await client.createCob({
        txid,
        amountCents: input.amountCents,
        // The payment's 30 minutes (spec 001 §9), counted by the bank from the cob's creation.
        expiresInSeconds: PIX_COUNTDOWN_SECONDS,
        chave: config.pixKey,
        ...(cpf.length === 11 && input.payer.name.trim()
          ? { devedor: { cpf, nome: input.payer.name.trim().slice(0, 200) } }
          : {}),
        solicitacaoPagador: input.description,
      });
      if (!cob.pixCopiaECola) {
        throw new PaymentProviderError(
          `Banco (API Pix): a cobrança ${txid} veio sem o código PIX copia e cola.`,
          false,
        );
      }
      const dataUrl = await pixQrCodeDataUrl(cob.pixCopiaECola);
      return {
        gatewayPaymentId: cob.txid,
        status: mapCobStatus(cob),
        qrCode: cob.pixCopiaECola,
        qrCodeBase64: dataUrl.slice(dataUrl.indexOf(',') + 1),
        ticketUrl: null,
        txid: cob.txid,
        expiresAt: input.expiresAt,
      };
    },

    fetchPixCharge,

    async fetchStatus(txid) {
      return (await fetchPixCharge(txid)).status;
    },

    async cancel(txid) {
      await client.removeCob(txid);
    },

    async refund(txid, idempotencyKey, amountCents, paidBy) {
      const endToEndId = await paidPix(txid, paidBy);
      const id = devolucaoId(idempotencyKey);
      let devolucao: PixBankDevolucao;
      try {
        const amount = amountCents ?? (await fetchPixCharge(txid)).paidCents ?? 0;
        devolucao = await client.refund(endToEndId, id, amount);
      } catch (error) {
        // A bank that refuses an id it already has (a retry after a lost answer): that one.
        const known =
          error instanceof PaymentProviderError && !error.retryable
            ? await client.getRefund(endToEndId, id).catch(() => undefined)
            : undefined;
        if (!known) throw error;
        devolucao = known;
      }
      if (devolucao.status === 'NAO_REALIZADO') {
        throw new PaymentProviderError(
          `Banco (API Pix): a devolução do PIX ${endToEndId} não foi realizada${devolucao.motivo ? ` (${devolucao.motivo})` : ''}.`,
          false,
        );
      }
      return answerOf(devolucao);
    },

    async fetchRefund(txid, idempotencyKey, paidBy) {
      const endToEndId = await paidPix(txid, paidBy);
      return answerOf(await client.getRefund(endToEndId, devolucaoId(idempotencyKey)));
    },

    /** PUT /webhook/{chave}; answers the address registered (without its secret, for logs). */
    async registerWebhook() {
      await client.registerWebhook(
        config.pixKey,
        pixBankWebhookUrl(config.appUrl, config.webhookSecret),
      );
      return pixBankWebhookUrl(config.appUrl, '***');
    },
  };
}
