import type { FakePixBankServer } from './fake-pix-bank-server.ts';
import type { TestPki } from './test-pki.ts';

/**
 * The settings of PAYMENT_PROVIDER=pix-bank pointing at the fake PSP with the test PKI's client
 * certificate: one map for the tests and `npm run fake:pix-bank`.
 */
export function pixBankTestEnv(
  fake: Pick<FakePixBankServer, 'baseUrl' | 'tokenUrl' | 'clientId' | 'clientSecret'>,
  pki: Pick<TestPki, 'clientCert' | 'clientKey' | 'caCert'>,
  options: { pixKey: string; webhookSecret: string },
) {
  return {
    PAYMENT_PROVIDER: 'pix-bank',
    PIX_KEY: options.pixKey,
    PIX_BANK_BASE_URL: fake.baseUrl,
    PIX_BANK_TOKEN_URL: fake.tokenUrl,
    PIX_BANK_CLIENT_ID: fake.clientId,
    PIX_BANK_CLIENT_SECRET: fake.clientSecret,
    PIX_BANK_CERT: pki.clientCert,
    PIX_BANK_KEY: pki.clientKey,
    PIX_BANK_CA: pki.caCert,
    PIX_BANK_WEBHOOK_SECRET: options.webhookSecret,
  };
}
