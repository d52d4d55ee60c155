// The owner watches the shop's security: a burst of failed logins on one account
// becomes an alert on /admin/seguranca, and the CSV export carries those attempts.
import { readFileSync } from 'node:fs';
import { loginThroughHeader, shopAdministrator } from './support/accounts.ts';
import { acceptCookies } from './support/cookie-banner.ts';
import { screenshots } from './support/shots.ts';
import { expect, test } from './support/test.ts';

test.describe.configure({ timeout: 90_000 });

test('a burst of failed logins shows up as an alert and in the CSV export', async ({ page }) => {
  const target = `alvo-${Date.now().toString(36)}@example.com`;
  for (let i = 0; i < 5; i += 1) {
    const attempt = await page.request.post('/api/auth/login', {
      data: { email: target, password: `Errada${i}234` },
    });
    expect(attempt.status()).toBe(401);
  }

  await page.goto('/');
  await acceptCookies(page);
  await loginThroughHeader(page, shopAdministrator());
  await page.goto('/admin/seguranca');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Segurança' })).toBeVisible();
  await main.getByRole('button', { name: 'Executar monitoramento' }).click();
  await expect(main.getByText(/^Monitoramento executado\. \d+ alertas? novos?\.$/)).toBeVisible();
  await expect(
    main.getByText(`5 tentativas de login falharam na conta ${target} em 15 minutos`),
  ).toBeVisible();
  await screenshots(page, 'admin-security');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    main.getByRole('button', { name: 'Exportar CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^security_logs_\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await download.path(), 'utf8');
  // Every cell quoted, so no spreadsheet (split on ',' or on ';') reads one as a formula.
  expect(csv.split('\r\n')[0]).toBe(
    '"id","timestamp","type","severity","message","ip","user_id","user_agent"',
  );
  expect(csv.match(/login_failed/g)?.length ?? 0).toBeGreaterThanOrEqual(5);
});
