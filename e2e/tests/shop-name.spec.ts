// The shop's own name, not the code's: the header's wordmark and the panel's title follow the
// trade name saved at /admin/loja, and a long one keeps the header on one row at 390 px, cut with
// the whole name in its title. The privacy policy names the data protection officer and is dated
// by that change. The settings are put back afterwards, so the other browser tests see the shop
// they expect.
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { adminHeaders } from './support/accounts.ts';
import { acceptCookies } from './support/cookie-banner.ts';
import { SHOT_DIR } from './support/shots.ts';
import { expect, test, waitForApp } from './support/test.ts';

const LONG_NAME = 'Ateliê Aurora Joias e Acessórios para Piercing';

test.describe.configure({ timeout: 60_000 });
test('a long trade name keeps the header on one row and dates the privacy policy', async ({
  page,
  request,
}) => {
  const headers = await adminHeaders(request);
  const current = await request.get('/api/admin/settings', { headers });
  const before = ((await current.json()) as { settings: Record<string, unknown> }).settings;
  const save = async (settings: Record<string, unknown>) => {
    const saved = await request.put('/api/admin/settings', { headers, data: { settings } });
    expect(saved.ok(), await saved.text()).toBe(true);
  };
  await save({
    ...before,
    trade_name: LONG_NAME,
    dpo_name: 'Marina Lopes',
    dpo_email: 'dpo@aurora.test',
  });
  try {
    await page.goto('/');
    await acceptCookies(page);
    await waitForApp(page);
    const banner = page.getByRole('banner');
    const home = banner.getByRole('link', { name: LONG_NAME });
    await expect(home).toBeVisible();
    await expect(banner.getByText(/Lumina/)).toHaveCount(0);

    mkdirSync(SHOT_DIR, { recursive: true });
    for (const [label, width, height] of [
      ['390x844', 390, 844],
      ['1280x800', 1280, 800],
    ] as const) {
      await page.setViewportSize({ width, height });
      await banner.screenshot({
        path: join(SHOT_DIR, `identity-header-${label}.png`),
        animations: 'disabled',
      });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
      // The menu, the logo, the account and the cart share one row.
      const logoBox = await home.boundingBox();
      const cartBox = await banner.getByRole('link', { name: /Carrinho/ }).boundingBox();
      const middle = (box: typeof logoBox) => (box ? box.y + box.height / 2 : NaN);
      expect(Math.abs(middle(logoBox) - middle(cartBox))).toBeLessThan(12);
    }

    await page.goto('/politica-privacidade');
    await waitForApp(page);
    const officer = page.getByRole('region', { name: /Contato do encarregado de dados/ });
    await expect(officer.getByText(/Nosso encarregado .* é Marina Lopes\./)).toBeVisible();
    await expect(officer.getByRole('link', { name: 'dpo@aurora.test' })).toBeVisible();
    const today = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(
      new Date(),
    );
    await expect(page.getByText(`Última atualização: ${today}`)).toBeVisible();
  } finally {
    await save(before);
  }

  // The shop's usual name at the phone's width, for comparison.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await waitForApp(page);
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: String(before.trade_name) })).toBeVisible();
  await banner.screenshot({
    path: join(SHOT_DIR, 'identity-header-usual-390x844.png'),
    animations: 'disabled',
  });
});
