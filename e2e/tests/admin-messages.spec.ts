// The contact form reaches the shop: a visitor writes from the home page, the administrator is
// e-mailed (Reply-To the visitor) and finds the message at /admin/mensagens, marks it read and
// the unread count on the panel's tab drops.
import { loginThroughHeader, shopAdministrator } from './support/accounts.ts';
import { acceptCookies } from './support/cookie-banner.ts';
import { outboxSlugsTo, serverDataDir } from './support/outbox.ts';
import { screenshots } from './support/shots.ts';
import { expect, test } from './support/test.ts';

test.describe.configure({ timeout: 90_000 });

test('a message sent through the contact form is read in the panel', async ({ page }) => {
  const sender = `visitante-${Date.now().toString(36)}@example.com`;
  await page.goto('/#contato');
  await acceptCookies(page);
  const form = page.locator('form').filter({ has: page.locator('#contato-mensagem') });
  await form.getByLabel('Nome').fill('Yolanda Visitante');
  await form.getByLabel('E-mail').fill(sender);
  await form.getByLabel('Mensagem').fill('Vocês fazem argola de titânio 8 mm?\nObrigada!');
  await form.getByRole('button', { name: 'Enviar mensagem' }).click();
  await expect(
    form.getByText('Mensagem enviada com sucesso! Responderemos em breve.'),
  ).toBeVisible();

  const admin = shopAdministrator();
  const dataDir = serverDataDir();
  if (dataDir) {
    // No SMTP_URL on the test server: the e-mail to the administrator is an .eml file, named
    // after its subject's first 60 characters.
    await expect
      .poll(() => outboxSlugsTo(dataDir, admin.email))
      .toContain('lumina-piercings-contato-de-yolanda-visitante-voces-fazem-ar');
  }

  await loginThroughHeader(page, admin);
  await page.goto('/admin/mensagens');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Mensagens', level: 1 })).toBeVisible();
  const tab = page.getByRole('navigation', { name: 'Painel' }).getByRole('link', {
    name: /Mensagens/,
  });
  const count = tab.getByTestId('unread-messages');
  await expect(count).toBeVisible();
  const unread = Number(await count.textContent());
  expect(unread).toBeGreaterThanOrEqual(1);

  const card = main.getByRole('listitem', { name: 'Mensagem de Yolanda Visitante' });
  await expect(
    card.getByRole('heading', { name: 'Vocês fazem argola de titânio 8 mm?' }),
  ).toBeVisible();
  await expect(card.getByText(sender)).toBeVisible();
  await expect(card.getByText('Não lida')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Responder por e-mail' })).toHaveAttribute(
    'href',
    new RegExp(`^mailto:${encodeURIComponent(sender).replaceAll('.', '\\.')}\\?subject=Re%3A`),
  );
  await screenshots(page, 'admin-messages');

  await card.getByRole('button', { name: 'Marcar como lida' }).click();
  await expect(card.getByText('Lida', { exact: true })).toBeVisible();
  if (unread === 1) await expect(count).toBeHidden();
  else await expect(count).toHaveText(String(unread - 1));
  await card.getByRole('button', { name: 'Marcar como respondida' }).click();
  await expect(card.getByText('Respondida', { exact: true })).toBeVisible();
});
