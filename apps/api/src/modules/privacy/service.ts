import { businessDeadline } from '@lumina/shared/privacy/business-days';
import { STORE_TIME_ZONE } from '@lumina/shared/validation/calendar-date';
import {
  PRIVACY_REQUEST_STATUS_LABELS,
  PRIVACY_REQUEST_TEXTS,
  PRIVACY_REQUEST_TYPE_LABELS,
  type PrivacyRequest,
  type PrivacyRequestType,
} from '@lumina/shared/privacy/privacy-requests';
import { and, asc, desc, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { privacyRequests, type PrivacyRequestRow } from '../../db/schema/privacy.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../http/app-error.ts';
import type { JobDefinition } from '../../jobs/job-runner.ts';
import { mailAdministrators } from '../mail/admin-mail.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import { ordersInProgressOf, purgeRetainedOrders } from '../orders/repository.ts';
import { createSecurityLog, type SecurityLog } from '../security/security-log.ts';
import type { DataExporter } from './data-export.ts';
import { privacyAnswerMail, privacyRequestAdminMail } from './privacy-mails.ts';
import { mailShop } from '../mail/mail-signature.ts';
import type { StoreSettings } from '@lumina/shared/settings/store-settings';
import { eraseAccount, type ErasureResult } from './erasure.ts';

/** An answered access or export request can be downloaded from the person's page this long. */
export const EXPORT_AVAILABLE_MS = 30 * 24 * 60 * 60 * 1000;

const dateBR = (at: Date) => at.toLocaleDateString('pt-BR', { timeZone: STORE_TIME_ZONE });

function exportAvailable(row: PrivacyRequestRow, at: Date): boolean {
  return row.exportData !== null && row.exportExpiresAt !== null && row.exportExpiresAt > at;
}

export function toPrivacyRequestJson(row: PrivacyRequestRow, at: Date): PrivacyRequest {
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
    export_available: exportAvailable(row, at),
  };
}

/** What the person reads when their data was exported (the e-mail and the page). */
function exportAnswer(at: Date, note: string | undefined): string {
  return [
    `Seus dados foram exportados em ${dateBR(at)}. O arquivo (JSON) segue anexo ao e-mail desta resposta e pode ser baixado na página Gerenciar Dados até ${dateBR(new Date(at.getTime() + EXPORT_AVAILABLE_MS))}.`,
    ...(note ? [`Observação da loja: ${note}`] : []),
  ].join('\n\n');
}

