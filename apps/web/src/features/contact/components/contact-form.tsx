import { useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSendContact } from '../api/send-contact.ts';
import {
  CONTACT_EMAIL_MAX,
  CONTACT_MESSAGE_MAX,
  CONTACT_NAME_MAX,
} from '../model/contact-limits.ts';
import {
  fieldErrorsFromBody,
  preloadContactSchema,
  validateContact,
  type ContactErrors,
  type ContactField,
} from '../model/validate-contact.ts';
import { ContactField as Field } from './contact-field.tsx';

const EMPTY = { name: '', email: '', message: '' };
const FALLBACK_ERROR = 'Não foi possível enviar sua mensagem. Tente novamente em alguns instantes.';

export function ContactForm() {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [triedSubmit, setTriedSubmit] = useState(false);
  const [validating, setValidating] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const mutation = useSendContact();

  async function revalidate(next: typeof values) {
    const result = await validateContact(next);
    setErrors(result.ok ? {} : result.errors);
  }

  function update(field: ContactField, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    if (mutation.isSuccess || mutation.isError) mutation.reset();
    // Once the visitor has seen the errors, keep them in step with what they type.
    if (triedSubmit) void revalidate(next);
  }

  function focusFirstInvalid(found: ContactErrors) {
    const first = (['name', 'email', 'message'] as const).find((field) => found[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTriedSubmit(true);
    setValidating(true);
    const result = await validateContact(values);
    setValidating(false);
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstInvalid(result.errors);
      return;
    }
    setErrors({});
    mutation.mutate(result.data, {
      onSuccess: () => {
        setValues(EMPTY);
        setTriedSubmit(false);
      },
      onError: (error) => {
        if (error instanceof ApiError) {
          const fromServer = fieldErrorsFromBody(error.fields);
          setErrors(fromServer);
          focusFirstInvalid(fromServer);
        }
      },
    });
  }

  const busy = validating || mutation.isPending;
  // The API's pt-BR message when it answered; a plain one when the network failed.
  const errorMessage = mutation.error
    ? mutation.error instanceof ApiError
      ? mutation.error.message
      : FALLBACK_ERROR
    : null;

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      onFocus={preloadContactSchema}
      className="space-y-4"
      aria-describedby="contato-ajuda"
    >
      <p id="contato-ajuda" className="text-sm text-ink-700">
        Todos os campos são obrigatórios.
      </p>
      <Field
        id="contato-nome"
        name="name"
        label="Nome"
        value={values.name}
        onChange={(value) => update('name', value)}
        error={errors.name}
        maxLength={CONTACT_NAME_MAX}
        counter
        autoComplete="name"
      />
      <Field
        id="contato-email"
        name="email"
        type="email"
        label="E-mail"
        value={values.email}
        onChange={(value) => update('email', value)}
        error={errors.email}
        maxLength={CONTACT_EMAIL_MAX}
        autoComplete="email"
      />
      <Field
        id="contato-mensagem"
        name="message"
        label="Mensagem"
        multiline
        value={values.message}
        onChange={(value) => update('message', value)}
        error={errors.message}
        maxLength={CONTACT_MESSAGE_MAX}
        counter
      />
      <div role="status" aria-live="polite">
        {mutation.isSuccess ? (
          <p className="rounded-xl bg-success/10 px-4 py-3 text-sm font-medium text-success">
            {mutation.data.message}
          </p>
        ) : null}
      </div>
      <div role="alert">
        {errorMessage ? (
          <p className="rounded-xl bg-sale/10 px-4 py-3 text-sm font-medium text-sale">
            {errorMessage}
          </p>
        ) : null}
      </div>
      <Button type="submit" size="lg" disabled={busy} className="w-full sm:w-auto">
        {mutation.isPending ? 'Enviando...' : 'Enviar mensagem'}
      </Button>
    </form>
  );
}
