import { z } from 'zod';
import { emailSchema } from '../validation/email.ts';
import { personNameSchema } from '../validation/name.ts';
import { PASSWORD_MESSAGES, registerPasswordError } from '../validation/password.ts';
import { refineWith } from '../validation/rule-schema.ts';
import { STAFF_ROLES, type StaffRole } from './staff-roles.ts';

/** An invitation link works this long (the e-mail says so). */
export const STAFF_INVITATION_VALIDITY_DAYS = 7;
export const STAFF_INVITATION_VALIDITY_MS = STAFF_INVITATION_VALIDITY_DAYS * 24 * 60 * 60 * 1000;

/** One line per role, under the role select: what the person will be able to do. */
export const STAFF_ROLE_DESCRIPTIONS: Record<StaffRole, string> = {
  owner: 'Tudo, inclusive equipe, configurações da loja, segurança e LGPD.',
  manager: 'Pedidos, catálogo, clientes, promoções e relatórios; sem configurações nem equipe.',
  operator: 'Pedidos: pagamentos, envios, devoluções, etiquetas e notas fiscais.',
  catalogue: 'Catálogo: produtos, variações, estoque e fotos.',
};

export const STAFF_MESSAGES = {
  roleRequired: 'Escolha o perfil',
  alreadyStaff: 'Este e-mail já pertence a alguém da equipe.',
  /**
   * A customer's account is not turned into staff by an invitation: whoever registered an
   * address first need not own its mailbox, and the shop's people keep their shopping account
   * apart from the panel. The person is invited under another address.
   */
  customerAccount:
    'Este e-mail já pertence a uma conta de cliente. Convide a pessoa por outro e-mail, só para a equipe.',
  invited: 'Convite enviado.',
  roleChanged: 'Perfil alterado.',
  removed: 'Acesso removido.',
  invitationRevoked: 'Convite cancelado.',
  notFound: 'Pessoa da equipe não encontrada.',
  invitationNotFound: 'Convite não encontrado.',
  lastOwner: 'A loja precisa de pelo menos um proprietário: este é o último.',
  invalidLink: 'Este convite não existe. Confira o link recebido por e-mail.',
  expiredLink: 'Este convite expirou. Peça um novo convite ao proprietário da loja.',
  usedLink: 'Este convite já foi usado. Entre com o e-mail e a senha que você definiu.',
  revokedLink: 'Este convite foi cancelado. Peça um novo convite ao proprietário da loja.',
  emailTaken:
    'Já existe uma conta com este e-mail. Peça ao proprietário da loja um convite para outro e-mail.',
  accepted: 'Conta criada! Entre com seu e-mail e a nova senha para acessar o painel.',
  throttled: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
} as const;

const roleSchema = z.enum(STAFF_ROLES, { error: STAFF_MESSAGES.roleRequired });

/** POST /api/admin/staff. */
export const inviteStaffSchema = z.object({
  staff: z.object({ email: emailSchema(), role: roleSchema }),
});
export type InviteStaffInput = z.input<typeof inviteStaffSchema>;

/** PUT /api/admin/staff/{id}. */
export const changeStaffRoleSchema = z.object({ staff: z.object({ role: roleSchema }) });

/** POST /api/staff_invitations/{token}: the register's name and password rules. */
export const acceptInvitationSchema = z
  .object({
    name: personNameSchema,
    password: z
      .string({ error: PASSWORD_MESSAGES.required })
      .superRefine(refineWith(registerPasswordError)),
    password_confirmation: z
      .string({ error: PASSWORD_MESSAGES.confirmationRequired })
      .min(1, PASSWORD_MESSAGES.confirmationRequired),
  })
  .superRefine((body, ctx) => {
    if (body.password_confirmation !== '' && body.password_confirmation !== body.password) {
      ctx.addIssue({
        code: 'custom',
        message: PASSWORD_MESSAGES.registerMismatch,
        path: ['password_confirmation'],
      });
    }
  });
export type AcceptInvitationInput = z.input<typeof acceptInvitationSchema>;

export const staffMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  created_at: z.string(),
  last_sign_in_at: z.string().nullable(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffInvitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  expires_at: z.string(),
  created_at: z.string(),
  invited_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type StaffInvitation = z.infer<typeof staffInvitationSchema>;

/** GET /api/admin/staff. */
export const staffListSchema = z.object({
  staff: z.array(staffMemberSchema),
  invitations: z.array(staffInvitationSchema),
});
export type StaffList = z.infer<typeof staffListSchema>;

/** GET /api/staff_invitations/{token}: what the invitation page shows. */
export const invitationPreviewSchema = z.object({
  invitation: z.object({
    email: z.string(),
    role: z.enum(STAFF_ROLES),
    shop_name: z.string(),
    expires_at: z.string(),
  }),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;
