import { CATEGORY_LABELS, CATEGORY_SLUGS } from '@lumina/shared/catalog/categories';
import type { ShippingMethod } from '@lumina/shared/constants/storefront-constants';
import { describeRule } from '@lumina/shared/promotions/coupon-description';
import type { CouponKind } from '@lumina/shared/promotions/coupon-rules';
import type { CouponJson } from '@lumina/shared/promotions/coupon-schema';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../../components/ui/dialog.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { TextField } from '../../../components/ui/form-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSaveCoupon } from '../api/coupons.ts';
import {
  couponBody,
  couponFormErrors,
  type CouponFormErrors,
  couponFormValues,
  type CouponFormValues,
  formFieldOf,
  previewRule,
} from '../model/coupon-form.ts';
import { COUPON_ADMIN_TEXTS as T } from '../model/coupon-texts.ts';
import { Choice, ChoiceGroup } from './coupon-choice.tsx';
import { CouponProductsField } from './coupon-products-field.tsx';
import { CouponStatesField } from './coupon-states-field.tsx';

const KIND_LABELS: Record<CouponKind, string> = {
  percent: 'Percentual',
  fixed: 'Valor fixo',
  free_shipping: 'Frete grátis',
};

const METHOD_LABELS: Record<ShippingMethod, string> = { pac: 'PAC', sedex: 'SEDEX' };

/** Adds or takes `item` out of `list`, keeping the list's order. */
function toggled<T>(list: readonly T[], item: T, on: boolean): T[] {
  return on ? [...list.filter((other) => other !== item), item] : list.filter((o) => o !== item);
}

/** The fields the form shows for this kind; a message for another one is said in the box. */
function shownFields({ automatic, kind }: CouponFormValues): Set<string> {
  const fields = ['kind', 'min_order', 'starts_at', 'ends_at', automatic ? 'name' : 'code'];
  if (kind !== 'free_shipping') fields.push('value', 'scope');
  if (kind === 'percent' && !automatic) fields.push('max_discount');
  if (kind === 'free_shipping') fields.push('shipping_methods', 'states');
  if (!automatic) fields.push('usage_limit', 'per_customer_limit');
  return new Set(fields);
}

/** The conditions paragraph as the shopper will read it, redrawn as the owner types. */
function Preview({ values }: { values: CouponFormValues }) {
  const rule = previewRule(values);
  return (
    <section
      aria-labelledby="cupom-previa"
      className="rounded-xl border border-gold-500/40 bg-gold-100/60 p-3 sm:col-span-2"
    >
      <h3 id="cupom-previa" className="text-sm font-semibold text-ink-900">
        Condições (como o cliente lê)
      </h3>
      <p aria-live="polite" className="mt-1 text-sm text-ink-800">
        {rule ? describeRule(rule) : T.previewMissing}
      </p>
    </section>
  );
}

/**
 * Create or edit a coupon (with a code) or an automatic promotion (with a name): the shared
 * schema checks it here as the API will, and the API's field messages (a taken code) land on
 * their fields. Fields the kind does not use are hidden and sent empty.
 */
