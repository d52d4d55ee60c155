/**
 * Facts about the store shown in the layout and used for links. The WhatsApp number is the demo
 * store's; a real deployment sets VITE_STORE_WHATSAPP (digits with country code) at build time.
 */
export const STORE_NAME = 'Lumina Piercings';

const DEFAULT_WHATSAPP = '5511999999999';

export const STORE_WHATSAPP: string =
  (import.meta.env.VITE_STORE_WHATSAPP as string | undefined)?.replace(/\D/g, '') ||
  DEFAULT_WHATSAPP;

export const STORE_EMAIL = 'contato@luminapiercings.com.br';
export const STORE_PRIVACY_EMAIL = 'privacidade@luminapiercings.com.br';

/** A wa.me link that opens a chat with the store, optionally with a prepared message. */
export function whatsappUrl(text?: string): string {
  const base = `https://wa.me/${STORE_WHATSAPP}`;
  return text ? `${base}?text=${encodeURIComponent(text)}` : base;
}
