// Who sells, from the store settings: once the owner has filled them in, every page's footer says
// the trade and legal name, CNPJ, address and contacts, links the written policies, and each
// policy is a page of its own with the owner's text. Prices and shipping stay as the demo shop's,
// so the other browser tests see them unchanged.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { shopAdministrator } from './support/accounts.ts';
import { acceptCookies } from './support/cookie-banner.ts';
import { screenshots, SHOT_DIR } from './support/shots.ts';
import { expect, test, waitForApp } from './support/test.ts';

const SETTINGS = {
  trade_name: 'Lumina Piercings',
  legal_name: 'Lumina Joias e Acessórios Ltda',
  document: '11.222.333/0001-81',
  address: {
    zip_code: '01310-100',
    street: 'Avenida Paulista',
    number: '1000',
    complement: 'Sala 12',
    neighborhood: 'Bela Vista',
    city: 'São Paulo',
    state: 'SP',
  },
  sac_email: 'sac@lumina.test',
  phone: '(11) 3333-4444',
  whatsapp: '(11) 98765-4321',
  business_hours: 'Segunda a sexta, das 9h às 18h',
  mail_from: 'Lumina Piercings <nao-responda@lumina.test>',
  reply_to: 'sac@lumina.test',
  // The demo shop's money rules, so no other test sees a different price.
  pix_discount_percent: 5,
  free_shipping_threshold: 299,
  installments: { max: 12, interest_free: 3, min_installment: 20 },
  social: { instagram: '@lumina', facebook: '', tiktok: 'lumina' },
  policies: {
    terms: '<h2>Aceitação</h2><p>Ao comprar na loja você aceita estes termos.</p>',
    returns:
      '<h2>Direito de arrependimento</h2><p>Você pode desistir da compra em até <strong>7 dias</strong> após o recebimento, sem justificativa (CDC, art. 49).</p><h2>Trocas</h2><ul><li>Peças sem uso, na embalagem original.</li><li>Piercings de uso íntimo não são trocados por higiene, salvo defeito.</li></ul><p>Fale com o SAC: <a href="mailto:sac@lumina.test">sac@lumina.test</a>.</p>',
    shipping: '<p>Enviamos pelos Correios (PAC e SEDEX) em até 2 dias úteis após o pagamento.</p>',
  },
};

async function saveSettings(request: APIRequestContext) {
  const admin = shopAdministrator();
  const login = await request.post('/api/auth/login', {
    data: { email: admin.email, password: admin.password },
  });
  expect(login.ok()).toBe(true);
  const { access_token: token } = (await login.json()) as { access_token: string };
  const saved = await request.put('/api/admin/settings', {
    headers: { authorization: `Bearer ${token}` },
    data: { settings: SETTINGS },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
}

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
