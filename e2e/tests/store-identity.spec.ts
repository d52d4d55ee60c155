// Who sells, from the store settings: once the owner has filled them in, every page's footer says
// the trade and legal name, CNPJ, address and contacts, links the written policies, and each
// policy is a page of its own with the owner's text. Prices and shipping stay as the demo shop's,
// so the other browser tests see them unchanged.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { acceptCookies } from './support/cookie-banner.ts';
import { screenshots, SHOT_DIR } from './support/shots.ts';
import { saveSettings } from './support/store-settings.ts';
import { expect, test, waitForApp } from './support/test.ts';

test.describe.configure({ timeout: 60_000 });
test('the footer says who sells and the policies are pages of their own', async ({
  page,
  request,
}) => {
  await saveSettings(request);

  await page.goto('/');
  await acceptCookies(page);
  await waitForApp(page);
  const footer = page.getByRole('contentinfo');
  await expect(
    footer.getByText('Lumina Joias e Acessórios Ltda · CNPJ 11.222.333/0001-81'),
  ).toBeVisible();
  await expect(
    footer.getByText('Avenida Paulista, 1000, Sala 12 - Bela Vista - São Paulo/SP - CEP 01310-100'),
  ).toBeVisible();
  await expect(footer.getByRole('link', { name: /WhatsApp \(11\) 98765-4321/ })).toHaveAttribute(
    'href',
    'https://wa.me/5511987654321',
  );
  mkdirSync(SHOT_DIR, { recursive: true });
  for (const [label, width, height] of [
    ['390x844', 390, 844],
    ['1280x800', 1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await footer.scrollIntoViewIfNeeded();
    await footer.screenshot({
      path: join(SHOT_DIR, `footer-${label}.png`),
      animations: 'disabled',
    });
    const widest = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(widest).toBeLessThanOrEqual(width);
  }

  await footer.getByRole('link', { name: 'Trocas e devoluções' }).click();
  await expect(page).toHaveURL(/\/trocas-e-devolucoes$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Trocas e devoluções' })).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 2, name: 'Direito de arrependimento' }),
  ).toBeVisible();
  await expect(page).toHaveTitle('Trocas e devoluções | Lumina Piercings');
  await screenshots(page, 'policy-returns');

  // Served by the server with its text, for a visitor who arrives from a search.
  const served = await request.get('/politica-de-envio');
  expect(served.status()).toBe(200);
  expect(await served.text()).toContain('Enviamos pelos Correios (PAC e SEDEX)');
});
