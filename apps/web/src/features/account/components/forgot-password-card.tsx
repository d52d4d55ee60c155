import { Link } from 'react-router';
import { ForgotPasswordForm } from '../../../components/forgot-password-form.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { openAuthDialog } from '../../../lib/ui-events.ts';

/** /esqueci-senha: asks for the e-mail that receives the reset link. */
export function ForgotPasswordCard() {
  return (
    <div className="mx-auto max-w-lg rounded-2xl border border-ink-300 bg-white p-6 shadow-sm sm:p-10">
      <h2 className="font-serif text-2xl text-ink-900">Esqueci minha senha</h2>
      <p className="mt-2 text-ink-700">
        Informe o e-mail da sua conta e enviaremos um link para você criar uma nova senha.
      </p>
      <ForgotPasswordForm
        footer={
          <div className="mt-6 flex flex-col items-center gap-1 text-sm">
            <Button variant="ghost" size="sm" onClick={() => openAuthDialog('login')}>
              Lembrei a senha: entrar
            </Button>
            <Link
              to="/minha-conta"
              className="min-h-10 content-center font-medium text-gold-700 underline-offset-4 hover:underline"
            >
              Voltar para Minha Conta
            </Link>
          </div>
        }
      />
    </div>
  );
}
