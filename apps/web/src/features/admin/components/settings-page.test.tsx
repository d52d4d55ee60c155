import { SETTINGS_MESSAGES } from '@lumina/shared/settings/store-settings';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../lib/auth/testing/fake-api.ts';
import { storeAnswer } from '../../../lib/testing/store-fixture.ts';
import {
  createSettingsAnswer as createAnswer,
  renderAdmin,
  storeLogin,
} from '../testing/admin-fixtures.tsx';

beforeEach(() => {
  storeLogin();
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const field = (name: string) => screen.getByLabelText(name);
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });

describe('/admin/loja', () => {
  it("titles the panel with the shop's trade name, whole in the title when cut", async () => {
    const long = 'Ateliê Aurora Joias e Acessórios para Piercing Ltda';
    fakeApi((request) => {
      if (request.path === '/store') return { body: storeAnswer({ trade_name: long }) };
      if (request.path === '/admin/settings') return { body: createAnswer() };
      return undefined;
    });
    renderAdmin('/admin/loja');
    // The sidebar's (phones have it in a bar above the page instead).
    const title = await within(await screen.findByRole('complementary')).findByTitle(long);
    expect(title).toHaveTextContent(long);
    expect(title).toHaveClass('truncate');
    expect(screen.queryByText('Lumina Piercings', { selector: 'p' })).not.toBeInTheDocument();
  });

  it('lists what is missing, fills the address from the CEP and saves', async () => {
    const requests = fakeApi((request) => {
      if (request.path === '/admin/settings' && request.method === 'GET') {
        return { body: createAnswer() };
      }
      if (request.path === '/admin/settings' && request.method === 'PUT') {
        const answer = createAnswer({ missing: [], version: 2 });
        answer.settings.legal_name = 'Lumina Joias Ltda';
        return { body: answer };
      }
      if (request.path === '/cep/01311000') {
        return {
          body: {
            cep: '01311-000',
            street: 'Avenida Paulista',
            neighborhood: 'Bela Vista',
            city: 'São Paulo',
            state: 'SP',
          },
        };
      }
      return undefined;
    });
    renderAdmin('/admin/loja');

    expect(await screen.findByRole('link', { name: 'Loja' })).toBeTruthy();
    const missing = await screen.findByText('Antes de deixar a loja pública, preencha:');
    const box = missing.closest('[role="status"]') as HTMLElement;
    expect(within(box).getByText('Razão social')).toBeTruthy();
    expect(within(box).getByText('Telefone ou WhatsApp')).toBeTruthy();
    expect((field('Nome fantasia') as HTMLInputElement).value).toBe('Lumina Piercings');
    expect((field('Frete grátis a partir de (R$)') as HTMLInputElement).value).toBe('299,00');

    type('CEP', '01311000');
    await waitFor(() => expect((field('Rua') as HTMLInputElement).value).toBe('Avenida Paulista'));
    expect((field('UF') as HTMLSelectElement).value).toBe('SP');
    type('Razão social', 'Lumina Joias Ltda');
    type('CNPJ ou CPF', '11222333000181');
    // The data protection officer is optional: not in the missing list, saved when given.
    expect(within(box).queryByText(/encarregado/i)).not.toBeInTheDocument();
    type('Nome do encarregado (opcional)', 'Marina Lopes');
    type('Email do encarregado (opcional)', 'DPO@Lumina.com.br');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar configurações' }));

    expect(await screen.findByText(SETTINGS_MESSAGES.saved)).toBeTruthy();
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.body).toMatchObject({
      settings: {
        legal_name: 'Lumina Joias Ltda',
        document: '11222333000181',
        address: { zip_code: '01311-000', street: 'Avenida Paulista', state: 'SP' },
        free_shipping_threshold: '299,00',
        dpo_name: 'Marina Lopes',
        dpo_email: 'DPO@Lumina.com.br',
      },
    });
    expect(
      await screen.findByText('A loja tem tudo o que precisa para ficar pública.'),
    ).toBeTruthy();
  });

  it('checks a field before sending and shows the server’s field messages', async () => {
    const requests = fakeApi((request) => {
      if (request.path === '/admin/settings' && request.method === 'GET') {
        return { body: createAnswer() };
      }
      if (request.path === '/admin/settings' && request.method === 'PUT') {
        return {
          status: 422,
          body: {
            type: 'invalid_data',
            code: 'validation_failed',
            message: SETTINGS_MESSAGES.policyUnsafe,
            fields: { 'settings.sac_email': ['Email já usado por outra loja'] },
          },
        };
      }
      return undefined;
    });
    renderAdmin('/admin/loja');
    await screen.findByLabelText('WhatsApp');

    type('WhatsApp', '(11) 3333-4444');
    type('Termos de uso', '<p>Oi</p><script>alert(1)</script>');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar configurações' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.whatsapp)).toBeTruthy();
    expect(screen.getByText(SETTINGS_MESSAGES.policyUnsafe)).toBeTruthy();
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);

    type('WhatsApp', '(11) 98765-4321');
    type('Termos de uso', '<p>Oi</p>');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar configurações' }));
    expect(await screen.findByText('Email já usado por outra loja')).toBeTruthy();
    expect(field('Email do SAC').getAttribute('aria-invalid')).toBe('true');
  });

  it('takes the low-stock threshold, refusing a negative one before sending', async () => {
    const requests = fakeApi((request) => {
      if (request.path === '/admin/settings' && request.method === 'GET') {
        return { body: createAnswer() };
      }
      if (request.path === '/admin/settings' && request.method === 'PUT') {
        return { body: createAnswer({ version: 2 }) };
      }
      return undefined;
    });
    renderAdmin('/admin/loja');
    const label = 'Avisar quando o estoque de uma variante chegar a';
    expect(await screen.findByLabelText(label)).toHaveValue('3');
    expect(screen.getByText(/0: só quando esgota/)).toBeTruthy();

    type(label, '-1');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar configurações' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.lowStockThreshold)).toBeTruthy();
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);

    type(label, '0');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar configurações' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.saved)).toBeTruthy();
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.body).toMatchObject({ settings: { low_stock_threshold: '0' } });
  });

  it('takes the reminders delay in hours with a comma, refusing 0 before sending', async () => {
    const requests = fakeApi((request) => {
      if (request.path === '/admin/settings' && request.method === 'GET') {
        return { body: createAnswer() };
      }
      if (request.path === '/admin/settings' && request.method === 'PUT') {
        return { body: createAnswer({ version: 2 }) };
      }
      return undefined;
    });
    renderAdmin('/admin/loja');
    const label = 'Enviar o lembrete depois de (horas)';
    expect(await screen.findByLabelText(label)).toHaveValue('4');
    expect(screen.getByRole('group', { name: 'Lembretes' })).toBeTruthy();

    type(label, '0');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar configurações' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.reminderDelayHours)).toBeTruthy();
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);

    type(label, '0,5');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar configurações' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.saved)).toBeTruthy();
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.body).toMatchObject({ settings: { reminder_delay_hours: '0,5' } });
  });

  it('wraps the selection of a policy in the chosen tag', async () => {
    fakeApi((request) =>
      request.path === '/admin/settings' ? { body: createAnswer() } : undefined,
    );
    renderAdmin('/admin/loja');
    const terms = await screen.findByLabelText<HTMLTextAreaElement>('Termos de uso');
    type('Termos de uso', 'Prazo de 7 dias');
    terms.setSelectionRange(9, 15);
    fireEvent.click(
      within(screen.getByRole('toolbar', { name: 'Formatação: Termos de uso' })).getByRole(
        'button',
        { name: 'Negrito' },
      ),
    );
    await waitFor(() => expect(terms.value).toBe('Prazo de <strong>7 dias</strong>'));
  });
});
