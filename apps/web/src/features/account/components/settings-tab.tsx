import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';

export interface SettingsTabProps {
  onChangePassword: () => void;
  onEditProfile: () => void;
  onLogout: () => void;
  loggingOut: boolean;
}

function SettingRow({ title, text, action }: { title: string; text: string; action: ReactNode }) {
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <h3 className="font-semibold text-ink-900">{title}</h3>
        <p className="text-sm text-ink-700">{text}</p>
      </div>
      {action}
    </li>
  );
}

/** 'Configurações': change password, edit profile, log out (spec 001 §2). */
export function SettingsTab({
  onChangePassword,
  onEditProfile,
  onLogout,
  loggingOut,
}: SettingsTabProps) {
  return (
    <section aria-labelledby="configuracoes-titulo">
      <h2 id="configuracoes-titulo" className="font-serif text-2xl text-ink-900">
        Configurações
      </h2>
      <ul className="mt-2 divide-y divide-ink-300">
        <SettingRow
          title="Senha"
          text="Troque a senha que você usa para entrar."
          action={
            <Button variant="outline" onClick={onChangePassword}>
              Alterar senha
            </Button>
          }
        />
        <SettingRow
          title="Perfil"
          text="Atualize nome, e-mail, telefone, CPF e outros dados."
          action={
            <Button variant="outline" onClick={onEditProfile}>
              Editar perfil
            </Button>
          }
        />
        <SettingRow
          title="Sessão"
          text="Saia da sua conta neste navegador."
          action={
            <Button variant="danger" onClick={onLogout} disabled={loggingOut}>
              {loggingOut ? 'Saindo...' : 'Sair'}
            </Button>
          }
        />
      </ul>
    </section>
  );
}
