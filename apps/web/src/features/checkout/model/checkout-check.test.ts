import { describe, expect, it } from 'vitest';
import { checkCheckout } from './checkout-check.ts';
import { EMPTY_CHECKOUT_FORM, type CheckoutFormValues } from './checkout-form-values.ts';
import { orderPayload } from './order-payload.ts';

const TODAY = () => new Date('2025-06-15T15:00:00Z');

function createForm(overrides: Partial<CheckoutFormValues> = {}): CheckoutFormValues {
  return {
    ...EMPTY_CHECKOUT_FORM,
    customer_name: 'Ana Souza',
    customer_email: 'ana@example.com',
    customer_phone: '(11) 98765-4321',
    customer_street: 'Rua Augusta',
    customer_number: '1500',
    customer_neighborhood: 'Consolação',
    customer_city: 'São Paulo',
    customer_state: 'SP',
    customer_zip_code: '01310-100',
    ...overrides,
  };
}

describe('checkCheckout', () => {
  it('checks the cart before anything in the form', () => {
    expect(checkCheckout(0, EMPTY_CHECKOUT_FORM, TODAY)).toEqual({
      ok: false,
      message: 'Adicione itens ao carrinho para finalizar a compra',
    });
  });

  it.each([
    [
      { customer_city: ' ', customer_email: 'x', customer_phone: '1', customer_zip_code: '1' },
      'Por favor, preencha todos os campos obrigatórios',
      'customer_city',
    ],
    [
      { customer_email: 'x', customer_phone: '1', customer_zip_code: '1' },
      'Por favor, digite um email válido',
      'customer_email',
    ],
    [
      { customer_phone: '(11) 9876', customer_zip_code: '1' },
      'Por favor, digite um telefone válido',
      'customer_phone',
    ],
    [{ customer_zip_code: '01310-10' }, 'Por favor, digite um CEP válido', 'customer_zip_code'],
  ])('%j -> %s', (change, message, field) => {
    expect(checkCheckout(2, createForm(change), TODAY)).toEqual({ ok: false, message, field });
  });

  it('does not require the CPF, but checks one that is typed', () => {
    expect(checkCheckout(1, createForm(), TODAY).ok).toBe(true);
    expect(checkCheckout(1, createForm({ customer_cpf: '529.982.247-24' }), TODAY)).toMatchObject({
      ok: false,
      message: 'CPF/CNPJ inválido',
    });
  });
});

describe('orderPayload', () => {
  it('sends the normalised customer, null for blank optional fields and the address line thrice', () => {
    const check = checkCheckout(1, createForm({ customer_state: 'sp' }), TODAY);
    if (!check.ok) throw new Error(check.message);
    const line = 'Rua Augusta, 1500 - Consolação - São Paulo/SP - 01310-100';
    expect(orderPayload(check.customer, 'pac')).toEqual({
      customer_name: 'Ana Souza',
      customer_email: 'ana@example.com',
      customer_phone: '11987654321',
      customer_cpf: null,
      customer_birth_date: null,
      customer_street: 'Rua Augusta',
      customer_number: '1500',
      customer_complement: null,
      customer_neighborhood: 'Consolação',
      customer_city: 'São Paulo',
      customer_state: 'SP',
      customer_zip_code: '01310100',
      notes: null,
      payment_method: 'pix',
      shipping_method: 'pac',
      shipping_address: line,
      billing_address: line,
      customer_address: line,
    });
  });
});