/** What the person reads when their account was erased: what went, what stays, why, until when. */
function erasureAnswer(at: Date, result: ErasureResult, note: string | undefined): string {
  const kept = result.keptOrders;
  const until = kept.reduce<Date | undefined>(
    (latest, order) => (!latest || order.retainedUntil > latest ? order.retainedUntil : latest),
    undefined,
  );
  return [
    `Sua conta e seus dados pessoais foram excluídos em ${dateBR(at)}: cadastro (nome, e-mail, telefone, CPF, data de nascimento), endereços, consentimentos, lista de desejos, carrinho, avaliações de produtos (com as fotos), sessões e mensagens. Não é mais possível entrar nesta conta; o e-mail fica livre para um novo cadastro.`,
    kept.length === 0 || !until
      ? 'Não havia pedidos a manter.'
      : `Por obrigação legal (LGPD, art. 16, I, e a legislação fiscal, que exige guardar os documentos das vendas por 5 anos), mantivemos ${kept.length === 1 ? 'o pedido' : `os ${kept.length} pedidos`} ${kept.map((order) => order.orderNumber).join(', ')} apenas com os dados que a nota fiscal exige: nome, CPF, endereço de entrega, itens e valores, até ${dateBR(until)}, quando também serão apagados. O e-mail e o telefone foram removidos desses pedidos.`,
    'Os registros de segurança (acessos e tentativas de login) são guardados por até 12 meses, para a segurança da loja e por obrigação legal (Marco Civil da Internet, art. 15), e depois apagados. O registro desta solicitação é mantido para comprovar o atendimento.',
    ...(note ? [`Observação da loja: ${note}`] : []),
  ].join('\n\n');
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
  exportOf: DataExporter;
  /** The store settings now: the e-mails' name and signature. */
  storeSettings: () => StoreSettings;
}) {
  const { db, now } = deps;

  async function tellAdmins(row: PrivacyRequestRow, requester: string): Promise<void> {
    const label = PRIVACY_REQUEST_TYPE_LABELS[row.type];
    const deadline = row.deadlineAt.toLocaleDateString('pt-BR', { timeZone: STORE_TIME_ZONE });
    const queue = `${deps.appUrl}/admin/privacidade`;
    await mailAdministrators(db, deps.outbox, {
      key: `privacy-request:${row.id}`,
      kind: 'privacy_request',
      ...privacyRequestAdminMail({
        requester,
        label,
        deadline,
        queueUrl: queue,
        shop: mailShop(deps.storeSettings()),
      }),
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
          request: toPrivacyRequestJson(open, at),
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
        request: toPrivacyRequestJson(inserted, at),
        message: PRIVACY_REQUEST_TEXTS.created,
      };
    },

    async mine(userId: number): Promise<PrivacyRequest[]> {
      const rows = await db
        .select()
        .from(privacyRequests)
        .where(eq(privacyRequests.userId, userId))
        .orderBy(desc(privacyRequests.requestedAt), desc(privacyRequests.id));
      const at = now();
      return rows.map((row) => toPrivacyRequestJson(row, at));
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
        ...toPrivacyRequestJson(request, at),
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

    /**
     * An administrator answers a request: access and export produce the person's data file
     * (kept 30 days for their page, sent attached to the answer); deletion erases the account,
     * keeping only the orders' fiscal data. One transaction, logged; a repeat answers the first.
     */
    async complete(
      requestId: number,
      admin: { id: number; ip: string; userAgent?: string },
      note: string | undefined,
    ) {
      const at = now();
      const outcome = await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(privacyRequests)
          .where(eq(privacyRequests.id, requestId))
          .for('update');
        if (!row) {
          throw new AppError('not_found', PRIVACY_REQUEST_TEXTS.notFound, { code: 'not_found' });
        }
        if (row.status === 'completed') {
          return { message: PRIVACY_REQUEST_TEXTS.alreadyCompleted, id: row.id, changed: false };
        }
        const [person] =
          row.userId === null ? [] : await tx.select().from(users).where(eq(users.id, row.userId));
        const answer =
          person && !person.erasedAt ? await answerFor(tx, row, person.id, at, note) : undefined;
        const response =
          answer?.response ??
          'A conta já havia sido excluída: não há dados pessoais a fornecer ou excluir.';
        await tx
          .update(privacyRequests)
          .set({
            status: 'completed',
            completedAt: at,
            completedBy: admin.id,
            response,
            exportData: answer?.exportData ?? null,
            exportExpiresAt: answer?.exportData
              ? new Date(at.getTime() + EXPORT_AVAILABLE_MS)
              : null,
          })
          .where(eq(privacyRequests.id, row.id));
        if (row.type === 'deletion' && row.userId !== null) {
          // Whatever else the person had asked is answered by the erasure.
          await tx
            .update(privacyRequests)
            .set({
              status: 'completed',
              completedAt: at,
              completedBy: admin.id,
              response: 'Encerrada: a conta foi excluída a pedido do titular.',
            })
            .where(
              and(eq(privacyRequests.userId, row.userId), eq(privacyRequests.status, 'requested')),
            );
        }
        if (answer && person) {
          const label = PRIVACY_REQUEST_TYPE_LABELS[row.type];
          const page = `${deps.appUrl}/gerenciar-dados`;
          await deps.outbox.enqueue(tx, {
            key: `privacy-request:${row.id}:answer`,
            kind: 'privacy_answer',
            eraseAfterSend: true,
            message: {
              to: answer.email,
              ...privacyAnswerMail({
                name: answer.name,
                label,
                response,
                pageUrl: row.type === 'deletion' ? undefined : page,
                shop: mailShop(deps.storeSettings()),
              }),
              ...(answer.exportData && {
                attachments: [
                  {
                    filename: `meus-dados-lumina-${at.toISOString().slice(0, 10)}.json`,
                    content: JSON.stringify(answer.exportData, null, 2),
                    contentType: 'application/json',
                  },
                ],
              }),
            },
          });
        }
        await createSecurityLog(tx, now).record({
          type: 'privacy_request_completed',
          severity: row.type === 'deletion' ? 'warning' : 'info',
          userId: admin.id,
          ip: admin.ip,
          userAgent: admin.userAgent,
          message: `Solicitação LGPD concluída: ${PRIVACY_REQUEST_TYPE_LABELS[row.type]}`,
          metadata: {
            request_id: row.id,
            type: row.type,
            subject_user_id: row.userId,
            ...(answer?.keptOrders && { kept_orders: answer.keptOrders }),
          },
        });
        return { message: PRIVACY_REQUEST_TEXTS.completed, id: row.id, changed: true };
      });
      if (outcome.changed) deps.outbox.kick();
      const request = (await this.queue()).requests.find((r) => r.id === outcome.id);
      if (!request) throw new Error(`privacy request ${outcome.id} vanished`);
      return { message: outcome.message, request };
    },

    /** The file of an answered access or export request, to its owner only, while it lasts. */
    async exportFile(userId: number, requestId: number) {
      const [row] = await db
        .select()
        .from(privacyRequests)
        .where(and(eq(privacyRequests.id, requestId), eq(privacyRequests.userId, userId)));
      if (!row || !exportAvailable(row, now())) {
        throw new AppError('not_found', PRIVACY_REQUEST_TEXTS.exportNotReady, {
          code: 'export_not_available',
        });
      }
      return { data: row.exportData, completedAt: row.completedAt ?? now() };
    },

    /**
     * What the privacy policy promises to forget, daily: answered exports after 30 days, and
     * the fiscal data of erased customers' orders when their retention ends.
     */
    async purgeExpired(): Promise<{ exports: number; orders: number }> {
      const at = now();
      const cleared = await db
        .update(privacyRequests)
        .set({ exportData: null, exportExpiresAt: null })
        .where(and(isNotNull(privacyRequests.exportData), lt(privacyRequests.exportExpiresAt, at)))
        .returning({ id: privacyRequests.id });
      const purged = await db.transaction((tx) => purgeRetainedOrders(tx, at));
      return { exports: cleared.length, orders: purged };
    },

    jobs(): JobDefinition[] {
      return [
        {
          name: 'privacy-retention',
          schedule: { cron: '37 4 * * *' },
          policy: 'singleton',
          run: async (_data, { log }) => {
            const purged = await this.purgeExpired();
            if (purged.exports + purged.orders > 0)
              log.info(purged, 'personal data past retention purged');
          },
        },
      ];
    },
  };

  async function answerFor(
    tx: Db,
    row: PrivacyRequestRow,
    userId: number,
    at: Date,
    note: string | undefined,
  ): Promise<
    | {
        response: string;
        email: string;
        name: string;
        exportData?: Record<string, unknown>;
        keptOrders?: { orderNumber: string; retainedUntil: Date }[];
      }
    | undefined
  > {
    if (row.type !== 'deletion') {
      const data = await deps.exportOf(tx, userId);
      if (!data) return undefined;
      return {
        response: exportAnswer(at, note),
        email: data.personalInfo.email,
        name: data.personalInfo.name,
        exportData: data,
      };
    }
    const moving = await ordersInProgressOf(tx, userId);
    if (moving.length > 0) {
      throw new AppError(
        'conflict',
        PRIVACY_REQUEST_TEXTS.ordersInProgress.replace('{orders}', moving.join(', ')),
        { code: 'orders_in_progress' },
      );
    }
    const result = await eraseAccount(tx, userId, at);
    if (!result) return undefined;
    return {
      response: erasureAnswer(at, result, note),
      email: result.email,
      name: result.name,
      keptOrders: result.keptOrders,
    };
  }
}

export type PrivacyRequests = ReturnType<typeof createPrivacyRequests>;
