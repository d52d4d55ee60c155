/** A complete, valid settings body; `overrides` replace whole top-level fields. */
export function createSettingsBody(overrides: Record<string, unknown> = {}) {
  return {
    trade_name: 'Ateliê Aurora',
    legal_name: 'Aurora Joias Ltda',
    document: '11.222.333/0001-81',
    address: {
      zip_code: '30130-010',
      street: 'Avenida Afonso Pena',
      number: '1500',
      complement: '',
      neighborhood: 'Centro',
      city: 'Belo Horizonte',
      state: 'MG',
    },
    sac_email: 'sac@aurora.example',
    phone: '(31) 3333-4444',
    whatsapp: '(31) 98765-4321',
    business_hours: 'Seg a sex, 9h às 18h',
    mail_from: 'Ateliê Aurora <loja@aurora.example>',
    reply_to: 'sac@aurora.example',
    pix_discount_percent: 7,
    free_shipping_threshold: 199.9,
    installments: { max: 10, interest_free: 4, min_installment: '15,00' },
    boleto_due_days: '5',
    social: { instagram: '@aurora', facebook: '', tiktok: '' },
    policies: {
      terms: '<h2>Termos</h2><p>Ao comprar você aceita.</p>',
      returns: '<p>Até <strong>7 dias</strong> <span style="color:red">após</span> a entrega.</p>',
      shipping: '<ul><li>PAC</li><li>SEDEX</li></ul><a href="mailto:sac@aurora.example">SAC</a>',
    },
    ...overrides,
  };
}
