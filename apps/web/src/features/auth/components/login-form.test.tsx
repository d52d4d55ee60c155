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
import { CAPTCHA_UNSOLVED } from './login-form.tsx';

/**
 * The ALTCHA widget is a web component that solves in Web Workers, which jsdom lacks: a stand-in
 * with its methods and events (a real one is solved in e2e/tests/accounts.spec.ts).
 */
const altcha = vi.hoisted(() => ({ solved: 0, fails: false }));
vi.mock('./altcha-setup.ts', () => ({
  setUpAltcha() {
    if (customElements.get('altcha-widget')) return;
    customElements.define(
      'altcha-widget',
      class extends HTMLElement {
        state = 'unverified';
        connectedCallback() {
          this.innerHTML =
            '<input type="checkbox" id="fake-altcha"><label for="fake-altcha">Não sou um robô</label>';
        }
        getState() {
          return this.state;
        }
        setState(state: string, payload: string | null = null) {
          this.state = state;
          this.dispatchEvent(new CustomEvent('statechange', { detail: { state, payload } }));
        }
        async verify() {
          this.setState('verifying');
          await Promise.resolve();
          if (altcha.fails) {
            this.setState('error');
            return null;
          }
          altcha.solved += 1;
          const payload = `payload-${altcha.solved}`;
          this.setState('verified', payload);
          return { payload };
        }
        reset() {
          this.setState('unverified');
        }
      },
    );
  },
}));

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

beforeEach(() => {
  localStorage.clear();
  altcha.solved = 0;
  altcha.fails = false;
});
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

  function session() {
    return {
      body: {
        user: TEST_USER,
        access_token: fakeAccessToken(Math.floor(Date.now() / 1000) + 900),
        refresh_token: 'r',
        cart_migrated: false,
        cart_items_count: 0,
      },
    };
  }

  const captchaRequired = {
    status: 429,
    body: { message: 'Muitas tentativas. Resolva o captcha.', captcha_required: true },
  };

  function loginBodies(requests: ReturnType<typeof fakeApi>) {
    return requests.filter((r) => r.path === '/auth/login').map((r) => r.body);
  }

  it('shows the ALTCHA check when the server requires it and sends its payload', async () => {
    const requests = fakeApi((request) => {
      if (request.path !== '/auth/login') return providers(request);
      const body = request.body as { captcha_token?: string };
      return body.captcha_token === 'payload-1' ? session() : captchaRequired;
    });
    const { dialog, onOpenChange } = renderLogin();
    logIn(dialog);
    const check = await dialog.findByRole('group', { name: 'Verificação de segurança' });
    expect(await within(check).findByRole('checkbox', { name: 'Não sou um robô' })).toBeVisible();
    expect(dialog.getByRole('alert')).toHaveTextContent('Muitas tentativas. Resolva o captcha.');

    // Sending the form solves the check first, then logs in with its payload.
    fireEvent.click(dialog.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(loginBodies(requests)).toEqual([
      { email: 'ana@exemplo.com', password: 'Segura123' },
      { email: 'ana@exemplo.com', password: 'Segura123', captcha_token: 'payload-1' },
    ]);
    expect(screen.getByLabelText('estado')).toHaveTextContent('authenticated:ana@exemplo.com');
  });

  it('solves a new challenge for each attempt', async () => {
    let attempts = 0;
    const requests = fakeApi((request) => {
      if (request.path !== '/auth/login') return providers(request);
      attempts += 1;
      if (attempts === 1) return captchaRequired;
      return attempts === 2
        ? {
            status: 401,
            body: { code: 'invalid_credentials', message: 'Email ou senha inválidos' },
          }
        : session();
    });
    const { dialog, onOpenChange } = renderLogin();
    logIn(dialog, 'Errada123');
    await dialog.findByRole('checkbox', { name: 'Não sou um robô' });
    fireEvent.click(dialog.getByRole('button', { name: 'Entrar' }));
    await waitFor(() =>
      expect(dialog.getByRole('alert')).toHaveTextContent('Email ou senha inválidos'),
    );
    logIn(dialog);
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(
      loginBodies(requests).map((body) => (body as { captcha_token?: string }).captcha_token),
    ).toEqual([undefined, 'payload-1', 'payload-2']);
  });

  it('says so, and does not log in, when the check fails', async () => {
    altcha.fails = true;
    const requests = fakeApi((request) =>
      request.path === '/auth/login' ? captchaRequired : providers(request),
    );
    const { dialog } = renderLogin();
    logIn(dialog);
    await dialog.findByRole('checkbox', { name: 'Não sou um robô' });
    fireEvent.click(dialog.getByRole('button', { name: 'Entrar' }));
    expect(await dialog.findByText(CAPTCHA_UNSOLVED)).toBeInTheDocument();
    expect(loginBodies(requests)).toHaveLength(1);
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
