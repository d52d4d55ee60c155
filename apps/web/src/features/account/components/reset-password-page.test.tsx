import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeRoutes } from '../testing/fake-api.ts';
import { renderAccount } from '../testing/render-account.tsx';
import { ResetPasswordPage } from './reset-password-page.tsx';

const TOKEN = 'abcDEF123_-abcDEF123_-abcDEF123_-abcDEF1234';
const VERIFY = `GET /api/password_resets/verify/${TOKEN}`;
const RESET = `PUT /api/password_resets/${TOKEN}`;

function renderPage(routes: FakeRoutes, route = `/redefinir-senha?token=${TOKEN}`) {
  const requests = fakeApi(routes);
  renderAccount(<ResetPasswordPage />, { route, path: '/redefinir-senha' });
  return requests;
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('/redefinir-senha', () => {
  it('says it is verifying while the check runs', () => {
    renderPage({ [VERIFY]: 'pending' });
    expect(screen.getByRole('status')).toHaveTextContent('Verificando link...');
    expect(screen.queryByLabelText('Nova senha')).not.toBeInTheDocument();
  });

  it('explains a missing token and asks nothing of the server', () => {
    const requests = renderPage({}, '/redefinir-senha');
    expect(screen.getByRole('alert')).toHaveTextContent(
      '❌ Link inválido. Solicite uma nova redefinição de senha.',
    );
    expect(screen.getByRole('link', { name: 'Solicitar nova redefinição' })).toHaveAttribute(
      'href',
      '/esqueci-senha',
    );
    expect(requests).toHaveLength(0);
  });

  it('shows an expired or unknown link with the way to ask for a new one', async () => {
    renderPage({ [VERIFY]: { body: { valid: false } } });
    expect(await screen.findByText('Link expirado ou inválido.')).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(
      '❌ Link expirado ou inválido. Solicite uma nova redefinição.',
    );
    expect(screen.getByRole('link', { name: 'Solicitar nova redefinição' })).toHaveAttribute(
      'href',
      '/esqueci-senha',
    );
    expect(screen.getByRole('link', { name: 'Voltar para o login' })).toHaveAttribute(
      'href',
      '/minha-conta',
    );
  });

  it('tells a failed check apart from an invalid link, and can check again', async () => {
    let calls = 0;
    renderPage({
      [VERIFY]: () => (++calls === 1 ? 'network-error' : { body: { valid: true } }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '❌ Erro ao verificar link. Tente novamente.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByLabelText('Nova senha')).toBeVisible();
  });

  it('ties the strength text to the new-password field', async () => {
    renderPage({ [VERIFY]: { body: { valid: true } } });
    await screen.findByLabelText('Nova senha');
    type('Nova senha', 'Segura123');
    expect(screen.getByLabelText('Nova senha')).toHaveAccessibleDescription(
      'Use pelo menos 8 caracteres, com letra maiúscula, minúscula e número. Senha forte ✓',
    );
  });

  it('checks the register rule and the confirmation before calling the server', async () => {
    const requests = renderPage({ [VERIFY]: { body: { valid: true } } });
    await screen.findByLabelText('Nova senha');
    expect(screen.getByText('Por segurança, este link expira em 2 horas.')).toBeVisible();

    // The register rule and its message (behind the page's cross mark), as the server's.
    const rule = '❌ Senha deve ter pelo menos 8 caracteres, 1 maiúscula, 1 minúscula e 1 número';
    type('Nova senha', 'Abc12');
    type('Confirmar nova senha', 'Abc12');
    fireEvent.click(screen.getByRole('button', { name: 'Redefinir senha' }));
    expect(await screen.findByText(rule)).toBeVisible();
    type('Nova senha', 'novasenha');
    type('Confirmar nova senha', 'novasenha');
    fireEvent.click(screen.getByRole('button', { name: 'Redefinir senha' }));
    expect(await screen.findByText(rule)).toBeVisible();
    expect(screen.getByLabelText('Nova senha')).toHaveAttribute('aria-invalid', 'true');

    type('Nova senha', 'Segura123');
    type('Confirmar nova senha', 'Segura124');
    fireEvent.click(screen.getByRole('button', { name: 'Redefinir senha' }));
    expect(await screen.findByText('❌ As senhas não coincidem.')).toBeVisible();
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  it('shows a refusal of the link behind a cross mark', async () => {
    renderPage({
      [VERIFY]: { body: { valid: true } },
      [RESET]: {
        status: 422,
        body: {
          code: 'reset_token_invalid',
          message: '❌ Link expirado ou inválido. Solicite uma nova redefinição.',
        },
      },
    });
    await screen.findByLabelText('Nova senha');
    type('Nova senha', 'NovaSenha1');
    type('Confirmar nova senha', 'NovaSenha1');
    fireEvent.click(screen.getByRole('button', { name: 'Redefinir senha' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '❌ Link expirado ou inválido. Solicite uma nova redefinição.',
    );
  });

  it('adds the cross mark to a refusal that comes without one', async () => {
    renderPage({
      [VERIFY]: { body: { valid: true } },
      [RESET]: { status: 500, body: { message: 'Erro ao redefinir senha' } },
    });
    await screen.findByLabelText('Nova senha');
    type('Nova senha', 'NovaSenha1');
    type('Confirmar nova senha', 'NovaSenha1');
    fireEvent.click(screen.getByRole('button', { name: 'Redefinir senha' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('❌ Erro ao redefinir senha');
  });

  it("shows the server's refusal of a common password on the field, not as a failure", async () => {
    const COMMON = 'Esta senha é muito comum. Escolha outra.';
    renderPage({
      [VERIFY]: { body: { valid: true } },
      [RESET]: {
        status: 422,
        body: { message: COMMON, errors: [COMMON], fields: { password: [COMMON] } },
      },
    });
    await screen.findByLabelText('Nova senha');
    type('Nova senha', 'Senha123');
    type('Confirmar nova senha', 'Senha123');
    fireEvent.click(screen.getByRole('button', { name: 'Redefinir senha' }));
    expect(await screen.findByText(`❌ ${COMMON}`)).toBeVisible();
    const field = screen.getByLabelText('Nova senha');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends the new password, says so and goes to /minha-conta after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const requests = renderPage({
      [VERIFY]: { body: { valid: true } },
      [RESET]: async () => {
        await released;
        return {
          body: {
            success: true,
            message: 'Senha redefinida com sucesso! Faça login com a nova senha.',
          },
        };
      },
    });
    await screen.findByLabelText('Nova senha');
    type('Nova senha', 'NovaSenha1');
    type('Confirmar nova senha', 'NovaSenha1');
    fireEvent.click(screen.getByRole('button', { name: 'Redefinir senha' }));

    expect(await screen.findByRole('button', { name: 'Redefinindo...' })).toBeDisabled();
    expect(requests.at(-1)).toMatchObject({
      method: 'PUT',
      body: { password: 'NovaSenha1', password_confirmation: 'NovaSenha1' },
    });
    release();
    expect(
      await screen.findByText('✅ Senha redefinida com sucesso! Faça login com a nova senha.'),
    ).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(screen.getByTestId('location')).toHaveTextContent(`/redefinir-senha?token=${TOKEN}`);
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(screen.getByTestId('location')).toHaveTextContent('/minha-conta');
    expect(screen.getByText('Página Minha Conta')).toBeVisible();
  });
});
