import { DEFAULT_PRICE_RULES } from '@lumina/shared/catalog/pricing';
import {
  BOLETO_DUE_DAYS,
  LOW_STOCK_THRESHOLD,
  REMINDER_DELAY_HOURS,
  type StoreSettings,
} from '@lumina/shared/settings/store-settings';
import {
  STOCK_ALERTS_PER_RESTOCK,
  STOCK_ALERTS_PER_UNIT,
} from '@lumina/shared/stock-alerts/stock-alert-schemas';
import type { Config } from '../../config.ts';

/** The card rules a first start offers: up to 12 instalments, 3 free, none below R$ 20,00. */
const DEFAULT_INSTALLMENTS = { max: 12, interest_free: 3, min_installment_cents: 2000 };

/** What the environment says that a first start takes in. */
export type DefaultsConfig = Pick<
  Config,
  'mailFrom' | 'contactEmail' | 'pixMerchantName' | 'shippingOriginCep' | 'storeWhatsapp'
>;

/**
 * The settings of a first start, from what the environment already said (config.ts parsed it)
 * and the constants the shop used before it had settings: the sender of its e-mails, its contact
 * address, the PIX receiver's name, the WhatsApp (STORE_WHATSAPP), the PIX discount and the free-shipping threshold. Legal
 * name, document, address and the policies stay empty until the owner fills them in: the panel
 * lists them as missing, and a policy not filled in is left out for shoppers.
 */
export function defaultStoreSettings(config: DefaultsConfig): StoreSettings {
  return {
    trade_name: config.pixMerchantName,
    legal_name: '',
    document: '',
    address: {
      // Where parcels leave from is the best guess of where the shop is.
      zip_code: config.shippingOriginCep,
      street: '',
      number: '',
      complement: '',
      neighborhood: '',
      city: '',
      state: '',
    },
    sac_email: config.contactEmail ?? '',
    phone: '',
    // A number nobody gave would be a fake contact: only the environment's, or none.
    whatsapp: config.storeWhatsapp ?? '',
    business_hours: '',
    // No officer named: the privacy pages send data requests to the SAC.
    dpo_name: '',
    dpo_email: '',
    mail_from: config.mailFrom,
    reply_to: config.contactEmail ?? '',
    ...DEFAULT_PRICE_RULES,
    installments: { ...DEFAULT_INSTALLMENTS },
    boleto_due_days: BOLETO_DUE_DAYS.default,
    low_stock_threshold: LOW_STOCK_THRESHOLD.default,
    stock_alerts_per_unit: STOCK_ALERTS_PER_UNIT.default,
    stock_alerts_per_restock: STOCK_ALERTS_PER_RESTOCK.default,
    // Issuing NF-e by itself needs Bling and the owner's word: off until they turn it on.
    auto_invoice: false,
    reminder_delay_hours: REMINDER_DELAY_HOURS.default,
    social: { instagram: '', facebook: '', tiktok: '' },
    policies: { terms: '', returns: '', shipping: '' },
  };
}
