import { describe, expect, it } from 'vitest';
import { createSettingsInput } from '../test-support/store-settings.ts';
import { messagesByPath } from '../test-support/zod-issues.ts';
import {
  adminSettingsJson,
  missingSettings,
  PRIVACY_POLICY_TEXT_DATE,
  publicStoreJson,
  SETTINGS_MESSAGES as M,
  storeSettingsInputSchema,
} from './store-settings.ts';
import {
  addressLine,
  brazilianMobile,
  formatPhone,
  hasUnsafeHtml,
  isValidDocument,
  sellerLines,
  socialProfileUrl,
} from './settings-rules.ts';

describe('storeSettingsInputSchema', () => {
  it('keeps digits, cents and profile addresses', () => {
    const settings = storeSettingsInputSchema.parse(createSettingsInput());
    expect(settings).toMatchObject({
      document: '11222333000181',
      address: { zip_code: '01310100', state: 'SP' },
      sac_email: 'sac@lumina.com.br',
      phone: '1133334444',
      whatsapp: '11987654321',
      free_shipping_threshold_cents: 29_900,
      installments: { max: 12, interest_free: 3, min_installment_cents: 2000 },
      boleto_due_days: 3,
      social: {
        instagram: 'https://www.instagram.com/lumina',
        facebook: 'https://facebook.com/lumina',
        tiktok: 'https://www.tiktok.com/@lumina',
      },
    });
  });

  it('takes the reminders delay in hours with a comma, 4 when a document has none', () => {
    const parse = (value: unknown) =>
      storeSettingsInputSchema.parse({ ...createSettingsInput(), reminder_delay_hours: value })
        .reminder_delay_hours;
    expect(parse(undefined)).toBe(4);
    expect(parse('0,5')).toBe(0.5);
    expect(parse(' 0,01 ')).toBe(0.01);
    expect(parse(168)).toBe(168);
  });

  it('takes an optional data protection officer, with a checked e-mail', () => {
    expect(storeSettingsInputSchema.parse(createSettingsInput())).toMatchObject({
      dpo_name: '',
      dpo_email: '',
    });
    expect(
      storeSettingsInputSchema.parse(
        createSettingsInput({ dpo_name: '  Marina Lopes ', dpo_email: ' DPO@Lumina.com.br ' }),
      ),
    ).toMatchObject({ dpo_name: 'Marina Lopes', dpo_email: 'dpo@lumina.com.br' });
    expect(
      messagesByPath(storeSettingsInputSchema, createSettingsInput({ dpo_email: 'dpo@' })),
    ).toEqual({ dpo_email: M.email });
  });

  it('takes a percent typed with a comma or with hundredths', () => {
    expect(
      storeSettingsInputSchema.parse(createSettingsInput({ pix_discount_percent: '2,5' }))
        .pix_discount_percent,
    ).toBe(2.5);
    expect(
      storeSettingsInputSchema.parse(createSettingsInput({ pix_discount_percent: 7.1 }))
        .pix_discount_percent,
    ).toBe(7.1);
  });

  it('takes the automatic NF-e switch, or leaves it out for the stored value to stand', () => {
    expect(storeSettingsInputSchema.parse(createSettingsInput()).auto_invoice).toBeUndefined();
    const on = storeSettingsInputSchema.parse(createSettingsInput({ auto_invoice: true }));
    expect(on.auto_invoice).toBe(true);
    expect(adminSettingsJson(on).auto_invoice).toBe(true);
    expect(
      adminSettingsJson(storeSettingsInputSchema.parse(createSettingsInput())).auto_invoice,
    ).toBe(false);
    expect(
      messagesByPath(storeSettingsInputSchema, {
        ...createSettingsInput(),
        auto_invoice: 'sim',
      }).auto_invoice,
    ).toBe(M.autoInvoice);
  });

  it('leaves unfilled fields empty and free shipping off', () => {
    const settings = storeSettingsInputSchema.parse(
      createSettingsInput({ document: '', whatsapp: null, free_shipping_threshold: '' }),
    );
    expect(settings.document).toBe('');
    expect(settings.whatsapp).toBe('');
    expect(settings.free_shipping_threshold_cents).toBeNull();
  });

  it.each([
    [{ document: '11.222.333/0001-80' }, 'document', M.document],
    [{ document: '123.456.789-00' }, 'document', M.document],
    [{ whatsapp: '(11) 3333-4444' }, 'whatsapp', M.whatsapp],
    [{ whatsapp: '(11) 88765-4321' }, 'whatsapp', M.whatsapp],
    [{ sac_email: 'sac@' }, 'sac_email', M.email],
    [{ mail_from: 'Loja <a@b.com>\r\nBcc: x@y.com' }, 'mail_from', M.mailbox],
    [{ pix_discount_percent: 101 }, 'pix_discount_percent', M.percent],
    [{ pix_discount_percent: -1 }, 'pix_discount_percent', M.percent],
    [{ pix_discount_percent: '' }, 'pix_discount_percent', M.percent],
    [{ pix_discount_percent: '2,537' }, 'pix_discount_percent', M.percent],
    [{ boleto_due_days: 0 }, 'boleto_due_days', M.boletoDueDays],
    [{ boleto_due_days: 31 }, 'boleto_due_days', M.boletoDueDays],
    [{ boleto_due_days: '2,5' }, 'boleto_due_days', M.boletoDueDays],
    [{ free_shipping_threshold: '12,345' }, 'free_shipping_threshold', M.money],
    [{ reminder_delay_hours: 0 }, 'reminder_delay_hours', M.reminderDelayHours],
    [{ reminder_delay_hours: '169' }, 'reminder_delay_hours', M.reminderDelayHours],
    [{ reminder_delay_hours: '0,125' }, 'reminder_delay_hours', M.reminderDelayHours],
    [{ reminder_delay_hours: '' }, 'reminder_delay_hours', M.reminderDelayHours],
    [
      { social: { instagram: 'https://evil.example/lumina' } },
      'social.instagram',
      M.social('Instagram'),
    ],
    [{ policies: { terms: '<script>alert(1)</script>' } }, 'policies.terms', M.policyUnsafe],
  ] as const)('%j is refused on %s', (overrides, path, message) => {
    expect(messagesByPath(storeSettingsInputSchema, createSettingsInput(overrides))[path]).toBe(
      message,
    );
  });

  it('refuses a bad CEP and state, and instalments out of range', () => {
    const input = createSettingsInput();
    const messages = messagesByPath(storeSettingsInputSchema, {
      ...input,
      address: { ...input.address, zip_code: '0131-100', state: 'XX' },
      installments: { max: 13, interest_free: 2, min_installment: -1 },
    });
    expect(messages['address.zip_code']).toBe(M.cep);
    expect(messages['address.state']).toBe(M.state);
    expect(messages['installments.max']).toBe(M.installmentsMax);
    expect(messages['installments.min_installment']).toBe(M.money);
    expect(
      messagesByPath(
        storeSettingsInputSchema,
        createSettingsInput({ installments: { max: 3, interest_free: 4, min_installment: 0 } }),
      )['installments.interest_free'],
    ).toBe(M.interestFree);
  });
});

