import type { CardPaymentMethod, InstalmentRules } from '@lumina/shared/payments/card-instalments';
import { instalmentOptions } from '@lumina/shared/payments/card-rules';
import { PAY_BY_METHOD_MESSAGES } from '@lumina/shared/payments/payment-by-method';
import { formatCpf, isValidCpf } from '@lumina/shared/validation/cpf';
import { onlyDigits } from '@lumina/shared/validation/digits';
import { NAME_MAX } from '@lumina/shared/validation/name';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { TextField } from '../../../components/ui/form-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { payByMethod, rejectedCardReason, type PaymentByMethod } from '../api/pay-by-method.ts';
import { instalmentChoices } from '../card-instalment-choices.ts';
import type { SecureFieldType } from '../mercadopago-sdk.ts';
import { PAYMENT_STEP_TEXTS as T } from '../payment-step-texts.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { SECURE_FIELD_IDS, useSecureFields } from '../use-secure-fields.ts';

type FieldErrors = Partial<Record<'holder' | 'cpf' | SecureFieldType, string>>;

const SECURE_FIELD_ERRORS: Record<SecureFieldType, string> = {
  cardNumber: T.cardNumberInvalid,
  expirationDate: T.expiryInvalid,
  securityCode: T.cvvInvalid,
};

interface SecureFieldBoxProps {
  type: SecureFieldType;
  label: string;
  error?: string;
  focused: boolean;
  className?: string;
}

/**
 * A box MercadoPago.js mounts its iframe in. React renders it empty and never touches what the
 * SDK puts inside; the label names the group, and the iframe's own input carries its label.
 */
