import {
  CONTACT_MESSAGE_STATUS_LABELS,
  CONTACT_MESSAGE_TEXTS,
  type ContactMessage,
  type ContactMessageList,
  type ContactMessageListQuery,
  type ContactMessageStatus,
  type ContactMessageUpdateAnswer,
  contactSubject,
} from '@lumina/shared/contact/contact-messages';
import type { ContactInput, ContactResponse } from '@lumina/shared/contact/contact-schema';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { StoreSettings } from '@lumina/shared/settings/store-settings';
import { mailAdministrators } from '../mail/admin-mail.ts';
import { mailShop } from '../mail/mail-signature.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import { contactMessageMail } from './contact-mail.ts';
import type { ContactMessageRow, ContactRepository } from './repository.ts';

export const CONTACT_SUCCESS_MESSAGE = 'Mensagem enviada com sucesso! Responderemos em breve.';
export const CONTACT_THROTTLED_MESSAGE =
  'Você já enviou várias mensagens. Aguarde alguns minutos antes de enviar outra.';

/**
 * A person writes a handful of messages at most; more from one address in a short time is a bot.
 * Counted in the table itself, so the limit holds across every API process.
 */
export const CONTACT_LIMIT = { messages: 5, windowMs: 15 * 60 * 1000 } as const;

export function toContactMessageJson(row: ContactMessageRow): ContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: contactSubject(row.message),
    message: row.message,
    status: row.status,
    status_label: CONTACT_MESSAGE_STATUS_LABELS[row.status],
    created_at: row.createdAt.toISOString(),
    account: row.account && {
      id: row.account.id,
      name: row.account.name,
      orders_count: row.account.ordersCount,
    },
  };
}

export function createContactService({
  db,
  repository,
  outbox,
  appUrl,
  storeSettings,
  now = () => new Date(),
}: {
  db: Db;
  repository: ContactRepository;
  outbox: Pick<MailOutbox, 'enqueue' | 'kick'>;
  appUrl: string;
  /**
   * The store settings now: the message goes to the SAC e-mail; with none, to every
   * administrator.
   */
  storeSettings: () => StoreSettings;
  now?: () => Date;
}) {
  /** The message and its e-mail to the shop exist together or not at all (the outbox). */
  async function store(tx: Db, input: ContactInput, ip: string, at: Date): Promise<void> {
    const id = await repository.insertMessage(tx, { ...input, ip }, at);
    const settings = storeSettings();
    const contactEmail = settings.sac_email;
    const mail = {
      key: `contact-message:${id}`,
      kind: 'contact_message',
      ...contactMessageMail({
        ...input,
        at,
        inboxUrl: `${appUrl}/admin/mensagens`,
        shopName: mailShop(settings).name,
      }),
      // A reply from the mail client reaches the person who wrote; this also tags the e-mail
      // as theirs, so LGPD erasure finds it.
      replyTo: input.email,
    };
    if (contactEmail) {
      const { key, kind, replyTo, ...content } = mail;
      await outbox.enqueue(tx, { key, kind, message: { to: contactEmail, replyTo, ...content } });
    } else {
      await mailAdministrators(tx, outbox, mail);
    }
  }

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
      await db.transaction((tx) => store(tx, input, ip, at));
      outbox.kick();
      return { success: true, message: CONTACT_SUCCESS_MESSAGE };
    },

    /** The panel's inbox, newest first. */
    async list(query: ContactMessageListQuery): Promise<ContactMessageList> {
      const found = await repository.list({
        status: query.status,
        limit: query.per_page,
        offset: (query.page - 1) * query.per_page,
      });
      return {
        messages: found.messages.map(toContactMessageJson),
        total: found.total,
        page: query.page,
        per_page: query.per_page,
        total_pages: Math.ceil(found.total / query.per_page),
        unread: found.unread,
      };
    },

    async setStatus(id: number, status: ContactMessageStatus): Promise<ContactMessageUpdateAnswer> {
      if (!(await repository.setStatus(id, status, now()))) {
        throw new AppError('not_found', CONTACT_MESSAGE_TEXTS.notFound, { code: 'not_found' });
      }
      const row = await repository.findById(id);
      if (!row) throw new AppError('not_found', CONTACT_MESSAGE_TEXTS.notFound);
      return {
        message: CONTACT_MESSAGE_TEXTS.updated,
        contact_message: toContactMessageJson(row),
        unread: await repository.countUnread(),
      };
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