describe('the rules', () => {
  it('takes a CPF or a CNPJ with check digits', () => {
    expect(isValidDocument('529.982.247-25')).toBe(true);
    expect(isValidDocument('11222333000181')).toBe(true);
    expect(isValidDocument('529.982.247-24')).toBe(false);
    expect(isValidDocument('5299822472')).toBe(false);
  });

  it('takes only Brazilian mobiles for WhatsApp', () => {
    expect(brazilianMobile('5511999999999')).toBe('11999999999');
    expect(brazilianMobile('(21) 99876-5432')).toBe('21998765432');
    expect(brazilianMobile('(01) 99876-5432')).toBeUndefined();
    expect(brazilianMobile('1199999999')).toBeUndefined();
    expect(brazilianMobile('11 99999-999a')).toBeUndefined();
  });

  it('takes profiles on the network only', () => {
    expect(socialProfileUrl('instagram', 'http://instagram.com/lumina')).toBe(
      'https://instagram.com/lumina',
    );
    expect(socialProfileUrl('facebook', 'facebook.com.evil.example/x')).toBeUndefined();
    expect(socialProfileUrl('tiktok', 'https://www.tiktok.com/')).toBeUndefined();
  });

  it.each([
    ['<p onclick="x()">a</p>', true],
    ['<img src=x onerror=alert(1)>', true],
    ['<a href="javascript:alert(1)">a</a>', true],
    ['<a href="jav&#x61;script:alert(1)">a</a>', true],
    ['<a href="java\tscript:alert(1)">a</a>', true],
    ['<svg><a>x</a></svg>', true],
    ['<IFRAME src="https://x">', true],
    ['<p>Data: prazo de 7 dias. Veja <a href="https://loja.com.br/online">a loja</a></p>', false],
    ['<h2>Trocas</h2><ul><li>Até 7 dias</li></ul><a href="mailto:sac@loja.com.br">SAC</a>', false],
  ])('%s unsafe: %s', (html, unsafe) => {
    expect(hasUnsafeHtml(html)).toBe(unsafe);
  });
});

