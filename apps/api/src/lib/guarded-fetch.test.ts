// The guarded fetch against real sockets on this machine: a listener on 127.0.0.1 counts every
// connection it gets, so "refused" means no connection was ever made, not an error afterwards.
import type { LookupAddress } from 'node:dns';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GuardedFetchError, guardedFetch, type ResolveHost } from './guarded-fetch.ts';
import { addressScope } from './ip-ranges.ts';

let listener: Server;
let listenerPort = 0;
let connections = 0;
let photos: HttpServer;
let photosPort = 0;

const portOf = (server: Server | HttpServer) => (server.address() as AddressInfo).port;

beforeAll(async () => {
  listener = createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  listenerPort = portOf(listener);
  // The "public" photo server of these tests (allowed through the test-only loopback port).
  photos = createHttpServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://photos.invalid');
    const to = url.searchParams.get('to');
    if (url.pathname === '/redirect' && to) {
      response.writeHead(302, { location: to }).end();
    } else if (url.pathname === '/loop') {
      response.writeHead(302, { location: '/loop' }).end();
    } else if (url.pathname === '/big') {
      response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(4096));
    } else if (url.pathname === '/slow') {
      // Never answers: the fetch's own time limit ends it.
    } else {
      response.writeHead(200, { 'content-type': 'image/png' }).end('foto');
    }
  });
  await new Promise<void>((resolve) => photos.listen(0, '127.0.0.1', resolve));
  photosPort = portOf(photos);
});

afterAll(async () => {
  photos.closeAllConnections();
  await new Promise((resolve) => photos.close(resolve));
  await new Promise((resolve) => listener.close(resolve));
});

beforeEach(() => {
  connections = 0;
});

/** A resolver with names of the test's own; other names do not exist. */
function names(table: Record<string, string[]>): ResolveHost {
  return (hostname) => {
    const addresses = table[hostname];
    if (!addresses) return Promise.reject(Object.assign(new Error('nx'), { code: 'ENOTFOUND' }));
    return Promise.resolve(
      addresses.map((address): LookupAddress => ({
        address,
        family: address.includes(':') ? 6 : 4,
      })),
    );
  };
}

const base = { timeoutMs: 2000, maxBytes: 1024 };

async function failureOf(promise: Promise<unknown>): Promise<GuardedFetchError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(GuardedFetchError);
  return error as GuardedFetchError;
}

