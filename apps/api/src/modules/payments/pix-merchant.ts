import { shopName } from '@lumina/shared/settings/settings-rules';
import type { StoreSettings } from '@lumina/shared/settings/store-settings';
import {
  MERCHANT_CITY_MAX,
  MERCHANT_NAME_MAX,
  normaliseMerchantText,
} from '../../integrations/pix/br-code.ts';
import type { PixMerchant } from '../../integrations/pix/builtin-pix-provider.ts';

/**
 * The receiver a BR Code names (fields 59 and 60) from the store settings: the shop's name and
 * the city of its address, as the Banco Central takes them (printable ASCII without accents, at
 * most 25 and 15 characters). A field left empty, or with nothing printable, falls back to
 * PIX_MERCHANT_NAME or PIX_MERCHANT_CITY, since a code without them is refused by the payer's bank.
 */
export function pixMerchant(settings: StoreSettings, fallback: PixMerchant): PixMerchant {
  const name = normaliseMerchantText(shopName(settings), MERCHANT_NAME_MAX);
  const city = normaliseMerchantText(settings.address.city, MERCHANT_CITY_MAX);
  return { name: name || fallback.name, city: city || fallback.city };
}
