import { EMAIL_VERIFICATION_MESSAGES } from '@lumina/shared/users/email-verification';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthUser } from '../../../lib/auth/auth-types.ts';
import { createUser, profileOf } from '../../../lib/auth/testing/create-user.ts';
import { toastChannel, type ToastMessage } from '../../../lib/ui-events.ts';
import { fakeApi, type FakeRequest, type FakeRoutes } from '../testing/fake-api.ts';
import { renderAccount, storeLogin } from '../testing/render-account.tsx';
import { AccountPage } from './account-page.tsx';

const NEW_EMAIL = 'ana.nova@example.com';
const HINT = 'Para alterar o e-mail, confirme sua senha atual.';

async function openForm(user: AuthUser = createUser(), routes: FakeRoutes = {}) {
  storeLogin(user);
  const requests = fakeApi({
    'GET /api/users/profile': { body: { success: true, user: profileOf(user) } },
    ...routes,
  });
  const view = renderAccount(<AccountPage view="account" />, {
    route: '/minha-conta',
    path: '/minha-conta',
  });
  await userEvent.click(screen.getByRole('button', { name: 'Editar dados' }));
  const dialog = screen.getByRole('dialog', { name: 'Editar dados' });
  return { dialog, requests, ...view };
}

function type(dialog: HTMLElement, label: string, value: string) {
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
}

const save = (dialog: HTMLElement) =>
  fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar alterações' }));

const puts = (requests: FakeRequest[]) => requests.filter((r) => r.method === 'PUT');

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the profile form and a new e-mail (current password, confirmation link)', () => {
  it("asks for 'Senha atual' only while the e-mail differs from the account's", async () => {
    const { dialog } = await openForm();
    expect(within(dialog).queryByLabelText('Senha atual')).toBeNull();

    type(dialog, 'E-mail', NEW_EMAIL);
    const password = within(dialog).getByLabelText('Senha atual');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    expect(password).toHaveAccessibleDescription(HINT);

    // The same address in other capitals is not a change.
    type(dialog, 'E-mail', 'ANA@example.com');
    expect(within(dialog).queryByLabelText('Senha atual')).toBeNull();
  });

  it('lists a missing current password with the other failing rules and sends nothing', async () => {
    const { dialog, requests } = await openForm();
    type(dialog, 'E-mail', NEW_EMAIL);
    type(dialog, 'CPF', '12345678900');
    save(dialog);
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Erros de validação');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([EMAIL_VERIFICATION_MESSAGES.currentPasswordRequired, 'CPF inválido']);
    const password = within(dialog).getByLabelText('Senha atual');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription(
      `${HINT} ${EMAIL_VERIFICATION_MESSAGES.currentPasswordRequired}`,
    );
    expect(puts(requests)).toEqual([]);
  });

  it("puts the server's refusal of the password on the field and the cursor there", async () => {
    const { dialog, requests } = await openForm(createUser(), {
      'PUT /api/users/profile': {
        status: 422,
        body: {
          message: EMAIL_VERIFICATION_MESSAGES.currentPasswordWrong,
          errors: [EMAIL_VERIFICATION_MESSAGES.currentPasswordWrong],
          fields: { 'user.current_password': [EMAIL_VERIFICATION_MESSAGES.currentPasswordWrong] },
        },
      },
    });
    type(dialog, 'E-mail', NEW_EMAIL);
    type(dialog, 'Senha atual', 'Errada123');
    save(dialog);
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Erros de validação');
    expect(alert).toHaveTextContent(EMAIL_VERIFICATION_MESSAGES.currentPasswordWrong);
    const password = within(dialog).getByLabelText('Senha atual');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(password).toHaveFocus());
    expect(within(dialog).getByLabelText('E-mail')).not.toHaveAttribute('aria-invalid');
    expect(puts(requests)[0]?.body).toMatchObject({
      user: { email: NEW_EMAIL, current_password: 'Errada123' },
    });
  });

  it('saves the change as pending: the message says so and the card names the new address', async () => {
    const toasts: ToastMessage[] = [];
    const stop = toastChannel.subscribe((toast) => toasts.push(toast));
    const { dialog, requests, session } = await openForm(createUser(), {
      'PUT /api/users/profile': {
        body: {
          success: true,
          message: EMAIL_VERIFICATION_MESSAGES.changePending,
          user: profileOf(createUser({ pending_email: NEW_EMAIL })),
        },
      },
    });
    type(dialog, 'E-mail', NEW_EMAIL);
    type(dialog, 'Senha atual', 'Segura123');
    save(dialog);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toasts.map((t) => t.message)).toEqual([EMAIL_VERIFICATION_MESSAGES.changePending]);
    expect(screen.getByRole('region', { name: 'Confirme seu e-mail' })).toHaveTextContent(
      `Enviamos um link de confirmação para ${NEW_EMAIL}. O e-mail da conta só muda depois da confirmação.`,
    );
    expect(session.getSnapshot().user?.pending_email).toBe(NEW_EMAIL);
    expect(puts(requests)[0]?.body).toEqual({
      user: {
        name: 'Ana Souza',
        email: NEW_EMAIL,
        current_password: 'Segura123',
        phone: '11987654321',
        cpf: '52998224725',
        birth_date: '1995-04-20',
        gender: 'feminino',
        country: 'Brasil',
      },
    });
    stop();
  });

  it('keeps a typed password out of a save that leaves the e-mail as it was', async () => {
    const { dialog, requests } = await openForm(createUser(), {
      'PUT /api/users/profile': {
        body: {
          success: true,
          message: 'Perfil atualizado com sucesso',
          user: profileOf(createUser()),
        },
      },
    });
    type(dialog, 'E-mail', NEW_EMAIL);
    type(dialog, 'Senha atual', 'Segura123');
    type(dialog, 'E-mail', 'ana@example.com');
    save(dialog);
    await waitFor(() => expect(puts(requests)).toHaveLength(1));
    expect(puts(requests)[0]?.body).not.toHaveProperty('user.current_password');
  });

  it('tells an account without a password (Google only) how to get one first', async () => {
    const { dialog, requests } = await openForm(createUser({ has_password: false }));
    type(dialog, 'E-mail', NEW_EMAIL);
    expect(within(dialog).queryByLabelText('Senha atual')).toBeNull();
    save(dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      EMAIL_VERIFICATION_MESSAGES.noPassword,
    );
    expect(within(dialog).getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(puts(requests)).toEqual([]);
  });
});
