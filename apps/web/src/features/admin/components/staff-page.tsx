import { zodResolver } from '@hookform/resolvers/zod';
import {
  inviteStaffSchema,
  STAFF_ROLE_DESCRIPTIONS,
  type StaffInvitation,
  type StaffMember,
} from '@lumina/shared/admin/staff';
import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from '@lumina/shared/admin/staff-roles';
import { formatDate, formatDateTime } from '@lumina/shared/format/dates';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { SelectField, TextField } from '../../../components/ui/form-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import {
  useAdminStaff,
  useChangeStaffRole,
  useInviteStaff,
  useRemoveStaff,
  useRevokeInvitation,
} from '../api/staff.ts';
import { ConfirmDialog, type RowDialogProps } from './dialog-actions.tsx';
import { usePickedDialog } from './use-action-dialog.ts';

const inviteFormSchema = inviteStaffSchema.shape.staff;
type InviteForm = z.input<typeof inviteFormSchema>;

function RoleOptions() {
  return STAFF_ROLES.map((role) => (
    <option key={role} value={role}>
      {STAFF_ROLE_LABELS[role]}
    </option>
  ));
}

/** The 'Convidar' form: e-mail and role, with what the chosen role may do under the select. */
function InviteForm({ onDone }: { onDone: (message: string) => void }) {
  const invite = useInviteStaff();
  const { register, handleSubmit, formState, control, setError, reset } = useForm<InviteForm>({
    resolver: zodResolver(inviteFormSchema),
    defaultValues: { email: '', role: 'operator' },
  });
  const role = useWatch({ control, name: 'role' });
  const fieldError = (error: unknown, field: keyof InviteForm) =>
    error instanceof ApiError ? error.fields[`staff.${field}`]?.[0] : undefined;
  const failure =
    invite.error && !fieldError(invite.error, 'email') && !fieldError(invite.error, 'role')
      ? invite.error.message
      : null;

  const onValid = (staff: InviteForm) => {
    invite.mutate(staff, {
      onSuccess: ({ invitation }) => {
        reset({ email: '', role: staff.role });
        onDone(`Convite enviado para ${invitation.email}.`);
      },
      onError: (error) => {
        for (const field of ['email', 'role'] as const) {
          const message = fieldError(error, field);
          if (message) setError(field, { type: 'server', message });
        }
      },
    });
  };

  return (
    <section
      aria-labelledby="equipe-convidar"
      className="rounded-2xl border border-ink-300/60 bg-white p-4 sm:p-6"
    >
      <h2 id="equipe-convidar" className="font-serif text-2xl text-ink-900">
        Convidar
      </h2>
      <form
        noValidate
        onSubmit={(event) => void handleSubmit(onValid)(event)}
        className="mt-4 grid gap-4 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)_auto] md:items-start"
      >
        <TextField
          id="convite-email"
          label="E-mail"
          type="email"
          autoComplete="off"
          registration={register('email')}
          error={formState.errors.email?.message}
        />
        <div>
          <SelectField
            id="convite-perfil"
            label="Perfil"
            registration={register('role')}
            error={formState.errors.role?.message}
          >
            <RoleOptions />
          </SelectField>
          <p className="mt-1 text-xs text-ink-700" data-testid="convite-descricao">
            {STAFF_ROLE_DESCRIPTIONS[role] ?? ''}
          </p>
        </div>
        <Button type="submit" className="w-full md:mt-6 md:w-auto" disabled={invite.isPending}>
          {invite.isPending ? 'Enviando...' : 'Convidar'}
        </Button>
      </form>
      {failure ? <FormAlert kind="error" className="mt-4" messages={[failure]} /> : null}
    </section>
  );
}

function ChangeRoleDialog({ member, onClose, onDone }: { member: StaffMember } & RowDialogProps) {
  const change = useChangeStaffRole();
  const [role, setRole] = useState<StaffRole>(member.role);
  return (
    <ConfirmDialog
      title="Alterar perfil"
      description={`${member.name} (${member.email}) sairá de todas as sessões e entrará de novo com o novo perfil.`}
      action="Salvar perfil"
      pendingLabel="Salvando..."
      variant="primary"
      mutation={change}
      disabled={role === member.role}
      onClose={onClose}
      onConfirm={() =>
        change.mutate(
          { id: member.id, role },
          {
            onSuccess: () =>
              onDone(`${member.name} agora tem o perfil ${STAFF_ROLE_LABELS[role]}.`),
          },
        )
      }
    >
      <label htmlFor="perfil-novo" className="mt-4 block text-sm font-medium text-ink-900">
        Perfil
      </label>
      <select
        id="perfil-novo"
        value={role}
        onChange={(event) => setRole(event.target.value as StaffRole)}
        aria-describedby="perfil-novo-dica"
        className="mt-1 w-full rounded-xl border border-ink-300 bg-white px-4 py-2.5 text-base text-ink-900"
      >
        <RoleOptions />
      </select>
      <p id="perfil-novo-dica" className="mt-1 text-xs text-ink-700">
        {STAFF_ROLE_DESCRIPTIONS[role]}
      </p>
    </ConfirmDialog>
  );
}

function RemoveDialog({ member, onClose, onDone }: { member: StaffMember } & RowDialogProps) {
  const remove = useRemoveStaff();
  return (
    <ConfirmDialog
      title="Remover acesso"
      description={`Remover o acesso de ${member.name} (${member.email}) ao painel? A pessoa sai de todas as sessões na hora e continua apenas como cliente da loja.`}
      action="Remover acesso"
      pendingLabel="Removendo..."
      mutation={remove}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(member.id, { onSuccess: () => onDone(`Acesso de ${member.name} removido.`) })
      }
    />
  );
}

