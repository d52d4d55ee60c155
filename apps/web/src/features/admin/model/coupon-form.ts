import type { CouponJson } from '@lumina/shared/promotions/coupon-schema';
import { couponInputSchema } from '@lumina/shared/promotions/coupon-schema';
import type { CouponKind, CouponRule } from '@lumina/shared/promotions/coupon-rules';
import type { StateCode } from '@lumina/shared/addresses/brazil-states';
import type { ShippingMethod } from '@lumina/shared/constants/storefront-constants';
import { COUPON_ADMIN_TEXTS } from './coupon-texts.ts';

/** What the coupon form holds: text as typed, choices as lists. */
export interface CouponFormValues {
  automatic: boolean;
  code: string;
  name: string;
  kind: CouponKind;
  value: string;
  max_discount: string;
  min_order: string;
  /** 'all': the whole shop; 'chosen': the categories and products ticked below. */
  scope: 'all' | 'chosen';
  categories: string[];
  product_ids: number[];
  shipping_methods: ShippingMethod[];
  /** Free shipping for the whole country, or only for `states`. */
  all_states: boolean;
  states: string[];
  starts_at: string;
  ends_at: string;
  usage_limit: string;
  per_customer_limit: string;
  first_purchase_only: boolean;
  combines_with_pix: boolean;
  combines_with_sale: boolean;
  active: boolean;
}

/** Field messages by the form's field names ('code', 'value', 'scope', ...). */
export type CouponFormErrors = Partial<Record<string, string>>;

/** 1990 -> '19,90'; null -> ''. */
function reaisText(cents: number | null): string {
  return cents === null ? '' : (cents / 100).toFixed(2).replace('.', ',');
}

const ALL_METHODS: ShippingMethod[] = ['pac', 'sedex'];

/** A new coupon or promotion, or the one the API answered, as the form holds it. */
export function couponFormValues(automatic: boolean, coupon?: CouponJson): CouponFormValues {
  if (!coupon) {
    return {
      automatic,
      code: '',
      name: '',
      kind: 'percent',
      value: '',
      max_discount: '',
      min_order: '',
      scope: 'all',
      categories: [],
      product_ids: [],
      shipping_methods: [...ALL_METHODS],
      all_states: true,
      states: [],
      starts_at: '',
      ends_at: '',
      usage_limit: '',
      per_customer_limit: '',
      first_purchase_only: false,
      combines_with_pix: true,
      combines_with_sale: true,
      active: true,
    };
  }
  const chosen = coupon.scope.categories.length > 0 || coupon.scope.product_ids.length > 0;
  return {
    automatic: coupon.automatic,
    code: coupon.code ?? '',
    name: coupon.name ?? '',
    kind: coupon.kind,
    value:
      coupon.kind === 'percent'
        ? String(coupon.value).replace('.', ',')
        : coupon.kind === 'fixed'
          ? reaisText(coupon.value_cents)
          : '',
    max_discount: reaisText(coupon.max_discount_cents),
    min_order: reaisText(coupon.min_order_cents),
    scope: chosen ? 'chosen' : 'all',
    categories: [...coupon.scope.categories],
    product_ids: [...coupon.scope.product_ids],
    // An empty list covers every method: the form shows both ticked.
    shipping_methods:
      coupon.shipping_methods.length === 0
        ? [...ALL_METHODS]
        : ALL_METHODS.filter((method) => coupon.shipping_methods.includes(method)),
    all_states: coupon.states.length === 0,
    states: [...coupon.states],
    starts_at: coupon.starts_at_local ?? '',
    ends_at: coupon.ends_at_local ?? '',
    usage_limit: coupon.usage_limit === null ? '' : String(coupon.usage_limit),
    per_customer_limit: coupon.per_customer_limit === null ? '' : String(coupon.per_customer_limit),
    first_purchase_only: coupon.first_purchase_only,
    combines_with_pix: coupon.combines_with_pix,
    combines_with_sale: coupon.combines_with_sale,
    active: coupon.active,
  };
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/**
 * The body's `coupon` object (couponInputSchema's input) from the form: fields the kind does not
 * use are sent empty, so a value typed and then hidden never reaches the shop.
 */
export function couponBody(values: CouponFormValues) {
  const { automatic, kind } = values;
  const freeShipping = kind === 'free_shipping';
  const chosen = !freeShipping && values.scope === 'chosen';
  return {
    automatic,
    code: automatic ? null : values.code,
    name: orNull(values.name),
    kind,
    ...(freeShipping ? {} : { value: values.value }),
    max_discount: kind === 'percent' && !automatic ? orNull(values.max_discount) : null,
    min_order: orNull(values.min_order),
    scope: {
      categories: chosen ? values.categories : [],
      product_ids: chosen ? values.product_ids : [],
    },
    shipping_methods: freeShipping ? values.shipping_methods : [],
    states: freeShipping && !values.all_states ? values.states : [],
    starts_at: orNull(values.starts_at),
    ends_at: orNull(values.ends_at),
    usage_limit: automatic ? null : orNull(values.usage_limit),
    per_customer_limit: automatic ? null : orNull(values.per_customer_limit),
    first_purchase_only: !automatic && values.first_purchase_only,
    combines_with_pix: automatic || freeShipping ? true : values.combines_with_pix,
    combines_with_sale: automatic || freeShipping ? true : values.combines_with_sale,
    active: values.active,
  };
}

export type CouponBody = ReturnType<typeof couponBody>;

/** The same coupon switched on or off (PUT takes the whole coupon). */
export function toggledBody(coupon: CouponJson): CouponBody {
  return { ...couponBody(couponFormValues(coupon.automatic, coupon)), active: !coupon.active };
}

/** A field the schema or the server names ('coupon.scope.categories.0') as the form names it. */
export function formFieldOf(path: readonly PropertyKey[] | string): string {
  const parts = typeof path === 'string' ? path.split('.') : path.map(String);
  const [first, second] = parts;
  return String(first === 'coupon' ? (second ?? first) : (first ?? ''));
}

/** The checks the schema cannot make because it cannot see the form's choices. */
function choiceErrors(values: CouponFormValues): CouponFormErrors {
  const errors: CouponFormErrors = {};
  if (values.kind === 'free_shipping') {
    if (values.shipping_methods.length === 0)
      errors.shipping_methods = COUPON_ADMIN_TEXTS.pickMethod;
    if (!values.all_states && values.states.length === 0)
      errors.states = COUPON_ADMIN_TEXTS.pickState;
  } else if (
    values.scope === 'chosen' &&
    values.categories.length === 0 &&
    values.product_ids.length === 0
  ) {
    errors.scope = COUPON_ADMIN_TEXTS.pickScope;
  }
  return errors;
}

/** The form checked by the shared schema (the server's own) and by its choices; {} when fine. */
export function couponFormErrors(values: CouponFormValues): CouponFormErrors {
  const errors = choiceErrors(values);
  const parsed = couponInputSchema.safeParse(couponBody(values));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      errors[formFieldOf(issue.path)] ??= issue.message;
    }
  }
  return errors;
}

