import { Link } from 'react-router';
import { ChatIcon, PixIcon } from '../../components/icons.tsx';
import { Logo } from '../../components/logo.tsx';
import { openCookiePreferences } from '../../features/cookies/model/consent-store.ts';
import { STORE_EMAIL, STORE_NAME, whatsappUrl } from '../../lib/store-info.ts';

const linkClassName =
  'inline-flex min-h-10 items-center text-sm text-cream-200 hover:text-gold-200 hover:underline underline-offset-4';

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="bg-ink-900 text-cream-100">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 lg:grid-cols-4">
        <div className="col-span-2 space-y-4 lg:col-span-1">
          <Logo tone="light" />
          <p className="text-sm leading-relaxed text-cream-200">
            Joias para piercing em aço cirúrgico, titânio e ouro, escolhidas para brilhar e
            cicatrizar bem.
          </p>
          <a href={`mailto:${STORE_EMAIL}`} className={linkClassName}>
            {STORE_EMAIL}
          </a>
        </div>
        <nav aria-labelledby="footer-store">
          <h2
            id="footer-store"
            className="text-xs font-semibold tracking-widest text-gold-300 uppercase"
          >
            Loja
          </h2>
          <ul className="mt-3">
            <li>
              <Link to="/produtos" className={linkClassName}>
                Produtos
              </Link>
            </li>
            <li>
              <Link to="/categorias" className={linkClassName}>
                Categorias
              </Link>
            </li>
            <li>
              <Link to="/#contato" className={linkClassName}>
                Contato
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-help">
          <h2
            id="footer-help"
            className="text-xs font-semibold tracking-widest text-gold-300 uppercase"
          >
            Ajuda e privacidade
          </h2>
          <ul className="mt-3">
            <li>
              <Link to="/politica-privacidade" className={linkClassName}>
                Política de Privacidade
              </Link>
            </li>
            <li>
              <Link to="/gerenciar-dados" className={linkClassName}>
                Gerenciar Dados
              </Link>
            </li>
            <li>
              <button
                type="button"
                onClick={openCookiePreferences}
                className={`${linkClassName} text-left`}
              >
                Preferências de cookies
              </button>
            </li>
            <li>
              <a
                href={whatsappUrl()}
                target="_blank"
                rel="noopener noreferrer"
                className={`${linkClassName} gap-2`}
              >
                <ChatIcon className="size-4" />
                WhatsApp
                <span className="sr-only"> (abre em nova aba)</span>
              </a>
            </li>
          </ul>
        </nav>
        <div className="col-span-2 lg:col-span-1">
          <h2 className="text-xs font-semibold tracking-widest text-gold-300 uppercase">
            Pagamento
          </h2>
          <p className="mt-3 flex items-center gap-2 text-sm text-cream-100">
            <PixIcon className="size-5 text-gold-300" />
            <span>
              <strong className="font-semibold">PIX</strong> com 5% de desconto
            </span>
          </p>
          <p className="mt-2 text-sm text-cream-200">
            Seu pedido é confirmado assim que o pagamento é identificado.
          </p>
          <p className="mt-2 text-sm text-cream-200">Frete grátis a partir de R$ 299.</p>
        </div>
      </div>
      <div className="border-t border-ink-700">
        <p className="mx-auto max-w-7xl px-4 py-5 text-center text-xs text-cream-200">
          © {year} {STORE_NAME}. Todos os direitos reservados.
        </p>
      </div>
    </footer>
  );
}
