import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeAnswer, type FakeRoutes } from '../testing/fake-api.ts';
import { renderAccount, storeLogin } from '../testing/render-account.tsx';
import { AddressForm } from './address-form.tsx';

function renderForm(
  answer: FakeAnswer = { status: 201, body: { address: { id: 9 } } },
  cepRoutes: FakeRoutes = {},
) {
  storeLogin();
  const onSaved = vi.fn();
  const requests = fakeApi({
    'POST /api/addresses': answer,
    'GET /api/addresses': { body: { addresses: [] } },
    ...cepRoutes,
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

  describe('CEP lookup', () => {
    const PAULISTA = {
      cep: '01310100',
      street: 'Avenida Paulista',
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
    };
    const COPACABANA = {
      cep: '22041001',
      street: 'Rua Barata Ribeiro',
      neighborhood: 'Copacabana',
      city: 'Rio de Janeiro',
      state: 'RJ',
    };

    function addressValues() {
      return ['Rua', 'Bairro', 'Cidade', 'Estado'].map(
        (label) => screen.getByLabelText<HTMLInputElement>(label).value,
      );
    }

    it('fills street, neighbourhood, city and state when the CEP reaches 8 digits', async () => {
      const { requests } = renderForm(undefined, {
        'GET /api/cep/01310100': { body: PAULISTA },
      });
      fill({ CEP: '0131010' });
      expect(requests.some((r) => r.path.startsWith('/api/cep'))).toBe(false);
      fill({ CEP: '01310100' });
      expect(
        await screen.findByText('Endereço preenchido pelo CEP. Confira os dados.'),
      ).toBeVisible();
      expect(addressValues()).toEqual(['Avenida Paulista', 'Bela Vista', 'São Paulo', 'SP']);
      expect(screen.getByLabelText('CEP')).toHaveAccessibleDescription(
        'Endereço preenchido pelo CEP. Confira os dados.',
      );
    });

    it('keeps what the user typed and replaces only what an earlier lookup filled', async () => {
      renderForm(undefined, {
        'GET /api/cep/01310100': { body: PAULISTA },
        'GET /api/cep/22041001': { body: COPACABANA },
      });
      fill({ Bairro: 'Jardins' });
      fill({ CEP: '01310100' });
      await waitFor(() =>
        expect(addressValues()).toEqual(['Avenida Paulista', 'Jardins', 'São Paulo', 'SP']),
      );
      // The user corrects the street, then the CEP: their street and bairro stay.
      fill({ Rua: 'Alameda Santos' });
      fill({ CEP: '22041001' });
      await waitFor(() =>
        expect(addressValues()).toEqual(['Alameda Santos', 'Jardins', 'Rio de Janeiro', 'RJ']),
      );
    });

    it.each([
      ['unavailable (503)', { status: 503, body: { message: 'Serviço indisponível' } }],
      ['unknown (404)', { status: 404, body: { message: 'CEP não encontrado' } }],
      ['unreachable', 'network-error'],
      ['slow', 'pending'],
    ] as const)('shows nothing and keeps the form usable when the CEP is %s', async (_, cep) => {
      const { requests, onSaved } = renderForm(undefined, { 'GET /api/cep/01310100': cep });
      fill({ CEP: '01310100' });
      await waitFor(() => expect(requests.some((r) => r.path === '/api/cep/01310100')).toBe(true));
      fill({ Rua: 'Rua Augusta', Número: '1500', Bairro: 'Consolação', Cidade: 'São Paulo' });
      fireEvent.change(screen.getByLabelText('Estado'), { target: { value: 'SP' } });
      fireEvent.click(screen.getByRole('button', { name: 'Salvar endereço' }));
      await waitFor(() => expect(onSaved).toHaveBeenCalled());
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.queryByText('CEP não encontrado')).not.toBeInTheDocument();
      expect(screen.queryByText('Endereço preenchido pelo CEP. Confira os dados.')).toBeNull();
    });

    it('ignores the answer for a CEP the user has since changed', async () => {
      let answerFirst: (answer: FakeAnswer) => void = () => {};
      renderForm(undefined, {
        'GET /api/cep/01310100': () =>
          new Promise<FakeAnswer>((resolve) => {
            answerFirst = resolve;
          }),
        'GET /api/cep/22041001': { body: COPACABANA },
      });
      fill({ CEP: '01310100' });
      expect(await screen.findByText('Buscando endereço...')).toBeVisible();
      fill({ CEP: '22041001' });
      await waitFor(() =>
        expect(addressValues()).toEqual([
          'Rua Barata Ribeiro',
          'Copacabana',
          'Rio de Janeiro',
          'RJ',
        ]),
      );
      answerFirst({ body: PAULISTA });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(addressValues()).toEqual(['Rua Barata Ribeiro', 'Copacabana', 'Rio de Janeiro', 'RJ']);
    });
  });
});
