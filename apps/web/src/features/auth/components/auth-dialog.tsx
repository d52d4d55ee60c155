import { Dialog } from '../../../components/ui/dialog.tsx';
import { firstName } from '../../../lib/auth/first-name.ts';
import { notify, type AuthDialogView, type LoginDialogReason } from '../../../lib/ui-events.ts';
import { ForgotPasswordView } from './forgot-password-view.tsx';
import { LoginForm } from './login-form.tsx';
import { RegisterForm } from './register-form.tsx';

const TITLES: Record<AuthDialogView, string> = {
  login: 'Entrar',
  register: 'Criar conta',
  forgot: 'Recuperar senha',
};

// Why the visitor was asked to log in, so the dialog says what the account unlocks.
const REASON_TEXT: Record<LoginDialogReason, string> = {
  login: 'Acesse sua conta para acompanhar pedidos e salvar seus endereços.',
  wishlist: 'Entre na sua conta para salvar produtos na lista de desejos.',
  cart: 'Entre na sua conta para guardar seu carrinho e finalizar a compra.',
  shipping: 'Entre na sua conta para calcular o frete.',
};

const DESCRIPTIONS: Record<Exclude<AuthDialogView, 'login'>, string> = {
  register: 'Cadastre-se para comprar, acompanhar pedidos e salvar seus favoritos.',
  forgot: 'Informe o e-mail da sua conta. Enviaremos um link para você criar uma nova senha.',
};

export interface AuthDialogProps {
  open: boolean;
  view: AuthDialogView;
  reason: LoginDialogReason;
  onOpenChange: (open: boolean) => void;
  onViewChange: (view: AuthDialogView) => void;
}

/** The auth modal (spec 000 §2): login <-> register, and forgot password from login. */
export function AuthDialog({ open, view, reason, onOpenChange, onViewChange }: AuthDialogProps) {
  function close() {
    onOpenChange(false);
  }
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={TITLES[view]}
      description={view === 'login' ? REASON_TEXT[reason] : DESCRIPTIONS[view]}
      className={view === 'register' ? 'max-w-xl' : undefined}
    >
      {view === 'login' ? (
        <LoginForm
          onSuccess={({ user }) => {
            close();
            notify(`Olá, ${firstName(user.name)}! Você entrou na sua conta.`, 'success');
          }}
          onForgotPassword={() => onViewChange('forgot')}
          onRegister={() => onViewChange('register')}
        />
      ) : view === 'register' ? (
        <RegisterForm
          onSuccess={() => {
            close();
            notify('Conta criada com sucesso! Você já está conectado.', 'success');
          }}
          onLogin={() => onViewChange('login')}
        />
      ) : (
        <ForgotPasswordView onLogin={() => onViewChange('login')} />
      )}
    </Dialog>
  );
}
