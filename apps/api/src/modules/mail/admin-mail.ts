import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { users } from '../../db/schema/users.ts';
import type { MailOutbox } from './outbox.ts';

/**
 * One e-mail to every administrator through the outbox (each once: `key` plus the admin's id),
 * for what the shop's people must hear of: a security alert, a new LGPD request, a contact
 * message when the shop has no contact address (`replyTo`: who a reply should reach).
 */
export async function mailAdministrators(
  db: Db,
  outbox: Pick<MailOutbox, 'enqueue'>,
  mail: {
    key: string;
    kind: string;
    subject: string;
    text: string;
    html: string;
    replyTo?: string;
  },
): Promise<void> {
  const admins = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.role, 'admin'));
  for (const admin of admins) {
    await outbox.enqueue(db, {
      key: `${mail.key}:${admin.id}`,
      kind: mail.kind,
      message: {
        to: admin.email,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.replyTo && { replyTo: mail.replyTo }),
      },
    });
  }
}
