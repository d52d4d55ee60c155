import { Link } from 'react-router';
import { UserIcon } from '../../../components/icons.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { openAuthDialog } from '../../../lib/ui-events.ts';

/** /minha-conta without login: the account needs a login first (spec 001 §2). */
export function LoginPrompt() {
  return (
    <div className="mx-auto max-w-lg rounded-2xl border border-ink-300 bg-white p-6 text-center shadow-sm sm:p-10">
      <div className="mx-auto mb-4 inline-flex size-14 items-center justify-center rounded-full bg-cream-200 text-gold-700">
        <UserIcon className="size-7" />
      </div>
      <h2 className="font-serif text-2xl text-ink-900">Entre na sua conta</h2>
      <p className="mt-2 text-ink-700">
        Faça login para ver seus dados, pedidos, endereços e lista de desejos.
      </p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Button onClick={() => openAuthDialog('login')}>Entrar</Button>
        <Button variant="outline" onClick={() => openAuthDialog('register')}>
          Criar conta
        </Button>
      </div>
      <div className="mt-4 flex flex-col items-center gap-1 text-sm">
        <Link
          to="/esqueci-senha"
          className="min-h-10 content-center font-medium text-gold-700 underline-offset-4 hover:underline"
        >
          Esqueci minha senha
        </Link>
        <Link to="/" className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
          Voltar para a página inicial
        </Link>
      </div>
    </div>
  );
}
