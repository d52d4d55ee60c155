import { expect } from 'vitest';
import type { App } from '../app.ts';
import { BLING_STATE_COOKIE } from '../modules/erp/routes.ts';

/**
 * The panel's 'Conectar ao Bling' as a browser goes through it: the start (its state cookie),
 * Bling's authorisation page (a fake that approves at once), and the callback. Answers where the
 * callback sent the browser back to.
 */
export async function connectBling(app: App, adminHeaders: object): Promise<string> {
  const start = await app.inject({ url: '/api/bling/oauth/start', headers: { ...adminHeaders } });
  expect(start.statusCode, start.body).toBe(200);
  const cookie = start.cookies.find((c) => c.name === BLING_STATE_COOKIE);
  expect(cookie).toMatchObject({ httpOnly: true, path: '/api/bling/oauth/callback' });
  const authorize = await fetch(start.json<{ url: string }>().url, { redirect: 'manual' });
  expect(authorize.status).toBe(302);
  const back = new URL(authorize.headers.get('location') ?? '');
  const callback = await app.inject({
    url: `/api/bling/oauth/callback${back.search}`,
    headers: { cookie: `${BLING_STATE_COOKIE}=${cookie?.value ?? ''}` },
  });
  expect(callback.statusCode).toBe(302);
  return String(callback.headers.location);
}