describe('answers', () => {
  const settings = storeSettingsInputSchema.parse(createSettingsInput());

  it('render money in reais with the cents beside them', () => {
    expect(adminSettingsJson(settings)).toMatchObject({
      free_shipping_threshold: 299,
      free_shipping_threshold_cents: 29_900,
      installments: { min_installment: 20, min_installment_cents: 2000 },
      mail_from: 'Lumina <nao-responda@lumina.com.br>',
    });
  });

  it('keep the mail settings and the policy texts out of the public part', () => {
    const store = publicStoreJson(settings);
    expect(store).not.toHaveProperty('mail_from');
    expect(store).not.toHaveProperty('reply_to');
    expect(store.policies).toEqual({ terms: true, returns: true, shipping: false });
    expect(store.whatsapp_url).toBe('https://wa.me/5511987654321');
  });

  it('date the privacy policy by its text, or by a later change of the settings it shows', () => {
    expect(publicStoreJson(settings).privacy_updated_at).toBe(
      PRIVACY_POLICY_TEXT_DATE.toISOString(),
    );
    // The first start's settings were written before the text's last change: the text's date.
    expect(publicStoreJson(settings, new Date('2026-01-05T12:00:00Z')).privacy_updated_at).toBe(
      PRIVACY_POLICY_TEXT_DATE.toISOString(),
    );
    expect(publicStoreJson(settings, new Date('2027-02-01T12:00:00Z')).privacy_updated_at).toBe(
      '2027-02-01T12:00:00.000Z',
    );
  });

  it('list what a public shop still lacks', () => {
    expect(missingSettings(settings)).toEqual(['policies.shipping']);
    const empty = storeSettingsInputSchema.parse(
      createSettingsInput({
        trade_name: '',
        phone: '',
        whatsapp: '',
        address: {
          zip_code: '',
          street: '',
          number: '',
          complement: '',
          neighborhood: '',
          city: '',
          state: '',
        },
      }),
    );
    expect(
      missingSettings(
        storeSettingsInputSchema.parse(
          createSettingsInput({ phone: '', whatsapp: '(11) 99999-9999' }),
        ),
      ),
    ).toContain('phone_or_whatsapp');
    // The data protection officer is optional (ANPD Resolução 2/2022, art. 11): never missing.
    expect(missingSettings({ ...settings, dpo_name: '', dpo_email: '' })).toEqual([
      'policies.shipping',
    ]);
    expect(missingSettings(empty)).toEqual([
      'trade_name',
      'address',
      'phone_or_whatsapp',
      'policies.shipping',
    ]);
  });
});

describe("the seller's identification", () => {
  const settings = storeSettingsInputSchema.parse(createSettingsInput());

  it('shows no WhatsApp to shoppers for the demo number an older database may hold', () => {
    const demo = publicStoreJson({ ...settings, whatsapp: '11999999999' });
    expect(demo.whatsapp).toBe('');
    expect(demo.whatsapp_url).toBeNull();
    expect(sellerLines({ ...settings, whatsapp: '11999999999' }).join('\n')).not.toContain(
      'WhatsApp',
    );
  });

  it('writes the lines of Decreto 7.962 art. 2 with only what is filled in', () => {
    expect(sellerLines(settings)).toEqual([
      'Lumina Joias Ltda · CNPJ 11.222.333/0001-81',
      'Avenida Paulista, 1000, Sala 1 - Bela Vista - São Paulo/SP - CEP 01310-100',
      'SAC: sac@lumina.com.br · Telefone: (11) 3333-4444 · WhatsApp: (11) 98765-4321',
    ]);
    expect(
      sellerLines({
        ...settings,
        legal_name: '',
        document: '12345678909',
        phone: '',
        whatsapp: '',
        address: { ...settings.address, street: '', number: '', complement: '', neighborhood: '' },
      }),
    ).toEqual(['CPF 123.456.789-09', 'São Paulo/SP - CEP 01310-100', 'SAC: sac@lumina.com.br']);
  });

  it('says nothing of an address that is only the CEP a first start guessed', () => {
    const onlyCep = {
      ...settings.address,
      street: '',
      number: '',
      complement: '',
      neighborhood: '',
      city: '',
      state: '',
    };
    expect(addressLine(onlyCep)).toBe('');
  });

  it('formats phones with their area code', () => {
    expect(formatPhone('1133334444')).toBe('(11) 3333-4444');
    expect(formatPhone('11987654321')).toBe('(11) 98765-4321');
  });
});