function RevokeDialog({
  invitation,
  onClose,
  onDone,
}: { invitation: StaffInvitation } & RowDialogProps) {
  const revoke = useRevokeInvitation();
  return (
    <ConfirmDialog
      title="Cancelar convite"
      description={`Cancelar o convite de ${invitation.email}? O link enviado deixa de funcionar.`}
      action="Cancelar convite"
      pendingLabel="Cancelando..."
      mutation={revoke}
      onClose={onClose}
      onConfirm={() =>
        revoke.mutate(invitation.id, {
          onSuccess: () => onDone(`Convite de ${invitation.email} cancelado.`),
        })
      }
    />
  );
}

function MemberRow({
  member,
  isMe,
  onChange,
  onRemove,
}: {
  member: StaffMember;
  isMe: boolean;
  onChange: () => void;
  onRemove: () => void;
}) {
  return (
    <li className="grid gap-3 rounded-2xl border border-ink-300/60 bg-white p-4 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)_auto] md:items-center">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold break-words text-ink-900">{member.name}</span>
          {isMe ? <Badge variant="muted">Você</Badge> : null}
        </p>
        <p className="text-sm break-all text-ink-700">{member.email}</p>
      </div>
      <div className="text-sm">
        <p className="font-medium text-ink-900">{STAFF_ROLE_LABELS[member.role]}</p>
        <p className="text-xs text-ink-700">
          {member.last_sign_in_at
            ? `Último acesso em ${formatDateTime(member.last_sign_in_at)}`
            : 'Ainda não entrou'}
        </p>
      </div>
      <div className="flex flex-wrap gap-1 md:justify-end">
        <Button
          size="sm"
          variant="outline"
          onClick={onChange}
          aria-label={`Alterar perfil de ${member.name}`}
        >
          Alterar perfil
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={onRemove}
          aria-label={`Remover acesso de ${member.name}`}
        >
          Remover acesso
        </Button>
      </div>
    </li>
  );
}

type Open =
  | { kind: 'role'; member: StaffMember }
  | { kind: 'remove'; member: StaffMember }
  | { kind: 'revoke'; invitation: StaffInvitation };

/** 'Equipe': who runs the shop with which role, the pending invitations, and the invite form. */
export function StaffPage() {
  const staff = useAdminStaff();
  const { user } = useAuth();
  const { picked: open, result, pick: show, close, done } = usePickedDialog<Open>();
  const members = staff.data?.staff ?? [];
  const invitations = staff.data?.invitations ?? [];

  return (
    <section aria-labelledby="equipe-admin" className="space-y-6">
      <h1 id="equipe-admin" className="font-serif text-3xl text-ink-900">
        Equipe
      </h1>
      {result ? <FormAlert kind="success" messages={[result]} /> : null}
      <InviteForm onDone={done} />
      {staff.isError ? <FormAlert kind="error" messages={[staff.error.message]} /> : null}
      {staff.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label="Carregando equipe..." />
        </div>
      ) : null}
      {staff.data ? (
        <>
          <section aria-labelledby="equipe-pessoas" className="space-y-3">
            <h2 id="equipe-pessoas" className="font-serif text-2xl text-ink-900">
              Pessoas <span className="text-base text-ink-700">({members.length})</span>
            </h2>
            <ul className="space-y-3">
              {members.map((member) => (
                <MemberRow
                  key={member.id}
                  member={member}
                  isMe={member.id === user?.id}
                  onChange={() => show({ kind: 'role', member })}
                  onRemove={() => show({ kind: 'remove', member })}
                />
              ))}
            </ul>
          </section>
          <section aria-labelledby="equipe-convites" className="space-y-3">
            <h2 id="equipe-convites" className="font-serif text-2xl text-ink-900">
              Convites pendentes{' '}
              <span className="text-base text-ink-700">({invitations.length})</span>
            </h2>
            {invitations.length === 0 ? (
              <p className="text-sm text-ink-700">Nenhum convite pendente.</p>
            ) : (
              <ul className="space-y-3">
                {invitations.map((invitation) => (
                  <li
                    key={invitation.id}
                    className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-ink-300/60 bg-white p-4"
                  >
                    <div className="min-w-0">
                      <p className="font-semibold break-all text-ink-900">{invitation.email}</p>
                      <p className="text-sm text-ink-700">
                        {STAFF_ROLE_LABELS[invitation.role]} · vale até{' '}
                        {formatDate(invitation.expires_at)}
                        {invitation.invited_by
                          ? ` · convidado por ${invitation.invited_by.name}`
                          : ''}
                      </p>
                    </div>
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => show({ kind: 'revoke', invitation })}
                      aria-label={`Cancelar convite de ${invitation.email}`}
                    >
                      Cancelar convite
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      ) : null}
      {open?.kind === 'role' ? (
        <ChangeRoleDialog member={open.member} onClose={close} onDone={done} />
      ) : null}
      {open?.kind === 'remove' ? (
        <RemoveDialog member={open.member} onClose={close} onDone={done} />
      ) : null}
      {open?.kind === 'revoke' ? (
        <RevokeDialog invitation={open.invitation} onClose={close} onDone={done} />
      ) : null}
    </section>
  );
}
