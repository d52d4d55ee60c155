import { zodResolver } from '@hookform/resolvers/zod';
import {
  acceptInvitationSchema,
  type AcceptInvitationInput,
  STAFF_ROLE_DESCRIPTIONS,
  type InvitationPreview,
} from '@lumina/shared/admin/staff';
import { STAFF_ROLE_LABELS } from '@lumina/shared/admin/staff-roles';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { NewPasswordFields } from '../../../components/new-password-fields.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { TextField } from '../../../components/ui/form-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAcceptInvitation, useInvitation } from '../api/invitation.ts';

const FIELDS = ['name', 'password', 'password_confirmation'] as const;

function SignInLink() {
  return (
    <Link to="/minha-conta" className={buttonClasses({ className: 'mt-4 w-full' })}>
      Entrar
    </Link>
  );
}

function AcceptForm({
  token,
  invitation,
}: {
  token: string;
  invitation: InvitationPreview['invitation'];
}) {
  const accept = useAcceptInvitation(token);
  const { register, handleSubmit, formState, setError } = useForm<AcceptInvitationInput>({
    resolver: zodResolver(acceptInvitationSchema),
    defaultValues: { name: '', password: '', password_confirmation: '' },
  });
  const errors = formState.errors;

  if (accept.isSuccess) {
    return (
      <>
        <FormAlert kind="success" className="mt-6" messages={[accept.data.message]} />
        <SignInLink />
      </>
    );
  }

  const error = accept.error;
  const onFields = error instanceof ApiError && FIELDS.some((field) => error.fields[field]);
  const failure = error && !onFields ? error.message : null;

  return (
    <form
      noValidate
      onSubmit={(event) =>
        void handleSubmit((body) =>
          accept.mutate(body, {
            onError: (error) => {
              if (!(error instanceof ApiError)) return;
              for (const field of FIELDS) {
                const message = error.fields[field]?.[0];
                if (message) setError(field, { type: 'server', message });
              }
            },
          }),
        )(event)
      }
      className="mt-6 space-y-4"
    >
      {failure ? <FormAlert kind="error" messages={[failure]} /> : null}
      <TextField id="convite-email-fixo" label="E-mail" value={invitation.email} readOnly />
      <TextField
        id="convite-nome"
        label="Nome completo"
        autoComplete="name"
        registration={register('name')}
        error={errors.name?.message}
      />
      <NewPasswordFields
        label="Senha"
        ids={{ password: 'convite-senha', confirmation: 'convite-confirmacao' }}
        registrations={{
          password: register('password'),
          confirmation: register('password_confirmation'),
        }}
        errors={{
          password: errors.password?.message,
          confirmation: errors.password_confirmation?.message,
        }}
      />
      <Button type="submit" className="w-full" disabled={accept.isPending}>
        {accept.isPending ? 'Criando conta...' : 'Aceitar convite'}
      </Button>
    </form>
  );
}

/** /convite/:token: the invitee sees the shop and the role, and sets a name and a password. */
export function InvitationPage({ token }: { token: string }) {
  const invitation = useInvitation(token);

  let heading = 'Convite para a equipe';
  let body: ReactNode;
  if (invitation.isPending) {
    body = (
      <div className="mt-8 flex justify-center">
        <Spinner label="Verificando convite..." />
      </div>
    );
  } else if (invitation.isError) {
    // The server's pt-BR reason: unknown, expired, used or cancelled.
    body = (
      <>
        <FormAlert kind="error" className="mt-6" messages={[invitation.error.message]} />
        {invitation.error instanceof ApiError && invitation.error.code === 'invitation_used' ? (
          <SignInLink />
        ) : null}
      </>
    );
  } else {
    const { shop_name: shop, role } = invitation.data.invitation;
    heading = `Equipe da ${shop}`;
    body = (
      <>
        <p className="mt-2 text-ink-700">
          Você foi convidado(a) com o perfil{' '}
          <strong className="text-ink-900">{STAFF_ROLE_LABELS[role]}</strong>:{' '}
          {STAFF_ROLE_DESCRIPTIONS[role]}
        </p>
        <AcceptForm token={token} invitation={invitation.data.invitation} />
      </>
    );
  }

  return (
    <div className="mx-auto max-w-lg px-4 py-10 sm:py-16">
      <div className="rounded-2xl border border-ink-300 bg-white p-6 shadow-sm sm:p-10">
        <h1 className="font-serif text-3xl text-ink-900">{heading}</h1>
        {body}
      </div>
    </div>
  );
}
