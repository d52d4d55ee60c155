import { expect, type Page } from '@playwright/test';

export const COOKIE_BANNER_TITLE = 'Sua privacidade importa';

export function cookieBanner(page: Page) {
  return page.getByRole('region', { name: COOKIE_BANNER_TITLE });
}

/** Accepts all cookies the way a shopper does, so the fixed banner stops covering the page. */
export async function acceptCookies(page: Page): Promise<void> {
  const banner = cookieBanner(page);
  await banner.getByRole('button', { name: 'Aceitar todos' }).click();
  await expect(banner).toBeHidden();
}
