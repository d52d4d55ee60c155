import type { ReactNode } from 'react';
import { instalmentsPromise } from '@lumina/shared/payments/card-instalments';
import type { PromotionJson } from '@lumina/shared/promotions/coupon-schema';
import type { PublicStoreJson } from '@lumina/shared/settings/store-settings';
import { freeShippingText, pixDiscountText } from '@lumina/shared/storefront/money-texts';
import { CardIcon, PixIcon, ShieldIcon, TruckIcon } from '../../../components/icons.tsx';
import { useStore } from '../../../lib/store-settings.ts';

interface Perk {
  icon: ReactNode;
  title: string;
  detail: string;
}

/** GET /api/store lists the live automatic promotions (an older answer has none). */
type StoreWithPromotions = PublicStoreJson & { promotions?: PromotionJson[] };

/**
 * The owner's free-shipping promotion, if one is live: its name, and its conditions (states,
 * minimum order, dates) as its description says them, so the promise is the rule's own.
 */
function freeShippingPromotion(store: StoreWithPromotions | undefined): Perk[] {
  const promotion = store?.promotions?.find((rule) => rule.kind === 'free_shipping');
  return promotion
    ? [
        {
          icon: <TruckIcon className="size-6" />,
          title: promotion.name,
          detail: promotion.description,
        },
      ]
    : [];
}

/**
 * Spec 000 sections 1 and 2: the promises of the info strip, as the store settings make them.
 * Instalments only when a card payment method offers them (today only PIX is paid); a rule the
 * owner turned off, or settings not arrived yet, give no promise: one the shop cannot keep is
 * left out.
 */
function perksOf(store: StoreWithPromotions | undefined): Perk[] {
  const pix = store ? pixDiscountText(store) : null;
  const card = store ? instalmentsPromise(store) : null;
  const shipping = store ? freeShippingText(store) : null;
  return [
    ...(pix
      ? [{ icon: <PixIcon className="size-6" />, title: pix, detail: 'Aprovação na hora' }]
      : []),
    ...(card
      ? [{ icon: <CardIcon className="size-6" />, title: card, detail: 'Parcele no cartão' }]
      : []),
    ...(shipping
      ? [
          {
            icon: <TruckIcon className="size-6" />,
            title: shipping,
            detail: 'Envio para todo o Brasil',
          },
        ]
      : []),
    ...freeShippingPromotion(store),
    {
      icon: <ShieldIcon className="size-6" />,
      title: 'Compra 100% segura',
      detail: 'Seus dados protegidos',
    },
  ];
}

export function InfoStrip() {
  const perks = perksOf(useStore());
  return (
    <section aria-label="Vantagens da loja" className="border-b border-cream-300 bg-cream-100">
      {/* One row of however many promises on wide screens; on phones an odd last one takes the
      whole row rather than half of it. */}
      <ul className="mx-auto grid max-w-7xl grid-cols-2 gap-x-3 gap-y-5 px-4 py-6 lg:auto-cols-fr lg:grid-flow-col lg:gap-6 [&>:last-child:nth-child(odd)]:col-span-2 lg:[&>:last-child:nth-child(odd)]:col-span-1">
        {perks.map((perk) => (
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
