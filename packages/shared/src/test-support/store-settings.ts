import {
  type StoreSettings,
  storeSettingsInputSchema,
  type StoreSettingsInput,
} from '../settings/store-settings.ts';

/** The settings form of a shop that filled everything in, as the panel sends it. */
export function createSettingsInput(
  overrides: Partial<StoreSettingsInput> = {},
): StoreSettingsInput {
  return {
    trade_name: 'Lumina Piercings',
    legal_name: 'Lumina Joias Ltda',
    document: '11.222.333/0001-81',
    address: {
      zip_code: '01310-100',
      street: 'Avenida Paulista',
      number: '1000',
      complement: 'Sala 1',
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'sp',
    },
    sac_email: 'SAC@Lumina.com.br',
    phone: '(11) 3333-4444',
    whatsapp: '+55 (11) 98765-4321',
    business_hours: 'Seg a sex, 9h às 18h',
    dpo_name: '',
    dpo_email: '',
    mail_from: 'Lumina <nao-responda@lumina.com.br>',
    reply_to: 'sac@lumina.com.br',
    pix_discount_percent: 5,
    free_shipping_threshold: '299,00',
    installments: { max: 12, interest_free: 3, min_installment: 20 },
    social: { instagram: '@lumina', facebook: 'https://facebook.com/lumina', tiktok: 'lumina' },
    policies: { terms: '<p>Termos</p>', returns: '<p><strong>7 dias</strong></p>', shipping: '' },
    ...overrides,
  };
}

/** The same shop's settings as stored: every field a shopper's page can show is filled. */
export function createStoreSettings(overrides: Partial<StoreSettingsInput> = {}): StoreSettings {
  return storeSettingsInputSchema.parse(createSettingsInput(overrides));
}