export function CouponFormDialog({
  automatic,
  coupon,
  onClose,
  onSaved,
}: {
  automatic: boolean;
  coupon: CouponJson | undefined;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const [values, setValues] = useState<CouponFormValues>(() => couponFormValues(automatic, coupon));
  const [checked, setChecked] = useState<CouponFormErrors>({});
  const [serverErrors, setServerErrors] = useState<CouponFormErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const save = useSaveCoupon();
  // The server's message stays on its field until that field changes.
  const errors: CouponFormErrors = { ...serverErrors, ...checked };

  // After a first try, the form is checked again on every change, so a fixed field clears.
  const change = (next: Partial<CouponFormValues>) => {
    const updated = { ...values, ...next };
    setValues(updated);
    if (submitted) setChecked(couponFormErrors(updated));
    setServerErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([field]) => !(field in next))),
    );
  };
  const text = (key: keyof CouponFormValues) => ({
    value: String(values[key]),
    onChange: (event: { target: { value: string } }) => change({ [key]: event.target.value }),
    error: errors[key],
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = couponFormErrors(values);
    setSubmitted(true);
    setChecked(found);
    setServerErrors({});
    if (Object.keys(found).length > 0) return;
    save.mutate(
      { id: coupon?.id ?? null, body: couponBody(values) },
      {
        onSuccess: () => onSaved(automatic ? T.promotionSaved : T.couponSaved),
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          const next: CouponFormErrors = {};
          for (const [field, messages] of Object.entries(error.fields)) {
            next[formFieldOf(field)] ??= messages[0];
          }
          setServerErrors(next);
        },
      },
    );
  };

  const { kind } = values;
  const kinds: CouponKind[] = automatic
    ? ['percent', 'free_shipping']
    : ['percent', 'fixed', 'free_shipping'];
  const shown = shownFields(values);
  const messages = Object.entries(errors).flatMap(([field, message]) =>
    message && !shown.has(field) ? [message] : [],
  );
  if (Object.entries(errors).some(([field, message]) => message && shown.has(field))) {
    messages.unshift(T.fixErrors);
  }
  const serverError =
    save.error && !(save.error instanceof ApiError && Object.keys(save.error.fields).length > 0)
      ? save.error.message
      : null;
  const noun = automatic ? 'promoção automática' : 'cupom';

  return (
    <Dialog
      open
      onOpenChange={(next) => {
        if (!next && !save.isPending) onClose();
      }}
      title={coupon ? `Editar ${noun}` : automatic ? 'Nova promoção automática' : 'Novo cupom'}
      className="max-w-2xl"
    >
      <form
        noValidate
        onSubmit={submit}
        className="mt-4 grid grid-cols-[minmax(0,1fr)] gap-4 sm:grid-cols-2"
      >
        {automatic ? (
          <TextField
            id="cupom-name"
            label="Nome da promoção"
            hint="Aparece nos produtos e no carrinho."
            maxLength={80}
            className="sm:col-span-2"
            {...text('name')}
          />
        ) : (
          <TextField
            id="cupom-code"
            label="Código"
            hint="Letras, números, - ou _; o cliente pode digitar em minúsculas."
            maxLength={30}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            controlClassName="font-mono uppercase"
            className="sm:col-span-2"
            {...text('code')}
          />
        )}
        <ChoiceGroup id="cupom-kind" legend="Tipo" error={errors.kind} className="sm:col-span-2">
          <div className="flex flex-wrap gap-x-5">
            {kinds.map((option) => (
              <Choice
                key={option}
                type="radio"
                name="cupom-kind"
                checked={kind === option}
                onChange={() => change({ kind: option })}
              >
                {KIND_LABELS[option]}
              </Choice>
            ))}
          </div>
        </ChoiceGroup>
        {kind === 'free_shipping' ? null : (
          <TextField
            id="cupom-value"
            label={kind === 'percent' ? 'Desconto (%)' : 'Desconto (R$)'}
            inputMode="decimal"
            {...text('value')}
          />
        )}
        {kind === 'percent' && !automatic ? (
          <TextField
            id="cupom-max_discount"
            label="Desconto máximo (R$, opcional)"
            inputMode="decimal"
            {...text('max_discount')}
          />
        ) : null}
        <TextField
          id="cupom-min_order"
          label="Pedido mínimo (R$, opcional)"
          hint="Soma dos produtos pelo preço normal."
          inputMode="decimal"
          {...text('min_order')}
        />
        {kind === 'free_shipping' ? (
          <>
            <ChoiceGroup
              id="cupom-shipping_methods"
              legend="Envios com frete grátis"
              error={errors.shipping_methods}
              className="sm:col-span-2"
            >
              <div className="flex flex-wrap gap-x-5">
                {(['pac', 'sedex'] as const).map((method) => (
                  <Choice
                    key={method}
                    checked={values.shipping_methods.includes(method)}
                    onChange={(on) =>
                      change({ shipping_methods: toggled(values.shipping_methods, method, on) })
                    }
                  >
                    {METHOD_LABELS[method]}
                  </Choice>
                ))}
              </div>
            </ChoiceGroup>
            <div className="sm:col-span-2">
              <CouponStatesField
                allStates={values.all_states}
                states={values.states}
                onChange={change}
                error={errors.states}
              />
            </div>
          </>
        ) : (
          <ChoiceGroup
            id="cupom-scope"
            legend="Onde vale"
            error={errors.scope}
            className="space-y-2 sm:col-span-2"
          >
            <div className="flex flex-wrap gap-x-5">
              <Choice
                type="radio"
                name="cupom-scope"
                checked={values.scope === 'all'}
                onChange={() => change({ scope: 'all' })}
              >
                Toda a loja
              </Choice>
              <Choice
                type="radio"
                name="cupom-scope"
                checked={values.scope === 'chosen'}
                onChange={() => change({ scope: 'chosen' })}
              >
                Categorias ou produtos escolhidos
              </Choice>
            </div>
            {values.scope === 'chosen' ? (
              <>
                <p className="text-sm font-medium text-ink-900">Categorias</p>
                <div className="grid grid-cols-2 gap-x-4 sm:grid-cols-3">
                  {CATEGORY_SLUGS.map((slug) => (
                    <Choice
                      key={slug}
                      checked={values.categories.includes(slug)}
                      onChange={(on) =>
                        change({ categories: toggled(values.categories, slug, on) })
                      }
                    >
                      {CATEGORY_LABELS[slug]}
                    </Choice>
                  ))}
                </div>
                <CouponProductsField
                  ids={values.product_ids}
                  onChange={(ids) => change({ product_ids: ids })}
                />
              </>
            ) : null}
          </ChoiceGroup>
        )}
        <TextField
          id="cupom-starts_at"
          type="datetime-local"
          label="Início (opcional)"
          hint="Horário de Brasília."
          {...text('starts_at')}
        />
        <TextField
          id="cupom-ends_at"
          type="datetime-local"
          label="Fim (opcional)"
          hint="Horário de Brasília."
          {...text('ends_at')}
        />
        {automatic ? null : (
          <>
            <TextField
              id="cupom-usage_limit"
              label="Limite total de usos (opcional)"
              inputMode="numeric"
              {...text('usage_limit')}
            />
            <TextField
              id="cupom-per_customer_limit"
              label="Usos por cliente (opcional)"
              hint="Conta por conta e por CPF."
              inputMode="numeric"
              {...text('per_customer_limit')}
            />
          </>
        )}
        <div className="sm:col-span-2">
          {automatic ? null : (
            <Choice
              checked={values.first_purchase_only}
              onChange={(on) => change({ first_purchase_only: on })}
            >
              Apenas primeira compra
            </Choice>
          )}
          {automatic || kind === 'free_shipping' ? null : (
            <>
              <Choice
                checked={values.combines_with_pix}
                onChange={(on) => change({ combines_with_pix: on })}
              >
                Cumulativo com o desconto do PIX
              </Choice>
              <Choice
                checked={values.combines_with_sale}
                onChange={(on) => change({ combines_with_sale: on })}
              >
                Vale para produtos em promoção
              </Choice>
            </>
          )}
          <Choice checked={values.active} onChange={(on) => change({ active: on })}>
            Ativo
          </Choice>
        </div>
        <Preview values={values} />
        {messages.length > 0 ? (
          <FormAlert kind="error" className="sm:col-span-2" messages={messages} />
        ) : null}
        {serverError ? (
          <FormAlert kind="error" className="sm:col-span-2" messages={[serverError]} />
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="ghost">Cancelar</Button>
          </DialogClose>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Salvando...' : 'Salvar'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
