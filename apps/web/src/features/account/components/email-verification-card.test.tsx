import { EMAIL_VERIFICATION_MESSAGES } from '@lumina/shared/users/email-verification';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthUser } from '../../../lib/auth/auth-types.ts';
import { createUser, profileOf } from '../../../lib/auth/testing/create-user.ts';
import { toastChannel, type ToastMessage } from '../../../lib/ui-events.ts';
import { fakeApi, type FakeRoutes } from '../testing/fake-api.ts';
import { renderAccount, storeLogin } from '../testing/render-account.tsx';
import { AccountPage } from './account-page.tsx';

const RESEND = 'POST /api/users/email_verification';

function renderAs(user: AuthUser, routes: FakeRoutes = {}) {
  storeLogin(user);
  const requests = fakeApi({
    'GET /api/users/profile': { body: { success: true, user: profileOf(user) } },
    ...routes,
  });
  renderAccount(<AccountPage view="account" />, { route: '/minha-conta', path: '/minha-conta' });
  return requests;
}

const card = () => screen.getByRole('region', { name: 'Confirme seu e-mail' });

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("'Confirme seu e-mail' on the account page", () => {
  it('is not there once the address is confirmed', async () => {
    renderAs(createUser());
    expect(await screen.findByRole('region', { name: 'Dados cadastrais' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Confirme seu e-mail' })).toBeNull();
  });

  it("says where the link went for an unconfirmed account, outside 'Dados cadastrais'", () => {
    renderAs(createUser({ email_verified: false }));
    expect(card()).toHaveTextContent(
      'Enviamos um link de confirmação para ana@example.com. Confirme seu endereço para proteger sua conta.',
    );
    expect(within(card()).getByRole('heading', { level: 2 })).toHaveTextContent(
      'Confirme seu e-mail',
    );
    // Not an error: nothing is announced as an alert.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('region', { name: 'Dados cadastrais' })).not.toContainElement(card());
  });

  it('names the pending new address: the account keeps the old one until it is confirmed', () => {
    renderAs(createUser({ pending_email: 'ana.nova@example.com' }));
    expect(card()).toHaveTextContent(
      'Enviamos um link de confirmação para ana.nova@example.com. O e-mail da conta só muda depois da confirmação.',
    );
    expect(
      within(screen.getByRole('region', { name: 'Dados cadastrais' })).getByText('ana@example.com'),
    ).toBeVisible();
  });

  it("sends a new link once per click and shows the server's answer", async () => {
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const requests = renderAs(createUser({ email_verified: false }), {
      [RESEND]: async () => {
        await released;
        return { body: { success: true, message: EMAIL_VERIFICATION_MESSAGES.resent } };
      },
    });
    await userEvent.click(within(card()).getByRole('button', { name: 'Reenviar link' }));
    expect(within(card()).getByRole('button', { name: 'Reenviando...' })).toBeDisabled();
    release();
    // The status region is always there (empty until an answer): wait for its words.
    await waitFor(() =>
      expect(within(card()).getByRole('status')).toHaveTextContent(
        EMAIL_VERIFICATION_MESSAGES.resent,
      ),
    );
    expect(within(card()).getByRole('button', { name: 'Reenviar link' })).toBeEnabled();
    const sent = requests.filter((r) => `${r.method} ${r.path}` === RESEND);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.authorization).toMatch(/^Bearer /);
  });

  it('shows the limit message of a 429 in the same place', async () => {
    renderAs(createUser({ email_verified: false }), {
      [RESEND]: { status: 429, body: { message: EMAIL_VERIFICATION_MESSAGES.throttled } },
    });
    await userEvent.click(within(card()).getByRole('button', { name: 'Reenviar link' }));
    await waitFor(() =>
      expect(within(card()).getByRole('status')).toHaveTextContent(
        EMAIL_VERIFICATION_MESSAGES.throttled,
      ),
    );
  });

  it('says so and goes away when the address was confirmed meanwhile', async () => {
    const toasts: ToastMessage[] = [];
    const stop = toastChannel.subscribe((toast) => toasts.push(toast));
    let verified = false;
    renderAs(createUser({ email_verified: false }), {
      'GET /api/users/profile': () => ({
        body: { success: true, user: profileOf(createUser({ email_verified: verified })) },
      }),
      [RESEND]: () => {
        verified = true;
        return { body: { success: true, message: EMAIL_VERIFICATION_MESSAGES.alreadyVerified } };
      },
    });
    await userEvent.click(within(card()).getByRole('button', { name: 'Reenviar link' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Confirme seu e-mail' })).toBeNull(),
    );
    expect(toasts.map((t) => [t.kind, t.message])).toEqual([
      ['success', EMAIL_VERIFICATION_MESSAGES.alreadyVerified],
    ]);
    stop();
  });

  it("drops a pending change with 'Cancelar troca', offered only while one is pending", async () => {
    const toasts: ToastMessage[] = [];
    const stop = toastChannel.subscribe((toast) => toasts.push(toast));
    let pending: string | null = 'ana.nova@example.com';
    const requests = renderAs(createUser({ pending_email: pending }), {
      'GET /api/users/profile': () => ({
        body: { success: true, user: profileOf(createUser({ pending_email: pending })) },
      }),
      'DELETE /api/users/email_change': () => {
        pending = null;
        return {
          body: {
            success: true,
            message: EMAIL_VERIFICATION_MESSAGES.changeCancelled,
            user: profileOf(createUser()),
          },
        };
      },
    });
    await userEvent.click(within(card()).getByRole('button', { name: 'Cancelar troca' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Confirme seu e-mail' })).toBeNull(),
    );
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
    expect(toasts.map((t) => t.message)).toEqual([EMAIL_VERIFICATION_MESSAGES.changeCancelled]);
    stop();
  });

  it("offers no 'Cancelar troca' when only the account's own address waits", () => {
    renderAs(createUser({ email_verified: false }));
    expect(within(card()).queryByRole('button', { name: 'Cancelar troca' })).toBeNull();
  });
});
