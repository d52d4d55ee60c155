import { DEMO_WHATSAPP, formatDocument, shopName } from '@lumina/shared/settings/settings-rules';
import type { StoreSettings } from '@lumina/shared/settings/store-settings';
import { onlyDigits } from '@lumina/shared/validation/digits';

/** '11987654321' -> '+55-11-98765-4321', the international form schema.org's examples use. */
function internationalPhone(digits: string): string {
  const d = onlyDigits(digits);
  return `+55-${d.slice(0, 2)}-${d.slice(2, -4)}-${d.slice(-4)}`;
}

/** Drops the keys whose value is empty ('' or an empty list or object), so nothing says ''. */
function filled<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, v]) =>
      Array.isArray(v)
        ? v.length > 0
        : v !== '' && v !== undefined && !(typeof v === 'object' && v !== null && isBare(v)),
    ),
  ) as Partial<T>;
}

/** An object with nothing but its schema.org type. */
function isBare(value: object): boolean {
  return Object.keys(value).every((key) => key === '@type');
}

/**
 * The seller as schema.org's Organization, for search engines: its name and legal name, CNPJ or
 * CPF, address, customer-service contact and social profiles, each only when the owner filled
 * it in (an empty field would be a false statement about the shop).
 */
export function organizationJsonLd(
  settings: StoreSettings,
  page: { url: string; logo: string; fallbackName: string },
): Record<string, unknown> {
  const { address: a } = settings;
  const whatsapp = settings.whatsapp === DEMO_WHATSAPP ? '' : settings.whatsapp;
  const phone = settings.phone || whatsapp;
  const street = [a.street, a.number, a.complement].filter(Boolean).join(', ');
  const zip = onlyDigits(a.zip_code);
  const hasPlace = Boolean(street || a.neighborhood || a.city);
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: shopName(settings) || page.fallbackName,
    url: page.url,
    logo: page.logo,
    ...filled({
      legalName: settings.legal_name,
      taxID: settings.document ? formatDocument(settings.document) : '',
      email: settings.sac_email,
      telephone: phone ? internationalPhone(phone) : '',
      address: hasPlace
        ? filled({
            '@type': 'PostalAddress',
            streetAddress: street,
            addressLocality: a.city,
            addressRegion: a.state,
            postalCode: zip.length === 8 ? `${zip.slice(0, 5)}-${zip.slice(5)}` : '',
            addressCountry: 'BR',
          })
        : '',
      contactPoint:
        settings.sac_email || phone
          ? [
              filled({
                '@type': 'ContactPoint',
                contactType: 'customer service',
                email: settings.sac_email,
                telephone: phone ? internationalPhone(phone) : '',
                availableLanguage: 'pt-BR',
              }),
            ]
          : [],
      sameAs: Object.values(settings.social).filter(Boolean),
    }),
  };
}
