import { zodResolver } from '@hookform/resolvers/zod';
import { BRAZIL_STATES } from '@lumina/shared/addresses/brazil-states';
import {
  type AdminSettingsAnswer,
  type MissingSetting,
  REQUIRED_FOR_PUBLIC_SHOP,
  SETTINGS_MESSAGES,
  type StoreSettings,
  type StoreSettingsInput,
  storeSettingsInputSchema,
} from '@lumina/shared/settings/store-settings';
import { formatCep } from '@lumina/shared/validation/cep';
import { formatPhone } from '@lumina/shared/validation/phone';
import { type ReactNode, useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { SelectField, TextField, withMask } from '../../../components/ui/form-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { CepLookupHint } from '../../../lib/cep/cep-lookup-hint.tsx';
import { useCepAutofill } from '../../../lib/cep/use-cep-autofill.ts';
import { useSaveStoreSettings, useStoreSettings } from '../api/settings.ts';
import { autoInvoiceOf, formFieldOf, settingsFormValues } from '../model/settings-form.ts';
import { AutoInvoiceField } from './auto-invoice-field.tsx';
import { FeedsCard } from './feeds-card.tsx';
import { WhatsAppCard } from './whatsapp-card.tsx';
import { MelhorEnvioCard } from './melhor-envio-card.tsx';
import { PolicyEditor } from './policy-editor.tsx';

type Field = FieldPath<StoreSettingsInput>;

const MISSING_LABELS = Object.fromEntries(REQUIRED_FOR_PUBLIC_SHOP) as Record<
  MissingSetting,
  string
>;

/** The checklist of what a public shop still needs (consumer law: who sells, where, how). */
function MissingBox({ missing }: { missing: readonly MissingSetting[] }) {
  if (missing.length === 0) {
    return (
      <FormAlert kind="success" messages={['A loja tem tudo o que precisa para ficar pública.']} />
    );
  }
  return (
    <FormAlert
      kind="warning"
      title="Antes de deixar a loja pública, preencha:"
      messages={missing.map((key) => MISSING_LABELS[key])}
    />
  );
}

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-2xl border border-ink-300/60 bg-white p-4 sm:p-5">
      <legend className="px-1 font-serif text-xl text-ink-900">{title}</legend>
      {hint ? <p className="mb-3 text-sm text-ink-700">{hint}</p> : null}
      <div className="grid gap-3 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

function SettingsForm({ answer }: { answer: AdminSettingsAnswer }) {
  const save = useSaveStoreSettings();
  const [saved, setSaved] = useState(false);
  // Kept beside the form's fields (a switch, not a typed value) and sent with them on each save.
  const [autoInvoice, setAutoInvoice] = useState(() => autoInvoiceOf(answer.settings));
  const { register, handleSubmit, formState, setError, getValues, setValue, reset } = useForm<
    StoreSettingsInput,
    unknown,
    StoreSettings
  >({
    resolver: zodResolver(storeSettingsInputSchema),
    defaultValues: settingsFormValues(answer.settings),
  });
  const errors = formState.errors;
  const cepLookup = useCepAutofill({
    read: (field) => getValues(`address.${field}`) ?? '',
    write: (field, value) =>
      setValue(`address.${field}`, value, {
        shouldDirty: true,
        shouldValidate: formState.isSubmitted,
      }),
  });

  /** The message of a field, wherever it sits in the document. */
  const errorOf = (field: Field): string | undefined => {
    let node: unknown = errors;
    for (const key of field.split('.')) node = (node as Record<string, unknown> | undefined)?.[key];
    return (node as { message?: string } | undefined)?.message;
  };
  const text = (
    field: Field,
    label: string,
    extra: {
      hint?: ReactNode;
      className?: string;
      inputMode?: 'numeric' | 'email' | 'tel' | 'decimal' | 'url';
      mask?: (value: string) => string;
      maxLength?: number;
      autoComplete?: string;
    } = {},
  ) => {
    const registration = register(field);
    return (
      <TextField
        id={`loja-${field.replaceAll('.', '-')}`}
        label={label}
        registration={extra.mask ? withMask(registration, extra.mask) : registration}
        error={errorOf(field)}
        hint={extra.hint}
        className={extra.className}
        inputMode={extra.inputMode}
        maxLength={extra.maxLength}
        autoComplete={extra.autoComplete ?? 'off'}
      />
    );
  };

  const submit = handleSubmit(() => {
    setSaved(false);
    // The API parses the same typed values the form checked (its schema is this one).
    save.mutate(
      { ...getValues(), auto_invoice: autoInvoice },
      {
        onSuccess: (next) => {
          reset(settingsFormValues(next.settings));
          setAutoInvoice(autoInvoiceOf(next.settings));
          setSaved(true);
        },
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          for (const [field, messages] of Object.entries(error.fields)) {
            const message = messages[0];
            if (message) setError(formFieldOf(field) as Field, { message });
          }
        },
      },
    );
  });

  const serverError =
    save.error && !(save.error instanceof ApiError && Object.keys(save.error.fields).length > 0)
      ? save.error.message
      : null;
  const current = save.data ?? answer;
  const unsaved = formState.isDirty || autoInvoice !== autoInvoiceOf(current.settings);
  const cepRegistration = withMask(register('address.zip_code'), formatCep);

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-5">
      <MissingBox missing={current.missing} />
      <Section title="Identidade" hint="Como a loja se apresenta e o documento de quem vende.">
        {text('trade_name', 'Nome fantasia', { maxLength: 120 })}
        {text('legal_name', 'Razão social', { maxLength: 160 })}
        {text('document', 'CNPJ ou CPF', { inputMode: 'numeric', maxLength: 18 })}
      </Section>

      <Section
        title="Endereço"
        hint="O endereço de quem vende, mostrado no rodapé e nas políticas."
      >
        <div>
          <TextField
            id="loja-address-zip_code"
            label="CEP"
            inputMode="numeric"
            maxLength={9}
            autoComplete="off"
            registration={{
              ...cepRegistration,
              onChange: async (event) => {
                const result = await cepRegistration.onChange(event);
                cepLookup.onCepChange(getValues('address.zip_code') ?? '');
                return result;
              },
            }}
            error={errorOf('address.zip_code')}
            describedBy="loja-cep-busca"
          />
          <CepLookupHint id="loja-cep-busca" status={cepLookup.status} />
        </div>
        {text('address.street', 'Rua', { maxLength: 200 })}
        {text('address.number', 'Número', { maxLength: 20 })}
        {text('address.complement', 'Complemento (opcional)', { maxLength: 100 })}
        {text('address.neighborhood', 'Bairro', { maxLength: 100 })}
        {text('address.city', 'Cidade', { maxLength: 100 })}
        <SelectField
          id="loja-address-state"
          label="UF"
          registration={register('address.state')}
          error={errorOf('address.state')}
        >
          <option value="">Selecione</option>
          {Object.entries(BRAZIL_STATES).map(([code, name]) => (
            <option key={code} value={code}>
              {code} - {name}
            </option>
          ))}
        </SelectField>
      </Section>

      <Section title="Atendimento">
        {text('sac_email', 'Email do SAC', { inputMode: 'email' })}
        {text('phone', 'Telefone', { inputMode: 'tel', mask: formatPhone, maxLength: 15 })}
        {text('whatsapp', 'WhatsApp', {
          inputMode: 'tel',
          mask: formatPhone,
          maxLength: 15,
          hint: 'Celular com DDD, por exemplo (11) 98765-4321.',
        })}
        {text('business_hours', 'Horário de atendimento', {
          maxLength: 200,
          hint: 'Por exemplo: segunda a sexta, das 9h às 18h.',
        })}
      </Section>

      <Section
        title="Encarregado de dados (LGPD)"
        hint="Opcional: quem responde pelos dados pessoais dos clientes. Sem email aqui, os pedidos sobre dados vão para o email do SAC."
      >
        {text('dpo_name', 'Nome do encarregado (opcional)', { maxLength: 120 })}
        {text('dpo_email', 'Email do encarregado (opcional)', { inputMode: 'email' })}
      </Section>

      <Section title="E-mails" hint="Quem assina os e-mails da loja e para onde vão as respostas.">
        {text('mail_from', 'Remetente', { hint: 'Nome <email@loja.com.br>' })}
        {text('reply_to', 'Responder para', { inputMode: 'email' })}
      </Section>

      <Section title="Preços e frete">
        {text('pix_discount_percent', 'Desconto no PIX (%)', {
          inputMode: 'decimal',
          maxLength: 6,
        })}
        {text('free_shipping_threshold', 'Frete grátis a partir de (R$)', {
          inputMode: 'decimal',
          hint: 'Em branco: sem frete grátis.',
        })}
      </Section>

      <Section title="Parcelamento">
        {text('installments.max', 'Máximo de parcelas', { inputMode: 'numeric', maxLength: 2 })}
        {text('installments.interest_free', 'Parcelas sem juros', {
          inputMode: 'numeric',
          maxLength: 2,
        })}
        {text('installments.min_installment', 'Parcela mínima (R$)', { inputMode: 'decimal' })}
      </Section>

      <Section title="Boleto">
        {text('boleto_due_days', 'Vencimento do boleto (dias)', {
          inputMode: 'numeric',
          maxLength: 2,
          hint: 'De 1 a 30 dias. O pedido espera até o fim do dia útil seguinte ao vencimento.',
        })}
      </Section>

      <Section title="Estoque">
        {text('low_stock_threshold', 'Avisar quando o estoque de uma variante chegar a', {
          inputMode: 'numeric',
          maxLength: 5,
          hint: 'Unidades. A equipe do catálogo recebe um e-mail quando uma variante chega a esse número (0: só quando esgota). Cada variante pode ter o seu mínimo na grade do produto.',
        })}
      </Section>

      <Section
        title="Avise-me quando chegar"
        hint="Quando uma variante esgotada volta ao estoque, os clientes que pediram aviso recebem um e-mail, na ordem em que pediram. Poucos por vez, para não chamar mais gente do que há peças; os demais esperam a próxima reposição."
      >
        {text('stock_alerts_per_unit', 'Avisos por unidade reposta', {
          inputMode: 'numeric',
          maxLength: 3,
          hint: 'Por exemplo, 3: repor 2 peças avisa 6 pessoas.',
        })}
        {text('stock_alerts_per_restock', 'Máximo de avisos por reposição', {
          inputMode: 'numeric',
          maxLength: 4,
        })}
      </Section>

      <AutoInvoiceField checked={autoInvoice} onChange={setAutoInvoice} />

      <Section
        title="Lembretes"
        hint="Um e-mail para quem deixou o carrinho ou não pagou o PIX a tempo, com as peças ainda disponíveis e um link que recupera o carrinho; um segundo 24 horas depois, e nenhum outro. Só para quem aceitou receber comunicações de marketing."
      >
        {text('reminder_delay_hours', 'Enviar o lembrete depois de (horas)', {
          inputMode: 'decimal',
          maxLength: 6,
          hint: 'De 0,01 a 168 horas; 0,5 é meia hora.',
        })}
      </Section>

      <Section title="Redes sociais" hint="O @perfil ou o endereço do perfil.">
        {text('social.instagram', 'Instagram')}
        {text('social.facebook', 'Facebook')}
        {text('social.tiktok', 'TikTok')}
      </Section>

      <fieldset className="space-y-4 rounded-2xl border border-ink-300/60 bg-white p-4 sm:p-5">
        <legend className="px-1 font-serif text-xl text-ink-900">Políticas</legend>
        {(
          [
            ['policies.terms', 'Termos de uso'],
            ['policies.returns', 'Trocas e devoluções'],
            ['policies.shipping', 'Política de envio'],
          ] as const
        ).map(([field, label]) => (
          <PolicyEditor
            key={field}
            id={`loja-${field.replace('.', '-')}`}
            label={label}
            registration={register(field)}
            error={errorOf(field)}
            onEdit={(value) => setValue(field, value, { shouldDirty: true })}
          />
        ))}
      </fieldset>

      {serverError ? <FormAlert kind="error" messages={[serverError]} /> : null}
      {saved && !unsaved ? <FormAlert kind="success" messages={[SETTINGS_MESSAGES.saved]} /> : null}
      <div className="sticky bottom-0 -mx-4 border-t border-cream-200 bg-cream-50/95 px-4 py-3 sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0">
        <Button
          type="submit"
          variant="primary"
          disabled={save.isPending}
          className="w-full sm:w-auto"
        >
          {save.isPending ? 'Salvando...' : 'Salvar configurações'}
        </Button>
      </div>
    </form>
  );
}

/** /admin/loja: the shop's own settings, so it goes live without changes to the code. */
export function SettingsPage() {
  const settings = useStoreSettings();
  return (
    <section aria-labelledby="loja-admin" className="mx-auto max-w-4xl space-y-5">
      <div>
        <h1 id="loja-admin" className="font-serif text-3xl text-ink-900">
          Loja
        </h1>
        <p className="mt-1 text-sm text-ink-700">
          Os dados da loja que os clientes veem, os e-mails, os preços do PIX, o frete grátis e as
          políticas.
        </p>
      </div>
      <MelhorEnvioCard />
      <FeedsCard />
      <WhatsAppCard />
      {settings.isError ? (
        <FormAlert kind="error" messages={[settings.error.message]}>
          <Button
            size="sm"
            variant="outline"
            className="mt-2"
            onClick={() => void settings.refetch()}
          >
            Tentar novamente
          </Button>
        </FormAlert>
      ) : null}
      {settings.data ? <SettingsForm answer={settings.data} /> : null}
      {settings.isPending ? <Spinner /> : null}
    </section>
  );
}
