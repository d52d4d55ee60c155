// The store settings the browser tests give the shop (PUT /api/admin/settings).
import type { APIRequestContext } from '@playwright/test';
import { adminHeaders } from './accounts.ts';
import { expect } from './test.ts';

/**
 * A shop that filled in who it is and its policies, with the demo shop's money rules, so no other
 * browser test sees a different price.
 */
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

/** Saves SETTINGS (with `overrides` of whole fields) as the shop's administrator does. */
export async function saveSettings(
  request: APIRequestContext,
  overrides: Record<string, unknown> = {},
): Promise<void> {
  const saved = await request.put('/api/admin/settings', {
    headers: await adminHeaders(request),
    data: { settings: { ...SETTINGS, ...overrides } },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
}
