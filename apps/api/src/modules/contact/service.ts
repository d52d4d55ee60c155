import type { ContactInput, ContactResponse } from '@lumina/shared/contact/contact-schema';
import { AppError } from '../../http/app-error.ts';
import type { ContactRepository } from './repository.ts';

export const CONTACT_SUCCESS_MESSAGE = 'Mensagem enviada com sucesso! Responderemos em breve.';
export const CONTACT_THROTTLED_MESSAGE =
  'Você já enviou várias mensagens. Aguarde alguns minutos antes de enviar outra.';

/**
 * A person writes a handful of messages at most; more from one address in a short time is a bot.
 * Counted in the table itself, so the limit holds across every API process.
 */
export const CONTACT_LIMIT = { messages: 5, windowMs: 15 * 60 * 1000 } as const;

export function createContactService({
  repository,
  now = () => new Date(),
}: {
  repository: ContactRepository;
  now?: () => Date;
}) {
  return {
    async submit(input: ContactInput, ip: string): Promise<ContactResponse> {
      const at = now();
      const recent = await repository.countSince(
        ip,
        new Date(at.getTime() - CONTACT_LIMIT.windowMs),
      );
      if (recent >= CONTACT_LIMIT.messages) {
        throw new AppError('too_many_requests', CONTACT_THROTTLED_MESSAGE, {
          code: 'contact_throttled',
        });
      }
      await repository.insertMessage({ ...input, ip }, at);
      return { success: true, message: CONTACT_SUCCESS_MESSAGE };
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
