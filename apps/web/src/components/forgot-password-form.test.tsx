import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../lib/auth/testing/fake-api.ts';
import { ForgotPasswordForm } from './forgot-password-form.tsx';

function renderForm(onSent?: () => void) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ForgotPasswordForm onSent={onSent} footer={<a href="/minha-conta">Voltar</a>} />
    </QueryClientProvider>,
  );
  fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ana@exemplo.com' } });
  fireEvent.click(screen.getByRole('button', { name: 'Enviar link de recuperação' }));
}

afterEach(() => vi.unstubAllGlobals());

describe('ForgotPasswordForm (login modal and /esqueci-senha)', () => {
  it("says the link was sent with the server's words, and tells its owner", async () => {
    const onSent = vi.fn();
    const requests = fakeApi(({ path }) =>
      path === '/password_resets'
        ? { body: { message: 'Verifique sua caixa de entrada.' } }
        : undefined,
    );
    renderForm(onSent);
    expect(await screen.findByText('Verifique sua caixa de entrada.')).toBeVisible();
    expect(screen.getByText('Email de recuperação enviado com sucesso!')).toBeVisible();
    expect(onSent).toHaveBeenCalledOnce();
    expect(requests[0]?.body).toEqual({ email: 'ana@exemplo.com' });
  });

  it("shows the spec's failure text with the server's reason (too many requests)", async () => {
    fakeApi(() => ({ status: 429, body: { message: 'Muitas tentativas. Aguarde um minuto.' } }));
    renderForm();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Erro ao enviar email de recuperação');
    expect(alert).toHaveTextContent('Muitas tentativas. Aguarde um minuto.');
  });
});
