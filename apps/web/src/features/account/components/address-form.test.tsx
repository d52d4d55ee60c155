import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeAnswer } from '../testing/fake-api.ts';
import { renderAccount, storeLogin } from '../testing/render-account.tsx';
import { AddressForm } from './address-form.tsx';

function renderForm(answer: FakeAnswer = { status: 201, body: { address: { id: 9 } } }) {
  storeLogin();
  const onSaved = vi.fn();
  const requests = fakeApi({
    'POST /api/addresses': answer,
    'GET /api/addresses': { body: { addresses: [] } },
  });
  renderAccount(<AddressForm isFirst={false} onSaved={onSaved} onCancel={() => {}} />);
  return { requests, onSaved };
}

function fill(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  }
}

const COMPLETE = {
  CEP: '01310100',
  Rua: 'Rua Augusta',
  Número: '1500',
  Bairro: 'Consolação',
  Cidade: 'São Paulo',
};

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('AddressForm', () => {
  it("masks the CEP and refuses one without 8 digits: 'CEP deve ter 8 dígitos'", async () => {
    const { requests } = renderForm();
    fill({ ...COMPLETE, CEP: '0131010' });
    fireEvent.change(screen.getByLabelText('Estado'), { target: { value: 'SP' } });
    expect(screen.getByLabelText('CEP')).toHaveValue('01310-10');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar endereço' }));
    expect(await screen.findByText('CEP deve ter 8 dígitos')).toBeVisible();
    expect(screen.getByLabelText('CEP')).toHaveAttribute('aria-invalid', 'true');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('offers the 27 UFs and sends the address with the CEP as digits', async () => {
    const { requests, onSaved } = renderForm();
    expect(screen.getByLabelText('Nome do endereço')).toHaveValue('Endereço Principal');
    // 27 states plus the empty 'Selecione'.
    expect(screen.getByLabelText('Estado').querySelectorAll('option')).toHaveLength(28);
    fill(COMPLETE);
    fireEvent.change(screen.getByLabelText('Estado'), { target: { value: 'SP' } });
    fireEvent.click(screen.getByLabelText('Usar como endereço padrão'));
    fireEvent.click(screen.getByRole('button', { name: 'Salvar endereço' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      name: 'Endereço Principal',
      street: 'Rua Augusta',
      number: '1500',
      complement: null,
      neighborhood: 'Consolação',
      city: 'São Paulo',
      state: 'SP',
      zip_code: '01310100',
      is_default: true,
    });
  });

  it("says 'Erro ao criar endereço' when the server refuses, with its field message", async () => {
    const { onSaved } = renderForm({
      status: 422,
      body: {
        message: 'CEP deve ter 8 dígitos',
        errors: ['CEP deve ter 8 dígitos'],
        fields: { zip_code: ['CEP deve ter 8 dígitos'] },
      },
    });
    fill(COMPLETE);
    fireEvent.change(screen.getByLabelText('Estado'), { target: { value: 'RJ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar endereço' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro ao criar endereço');
    expect(screen.getByText('CEP deve ter 8 dígitos')).toBeVisible();
    expect(onSaved).not.toHaveBeenCalled();
  });
});
