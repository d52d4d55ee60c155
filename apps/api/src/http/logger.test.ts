import type { IncomingMessage } from 'node:http';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  lazyChildLogger,
  loggableUrl,
  OneLinePerRequest,
  REDACTED_PATHS,
  requestId,
} from './logger.ts';

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
    ['/api/staff_invitations/abc_DEF-123', '/api/staff_invitations/[redacted]'],
    ['/convite/abc_DEF-123', '/convite/[redacted]'],
    ['/api/stock_alerts/confirm/abc_DEF-123', '/api/stock_alerts/confirm/[redacted]'],
    ['/api/stock_alerts/cancel/abc_DEF-123', '/api/stock_alerts/cancel/[redacted]'],
    ['/avise-me/confirmar?token=abc_DEF-123', '/avise-me/confirmar?token=[redacted]'],
    ['/api/carts/restore/abc_DEF.123', '/api/carts/restore/[redacted]'],
    ['/carrinho/recuperar/abc_DEF.123', '/carrinho/recuperar/[redacted]'],
    ['/api/unsubscribe/abc_DEF.123', '/api/unsubscribe/[redacted]'],
    ['/descadastrar/abc_DEF.123', '/descadastrar/[redacted]'],
    [
      '/api/auth/google/callback?code=c0d3&state=st4te&iss=x',
      '/api/auth/google/callback?code=[redacted]&state=[redacted]&iss=x',
    ],
    ['/api/products?category=nariz&page=2', '/api/products?category=nariz&page=2'],
  ])('%s -> %s', (url, logged) => {
    expect(loggableUrl(url)).toBe(logged);
  });
});

describe('the per-request logger', () => {
  async function appAt(level: 'info' | 'warn') {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) {
          lines.push(JSON.parse(line) as Record<string, unknown>);
        }
        done();
      },
    });
    let children = 0;
    const counted = new WeakSet<object>();
    const app = Fastify({
      logger: { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' }, stream: sink },
      genReqId: requestId,
      logController: new OneLinePerRequest(),
      childLoggerFactory(parent, bindings, options) {
        // Counts the children pino really makes (the request logger's child() is pino's).
        if (!counted.has(parent)) {
          counted.add(parent);
          const child = parent.child.bind(parent);
          parent.child = (...args) => {
            children += 1;
            return child(...args);
          };
        }
        return lazyChildLogger.call(this, parent, bindings, options);
      },
    });
    app.get('/quiet', () => ({ ok: true }));
    // A route with a level of its own (Fastify's logLevel) logs at that level.
    app.get('/chatty', { logLevel: 'info' }, (request) => {
      request.log.info('chatty');
      return { ok: true };
    });
    app.get('/talks', (request) => {
      request.log.info({ body: { cpf: '52998224725' } }, 'said');
      request.log.warn('careful');
      return { ok: true };
    });
    await app.ready();
    return { app, lines, children: () => children };
  }

  it('at warn, writes the warning with its request id and makes no child for a quiet request', async () => {
    const { app, lines, children } = await appAt('warn');
    await app.inject({ url: '/quiet', headers: { 'x-request-id': 'quiet-1' } });
    expect(children()).toBe(0);
    await app.inject({ url: '/talks', headers: { 'x-request-id': 'talks-1' } });
    expect(lines.map((line) => [line.msg, line.reqId])).toEqual([['careful', 'talks-1']]);
    expect(children()).toBe(1);
    await app.inject({ url: '/chatty', headers: { 'x-request-id': 'chatty-1' } });
    expect(lines.filter((line) => line.reqId === 'chatty-1').map((line) => line.msg)).toEqual([
      'chatty',
      'request',
    ]);
  });

  it('at info, writes each line with the request id, redacted, and one line per request', async () => {
    const { app, lines } = await appAt('info');
    await app.inject({ url: '/talks?token=t0k3n', headers: { 'x-request-id': 'talks-2' } });
    const ours = lines.filter((line) => line.reqId === 'talks-2');
    expect(ours.map((line) => line.msg)).toEqual(['said', 'careful', 'request']);
    expect(JSON.stringify(ours)).not.toMatch(/52998224725|t0k3n/);
    expect(ours[2]).toMatchObject({ method: 'GET', statusCode: 200 });
  });
});
