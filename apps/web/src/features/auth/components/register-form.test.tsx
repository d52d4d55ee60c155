import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAccessToken, fakeApi, TEST_USER } from '../../../lib/auth/testing/fake-api.ts';
import { renderWithAuth } from '../testing/render-auth.tsx';
import { AuthDialog } from './auth-dialog.tsx';

function renderRegister(store?: NonNullable<Parameters<typeof renderWithAuth>[1]>['store']) {
  const onOpenChange = vi.fn();
  renderWithAuth(
    <AuthDialog
      open
      view="register"
      reason="login"
      onOpenChange={onOpenChange}
      onViewChange={() => undefined}
    />,
    { store },
  );
  return { onOpenChange, dialog: within(screen.getByRole('dialog')) };
}

type Dialog = ReturnType<typeof renderRegister>['dialog'];

function type(dialog: Dialog, label: string, value: string) {
  fireEvent.change(dialog.getByLabelText(label, { exact: true }), { target: { value } });
}

function fillValid(dialog: Dialog) {
  type(dialog, 'Nome completo', 'Ana Souza');
  type(dialog, 'E-mail', 'ana@exemplo.com');
  type(dialog, 'Senha', 'Segura123');
  type(dialog, 'Confirmar senha', 'Segura123');
  fireEvent.click(dialog.getByRole('checkbox', { name: /Política de Privacidade/ }));
  fireEvent.click(dialog.getByRole('checkbox', { name: /Li e aceito os/ }));
}

