import { instalmentsPromise } from '@lumina/shared/payments/card-instalments';
import { POLICY_PAGES } from '@lumina/shared/settings/policy-pages';
import {
  addressLine,
  documentLabel,
  formatPhone,
  shopName,
} from '@lumina/shared/settings/settings-rules';
import { POLICY_KEYS, type PublicStoreJson } from '@lumina/shared/settings/store-settings';
import { freeShippingText, pixDiscountNote } from '@lumina/shared/storefront/money-texts';
import { Link } from 'react-router';
import {
  CardIcon,
  ChatIcon,
  ClockIcon,
  MailIcon,
  PhoneIcon,
  PinIcon,
  PixIcon,
} from '../../components/icons.tsx';
import { Logo } from '../../components/logo.tsx';
import { openCookiePreferences } from '../../features/cookies/model/consent-store.ts';
import { useStore, whatsappChatUrl } from '../../lib/store-settings.ts';

const linkClassName =
  'inline-flex min-h-10 items-center text-sm text-cream-200 hover:text-gold-200 hover:underline underline-offset-4';

const SOCIAL_LABELS = { instagram: 'Instagram', facebook: 'Facebook', tiktok: 'TikTok' } as const;

/**
 * How to reach the shop, from its settings: each line only when the owner filled it in, so the
 * footer never shows a placeholder contact.
 */
function ContactList({ store }: { store: PublicStoreJson }) {
  const whatsapp = whatsappChatUrl(store);
  const address = addressLine(store.address);
  const social = (Object.keys(SOCIAL_LABELS) as (keyof typeof SOCIAL_LABELS)[]).filter(
    (network) => store.social[network] !== '',
  );
  const itemClassName = 'flex items-start gap-2 text-sm text-cream-200';
  return (
    <>
      <ul className="space-y-1">
        {store.sac_email ? (
          <li>
            <a href={`mailto:${store.sac_email}`} className={`${linkClassName} gap-2 break-all`}>
              <MailIcon className="size-4 shrink-0 text-gold-300" />
              {store.sac_email}
            </a>
          </li>
        ) : null}
        {store.phone ? (
          <li>
            <a href={`tel:+55${store.phone}`} className={`${linkClassName} gap-2`}>
              <PhoneIcon className="size-4 shrink-0 text-gold-300" />
              {formatPhone(store.phone)}
            </a>
          </li>
        ) : null}
        {whatsapp ? (
          <li>
            <a
              href={whatsapp}
              target="_blank"
              rel="noopener noreferrer"
              className={`${linkClassName} gap-2`}
            >
              <ChatIcon className="size-4 shrink-0 text-gold-300" />
              WhatsApp {formatPhone(store.whatsapp)}
              <span className="sr-only"> (abre em nova aba)</span>
            </a>
          </li>
        ) : null}
        {store.business_hours ? (
          <li className={`${itemClassName} py-2`}>
            <ClockIcon className="mt-0.5 size-4 shrink-0 text-gold-300" />
            <span>{store.business_hours}</span>
          </li>
        ) : null}
        {address ? (
          <li className={`${itemClassName} py-2`}>
            <PinIcon className="mt-0.5 size-4 shrink-0 text-gold-300" />
            <span>{address}</span>
          </li>
        ) : null}
      </ul>
      {social.length > 0 ? (
        <ul className="flex flex-wrap gap-x-5" aria-label="Redes sociais">
          {social.map((network) => (
            <li key={network}>
              <a
                href={store.social[network]}
                target="_blank"
                rel="noopener noreferrer me"
                className={linkClassName}
              >
                {SOCIAL_LABELS[network]}
                <span className="sr-only"> (abre em nova aba)</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

/**
 * Who sells (Decreto 7.962/2013 art. 2: name, CNPJ or CPF, address): the legal name with its
 * document and the copyright line with the trade name, each part only when filled in.
 */
function SellerLines({ store }: { store: PublicStoreJson | undefined }) {
  const year = new Date().getFullYear();
  const name = store ? shopName(store) : '';
  const legal = store
    ? [store.legal_name, store.document ? documentLabel(store.document) : '']
        .filter(Boolean)
        .join(' · ')
    : '';
  return (
    <div className="mx-auto max-w-7xl space-y-1 px-4 py-5 text-center text-xs text-cream-200">
      {legal ? <p>{legal}</p> : null}
      <p>
        © {year}
        {name ? ` ${name}` : ''}. Todos os direitos reservados.
      </p>
    </div>
  );
}

export function Footer() {
  const store = useStore();
  // The shop's own rules, left out while they have not arrived or the owner turned them off.
  const pixNote = store && pixDiscountNote(store);
  const freeShipping = store && freeShippingText(store);
  // Card and boleto are listed only while the shop takes them (GET /api/store's payments).
  const card = store?.payments.card ? { promise: instalmentsPromise(store) } : null;
  const boleto = Boolean(store?.payments.boleto);
  const policies = POLICY_KEYS.filter((key) => store?.policies[key]);
  return (
    <footer className="bg-ink-900 text-cream-100">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 lg:grid-cols-4">
        <div className="col-span-2 space-y-4 lg:col-span-1">
          <Logo tone="light" />
          <p className="text-sm leading-relaxed text-cream-200">
            Joias para piercing em aço cirúrgico, titânio e ouro, escolhidas para brilhar e
            cicatrizar bem.
          </p>
          {store ? <ContactList store={store} /> : null}
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
            {policies.map((key) => (
              <li key={key}>
                <Link to={POLICY_PAGES[key].path} className={linkClassName}>
                  {POLICY_PAGES[key].title}
                </Link>
              </li>
            ))}
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
          </ul>
        </nav>
        <div className="col-span-2 lg:col-span-1">
          <h2 className="text-xs font-semibold tracking-widest text-gold-300 uppercase">
            Pagamento
          </h2>
          <p className="mt-3 flex items-center gap-2 text-sm text-cream-100">
            <PixIcon className="size-5 text-gold-300" />
            <span>
              <strong className="font-semibold">PIX</strong>
              {pixNote && ` com ${pixNote}`}
            </span>
          </p>
          {card && (
            <p className="mt-2 flex items-center gap-2 text-sm text-cream-100">
              <CardIcon className="size-5 text-gold-300" />
              <span>
                <strong className="font-semibold">Cartão de crédito</strong>
                {card.promise && ` em ${card.promise}`}
              </span>
            </p>
          )}
          {boleto && (
            <p className="mt-2 flex items-center gap-2 text-sm text-cream-100">
              <CardIcon className="size-5 text-gold-300" />
              <strong className="font-semibold">Boleto bancário</strong>
            </p>
          )}
          <p className="mt-2 text-sm text-cream-200">
            Seu pedido é confirmado assim que o pagamento é identificado.
          </p>
          {freeShipping && <p className="mt-2 text-sm text-cream-200">{freeShipping}.</p>}
        </div>
      </div>
      <div className="border-t border-ink-700">
        <SellerLines store={store} />
      </div>
    </footer>
  );
}
