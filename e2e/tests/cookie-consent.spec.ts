import type { Page } from '@playwright/test';
import { cookieBanner } from './support/cookie-banner.ts';
import { expect, test } from './support/test.ts';

interface StoredConsent {
  preferences: Record<string, boolean>;
  timestamp: string;
  version: string;
}

/**
 * The stored choice, found by its shape (spec 000 §3: preferences, timestamp, version) rather
 * than by the app's key name, which the spec leaves open.
 */
async function storedConsent(page: Page): Promise<StoredConsent | null> {
  return page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i)!;
      try {
        const value = JSON.parse(localStorage.getItem(key) ?? '') as unknown;
        if (value && typeof value === 'object' && 'preferences' in value) {
          return value as StoredConsent;
        }
      } catch {
        // Not JSON: not the consent record.
      }
    }
    return null;
  });
}

async function consentCookie(page: Page) {
  const cookies = await page.context().cookies();
  return cookies.find((cookie) => /consent/i.test(cookie.name));
}

/** Waits until the page has drawn its content, so a banner that would show has shown. */
async function reloadAndSettle(page: Page) {
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Joias em destaque' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
}

const DAY_S = 24 * 60 * 60;

test('"Aceitar todos" is remembered after a reload', async ({ page }) => {
  await page.goto('/');
  const banner = cookieBanner(page);
  await expect(banner).toBeVisible();
  const before = Date.now();
  await banner.getByRole('button', { name: 'Aceitar todos' }).click();
  await expect(banner).toBeHidden();

  await reloadAndSettle(page);
  await expect(banner).toHaveCount(0);

  const consent = await storedConsent(page);
  expect(consent).not.toBeNull();
  expect(consent!.version).toBe('1.0');
  expect(consent!.preferences).toMatchObject({
    performance: true,
    functional: true,
    marketing: true,
  });
  const savedAt = Date.parse(consent!.timestamp);
  expect(savedAt).toBeGreaterThanOrEqual(before - 2_000);
  expect(savedAt).toBeLessThanOrEqual(Date.now());

  const cookie = await consentCookie(page);
  expect(cookie, 'a consent cookie').toBeDefined();
  // Spec: the consent cookie lasts 365 days.
  const lifetimeDays = (cookie!.expires - before / 1000) / DAY_S;
  expect(lifetimeDays).toBeGreaterThan(364);
  expect(lifetimeDays).toBeLessThan(366);
});

test('"Gerenciar": the chosen flags are saved and survive a reload', async ({ page }) => {
  await page.goto('/');
  await cookieBanner(page).getByRole('button', { name: 'Gerenciar' }).click();

  const dialog = page.getByRole('dialog', { name: 'Preferências de cookies' });
  await expect(dialog).toBeVisible();
  const essential = dialog.getByRole('switch', { name: /^Essenciais/ });
  const performance = dialog.getByRole('switch', { name: 'Desempenho' });
  const functional = dialog.getByRole('switch', { name: 'Funcionais' });
  const marketing = dialog.getByRole('switch', { name: 'Marketing' });
  await expect(essential).toBeDisabled();
  await expect(essential).toBeChecked();
  for (const optional of [performance, functional, marketing]) {
    await expect(optional, 'optional cookies start off (opt-in)').not.toBeChecked();
  }

  await performance.click();
  // Switched on and off again: only the final state counts.
  await functional.click();
  await functional.click();
  await marketing.click();
  await expect(performance).toBeChecked();
  await expect(functional).not.toBeChecked();
  await expect(marketing).toBeChecked();
  await dialog.getByRole('button', { name: 'Salvar preferências' }).click();
  await expect(dialog).toBeHidden();
  await expect(cookieBanner(page)).toBeHidden();

  await reloadAndSettle(page);
  await expect(cookieBanner(page)).toHaveCount(0);
  const consent = await storedConsent(page);
  expect(consent).toMatchObject({
    version: '1.0',
    preferences: { essential: true, performance: true, functional: false, marketing: true },
  });
  expect(Number.isNaN(Date.parse(consent!.timestamp))).toBe(false);
  expect(await consentCookie(page), 'a consent cookie').toBeDefined();

  // The footer reopens the preferences, showing the saved choice.
  await page
    .getByRole('contentinfo')
    .getByRole('button', { name: 'Preferências de cookies' })
    .click();
  await expect(dialog).toBeVisible();
  await expect(performance).toBeChecked();
  await expect(functional).not.toBeChecked();
  await expect(marketing).toBeChecked();
});
