import { type AdminFeedsAnswer, FEED_TEXTS } from '@lumina/shared/feeds/feeds';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../lib/auth/testing/fake-api.ts';
import {
  createFulfilmentStatus,
  createSettingsAnswer,
  renderAdmin,
  storeLogin,
} from '../testing/admin-fixtures.tsx';

function feedsAnswer(overrides: Partial<AdminFeedsAnswer['feeds']> = {}): AdminFeedsAnswer {
  return {
    feeds: {
      google_url: 'https://loja.example/feeds/google.xml',
      meta_url: 'https://loja.example/feeds/meta.csv',
      returns_policy_url: 'https://loja.example/trocas-e-devolucoes',
      contact_email: 'sac@loja.example',
      items: 42,
      ...overrides,
    },
  };
}

function fakeSettingsPage(feeds: AdminFeedsAnswer) {
  return fakeApi((request) => {
    if (request.path === '/admin/settings') return { body: createSettingsAnswer() };
    if (request.path === '/admin/fulfilment') return { body: createFulfilmentStatus() };
    if (request.path === '/admin/feeds') return { body: feeds };
    return undefined;
  });
}

const card = () => screen.findByRole('region', { name: FEED_TEXTS.title });

beforeEach(() => {
  localStorage.clear();
  storeLogin();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('settings: the catalogue feeds card', () => {
  it('shows both addresses with where to paste each, and copies one', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    fakeSettingsPage(feedsAnswer());
    renderAdmin('/admin/loja');
    const panel = await card();
    expect(await within(panel).findByText(FEED_TEXTS.items(42))).toBeVisible();
    const google = within(panel).getByLabelText(FEED_TEXTS.googleLabel);
    expect(google).toHaveValue('https://loja.example/feeds/google.xml');
    expect(google).toHaveAccessibleDescription(FEED_TEXTS.googleWhere);
    const meta = within(panel).getByLabelText(FEED_TEXTS.metaLabel);
    expect(meta).toHaveValue('https://loja.example/feeds/meta.csv');
    expect(meta).toHaveAccessibleDescription(FEED_TEXTS.metaWhere);
    expect(
      within(panel).getByRole('link', { name: 'https://loja.example/trocas-e-devolucoes' }),
    ).toBeVisible();

    fireEvent.click(
      within(panel).getByRole('button', { name: `${FEED_TEXTS.copy}: ${FEED_TEXTS.metaLabel}` }),
    );
    expect(await within(panel).findByText(FEED_TEXTS.copied)).toBeVisible();
    expect(writeText).toHaveBeenCalledWith('https://loja.example/feeds/meta.csv');
  });

  it('reads the feeds again once the settings are saved (the returns page may exist now)', async () => {
    let answer = feedsAnswer({ returns_policy_url: null });
    const requests = fakeApi((request) => {
      if (request.path === '/admin/settings' && request.method === 'GET') {
        return { body: createSettingsAnswer() };
      }
      if (request.path === '/admin/settings' && request.method === 'PUT') {
        answer = feedsAnswer();
        return { body: createSettingsAnswer() };
      }
      if (request.path === '/admin/fulfilment') return { body: createFulfilmentStatus() };
      if (request.path === '/admin/feeds') return { body: answer };
      return undefined;
    });
    renderAdmin('/admin/loja');
    const panel = await card();
    expect(await within(panel).findByText(FEED_TEXTS.returnsMissing)).toBeVisible();
    fireEvent.click(await screen.findByRole('button', { name: 'Salvar configurações' }));
    expect(
      await within(panel).findByRole('link', { name: 'https://loja.example/trocas-e-devolucoes' }),
    ).toBeVisible();
    expect(requests.filter((request) => request.path === '/admin/feeds')).toHaveLength(2);
  });

  it('says the returns policy is missing, and how a failed copy is done by hand', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { writeText: () => Promise.reject(new Error('denied')) },
    });
    fakeSettingsPage(feedsAnswer({ returns_policy_url: null, items: 1 }));
    renderAdmin('/admin/loja');
    const panel = await card();
    expect(await within(panel).findByText(FEED_TEXTS.returnsMissing)).toBeVisible();
    expect(within(panel).getByText(FEED_TEXTS.items(1))).toBeVisible();
    fireEvent.click(
      within(panel).getByRole('button', { name: `${FEED_TEXTS.copy}: ${FEED_TEXTS.googleLabel}` }),
    );
    expect(await within(panel).findByText(FEED_TEXTS.copyFailed)).toBeVisible();
  });
});
