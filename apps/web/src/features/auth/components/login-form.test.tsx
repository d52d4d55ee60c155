import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fakeAccessToken,
  fakeApi,
  TEST_USER,
  type FakeHandler,
} from '../../../lib/auth/testing/fake-api.ts';
import type { AuthDialogView } from '../../../lib/ui-events.ts';
import { renderWithAuth } from '../testing/render-auth.tsx';
import { AuthDialog } from './auth-dialog.tsx';

const CAPTCHA_IMAGE = 'data:image/svg+xml;base64,PHN2Zy8+';

function renderLogin(view: AuthDialogView = 'login') {
  const onOpenChange = vi.fn();
  const onViewChange = vi.fn();
  renderWithAuth(
    <AuthDialog
      open
      view={view}
      reason="login"
      onOpenChange={onOpenChange}
      onViewChange={onViewChange}
    />,
  );
  return { onOpenChange, onViewChange, dialog: within(screen.getByRole('dialog')) };
}

type Dialog = ReturnType<typeof renderLogin>['dialog'];

function logIn(dialog: Dialog, password = 'Segura123') {
  fireEvent.change(dialog.getByLabelText('E-mail'), { target: { value: 'ana@exemplo.com' } });
  fireEvent.change(dialog.getByLabelText('Senha'), { target: { value: password } });
  fireEvent.click(dialog.getByRole('button', { name: 'Entrar' }));
}

const providers: FakeHandler = ({ path }) =>
  path === '/auth/providers' ? { body: { google: false } } : undefined;

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('login view', () => {
  it('checks the e-mail and the password before calling the server', async () => {
    const requests = fakeApi(providers);
    const { dialog } = renderLogin();
    fireEvent.click(dialog.getByRole('button', { name: 'Entrar' }));
    expect(await dialog.findByText('Email é obrigatório')).toBeInTheDocument();
    expect(dialog.getByText('Senha é obrigatória')).toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/auth/login')).toEqual([]);
  });

  it('shows the server message on failure', async () => {
    fakeApi(
      (request) =>
        providers(request) ?? {
          status: 401,
          body: { code: 'invalid_credentials', message: 'Email ou senha inválidos' },
        },
    );
    const { dialog } = renderLogin();
    logIn(dialog, 'Errada123');
    expect(await dialog.findByRole('alert')).toHaveTextContent('Email ou senha inválidos');
  });

  it('falls back to "Erro interno do servidor. Tente novamente." when nothing answers', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const { dialog } = renderLogin();
    logIn(dialog);
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Erro interno do servidor. Tente novamente.',
    );
  });

  it('asks for the captcha when the server requires it and sends id:answer', async () => {
    let captchas = 0;
    const requests = fakeApi((request) => {
      if (request.path === '/auth/captcha') {
        captchas += 1;
        return { body: { captcha_id: `c${captchas}`, image: CAPTCHA_IMAGE } };
      }
      if (request.path === '/auth/login') {
        const body = request.body as { captcha_token?: string };
        return body.captcha_token === 'c1:AB12'
          ? {
              body: {
                user: TEST_USER,
                access_token: fakeAccessToken(Math.floor(Date.now() / 1000) + 900),
                refresh_token: 'r',
                cart_migrated: false,
                cart_items_count: 0,
              },
            }
          : {
              status: 429,
              body: { message: 'Muitas tentativas. Resolva o captcha.', captcha_required: true },
            };
      }
      return providers(request);
    });
    const { dialog, onOpenChange } = renderLogin();
    logIn(dialog);
    expect(await dialog.findByRole('img', { name: /verificação/ })).toHaveAttribute(
      'src',
      CAPTCHA_IMAGE,
    );
    expect(dialog.getByRole('alert')).toHaveTextContent('Muitas tentativas. Resolva o captcha.');

    fireEvent.click(dialog.getByRole('button', { name: 'Entrar' }));
    expect(await dialog.findByText('Digite os caracteres da imagem')).toBeInTheDocument();

    fireEvent.change(dialog.getByLabelText('Caracteres da imagem'), { target: { value: 'AB12' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(requests.filter((r) => r.path === '/auth/login').at(-1)?.body).toEqual({
      email: 'ana@exemplo.com',
      password: 'Segura123',
      captcha_token: 'c1:AB12',
    });
    expect(screen.getByLabelText('estado')).toHaveTextContent('authenticated:ana@exemplo.com');
  });

  it.each([
    [false, 0],
    [true, 1],
  ])('Google configured: %s -> navigates %i times', async (google, navigations) => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const requests = fakeApi(({ path }) =>
      path === '/auth/providers' ? { body: { google } } : undefined,
    );
    const { dialog } = renderLogin();
    await waitFor(() => expect(requests.map((r) => r.path)).toContain('/auth/providers'));
    if (!google) {
      expect(
        await dialog.findByText('Login com Google não está configurado nesta loja.'),
      ).toBeInTheDocument();
    }
    fireEvent.click(dialog.getByRole('button', { name: /Entrar com Google/ }));
    expect(assign).toHaveBeenCalledTimes(navigations);
    if (navigations) expect(assign).toHaveBeenCalledWith('/api/auth/google');
  });

  it('moves to the register and forgot-password views', () => {
    fakeApi(providers);
    const { dialog, onViewChange } = renderLogin();
    fireEvent.click(dialog.getByRole('button', { name: 'Criar conta' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Esqueceu sua senha?' }));
    expect(onViewChange.mock.calls).toEqual([['register'], ['forgot']]);
  });
});

describe('forgot-password view', () => {
  it('requires a valid e-mail, then alerts the success and shows the server message', async () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const requests = fakeApi(({ path }) =>
      path === '/password_resets'
        ? { body: { message: 'Se o email estiver cadastrado, você receberá um link.' } }
        : undefined,
    );
    const { dialog } = renderLogin('forgot');
    const send = () =>
      fireEvent.click(dialog.getByRole('button', { name: 'Enviar link de recuperação' }));
    send();
    expect(await dialog.findByText('Email é obrigatório')).toBeInTheDocument();
    fireEvent.change(dialog.getByLabelText('E-mail'), { target: { value: 'ana@' } });
    send();
    expect(await dialog.findByText('Email inválido')).toBeInTheDocument();
    expect(requests).toEqual([]);

    fireEvent.change(dialog.getByLabelText('E-mail'), { target: { value: 'ana@exemplo.com' } });
    send();
    expect(
      await dialog.findByText('Se o email estiver cadastrado, você receberá um link.'),
    ).toBeInTheDocument();
    expect(alert).toHaveBeenCalledWith('Email de recuperação enviado com sucesso!');
    expect(requests[0]?.body).toEqual({ email: 'ana@exemplo.com' });
  });
});
