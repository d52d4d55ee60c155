import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { readConsent } from '../../features/cookies/model/consent-storage.ts';
import {
  createConsents,
  fakePrivacyApi,
  renderPrivacy,
  storeLogin,
} from '../../features/privacy/testing/privacy-fixtures.tsx';
import { Component as ManageDataRoute } from './manage-data.tsx';

beforeEach(() => {
  localStorage.clear();
  storeLogin();
});
afterEach(() => vi.unstubAllGlobals());

it('a cookie switch of /gerenciar-dados becomes this browser’s cookie choice', async () => {
  fakePrivacyApi({
    'GET /users/consents': { body: createConsents({ marketing: true }) },
    'PUT /users/consents': { body: createConsents({ marketing: true, performance: true }) },
  });
  renderPrivacy(<ManageDataRoute />);
  expect(readConsent()).toBeNull();

  fireEvent.click(await screen.findByRole('switch', { name: 'Desempenho' }));
  await waitFor(() => expect(readConsent()).not.toBeNull());
  expect(readConsent()?.preferences).toEqual({
    essential: true,
    performance: true,
    functional: false,
    marketing: true,
  });
  expect(document.cookie).toContain('lumina_cookie_consent=');
});