function SecureFieldBox({ type, label, error, focused, className }: SecureFieldBoxProps) {
  const id = SECURE_FIELD_IDS[type];
  return (
    <div className={className}>
      <span id={`${id}-rotulo`} className="block text-sm font-medium text-ink-900">
        {label}
      </span>
      <div
        id={id}
        role="group"
        aria-labelledby={`${id}-rotulo`}
        aria-describedby={error ? `${id}-erro` : undefined}
        className={cn(
          'mt-1 h-12 overflow-hidden rounded-xl border bg-white',
          focused
            ? 'border-gold-600 outline-2 outline-offset-1 outline-gold-600'
            : error
              ? 'border-sale'
              : 'border-ink-300',
        )}
      />
      {error ? (
        <p id={`${id}-erro`} className="mt-1 text-xs font-medium text-sale">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export interface CardFormProps {
  orderId: number;
  totalCents: number;
  rules: InstalmentRules;
  card: CardPaymentMethod;
  /** The order's CPF, offered as the holder's. */
  defaultCpf: string;
  /** Approved or in review (the server's answer). */
  onPaid: (payment: PaymentByMethod) => void;
  /** Refused, with the server's pt-BR reason. */
  onRejected: (reason: string) => void;
}

/**
 * The card form: the holder's name and CPF are the shop's fields, the number, expiry and CVV
 * MercadoPago's secure fields; the instalments follow the shop's rules and the issuer's plan.
 * One click pays once: the button is held until the answer, and a second submit is ignored.
 */
export function CardForm({
  orderId,
  totalCents,
  rules,
  card,
  defaultCpf,
  onPaid,
  onRejected,
}: CardFormProps) {
  const sdk = useSecureFields(card, totalCents);
  const [holder, setHolder] = useState('');
  const [cpf, setCpf] = useState(() => formatCpf(onlyDigits(defaultCpf)));
  const [chosen, setChosen] = useState(1);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const busy = useRef(false);

  const choices = instalmentChoices(totalCents, rules, sdk.brand?.plan ?? null);
  const installments = choices.some((c) => c.installments === chosen) ? chosen : 1;
  // Counts with interest wait for the card's BIN: their amount is the issuer's.
  const moreWithInterest =
    !sdk.brand?.plan && instalmentOptions(totalCents, rules).length > choices.length;

  function check(): FieldErrors {
    const found: FieldErrors = {};
    if (holder.trim().length < 2) found.holder = T.holderRequired;
    for (const type of Object.keys(SECURE_FIELD_ERRORS) as SecureFieldType[]) {
      if (!sdk.valid[type]) found[type] = SECURE_FIELD_ERRORS[type];
    }
    if (!isValidCpf(onlyDigits(cpf))) found.cpf = PAY_BY_METHOD_MESSAGES.cpf;
    return found;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy.current) return;
    const mp = sdk.mercadoPago.current;
    const found = check();
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0 || !mp) return;
    const paymentMethodId = sdk.brand?.paymentMethodId;
    if (!paymentMethodId) {
      setFormError(PAY_BY_METHOD_MESSAGES.paymentMethodId);
      return;
    }
    busy.current = true;
    setPaying(true);
    const digits = onlyDigits(cpf);
    try {
      let token: string;
      try {
        token = (
          await mp.fields.createCardToken({
            cardholderName: holder.trim(),
            identificationType: 'CPF',
            identificationNumber: digits,
          })
        ).id;
      } catch {
        setFormError(T.tokenFailed);
        return;
      }
      const payment = await payByMethod(orderId, {
        method: 'card',
        token,
        installments,
        payment_method_id: paymentMethodId,
        issuer_id: sdk.brand?.issuerId ?? null,
        payer: { cpf: digits },
      });
      if (payment.status === 'rejected') onRejected(payment.message);
      else onPaid(payment);
    } catch (failure) {
      const reason = rejectedCardReason(failure);
      if (reason) onRejected(reason);
      else
        setFormError(
          (failure instanceof ApiError ? failure.serverMessage : undefined) ?? T.payFailed,
        );
    } finally {
      busy.current = false;
      setPaying(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby="cartao-titulo"
      aria-busy={paying}
      className="rounded-2xl bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="cartao-titulo" className="font-serif text-xl text-ink-900">
        Dados do cartão
      </h2>
      <p className="mt-1 text-xs text-ink-600">{T.secureNote}</p>
      {sdk.status === 'loading' ? (
        <div className="mt-3">
          <Spinner label={T.sdkLoading} />
        </div>
      ) : null}
      {sdk.status === 'failed' ? (
        <FormAlert kind="error" className="mt-3">
          <p>{T.sdkFailed}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={sdk.retry}>
            {T.tryAgain}
          </Button>
        </FormAlert>
      ) : null}
      <fieldset disabled={paying} className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField
          id="cartao-titular"
          label={T.holder}
          autoComplete="cc-name"
          autoCapitalize="characters"
          maxLength={NAME_MAX}
          aria-required
          value={holder}
          onChange={(event) => setHolder(event.target.value)}
          error={errors.holder}
          className="sm:col-span-2"
        />
        <SecureFieldBox
          type="cardNumber"
          label={T.cardNumber}
          error={errors.cardNumber}
          focused={sdk.focused === 'cardNumber'}
          className="sm:col-span-2"
        />
        <SecureFieldBox
          type="expirationDate"
          label={T.expiry}
          error={errors.expirationDate}
          focused={sdk.focused === 'expirationDate'}
        />
        <SecureFieldBox
          type="securityCode"
          label={T.cvv}
          error={errors.securityCode}
          focused={sdk.focused === 'securityCode'}
        />
        <TextField
          id="cartao-cpf"
          label={T.cpf}
          inputMode="numeric"
          placeholder="000.000.000-00"
          maxLength={14}
          aria-required
          value={cpf}
          onChange={(event) => setCpf(formatCpf(onlyDigits(event.target.value).slice(0, 11)))}
          error={errors.cpf}
        />
        {/* Full width: an instalment with interest reads '5x de R$ 24,17 com juros (total ...)'. */}
        <div className="sm:col-span-2">
          <label htmlFor="cartao-parcelas" className="block text-sm font-medium text-ink-900">
            {T.instalments}
          </label>
          <select
            id="cartao-parcelas"
            value={installments}
            onChange={(event) => setChosen(Number(event.target.value))}
            aria-describedby={moreWithInterest ? 'cartao-parcelas-dica' : undefined}
            className="mt-1 w-full rounded-xl border border-ink-300 bg-white px-3 py-2.5 text-base text-ink-900 focus:border-gold-600 focus:outline-none focus-visible:outline-2 focus-visible:outline-gold-600"
          >
            {choices.map((choice) => (
              <option key={choice.installments} value={choice.installments}>
                {choice.label}
              </option>
            ))}
          </select>
          {moreWithInterest ? (
            <p id="cartao-parcelas-dica" className="mt-1 text-xs text-ink-600">
              {T.instalmentsHint}
            </p>
          ) : null}
        </div>
      </fieldset>
      {formError ? <FormAlert kind="error" messages={[formError]} className="mt-4" /> : null}
      <Button
        type="submit"
        size="lg"
        className="mt-5 w-full"
        disabled={paying || sdk.status !== 'ready'}
      >
        {paying ? T.paying : T.pay}
      </Button>
    </form>
  );
}
