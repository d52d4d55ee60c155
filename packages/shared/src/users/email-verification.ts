/**
 * E-mail ownership (an account's address must be proven its owner's): the texts the API answers
 * and the account page shows, and the
 * shape of the confirmation call. The spec has no screen for it; these follow its tone.
 */
import { z } from 'zod';

export const EMAIL_VERIFICATION_MESSAGES = {
  /** The account page's card title while the address is not confirmed. */
  title: 'Confirme seu e-mail',
  resent: 'Enviamos um novo link de confirmação. Confira sua caixa de entrada.',
  alreadyVerified: 'Seu e-mail já está confirmado.',
  throttled: 'Muitos pedidos de confirmação. Aguarde alguns minutos e tente novamente.',
  confirmed: 'E-mail confirmado com sucesso!',
  changed: 'E-mail alterado e confirmado com sucesso!',
  invalidLink: 'Link de confirmação expirado ou inválido. Peça um novo em Minha Conta.',
  /** The profile answer when the e-mail field changed: nothing changes until the new one confirms. */
  changePending:
    'Perfil atualizado. Enviamos um link de confirmação para o novo e-mail: o endereço da conta só muda depois que você o confirmar.',
  changeCancelled: 'Troca de e-mail cancelada. A conta continua com o e-mail atual.',
  currentPasswordRequired: 'Informe sua senha atual para alterar o e-mail',
  currentPasswordWrong: 'Senha atual incorreta',
  noPassword:
    "Sua conta não tem senha. Crie uma em 'Esqueceu sua senha?' para poder alterar o e-mail.",
  /** Google sign-in met an account someone created with this address and never confirmed. */
  squatterRevoked:
    "Encontramos uma conta com este e-mail que nunca foi confirmada. Por segurança, a senha dela foi removida e as sessões dela foram encerradas. Para entrar também com senha, use 'Esqueceu sua senha?'.",
} as const;

/** 32 random bytes in base64url: the only shape a link we sent can have. */
export const verificationTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, {
  message: EMAIL_VERIFICATION_MESSAGES.invalidLink,
});

/** POST /api/email_verifications: the token from the link, sent in the body, never in a URL. */
export const confirmEmailSchema = z.object({ token: verificationTokenSchema });

export const confirmEmailAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  email: z.string(),
});
export type ConfirmEmailAnswer = z.infer<typeof confirmEmailAnswerSchema>;
