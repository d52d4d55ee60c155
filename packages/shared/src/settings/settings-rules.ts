import { isValidCnpj } from '../validation/cnpj.ts';
import { isValidCpf } from '../validation/cpf.ts';
import { onlyDigits } from '../validation/digits.ts';
import { isValidEmail } from '../validation/email.ts';

/**
 * The single checks of the store settings, as pure functions: the form and the API run them
 * through the zod schema in store-settings.ts, and they read well in tests on their own.
 */

/** A shop is a company (CNPJ) or a person selling on their own (CPF): either, with check digits. */
export function isValidDocument(value: string): boolean {
  const digits = onlyDigits(value);
  if (!/^[\d./\-\s]*$/.test(value)) return false;
  return digits.length === 11 ? isValidCpf(digits) : isValidCnpj(digits);
}

/** '11222333000181' -> '11.222.333/0001-81'; '12345678909' -> '123.456.789-09'. */
export function formatDocument(value: string): string {
  const d = onlyDigits(value);
  if (d.length === 11) return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
  if (d.length === 14) {
    return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;
  }
  return value;
}

// Area codes have no zero digit (11 to 99); a mobile number has 9 digits and starts with 9.
const MOBILE = /^[1-9][1-9]9\d{8}$/;

/**
 * WhatsApp as the shop's customers reach it: a Brazilian mobile, area code + 9 digits starting
 * with 9, typed with or without the mask and with or without the country code (+55). Answers
 * the 11 national digits, or undefined when it is not such a number.
 */
export function brazilianMobile(value: string): string | undefined {
  if (!/^[\d()+\-\s]*$/.test(value)) return undefined;
  let digits = onlyDigits(value);
  if (digits.length === 13 && digits.startsWith('55')) digits = digits.slice(2);
  return MOBILE.test(digits) ? digits : undefined;
}

/**
 * The demo shop's WhatsApp (the web app's fallback before the shop had settings), which a first
 * start of that time stored as the default: the panel counts it as not filled in and no shopper
 * is shown it.
 */
export const DEMO_WHATSAPP = '11999999999';

/** The wa.me address of a national mobile number (wa.me wants the country code). */
export function whatsappLink(nationalDigits: string): string {
  return `https://wa.me/55${nationalDigits}`;
}

/**
 * A sender as mail headers take it: 'nome@loja.com.br' or 'Nome da Loja <nome@loja.com.br>'.
 * A line break or a second address would let the field inject headers, so neither passes.
 */