const submit = (dialog: Dialog) =>
  fireEvent.click(dialog.getByRole('button', { name: 'Criar conta' }));

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('register form', () => {
  it('shows the required-field messages and sends nothing', async () => {
    const requests = fakeApi(() => undefined);
    const { dialog } = renderRegister();
    submit(dialog);
    for (const message of [
      'Nome é obrigatório',
      'Email é obrigatório',
      'Senha é obrigatória',
      'Confirmação de senha é obrigatória',
      'Você deve aceitar a Política de Privacidade',
      'Você deve aceitar os Termos de Serviço',
    ]) {
      expect(await dialog.findByText(message)).toBeInTheDocument();
    }
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('masks CPF, phone and CEP and explains a wrong CPF, a weak password and a bad name', async () => {
    fakeApi(() => undefined);
    const { dialog } = renderRegister();
    fillValid(dialog);
    type(dialog, 'CPF (opcional)', '12345678900');
    type(dialog, 'Telefone (opcional)', '11987654321');
    type(dialog, 'CEP', '01310100');
    expect(dialog.getByLabelText('CPF (opcional)')).toHaveValue('123.456.789-00');
    expect(dialog.getByLabelText('Telefone (opcional)')).toHaveValue('(11) 98765-4321');
    expect(dialog.getByLabelText('CEP')).toHaveValue('01310-100');
    type(dialog, 'Senha', 'semnumero');
    type(dialog, 'Confirmar senha', 'semnumero');
    type(dialog, 'Nome completo', 'Ana');
    submit(dialog);
    expect(await dialog.findByText('CPF inválido')).toBeInTheDocument();
    expect(
      dialog.getByText(
        'Senha deve ter pelo menos 8 caracteres, 1 maiúscula, 1 minúscula e 1 número',
      ),
    ).toBeInTheDocument();
    expect(
      dialog.getByText('Nome deve ter pelo menos 2 palavras e não conter números'),
    ).toBeInTheDocument();
    expect(dialog.getByLabelText('CPF (opcional)')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says "Senhas não coincidem" when the confirmation differs', async () => {
    const requests = fakeApi(() => undefined);
    const { dialog } = renderRegister();
    fillValid(dialog);
    type(dialog, 'Confirmar senha', 'Segura124');
    submit(dialog);
    expect(await dialog.findByText('Senhas não coincidem')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('limits the birth date picker to 1900-01-01 .. today and checks the age', async () => {
    fakeApi(() => undefined);
    const { dialog } = renderRegister();
    const birth = dialog.getByLabelText('Data de nascimento (opcional)');
    expect(birth).toHaveAttribute('min', '1900-01-01');
    expect(birth.getAttribute('max')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    fillValid(dialog);
    const year = new Date().getFullYear();
    type(dialog, 'Data de nascimento (opcional)', `${year - 5}-01-01`);
    submit(dialog);
    expect(await dialog.findByText('Idade mínima de 13 anos')).toBeInTheDocument();
  });

  it('offers the genders Masculino, Feminino and Outro', () => {
    fakeApi(() => undefined);
    const { dialog } = renderRegister();
    const options = within(dialog.getByLabelText('Gênero (opcional)')).getAllByRole('option');
    expect(options.map((option) => [option.getAttribute('value'), option.textContent])).toEqual([
      ['', 'Selecione'],
      ['M', 'Masculino'],
      ['F', 'Feminino'],
      ['O', 'Outro'],
    ]);
  });

  it("links the shop's terms once the owner has written them", () => {
    fakeApi(() => undefined);
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const { dialog } = renderRegister({});
    const terms = dialog.getByRole('link', { name: /Termos de Serviço/ });
    expect(terms).toHaveAttribute('href', '/termos-de-uso');
    expect(terms).toHaveAttribute('target', '_blank');
    expect(dialog.queryByRole('button', { name: 'Termos de Serviço' })).toBeNull();
    expect(alert).not.toHaveBeenCalled();
  });

  it('shows the terms alert without ticking the box while the shop has no terms', () => {
    fakeApi(() => undefined);
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const { dialog } = renderRegister({ policies: { terms: '', returns: '', shipping: '' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Termos de Serviço' }));
    expect(alert).toHaveBeenCalledWith('Termos de Serviço em desenvolvimento');
    expect(dialog.getByRole('checkbox', { name: /Li e aceito os/ })).not.toBeChecked();
    expect(dialog.getByRole('link', { name: /Política de Privacidade/ })).toHaveAttribute(
      'href',
      '/politica-privacidade',
    );
  });

  it('maps the server errors to fields by keyword and shows the rest as a general error', async () => {
    fakeApi(({ path }) =>
      path === '/users/register'
        ? {
            status: 422,
            body: {
              message: 'Email já está em uso',
              errors: ['Email já está em uso', 'CPF inválido', 'Data de nascimento inválida'],
            },
          }
        : undefined,
    );
    const { dialog } = renderRegister();
    fillValid(dialog);
    submit(dialog);
    expect(await dialog.findByText('Email já está em uso')).toBeInTheDocument();
    expect(dialog.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(dialog.getByText('CPF inválido')).toBeInTheDocument();
    expect(dialog.getByRole('alert')).toHaveTextContent('Data de nascimento inválida');
  });

  it("shows the server's refusal of a common password on the password field", async () => {
    const COMMON = 'Esta senha é muito comum. Escolha outra.';
    fakeApi(({ path }) =>
      path === '/users/register'
        ? {
            status: 422,
            body: { message: COMMON, errors: [COMMON], fields: { 'user.password': [COMMON] } },
          }
        : undefined,
    );
    const { dialog } = renderRegister();
    fillValid(dialog);
    submit(dialog);
    expect(await dialog.findByText(COMMON)).toBeInTheDocument();
    expect(dialog.getByLabelText('Senha', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    expect(dialog.getByLabelText('Senha', { exact: true })).toHaveFocus();
    expect(dialog.queryByRole('alert')).toBeNull();
  });

  it('falls back to "Erro ao criar conta" when the server says nothing useful', async () => {
    fakeApi(({ path }) => (path === '/users/register' ? { status: 500, body: {} } : undefined));
    const { dialog } = renderRegister();
    fillValid(dialog);
    submit(dialog);
    expect(await dialog.findByRole('alert')).toHaveTextContent('Erro ao criar conta');
  });

  it('registers with the address only when complete, logs in and closes', async () => {
    const token = fakeAccessToken(Math.floor(Date.now() / 1000) + 900);
    const requests = fakeApi(({ path }) =>
      path === '/users/register'
        ? { status: 201, body: { user: TEST_USER, address: null, token, access_token: token } }
        : undefined,
    );
    const { dialog, onOpenChange } = renderRegister();
    fillValid(dialog);
    type(dialog, 'CPF (opcional)', '12345678909');
    fireEvent.change(dialog.getByLabelText('Gênero (opcional)'), { target: { value: 'F' } });
    fireEvent.click(dialog.getByRole('checkbox', { name: /novidades/ }));
    // A street alone is not an address: it is left out.
    type(dialog, 'Rua', 'Avenida Paulista');
    submit(dialog);
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const sent = requests.find((r) => r.path === '/users/register');
    expect(sent?.body).toEqual({
      user: {
        name: 'Ana Souza',
        email: 'ana@exemplo.com',
        password: 'Segura123',
        password_confirmation: 'Segura123',
        cpf: '12345678909',
        gender: 'F',
        privacy_policy_accepted: true,
        terms_of_service_accepted: true,
        marketing_consent: true,
        data_processing_consent: false,
      },
    });
    expect(screen.getByLabelText('estado')).toHaveTextContent('authenticated:ana@exemplo.com');
  });

  it('sends the complete address block with its default name', async () => {
    const token = fakeAccessToken(Math.floor(Date.now() / 1000) + 900);
    const requests = fakeApi(({ path }) =>
      path === '/users/register'
        ? { status: 201, body: { user: TEST_USER, address: {}, token } }
        : undefined,
    );
    const { dialog, onOpenChange } = renderRegister();
    fillValid(dialog);
    type(dialog, 'CEP', '01310100');
    type(dialog, 'Rua', 'Avenida Paulista');
    type(dialog, 'Número', '1000');
    type(dialog, 'Bairro', 'Bela Vista');
    type(dialog, 'Cidade', 'São Paulo');
    fireEvent.change(dialog.getByLabelText('Estado'), { target: { value: 'SP' } });
    submit(dialog);
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(requests.find((r) => r.path === '/users/register')?.body).toMatchObject({
      address: {
        name: 'Endereço Principal',
        street: 'Avenida Paulista',
        number: '1000',
        neighborhood: 'Bela Vista',
        city: 'São Paulo',
        state: 'SP',
        zip_code: '01310100',
      },
    });
  });

  it('fills the address block from the CEP and sends what the user then completes', async () => {
    const token = fakeAccessToken(Math.floor(Date.now() / 1000) + 900);
    const address = {
      cep: '01310100',
      street: 'Avenida Paulista',
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
    };
    const requests = fakeApi(({ path }) =>
      path === '/cep/01310100'
        ? { body: address }
        : path === '/users/register'
          ? { status: 201, body: { user: TEST_USER, address: {}, token } }
          : undefined,
    );
    const { dialog, onOpenChange } = renderRegister();
    fillValid(dialog);
    type(dialog, 'Cidade', 'Osasco');
    type(dialog, 'CEP', '01310100');
    expect(
      await dialog.findByText('Endereço preenchido pelo CEP. Confira os dados.'),
    ).toBeInTheDocument();
    expect(dialog.getByLabelText('Rua')).toHaveValue('Avenida Paulista');
    expect(dialog.getByLabelText('Bairro')).toHaveValue('Bela Vista');
    // Typed before the answer came: the user's city stays.
    expect(dialog.getByLabelText('Cidade')).toHaveValue('Osasco');
    expect(dialog.getByLabelText('Estado')).toHaveValue('SP');
    type(dialog, 'Número', '1000');
    submit(dialog);
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(requests.find((r) => r.path === '/users/register')?.body).toMatchObject({
      address: { street: 'Avenida Paulista', city: 'Osasco', state: 'SP', zip_code: '01310100' },
    });
  });
});
