import type { IncomingMessage } from 'node:http';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggableUrl, REDACTED_PATHS, requestId } from './logger.ts';

function incoming(headers: Record<string, string>): IncomingMessage {
  return { headers } as unknown as IncomingMessage;
}

describe('requestId', () => {
  it('keeps a sane X-Request-Id and replaces anything else', () => {
    expect(requestId(incoming({ 'x-request-id': 'abc-123.x_y' }))).toBe('abc-123.x_y');
    expect(requestId(incoming({ 'x-request-id': 'bad id\n' }))).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestId(incoming({}))).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('log redaction', () => {
  it('removes credentials and personal data', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = Fastify({
      logger: { redact: { paths: REDACTED_PATHS, censor: '[redacted]' }, stream: sink },
    });
    app.log.info({
      body: { password: 'Senha123', cpf: '52998224725', token: 't0k3n', name: 'Ana' },
      user: { refresh_token: 'secret', cpf: '11144477735', city: 'Recife' },
    });
    const line = lines.join('');
    expect(line).not.toMatch(/secret|Senha123|52998224725|11144477735|t0k3n/);
    expect(line).toContain('Ana');
    expect(line).toContain('Recife');
  });
});

describe('loggableUrl', () => {
  it.each([
    ['/api/password_resets/verify/abc_DEF-123', '/api/password_resets/verify/[redacted]'],
    ['/api/password_resets/abc_DEF-123', '/api/password_resets/[redacted]'],
    ['/api/password_resets', '/api/password_resets'],
    [
      '/api/auth/google/callback?code=c0d3&state=st4te&iss=x',
      '/api/auth/google/callback?code=[redacted]&state=[redacted]&iss=x',
    ],
    ['/api/products?category=nariz&page=2', '/api/products?category=nariz&page=2'],
  ])('%s -> %s', (url, logged) => {
    expect(loggableUrl(url)).toBe(logged);
  });
});