export function isValidMailbox(value: string): boolean {
  if (/[\r\n]/.test(value)) return false;
  const named = /^([^<>"]*)<([^<>\s]+)>$/.exec(value.trim());
  if (named) return (named[1] ?? '').trim().length <= 100 && isValidEmail(named[2] ?? '');
  return isValidEmail(value);
}

export const SOCIAL_NETWORKS = {
  instagram: {
    hosts: ['instagram.com'],
    profileUrl: (handle: string) => `https://www.instagram.com/${handle}`,
  },
  facebook: {
    hosts: ['facebook.com', 'fb.com'],
    profileUrl: (handle: string) => `https://www.facebook.com/${handle}`,
  },
  tiktok: {
    hosts: ['tiktok.com'],
    profileUrl: (handle: string) => `https://www.tiktok.com/@${handle}`,
  },
} as const;

export type SocialNetwork = keyof typeof SOCIAL_NETWORKS;

const HANDLE = /^@?([A-Za-z0-9._]{1,60})$/;

/**
 * A profile typed as '@loja', 'loja' or its address -> the profile's https address; undefined
 * for anything else, and for an address on another site (a link shoppers would trust as the
 * shop's own).
 */
export function socialProfileUrl(network: SocialNetwork, value: string): string | undefined {
  const { hosts, profileUrl } = SOCIAL_NETWORKS[network];
  const trimmed = value.trim();
  const handle = HANDLE.exec(trimmed)?.[1];
  if (handle) return profileUrl(handle);
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`);
  } catch {
    return undefined;
  }
  const host = url.hostname.toLowerCase();
  const onNetwork = hosts.some((own) => host === own || host.endsWith(`.${own}`));
  if (!onNetwork || url.username || url.password || url.pathname.length <= 1) return undefined;
  url.protocol = 'https:';
  return url.toString();
}

/**
 * Policies are HTML the storefront renders. The server cleans them with an allow-list on write;
 * these are refused outright (422) instead, so the owner learns that what they pasted carries
 * code rather than seeing it silently vanish: script-like elements, event handler attributes
 * (onclick=...) and javascript:, vbscript: or data: addresses.
 */
const UNSAFE_ELEMENT =
  /<\s*\/?\s*(script|style|iframe|frame|frameset|object|embed|applet|form|input|button|textarea|select|link|meta|base|svg|math)\b/i;
const EVENT_HANDLER = /[\s/"']on[a-z]+\s*=/i;
const UNSAFE_SCHEME = /=["'`]?(?:javascript|vbscript|data):/;

/** A tag's text as a browser reads its attributes: entities decoded, blanks and controls gone. */
function normalisedTag(tag: string): string {
  return (
    tag
      .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
      .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
      .replace(/&colon;/gi, ':')
      .replace(/&(?:tab|newline);/gi, '')
      // Browsers ignore tabs, line breaks and control characters inside a URL's scheme.
      // eslint-disable-next-line no-control-regex
      .replace(/[\s\u0000-\u001f]/g, '')
      .toLowerCase()
  );
}

export function hasUnsafeHtml(html: string): boolean {
  if (UNSAFE_ELEMENT.test(html)) return true;
  for (const [tag] of html.matchAll(/<[^>]*>?/g)) {
    if (EVENT_HANDLER.test(tag) || UNSAFE_SCHEME.test(normalisedTag(tag))) return true;
  }
  return false;
}

/** '1133334444' -> '(11) 3333-4444'; '11987654321' -> '(11) 98765-4321'; other input as it came. */
export function formatPhone(value: string): string {
  const d = onlyDigits(value);
  if (d.length === 10) return `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`;
  if (d.length === 11) return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
  return value;
}

/** '11222333000181' -> 'CNPJ 11.222.333/0001-81'; an 11-digit document is a CPF. */
export function documentLabel(document: string): string {
  return `${onlyDigits(document).length === 11 ? 'CPF' : 'CNPJ'} ${formatDocument(document)}`;
}

/** What a page, an e-mail or a structured-data block needs to say who sells. */
export interface ShopIdentity {
  trade_name: string;
  legal_name: string;
  document: string;
  address: {
    zip_code: string;
    street: string;
    number: string;
    complement: string;
    neighborhood: string;
    city: string;
    state: string;
  };
  sac_email: string;
  phone: string;
  whatsapp: string;
}

/** The name a shopper knows the shop by: the trade name, else the legal one; '' when neither. */
export function shopName(shop: Pick<ShopIdentity, 'trade_name' | 'legal_name'>): string {
  return shop.trade_name || shop.legal_name;
}

/** 'CEP 01310-100'; '' when the CEP is not filled. */
function cepText(zip: string): string {
  const d = onlyDigits(zip);
  return d.length === 8 ? `CEP ${d.slice(0, 5)}-${d.slice(5)}` : '';
}

/**
 * The shop's address on one line with only the parts filled in ('Avenida Paulista, 1000, Sala 1
 * - Bela Vista - São Paulo/SP - CEP 01310-100'); '' when nothing but the CEP is known, since a
 * CEP alone (the first start takes the parcels' origin) does not tell a shopper where the shop is.
 */
export function addressLine(address: ShopIdentity['address']): string {
  const street = [address.street, address.number, address.complement].filter(Boolean).join(', ');
  const city = [address.city, address.state].filter(Boolean).join('/');
  if (!street && !address.neighborhood && !city) return '';
  return [street, address.neighborhood, city, cepText(address.zip_code)]
    .filter(Boolean)
    .join(' - ');
}

/**
 * The seller's identification as Decreto 7.962/2013 art. 2 asks (name, CNPJ or CPF, physical
 * address, contact), as lines of text with only what the owner filled in: for e-mail signatures
 * and the like. The trade name is the caller's (it usually leads on its own).
 */
export function sellerLines(shop: ShopIdentity): string[] {
  const legal = [shop.legal_name, shop.document ? documentLabel(shop.document) : '']
    .filter(Boolean)
    .join(' · ');
  const contact = [
    shop.sac_email ? `SAC: ${shop.sac_email}` : '',
    shop.phone ? `Telefone: ${formatPhone(shop.phone)}` : '',
    shop.whatsapp && shop.whatsapp !== DEMO_WHATSAPP
      ? `WhatsApp: ${formatPhone(shop.whatsapp)}`
      : '',
  ]
    .filter(Boolean)
    .join(' · ');
  return [legal, addressLine(shop.address), contact].filter(Boolean);
}
