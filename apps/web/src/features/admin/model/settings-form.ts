import type { AdminSettingsJson, StoreSettingsInput } from '@lumina/shared/settings/store-settings';
import { formatDocument } from '@lumina/shared/settings/settings-rules';
import { formatCep } from '@lumina/shared/validation/cep';
import { formatPhone } from '@lumina/shared/validation/phone';
import { stockAlertSettingsOf } from '@lumina/shared/stock-alerts/stock-alert-schemas';

/** 29990 -> '299,90'; null (no free shipping) -> ''. */
function reaisText(cents: number | null): string {
  return cents === null ? '' : (cents / 100).toFixed(2).replace('.', ',');
}

/** The form's values (what a person reads and types) from the settings the API answered. */
export function settingsFormValues(settings: AdminSettingsJson): StoreSettingsInput {
  return {
    trade_name: settings.trade_name,
    legal_name: settings.legal_name,
    document: formatDocument(settings.document),
    address: { ...settings.address, zip_code: formatCep(settings.address.zip_code) },
    sac_email: settings.sac_email,
    phone: formatPhone(settings.phone),
    whatsapp: formatPhone(settings.whatsapp),
    business_hours: settings.business_hours,
    dpo_name: settings.dpo_name,
    dpo_email: settings.dpo_email,
    mail_from: settings.mail_from,
    reply_to: settings.reply_to,
    pix_discount_percent: String(settings.pix_discount_percent).replace('.', ','),
    free_shipping_threshold: reaisText(settings.free_shipping_threshold_cents),
    installments: {
      max: settings.installments.max,
      interest_free: settings.installments.interest_free,
      min_installment: reaisText(settings.installments.min_installment_cents),
    },
    boleto_due_days: settings.boleto_due_days,
    low_stock_threshold: settings.low_stock_threshold,
    ...stockAlertSettingsOf(settings),
    reminder_delay_hours: String(settings.reminder_delay_hours).replace('.', ','),
    social: { ...settings.social },
    policies: { ...settings.policies },
  };
}

/**
 * Whether the settings ask Bling for the NF-e of each paid order; false when the API does not
 * send the setting (one from before it existed).
 */
export function autoInvoiceOf(settings: AdminSettingsJson & { auto_invoice?: boolean }): boolean {
  return settings.auto_invoice ?? false;
}

/** A field named by the server ('settings.address.zip_code') as the form names it. */
export function formFieldOf(serverField: string): string {
  return serverField.replace(/^settings\./, '');
}
