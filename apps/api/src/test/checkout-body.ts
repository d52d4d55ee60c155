// No test-runner imports here: the benchmarks use it outside Vitest.

/** A valid checkout submission (spec 001 §3); overrides replace or add fields of `order`. */
export function checkoutBody(overrides: Record<string, unknown> = {}) {
  return {
    order: {
      customer_name: 'Ana Souza',
      customer_email: 'ana@example.com',
      customer_phone: '(11) 98765-4321',
      customer_cpf: '',
      customer_street: 'Rua Augusta',
      customer_number: '1500',
      customer_neighborhood: 'Consolação',
      customer_city: 'São Paulo',
      customer_state: 'sp',
      customer_zip_code: '01310-100',
      payment_method: 'pix',
      shipping_method: 'pac',
      ...overrides,
    },
  };
}