/** What a field the schema refused falls back to, so the preview still reads the rest. */
const PREVIEW_FALLBACKS: Partial<Record<keyof CouponBody, unknown>> = {
  code: 'PREVIA',
  name: 'Prévia',
  max_discount: null,
  min_order: null,
  scope: { categories: [], product_ids: [] },
  shipping_methods: [],
  states: [],
  starts_at: null,
  ends_at: null,
  usage_limit: null,
  per_customer_limit: null,
};

/**
 * The rule the form describes, for the live conditions text: what the shopper will read.
 * Fields still wrong are left out; null while the discount itself is missing or wrong.
 */
export function previewRule(values: CouponFormValues): CouponRule | null {
  const body: Record<string, unknown> = couponBody(values);
  let parsed = couponInputSchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = formFieldOf(issue.path) as keyof CouponBody;
      if (field in PREVIEW_FALLBACKS) body[field] = PREVIEW_FALLBACKS[field];
    }
    parsed = couponInputSchema.safeParse(body);
  }
  return parsed.success ? { id: 0, ...parsed.data } : null;
}

/** The engine's rule from the admin JSON (for the list's benefit text). */
export function couponRuleOf(coupon: CouponJson): CouponRule {
  return {
    id: coupon.id,
    code: coupon.code,
    name: coupon.name,
    kind: coupon.kind,
    value:
      coupon.kind === 'percent'
        ? Math.round(coupon.value * 100)
        : coupon.kind === 'fixed'
          ? (coupon.value_cents ?? 0)
          : 0,
    maxDiscountCents: coupon.max_discount_cents,
    minOrderCents: coupon.min_order_cents,
    categories: coupon.scope.categories,
    productIds: coupon.scope.product_ids,
    shippingMethods: coupon.shipping_methods as ShippingMethod[],
    states: coupon.states as StateCode[],
    startsAt: coupon.starts_at ? new Date(coupon.starts_at) : null,
    endsAt: coupon.ends_at ? new Date(coupon.ends_at) : null,
    usageLimit: coupon.usage_limit,
    perCustomerLimit: coupon.per_customer_limit,
    firstPurchaseOnly: coupon.first_purchase_only,
    combinesWithPix: coupon.combines_with_pix,
    combinesWithSale: coupon.combines_with_sale,
    active: coupon.active,
  };
}