describe('guardedFetch', () => {
  it.each([
    (port: number) => `https://127.0.0.1:${port}/foto.png`,
    (port: number) => `http://127.0.0.1:${port}/foto.png`,
    (port: number) => `https://localhost:${port}/foto.png`,
    (port: number) => `http://[::ffff:127.0.0.1]:${port}/foto.png`,
    (port: number) => `http://0.0.0.0:${port}/foto.png`,
    (port: number) => `http://2130706433:${port}/foto.png`,
    (port: number) => `http://127.1:${port}/foto.png`,
  ])('never connects to a listener on this machine (%#)', async (address) => {
    const error = await failureOf(guardedFetch(new URL(address(listenerPort)), base));
    expect(error).toMatchObject({ reason: 'address', message: 'endereço não permitido' });
    expect(connections).toBe(0);
  });

  it.each([
    ['10.0.0.5'],
    ['192.168.1.10'],
    ['169.254.169.254'],
    ['100.64.1.1'],
    ['fd00::1'],
    ['::ffff:10.0.0.5'],
    ['203.0.113.9', '127.0.0.1'],
  ])('refuses a name that resolves to %s', async (...addresses) => {
    const resolve = names({ 'fotos.example.com': addresses });
    const url = new URL(`http://fotos.example.com:${listenerPort}/foto.png`);
    const error = await failureOf(guardedFetch(url, { ...base, resolve }));
    expect(error.reason).toBe('address');
    expect(connections).toBe(0);
  });

  it('refuses a redirect to a private address, checking every hop', async () => {
    const allowed = { ...base, allowLoopbackPorts: [photosPort] };
    const resolve = names({ 'interno.example.com': ['10.1.2.3'], localhost: ['127.0.0.1'] });
    for (const to of [
      `http://127.0.0.1:${listenerPort}/x`,
      'http://10.0.0.1/x',
      'http://169.254.169.254/latest/meta-data',
      `http://interno.example.com:${listenerPort}/x`,
      `http://localhost:${listenerPort}/x`,
    ]) {
      const url = new URL(`http://127.0.0.1:${photosPort}/redirect?to=${encodeURIComponent(to)}`);
      const error = await failureOf(guardedFetch(url, { ...allowed, resolve }));
      expect(error.reason, to).toBe('address');
    }
    expect(connections).toBe(0);
  });

  it('fetches an address that passes, by name through the checked resolution', async () => {
    const resolve = names({ 'fotos.example.com': ['127.0.0.1'] });
    const response = await guardedFetch(
      new URL(`http://fotos.example.com:${photosPort}/foto.png`),
      { ...base, resolve, allowLoopbackPorts: [photosPort] },
    );
    expect(response).toMatchObject({ status: 200, contentType: 'image/png' });
    expect(response.body.toString()).toBe('foto');
    // The allowance is for that port only: the listener next door stays out of reach.
    const other = new URL(`http://fotos.example.com:${listenerPort}/foto.png`);
    const error = await failureOf(
      guardedFetch(other, { ...base, resolve, allowLoopbackPorts: [photosPort] }),
    );
    expect(error.reason).toBe('address');
    expect(connections).toBe(0);
  });

  it('follows a redirect that passes, up to its limit', async () => {
    const allowed = { ...base, allowLoopbackPorts: [photosPort] };
    const hop = `http://127.0.0.1:${photosPort}/redirect?to=${encodeURIComponent('/foto.png')}`;
    expect((await guardedFetch(new URL(hop), allowed)).body.toString()).toBe('foto');
    const loop = await failureOf(
      guardedFetch(new URL(`http://127.0.0.1:${photosPort}/loop`), allowed),
    );
    expect(loop).toMatchObject({ reason: 'redirects', message: 'redirecionamentos demais' });
  });

  it('bounds the size and the time', async () => {
    const allowed = { ...base, allowLoopbackPorts: [photosPort] };
    const big = await failureOf(
      guardedFetch(new URL(`http://127.0.0.1:${photosPort}/big`), allowed),
    );
    expect(big.reason).toBe('too_large');
    const started = Date.now();
    const slow = await failureOf(
      guardedFetch(new URL(`http://127.0.0.1:${photosPort}/slow`), {
        ...allowed,
        timeoutMs: 300,
      }),
    );
    expect(slow).toMatchObject({ reason: 'timeout', message: 'sem resposta em 300 ms' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses other schemes and credentials in the address', async () => {
    for (const address of ['ftp://fotos.example.com/x', 'http://user:pw@fotos.example.com/x']) {
      const error = await failureOf(guardedFetch(new URL(address), base));
      expect(error.reason, address).toBe('address');
    }
  });
});

describe('addressScope', () => {
  it.each([
    ['8.8.8.8', 'public'],
    ['2606:4700::1111', 'public'],
    ['::ffff:8.8.8.8', 'public'],
    ['64:ff9b::808:808', 'public'],
    ['2002:808:808::1', 'public'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['::', 'unspecified'],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['2002:7f00:1::', 'loopback'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.0.1', 'private'],
    ['fc00::1', 'private'],
    ['fdff::1', 'private'],
    ['2002:c0a8:101::', 'private'],
    ['169.254.169.254', 'link-local'],
    ['fe80::1', 'link-local'],
    ['100.64.0.1', 'shared'],
    ['100.127.255.255', 'shared'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['::7f00:1', 'reserved'],
    ['::127.0.0.1', 'reserved'],
    ['2001:db8::1', 'reserved'],
    ['2001::1', 'reserved'],
    ['64:ff9b:1::1', 'reserved'],
    ['fec0::1', 'reserved'],
    ['4000::1', 'reserved'],
    ['fe80::1%eth0', 'reserved'],
    ['fotos.example.com', 'reserved'],
  ])('%s is %s', (address, scope) => {
    expect(addressScope(address)).toBe(scope);
  });

  it('leaves the neighbours of the special ranges public', () => {
    for (const address of ['100.128.0.1', '172.32.0.1', '11.0.0.1', '223.255.255.255']) {
      expect(addressScope(address), address).toBe('public');
    }
  });
});
