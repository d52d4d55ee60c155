import { WHATSAPP_TEXTS, type WhatsappStatusJson } from '@lumina/shared/whatsapp/order-updates';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { TextField } from '../../../components/ui/form-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useRemoveWhatsApp, useSaveWhatsApp, useWhatsAppStatus } from '../api/whatsapp.ts';

type Status = WhatsappStatusJson['whatsapp'];

/** The templates the owner registers in WhatsApp Manager, with their texts to copy. */
function Templates({ templates }: { templates: Status['templates'] }) {
  return (
    <details className="rounded-xl bg-cream-50 p-3">
      <summary className="cursor-pointer font-medium text-ink-900">
        Modelos a cadastrar no WhatsApp Manager (categoria Utilidade, Português (BR))
      </summary>
      <ul className="mt-2 space-y-2">
        {templates.map((template) => (
          <li key={template.name}>
            <p className="font-mono text-xs text-ink-900">{template.name}</p>
            <p>{template.text}</p>
            <p className="text-xs text-ink-600">
              {template.parameters.map((name, index) => `{{${index + 1}}} ${name}`).join(' · ')}
            </p>
          </li>
        ))}
      </ul>
    </details>
  );
}

function SettingsForm({ status }: { status: Status }) {
  const save = useSaveWhatsApp();
  const remove = useRemoveWhatsApp();
  const [phoneNumberId, setPhoneNumberId] = useState(status.phone_number_id ?? '');
  const [token, setToken] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const fields = save.error instanceof ApiError ? save.error.fields : {};
  const busy = save.isPending || remove.isPending;
  const error =
    (save.error && Object.keys(fields).length === 0 ? save.error.message : null) ??
    remove.error?.message ??
    null;

  return (
    <form
      noValidate
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        setNotice(null);
        save.mutate(
          { phone_number_id: phoneNumberId, ...(token ? { access_token: token } : {}) },
          {
            onSuccess: () => {
              setToken('');
              setNotice(WHATSAPP_TEXTS.saved);
            },
          },
        );
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          id="whatsapp-phone-number-id"
          label="ID do número (Phone number ID)"
          inputMode="numeric"
          autoComplete="off"
          value={phoneNumberId}
          onChange={(event) => setPhoneNumberId(event.currentTarget.value)}
          error={fields['whatsapp.phone_number_id']?.[0]}
        />
        <TextField
          id="whatsapp-access-token"
          label="Token de acesso"
          type="password"
          autoComplete="off"
          value={token}
          onChange={(event) => setToken(event.currentTarget.value)}
          hint={
            status.token_hint
              ? `Salvo: ${status.token_hint}. Deixe em branco para manter.`
              : 'Token permanente de um usuário do sistema do Business Manager.'
          }
          error={fields['whatsapp.access_token']?.[0]}
        />
      </div>
      {error ? <FormAlert kind="error" messages={[error]} /> : null}
      {notice ? <FormAlert kind="success" messages={[notice]} /> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy} aria-busy={save.isPending}>
          Salvar WhatsApp
        </Button>
        {status.source === 'panel' ? (
          <Button
            type="button"
            variant="ghost"
            disabled={busy}
            onClick={() => {
              setNotice(null);
              remove.mutate(undefined, {
                onSuccess: () => {
                  setPhoneNumberId('');
                  setNotice(WHATSAPP_TEXTS.removed);
                },
              });
            }}
          >
            Desligar
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/**
 * The settings page's WhatsApp card: whether the order updates go by WhatsApp (set on the server,
 * in this panel, or off), the number's id and token to set them, and the templates to register.
 */
export function WhatsAppCard() {
  const status = useWhatsAppStatus();
  const data = status.data?.whatsapp;
  return (
    <section
      aria-label={WHATSAPP_TEXTS.cardTitle}
      className="space-y-3 rounded-2xl border border-ink-300/60 bg-white p-4 text-sm text-ink-800 sm:p-5"
    >
      <h2 className="font-serif text-xl text-ink-900">{WHATSAPP_TEXTS.cardTitle}</h2>
      {status.isError ? <FormAlert kind="error" messages={[status.error.message]} /> : null}
      {status.isPending ? <Spinner label="Carregando o WhatsApp..." /> : null}
      {data ? (
        <>
          <p>
            {data.source === 'server'
              ? WHATSAPP_TEXTS.viaServer
              : data.configured
                ? WHATSAPP_TEXTS.viaPanel
                : WHATSAPP_TEXTS.notConfigured}
          </p>
          {data.source === 'server' ? null : <SettingsForm status={data} />}
          <Templates templates={data.templates} />
        </>
      ) : null}
    </section>
  );
}
