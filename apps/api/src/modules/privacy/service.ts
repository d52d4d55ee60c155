import { businessDeadline } from '@lumina/shared/privacy/business-days';
import {
  PRIVACY_REQUEST_STATUS_LABELS,
  PRIVACY_REQUEST_TEXTS,
  PRIVACY_REQUEST_TYPE_LABELS,
  type PrivacyRequest,
  type PrivacyRequestType,
} from '@lumina/shared/privacy/privacy-requests';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { privacyRequests, type PrivacyRequestRow } from '../../db/schema/privacy.ts';
import { users } from '../../db/schema/users.ts';
import { mailAdministrators } from '../mail/admin-mail.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import type { SecurityLog } from '../security/security-log.ts';

export function toPrivacyRequestJson(row: PrivacyRequestRow): PrivacyRequest {
  return {
    id: row.id,
    type: row.type,
    type_label: PRIVACY_REQUEST_TYPE_LABELS[row.type],
    status: row.status,
    status_label: PRIVACY_REQUEST_STATUS_LABELS[row.status],
    requested_at: row.requestedAt.toISOString(),
    deadline: row.deadlineAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
    response: row.response,
  };
}

/**
 * The LGPD requests of the personal-data page, on the server (the spec kept them in the browser,
 * where the shop never saw them): recorded with their 15-business-day deadline, one open request
 * of a kind per person, logged, and e-mailed to the administrators.
 */
export function createPrivacyRequests(deps: {
  db: Db;
  now: () => Date;
  securityLog: SecurityLog;
  outbox: Pick<MailOutbox, 'enqueue' | 'kick'>;
  appUrl: string;
}) {
  const { db, now } = deps;

  async function tellAdmins(row: PrivacyRequestRow, requester: string): Promise<void> {
    const label = PRIVACY_REQUEST_TYPE_LABELS[row.type];
    const deadline = row.deadlineAt.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });
    const queue = `${deps.appUrl}/admin/privacidade`;
    await mailAdministrators(db, deps.outbox, {
      key: `privacy-request:${row.id}`,
      kind: 'privacy_request',
      subject: `[Lumina Piercings] Nova solicitação LGPD: ${label} (prazo ${deadline})`,
      text: `${requester} pediu: ${label}.\nPrazo de resposta (LGPD, 15 dias úteis): ${deadline}.\n\nFila de solicitações: ${queue}\n`,
      html: `<p>Nova solicitação LGPD: <strong>${label}</strong>.</p><p>Prazo de resposta: ${deadline}.</p><p><a href="${queue}">Fila de solicitações</a></p>`,
    });
  }

  return {
    async create(
      userId: number,
      type: PrivacyRequestType,
      meta: { ip: string; userAgent?: string },
    ): Promise<{ created: boolean; request: PrivacyRequest; message: string }> {
      const at = now();
      const [inserted] = await db
        .insert(privacyRequests)
        .values({ userId, type, requestedAt: at, deadlineAt: businessDeadline(at), ip: meta.ip })
        .onConflictDoNothing()
        .returning();
      if (!inserted) {
        const [open] = await db
          .select()
          .from(privacyRequests)
          .where(
            and(
              eq(privacyRequests.userId, userId),
              eq(privacyRequests.type, type),
              eq(privacyRequests.status, 'requested'),
            ),
          );
        if (!open) throw new Error('privacy request conflict without an open request');
        return {
          created: false,
          request: toPrivacyRequestJson(open),
          message: PRIVACY_REQUEST_TEXTS.alreadyOpen,
        };
      }
      const [requester] = await db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, userId));
      await deps.securityLog.record({
        type: 'privacy_request',
        severity: 'info',
        userId,
        ip: meta.ip,
        userAgent: meta.userAgent,
        message: `Solicitação LGPD registrada: ${PRIVACY_REQUEST_TYPE_LABELS[type]}`,
        metadata: { request_id: inserted.id, type },
      });
      await tellAdmins(inserted, requester?.email ?? `usuário ${userId}`);
      deps.outbox.kick();
      return {
        created: true,
        request: toPrivacyRequestJson(inserted),
        message: PRIVACY_REQUEST_TEXTS.created,
      };
    },

    async mine(userId: number): Promise<PrivacyRequest[]> {
      const rows = await db
        .select()
        .from(privacyRequests)
        .where(eq(privacyRequests.userId, userId))
        .orderBy(desc(privacyRequests.requestedAt), desc(privacyRequests.id));
      return rows.map(toPrivacyRequestJson);
    },

    /** The administrators' queue: open requests by deadline (overdue first), then the answered. */
    async queue() {
      const at = now();
      const rows = await db
        .select({ request: privacyRequests, name: users.name, email: users.email })
        .from(privacyRequests)
        .leftJoin(users, eq(users.id, privacyRequests.userId))
        .orderBy(
          sql`case when ${privacyRequests.status} = 'requested' then 0 else 1 end`,
          asc(privacyRequests.deadlineAt),
          desc(privacyRequests.completedAt),
        )
        .limit(200);
      const requests = rows.map(({ request, name, email }) => ({
        ...toPrivacyRequestJson(request),
        user_id: request.userId,
        user_name: name,
        user_email: email,
        overdue: request.status === 'requested' && request.deadlineAt < at,
      }));
      return {
        requests,
        open: requests.filter((r) => r.status === 'requested').length,
        overdue: requests.filter((r) => r.overdue).length,
      };
    },
  };
}

export type PrivacyRequests = ReturnType<typeof createPrivacyRequests>;
