import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../components/ui/dialog.tsx';
import { whatsappUrl } from '../../lib/store-info.ts';
import type { LoginDialogReason } from '../../lib/ui-events.ts';

// Why the visitor was asked to sign in, so the dialog can say what the account will unlock.
const REASON_TEXT: Record<LoginDialogReason, string> = {
  login: 'Em breve você poderá criar sua conta, acompanhar seus pedidos e salvar seus endereços.',
  wishlist: 'Com uma conta, você poderá salvar seus produtos favoritos na lista de desejos.',
  cart: 'Com uma conta, você poderá guardar seu carrinho e finalizar a compra com PIX.',
  shipping: 'Com uma conta, você poderá calcular o frete para o seu CEP.',
};

export interface LoginDialogProps {
  open: boolean;
  reason: LoginDialogReason;
  onOpenChange: (open: boolean) => void;
}

/** Until accounts exist, the login entry explains that sign-in is on its way instead of faking it. */
export function LoginDialog({ open, reason, onOpenChange }: LoginDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Entrar na Lumina"
      description="Login e cadastro chegam em breve. Estamos preparando tudo com carinho."
    >
      <p className="mt-4 text-ink-800">{REASON_TEXT[reason]}</p>
      <p className="mt-2 text-ink-800">
        Enquanto isso, navegue pelo catálogo à vontade. Se quiser comprar agora, fale com a gente
        pelo WhatsApp.
      </p>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Link to="/produtos" className={buttonClasses({ variant: 'outline' })}>
            Ver produtos
          </Link>
        </DialogClose>
        <a
          href={whatsappUrl('Olá! Gostaria de fazer um pedido na Lumina Piercings.')}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClasses({ variant: 'primary' })}
        >
          Falar no WhatsApp
          <span className="sr-only"> (abre em nova aba)</span>
        </a>
      </div>
    </Dialog>
  );
}
