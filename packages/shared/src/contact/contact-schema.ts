import { z } from 'zod';

/** Contact form on the home page (spec 000 sections 2 and 5): name 100, message 1000. */
export const CONTACT_NAME_MAX = 100;
export const CONTACT_MESSAGE_MAX = 1000;

export const contactSchema = z.object({
  name: z
    .string({ error: 'Nome é obrigatório' })
    .trim()
    .min(1, 'Nome é obrigatório')
    .max(CONTACT_NAME_MAX, `Nome deve ter no máximo ${CONTACT_NAME_MAX} caracteres`),
  email: z
    .string({ error: 'Email é obrigatório' })
    .trim()
    .min(1, 'Email é obrigatório')
    .max(254, 'Email inválido')
    .email('Email inválido'),
  message: z
    .string({ error: 'Mensagem é obrigatória' })
    .trim()
    .min(1, 'Mensagem é obrigatória')
    .max(CONTACT_MESSAGE_MAX, `Mensagem deve ter no máximo ${CONTACT_MESSAGE_MAX} caracteres`),
});

export type ContactInput = z.infer<typeof contactSchema>;

export interface ContactResponse {
  success: true;
  message: string;
}
