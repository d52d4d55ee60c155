import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Files of a throwaway PKI: a CA, the bank's server certificate and the shop's client one. */
export interface TestPki {
  dir: string;
  caCert: string;
  serverCert: string;
  serverKey: string;
  clientCert: string;
  clientKey: string;
  /** The client certificate and key as PKCS#12, sealed with `pfxPassphrase`. */
  clientPfx: string;
  pfxPassphrase: string;
  read(path: string): Buffer;
  remove(): void;
}

/**
 * Node cannot issue X.509 certificates and no library for it is installed, so the openssl CLI
 * makes them in a temporary folder (mode 0700 by mkdtemp), valid for a day.
 */
export function createTestPki(): TestPki {
  const dir = mkdtempSync(join(tmpdir(), 'lumina-pix-bank-'));
  const path = (name: string) => join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  const pfxPassphrase = randomBytes(12).toString('hex');

  openssl(
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1',
    '-subj', '/CN=Fake PSP CA', '-keyout', path('ca.key'), '-out', path('ca.pem'),
  ); // prettier-ignore
  const issue = (name: string, subject: string, extensions: string) => {
    openssl(
      'req', '-newkey', 'rsa:2048', '-nodes', '-subj', subject,
      '-keyout', path(`${name}.key`), '-out', path(`${name}.csr`),
    ); // prettier-ignore
    const ext = path(`${name}.ext`);
    writeFileSync(ext, `${extensions}\n`);
    openssl(
      'x509', '-req', '-in', path(`${name}.csr`), '-CA', path('ca.pem'), '-CAkey', path('ca.key'),
      '-CAcreateserial', '-days', '1', '-extfile', ext, '-out', path(`${name}.pem`),
    ); // prettier-ignore
  };
  issue('server', '/CN=localhost', 'subjectAltName=IP:127.0.0.1,DNS:localhost');
  issue('client', '/CN=Lumina Piercings', 'extendedKeyUsage=clientAuth');
  openssl(
    'pkcs12', '-export', '-inkey', path('client.key'), '-in', path('client.pem'),
    '-out', path('client.p12'), '-passout', `pass:${pfxPassphrase}`,
  ); // prettier-ignore

  return {
    dir,
    caCert: path('ca.pem'),
    serverCert: path('server.pem'),
    serverKey: path('server.key'),
    clientCert: path('client.pem'),
    clientKey: path('client.key'),
    clientPfx: path('client.p12'),
    pfxPassphrase,
    read: (file) => readFileSync(file),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
