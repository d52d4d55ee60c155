import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONSENT_COOKIE_NAME, STORAGE_KEYS } from '../../../lib/storage-keys.ts';
import { reloadConsentFromStorage } from '../model/consent-store.ts';
import { CookieConsent } from './cookie-consent.tsx';

function renderConsent() {
  return render(
    <MemoryRouter>
      <CookieConsent />
    </MemoryRouter>,
  );
}

function stored(): unknown {
  const raw = localStorage.getItem(STORAGE_KEYS.cookieConsent);
  return raw ? JSON.parse(raw) : null;
}

function clearCookie() {
  document.cookie = `${CONSENT_COOKIE_NAME}=; max-age=0; path=/`;
}

describe('cookie consent', () => {
  beforeEach(() => {
    localStorage.clear();
    clearCookie();
    reloadConsentFromStorage();
  });
  afterEach(clearCookie);

  it('"Aceitar todos" stores every category with version 1.0 and a timestamp, sets the cookie and hides the banner', () => {
    renderConsent();
    expect(screen.getByRole('region', { name: 'Sua privacidade importa' })).toBeInTheDocument();

    const before = Date.now();
    fireEvent.click(screen.getByRole('button', { name: 'Aceitar todos' }));

    const consent = stored() as { preferences: unknown; timestamp: string; version: string };
    expect(consent.version).toBe('1.0');
    expect(consent.preferences).toEqual({
      essential: true,
      performance: true,
      functional: true,
      marketing: true,
    });
    expect(Date.parse(consent.timestamp)).toBeGreaterThanOrEqual(before - 1000);
    expect(document.cookie).toContain(`${CONSENT_COOKIE_NAME}=`);
    expect(
      screen.queryByRole('region', { name: 'Sua privacidade importa' }),
    ).not.toBeInTheDocument();
  });

  it('saves the preferences chosen in the modal; essential cannot be switched off', async () => {
    renderConsent();
    fireEvent.click(screen.getByRole('button', { name: 'Gerenciar' }));

    const dialog = await screen.findByRole('dialog', { name: 'Preferências de cookies' });
    const essential = screen.getByRole('switch', { name: /Essenciais/ });
    expect(essential).toBeDisabled();
    expect(essential).toHaveAttribute('aria-checked', 'true');

    const marketing = screen.getByRole('switch', { name: 'Marketing' });
    expect(marketing).toHaveAttribute('aria-checked', 'false');
    fireEvent.click(marketing);
    expect(marketing).toHaveAttribute('aria-checked', 'true');

    fireEvent.click(screen.getByRole('button', { name: 'Salvar preferências' }));

    expect(stored()).toMatchObject({
      version: '1.0',
      preferences: { essential: true, performance: false, functional: false, marketing: true },
    });
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Aceitar todos' })).not.toBeInTheDocument();
  });

  it('does not show the banner again once a choice of this version is stored', () => {
    localStorage.setItem(
      STORAGE_KEYS.cookieConsent,
      JSON.stringify({
        preferences: { essential: true, performance: false, functional: true, marketing: false },
        timestamp: new Date().toISOString(),
        version: '1.0',
      }),
    );
    act(() => reloadConsentFromStorage());
    renderConsent();
    expect(screen.queryByRole('button', { name: 'Aceitar todos' })).not.toBeInTheDocument();
  });

  it('asks again when the stored choice is from another version', () => {
    localStorage.setItem(
      STORAGE_KEYS.cookieConsent,
      JSON.stringify({
        preferences: { essential: true, performance: true, functional: true, marketing: true },
        timestamp: new Date().toISOString(),
        version: '0.9',
      }),
    );
    act(() => reloadConsentFromStorage());
    renderConsent();
    expect(screen.getByRole('button', { name: 'Aceitar todos' })).toBeInTheDocument();
  });
});
