import { describe, expect, it } from 'vitest';
import { firstMessage, messagesByPath } from '../test-support/zod-issues.ts';
import { CHECKOUT_MESSAGE_ORDER } from './checkout-messages.ts';
import { createCheckoutCustomerSchema } from './checkout-customer-schema.ts';
import { checkoutCustomerError } from './checkout-rules.ts';

const TODAY = new Date('2025-06-15T15:00:00Z');
const schema = createCheckoutCustomerSchema(() => TODAY);

function createCheckoutForm(overrides: Record<string, unknown> = {}) {
  return {
    customer_name: ' Ana  Souza ',
    customer_email: 'Ana@X.com',
    customer_phone: '(11) 98765-4321',
    customer_cpf: '',
    customer_birth_date: '',
    customer_street: 'Rua Augusta',
    customer_number: '1500',
    customer_neighborhood: 'Consolação',
    customer_city: 'São Paulo',
    customer_state: 'sp',
    customer_zip_code: '01310-100',
    customer_complement: '',
    notes: '',
    ...overrides,
  };
}

const REQUIRED = 'Por favor, preencha todos os campos obrigatórios';
const EMAIL = 'Por favor, digite um email válido';
const PHONE = 'Por favor, digite um telefone válido';
const ZIP = 'Por favor, digite um CEP válido';

describe('checkout messages', () => {
  it('keeps the spec order', () => {
    expect(CHECKOUT_MESSAGE_ORDER).toEqual([
      'Adicione itens ao carrinho para finalizar a compra',
      REQUIRED,
      EMAIL,
      PHONE,
      ZIP,
    ]);
  });
});

describe('checkoutCustomerSchema', () => {
  it('normalises a valid form', () => {
    expect(schema.parse(createCheckoutForm({ notes: ' Cor: dourado ' }))).toEqual({
      customer_name: 'Ana Souza',
      customer_email: 'ana@x.com',
      customer_phone: '11987654321',
      customer_cpf: null,
      customer_birth_date: null,
      customer_street: 'Rua Augusta',
      customer_number: '1500',
      customer_neighborhood: 'Consolação',
      customer_city: 'São Paulo',
      customer_state: 'SP',
      customer_zip_code: '01310100',
      customer_complement: null,
      notes: 'Cor: dourado',
      payment_method: 'pix',
    });
  });

  it('accepts its own output unchanged, so the API can parse what the form sent', () => {
    const once = schema.parse(createCheckoutForm({ customer_cpf: '529.982.247-25' }));
    expect(schema.parse(once)).toEqual(once);
  });

  it.each([
    'customer_name',
    'customer_email',
    'customer_phone',
    'customer_street',
    'customer_number',
    'customer_neighborhood',
    'customer_city',
    'customer_state',
    'customer_zip_code',
  ])('requires %s (blank, missing or null)', (field) => {
    for (const value of ['  ', undefined, null]) {
      expect(messagesByPath(schema, createCheckoutForm({ [field]: value }))).toEqual({
        [field]: REQUIRED,
      });
    }
  });

  // Each row breaks several rules; the first message must follow the spec's order.
  it.each([
    [
      { customer_city: '', customer_email: 'x', customer_phone: '1', customer_zip_code: '1' },
      REQUIRED,
    ],
    [{ customer_email: 'x', customer_phone: '1', customer_zip_code: '1' }, EMAIL],
    [{ customer_phone: '1', customer_zip_code: '1' }, PHONE],
    [{ customer_phone: '(11) 98765-43210', customer_zip_code: '1' }, PHONE],
    [{ customer_zip_code: '0131010' }, ZIP],
    [{ customer_zip_code: '11111-111' }, ZIP],
    [
      { customer_zip_code: '01310-100', customer_state: 'XX' },
      'Por favor, digite a sigla do estado com 2 letras (ex.: SP)',
    ],
    [{ customer_cpf: '529.982.247-24' }, 'CPF/CNPJ inválido'],
    [{ customer_cpf: 'x52998224725' }, 'CPF/CNPJ inválido'],
    [
      { customer_birth_date: '2030-01-01' },
      'Data de nascimento inválida (idade deve ser entre 0 e 120 anos)',
    ],
    [{ notes: 'x'.repeat(501) }, 'As observações devem ter no máximo 500 caracteres'],
    [{ customer_street: 'x'.repeat(201) }, 'Um dos campos passou do tamanho máximo'],
    [
      { payment_method: 'credit_card' },
      'Forma de pagamento indisponível. No momento aceitamos apenas PIX.',
    ],
    [{ customer_name: 42 }, REQUIRED],
  ])('%j -> %s', (change, message) => {
    const form = createCheckoutForm(change);
    expect(firstMessage(schema, form)).toBe(message);
  });

  it.each([
    ['529.982.247-25', '52998224725'],
    ['11.222.333/0001-81', '11222333000181'],
  ])('accepts the document %s', (document, digits) => {
    expect(schema.parse(createCheckoutForm({ customer_cpf: document })).customer_cpf).toBe(digits);
  });

  it('accepts exactly 500 characters of notes and a past birth date', () => {
    const form = createCheckoutForm({ notes: 'x'.repeat(500), customer_birth_date: '1990-01-01' });
    expect(schema.safeParse(form).success).toBe(true);
  });

  it('gives the pure rule the same first message', () => {
    expect(checkoutCustomerError(createCheckoutForm({ customer_phone: '1' }), TODAY)).toBe(PHONE);
    expect(checkoutCustomerError(createCheckoutForm(), TODAY)).toBeUndefined();
  });
});
