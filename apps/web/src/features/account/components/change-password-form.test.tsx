import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeAnswer } from '../testing/fake-api.ts';
import { renderAccount, storeLogin } from '../testing/render-account.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';

const CHANGE = 'POST /api/users/change_password';
const RULE = 'Senha deve ter pelo menos 8 caracteres, 1 maiúscula, 1 minúscula e 1 número';

function renderForm(
  answer: FakeAnswer = { body: { success: true, message: 'Senha alterada com sucesso' } },
) {
  storeLogin();
  const onChanged = vi.fn();
  const requests = fakeApi({ [CHANGE]: answer });
  renderAccount(<ChangePasswordForm onChanged={onChanged} onCancel={() => {}} />);
  return { requests, onChanged };
}

function fill(current: string, next: string, confirmation = next) {
  fireEvent.change(screen.getByLabelText('Senha atual'), { target: { value: current } });
  fireEvent.change(screen.getByLabelText('Nova senha'), { target: { value: next } });
  fireEvent.change(screen.getByLabelText('Confirmar nova senha'), {
    target: { value: confirmation },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Alterar senha' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('ChangePasswordForm', () => {
  it('checks the spec 001 §5 rules before calling the server', async () => {
    const { requests } = renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Alterar senha' }));
    expect(await screen.findByText('Senha atual é obrigatória')).toBeVisible();
    expect(screen.getByText('Nova senha é obrigatória')).toBeVisible();
    expect(screen.getByText('Confirmação de senha é obrigatória')).toBeVisible();

    // The register rule and its message, as the server's: 5 characters never leave the form.
    fill('Antiga123', 'Abc12');
    expect(await screen.findByText(RULE)).toBeVisible();
    fill('Antiga123', 'abcdefgh');
    expect(await screen.findByText(RULE)).toBeVisible();
    fill('Antiga123', `Aa1${'x'.repeat(126)}`);
    expect(await screen.findByText('Senha deve ter no máximo 128 caracteres')).toBeVisible();
    fill('Antiga123', 'Nova12345', 'Nova12346');
    expect(await screen.findByText('As senhas não coincidem')).toBeVisible();
    fill('Antiga123', 'Antiga123');
    expect(await screen.findByText('A nova senha deve ser diferente da senha atual')).toBeVisible();
    expect(screen.getByLabelText('Nova senha')).toHaveAttribute('aria-invalid', 'true');
    expect(requests.filter((r) => r.path === '/api/users/change_password')).toHaveLength(0);
  });

  it('sends a password with accents and spaces as typed', async () => {
    const { requests, onChanged } = renderForm();
    fill('Antiga123', 'Çãoé Senha 1');
    await vi.waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(requests.find((r) => r.path === '/api/users/change_password')?.body).toMatchObject({
      new_password: 'Çãoé Senha 1',
    });
  });

  it("shows the server's refusal of a common password on the new-password field", async () => {
    const COMMON = 'Esta senha é muito comum. Escolha outra.';
    const { onChanged } = renderForm({
      status: 422,
      body: {
        code: 'validation_failed',
        message: COMMON,
        errors: [COMMON],
        fields: { new_password: [COMMON] },
      },
    });
    fill('Antiga123', 'Senha123');
    expect(await screen.findByText(COMMON)).toBeVisible();
    const field = screen.getByLabelText('Nova senha');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining(COMMON));
    expect(field).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('sends the three fields with the bearer token and reports success', async () => {
    const { requests, onChanged } = renderForm();
    fill('Antiga123', 'Nova12345');
    await vi.waitFor(() => expect(onChanged).toHaveBeenCalledWith('Senha alterada com sucesso'));
    const sent = requests.find((r) => r.path === '/api/users/change_password');
    expect(sent?.body).toEqual({
      current_password: 'Antiga123',
      new_password: 'Nova12345',
      new_password_confirmation: 'Nova12345',
    });
    expect(sent?.authorization).toMatch(/^Bearer /);
  });

  it.each<[string, string, FakeAnswer]>([
    [
      '401',
      'Senha atual incorreta',
      { status: 401, body: { code: 'wrong_current_password', message: 'Senha atual incorreta' } },
    ],
    [
      '422 with errors',
      `${RULE}, Outro erro`,
      { status: 422, body: { message: RULE, errors: [RULE, 'Outro erro'] } },
    ],
    ['422 without errors', 'Erro de validação', { status: 422, body: { message: 'x' } }],
    ['400', 'Token de autenticação é obrigatório', { status: 400, body: { message: 'x' } }],
    [
      '500',
      'Erro interno do servidor. Tente novamente mais tarde.',
      { status: 500, body: { message: 'x' } },
    ],
    ['another status', 'Erro ao alterar senha', { status: 409, body: { message: 'x' } }],
    ['no answer', 'Erro de conexão. Verifique sua internet.', 'network-error'],
  ])('%s -> %s', async (_case, message, answer) => {
    const { onChanged } = renderForm(answer);
    fill('Antiga123', 'Nova12345');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(onChanged).not.toHaveBeenCalled();
    // A wrong current password is not a dead session: nobody is logged out.
    expect(localStorage.getItem('lumina.session-hint')).not.toBeNull();
  });
});
