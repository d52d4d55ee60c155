import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { AUTH_LOADING_TEXT } from '../../../lib/auth/require-auth.tsx';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import type { AuthUser } from '../../../lib/auth/auth-types.ts';
import { PROFILE_MESSAGES } from '@lumina/shared/users/profile-schema';
import { profileFromAuthUser, useProfile } from '../../../lib/account/get-profile.ts';
import { useDefaultAddressShipping } from '../api/default-address-shipping.ts';
import { DefaultAddressShippingCard } from './default-address-shipping-card.tsx';
import { AccountDialogs, type AccountDialog } from './account-dialogs.tsx';
import { AccountTabs, type TabItem } from './account-tabs.tsx';
import { AddressesTab } from './addresses-tab.tsx';
import { EmailVerificationCard, needsEmailConfirmation } from './email-verification-card.tsx';
import { ForgotPasswordCard } from './forgot-password-card.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { LoginPrompt } from './login-prompt.tsx';
import { OrdersTab } from './orders-tab.tsx';
import { ProfileSummary } from './profile-summary.tsx';
import { SettingsTab } from './settings-tab.tsx';
import { WishlistTab } from './wishlist-tab.tsx';

/** The tab ids double as the `aba` query value, so a link can open a tab (/minha-conta?aba=enderecos). */
export const ACCOUNT_TABS = ['conta', 'pedidos', 'desejos', 'enderecos', 'configuracoes'] as const;
export type AccountTabId = (typeof ACCOUNT_TABS)[number];

function isTabId(value: string | null): value is AccountTabId {
  return (ACCOUNT_TABS as readonly (string | null)[]).includes(value);
}

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

function SignedInAccount({ user }: { user: AuthUser }) {
  const { logout } = useAuth();
  const profile = useProfile(user.id);
  const [params, setParams] = useSearchParams();
  const [dialog, setDialog] = useState<AccountDialog>(null);
  const [loggingOut, setLoggingOut] = useState(false);
  const aba = params.get('aba');
  const selected: AccountTabId = isTabId(aba) ? aba : 'conta';
  // The stored user shows at once; the server's copy replaces it when it arrives.
  const current = profile.data ?? profileFromAuthUser(user);
  const shipping = useDefaultAddressShipping(profile.isSuccess);

  const selectTab = (id: AccountTabId) => {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (id === 'conta') next.delete('aba');
        else next.set('aba', id);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  const tabs: TabItem<AccountTabId>[] = [
    {
      id: 'conta',
      label: 'Minha Conta',
      panel: (
        <>
          {profile.isError ? (
            <FormAlert kind="error" className="mb-4" messages={[PROFILE_MESSAGES.loadFailed]} />
          ) : null}
          {needsEmailConfirmation(current) ? <EmailVerificationCard user={current} /> : null}
          <ProfileSummary
            user={current}
            onEdit={() => setDialog('profile')}
            onChangePassword={() => setDialog('password')}
          />
          <DefaultAddressShippingCard shipping={shipping} />
        </>
      ),
    },
    { id: 'pedidos', label: 'Meus Pedidos', panel: <OrdersTab /> },
    { id: 'desejos', label: 'Lista de Desejos', panel: <WishlistTab /> },
    { id: 'enderecos', label: 'Endereços', panel: <AddressesTab /> },
    {
      id: 'configuracoes',
      label: 'Configurações',
      panel: (
        <SettingsTab
          onChangePassword={() => setDialog('password')}
          onEditProfile={() => setDialog('profile')}
          loggingOut={loggingOut}
          onLogout={() => {
            setLoggingOut(true);
            // The page then shows the login card: the auth state is anonymous.
            void logout().finally(() => setLoggingOut(false));
          }}
        />
      ),
    },
  ];

  return (
    <>
      <p className="mt-1 text-ink-700">Olá, {firstName(current.name)}! Que bom ver você.</p>
      <div className="mt-8">
        <AccountTabs label="Áreas da conta" tabs={tabs} selected={selected} onSelect={selectTab} />
      </div>
      <AccountDialogs open={dialog} onOpenChange={setDialog} user={current} />
    </>
  );
}

export interface AccountPageProps {
  /** 'forgot' is /esqueci-senha: the same page with the forgot-password form shown. */
  view: 'account' | 'forgot';
}

/** /minha-conta and /esqueci-senha (spec 001 §2, Account area). */
export function AccountPage({ view }: AccountPageProps) {
  const { status, user } = useAuth();

  let content;
  if (view === 'forgot') content = <ForgotPasswordCard />;
  else if (status === 'loading') {
    content = (
      <p role="status" className="py-16 text-center text-ink-700">
        {AUTH_LOADING_TEXT}
      </p>
    );
  } else if (status === 'authenticated' && user) content = <SignedInAccount user={user} />;
  else content = <LoginPrompt />;

  const signedIn = view === 'account' && status === 'authenticated' && user;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:py-14">
      <h1 className="font-serif text-3xl text-ink-900 sm:text-4xl">Minha Conta</h1>
      {signedIn ? content : <div className="mt-8">{content}</div>}
    </div>
  );
}
