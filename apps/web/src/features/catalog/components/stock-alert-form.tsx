import { zodResolver } from '@hookform/resolvers/zod';
import {
  STOCK_ALERT_CONSENT_TEXT,
  stockAlertRequestSchema,
} from '@lumina/shared/stock-alerts/stock-alert-schemas';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Link } from 'react-router';
import { MailIcon } from '../../../components/icons.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { CheckboxField, TextField } from '../../../components/ui/form-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { useRequestStockAlert } from '../api/stock-alerts.ts';

const FAILED = 'Não foi possível registrar o aviso. Verifique sua conexão e tente novamente.';

/** The form's part of the request; the variant comes from the page. */
const formSchema = stockAlertRequestSchema.pick({ email: true, consent: true });
type FormValues = z.input<typeof formSchema>;

/**
 * 'Avise-me quando chegar' under a sold-out variant: an e-mail and the consent to this one
 * message. A visitor confirms by the link the shop e-mails; a signed-in shopper with a confirmed
 * address waits at once. Give it `key={variantId}` so a new choice starts a fresh form.
 */
export function StockAlertForm({ variantId }: { variantId: number }) {
  const { user } = useAuth();
  const request = useRequestStockAlert();
  const { register, handleSubmit, formState, setError, getValues, setValue } = useForm<
    FormValues,
    unknown,
    z.output<typeof formSchema>
  >({
    resolver: zodResolver(formSchema),
    defaultValues: { email: user?.email ?? '', consent: false },
  });
  const errors = formState.errors;

  // The session is restored after the first render: its address fills a field still empty.
  const accountEmail = user?.email;
  useEffect(() => {
    if (accountEmail && getValues('email') === '') setValue('email', accountEmail);
  }, [accountEmail, getValues, setValue]);

  const headingId = `avise-me-${variantId}`;
  const verified = user?.email_verified === true;

  if (request.isSuccess) {
    return (
      <section aria-labelledby={headingId} className="rounded-2xl bg-cream-100 p-4">
        <h2 id={headingId} className="font-semibold text-ink-900">
          Avise-me quando chegar
        </h2>
        <FormAlert kind="success" className="mt-3" messages={[request.data.message]} />
      </section>
    );
  }

  const error = request.error;
  const onField = error instanceof ApiError && (error.fields.email || error.fields.consent);
  const failure = error && !onField ? (error instanceof ApiError ? error.message : FAILED) : null;

  return (
    <section aria-labelledby={headingId} className="rounded-2xl bg-cream-100 p-4">
      <h2 id={headingId} className="flex items-center gap-2 font-semibold text-ink-900">
        <MailIcon className="size-5 text-gold-700" />
        Avise-me quando chegar
      </h2>
      <p className="mt-1 text-sm text-ink-700">
        Esta variante está esgotada. Deixe seu e-mail e avisamos quando ela voltar ao estoque.
      </p>
      <form
        noValidate
        className="mt-3 space-y-3"
        onSubmit={(event) =>
          void handleSubmit((values) =>
            request.mutate(
              { variant_id: variantId, ...values },
              {
                onError: (failed) => {
                  if (!(failed instanceof ApiError)) return;
                  for (const field of ['email', 'consent'] as const) {
                    const message = failed.fields[field]?.[0];
                    if (message) setError(field, { type: 'server', message });
                  }
                },
              },
            ),
          )(event)
        }
      >
        <TextField
          id={`${headingId}-email`}
          label="E-mail"
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={254}
          registration={register('email')}
          error={errors.email?.message}
          hint={
            verified
              ? 'Com o e-mail da sua conta, o aviso vale na hora.'
              : 'Enviaremos um link para você confirmar o aviso.'
          }
        />
        <CheckboxField
          id={`${headingId}-consentimento`}
          registration={register('consent')}
          error={errors.consent?.message}
        >
          {STOCK_ALERT_CONSENT_TEXT}{' '}
          <Link
            to="/politica-privacidade"
            target="_blank"
            rel="noopener"
            className="font-semibold text-ink-900 underline underline-offset-2 hover:text-gold-700"
          >
            Política de Privacidade
            <span className="sr-only"> (abre em nova aba)</span>
          </Link>
        </CheckboxField>
        {failure ? <FormAlert kind="error" messages={[failure]} /> : null}
        <Button
          type="submit"
          variant="outline"
          className="w-full sm:w-auto"
          disabled={request.isPending}
        >
          {request.isPending ? 'Enviando...' : 'Avise-me quando chegar'}
        </Button>
      </form>
    </section>
  );
}
