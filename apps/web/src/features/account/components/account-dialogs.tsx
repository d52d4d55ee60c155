import { Dialog } from '../../../components/ui/dialog.tsx';
import { notify } from '../../../lib/ui-events.ts';
import type { ProfileUser } from '../../../lib/account/get-profile.ts';
import { ChangePasswordForm } from './change-password-form.tsx';
import { ProfileEditForm } from './profile-edit-form.tsx';

export type AccountDialog = 'profile' | 'password' | null;

export interface AccountDialogsProps {
  open: AccountDialog;
  onOpenChange: (dialog: AccountDialog) => void;
  user: ProfileUser;
}

/** The profile and password dialogs, opened from the 'Minha Conta' and 'Configurações' tabs. */
export function AccountDialogs({ open, onOpenChange, user }: AccountDialogsProps) {
  const close = () => onOpenChange(null);
  return (
    <>
      <Dialog
        open={open === 'profile'}
        onOpenChange={(next) => onOpenChange(next ? 'profile' : null)}
        title="Editar dados"
      >
        <ProfileEditForm
          user={user}
          onCancel={close}
          onSaved={(message) => {
            notify(message ?? 'Perfil atualizado com sucesso', 'success');
            close();
          }}
        />
      </Dialog>
      <Dialog
        open={open === 'password'}
        onOpenChange={(next) => onOpenChange(next ? 'password' : null)}
        title="Alterar senha"
        description={
          user.has_password === false
            ? 'Sua conta foi criada com o Google e ainda não tem senha: use "Esqueci minha senha" para criar uma.'
            : undefined
        }
      >
        <ChangePasswordForm
          onCancel={close}
          onChanged={(message) => {
            notify(message || 'Senha alterada com sucesso', 'success');
            close();
          }}
        />
      </Dialog>
    </>
  );
}
