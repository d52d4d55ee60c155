import type { ReactNode } from 'react';
import { CardIcon, PixIcon, ShieldIcon, TruckIcon } from '../../../components/icons.tsx';

interface Perk {
  icon: ReactNode;
  title: string;
  detail: string;
}

// Spec 000 sections 1 and 2: the four promises of the info strip.
const PERKS: Perk[] = [
  {
    icon: <PixIcon className="size-6" />,
    title: '5% de desconto no PIX',
    detail: 'Aprovação na hora',
  },
  {
    icon: <CardIcon className="size-6" />,
    title: '3x sem juros ou até 12x',
    detail: 'Parcele do seu jeito',
  },
  {
    icon: <TruckIcon className="size-6" />,
    title: 'Frete grátis a partir de R$ 299',
    detail: 'Envio para todo o Brasil',
  },
  {
    icon: <ShieldIcon className="size-6" />,
    title: 'Compra 100% segura',
    detail: 'Seus dados protegidos',
  },
];

export function InfoStrip() {
  return (
    <section aria-label="Vantagens da loja" className="border-b border-cream-300 bg-cream-100">
      <ul className="mx-auto grid max-w-7xl grid-cols-2 gap-x-3 gap-y-5 px-4 py-6 lg:grid-cols-4 lg:gap-6">
        {PERKS.map((perk) => (
          <li
            key={perk.title}
            className="flex flex-col items-center gap-2 text-center sm:flex-row sm:gap-3 sm:text-left"
          >
            <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-ink-900 text-gold-300">
              {perk.icon}
            </span>
            <span className="min-w-0">
              <strong className="block text-sm leading-tight font-semibold text-ink-900">
                {perk.title}
              </strong>
              <span className="mt-0.5 block text-xs text-ink-600">{perk.detail}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
