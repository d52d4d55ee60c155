import {
  ADMIN_CUSTOMERS_PER_PAGE,
  type AdminCustomerDetail,
  type AdminCustomerListQuery,
  type AdminCustomerListResponse,
  type AdminCustomerRow,
  CUSTOMER_TEXTS,
} from '@lumina/shared/admin/customers';
import { customerFieldsFor, maskCpf, type StaffRole } from '@lumina/shared/admin/staff-roles';
import { contactSubject } from '@lumina/shared/contact/contact-messages';
import { centsToReais } from '@lumina/shared/format/money';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/app-error.ts';
import { parsePathId } from '../../../http/path-id.ts';
import { currentConsents } from '../../privacy/consents.ts';
import type { SecurityLog } from '../../security/security-log.ts';
import type { AdminActor } from '../orders/service.ts';
import { createAdminCustomerQueries, type CustomerAggregateRow } from './queries.ts';

/** Who is looking: their id for the log, their staff role for the fields they may read. */
export interface CustomerViewer extends AdminActor {
  staffRole: StaffRole | null;
}

const iso = (at: string | Date) => new Date(at).toISOString();

function notFound(): AppError {
  return new AppError('not_found', CUSTOMER_TEXTS.notFound, { code: 'customer_not_found' });
}

/** A customer's row as the viewer's role may read it (staff-roles.ts `customerFieldsFor`). */
function toRow(row: CustomerAggregateRow, role: StaffRole | null): AdminCustomerRow {
  const fields = customerFieldsFor(role);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    created_at: iso(row.created_at),
    orders_count: Number(row.orders_count),
    total_spent: centsToReais(Number(row.total_cents)),
    last_order_at: row.last_order_at === null ? null : iso(row.last_order_at),
    marketing_consent: row.marketing_consent,
    ...(fields.phone ? { phone: row.phone } : {}),
    ...(fields.cpf
      ? { cpf: row.cpf }
      : fields.phone && row.cpf !== null
        ? { cpf: maskCpf(row.cpf) }
        : {}),
  };
}

/**
 * The panel's customers: the searched list with what each bought, and one customer's page with
 * their orders, addresses, requests and consents. Each page view is written to the security log
 * (who looked at whom), since a customer's page shows their personal data.
 */
export function createAdminCustomerService(deps: { db: Db; securityLog: SecurityLog }) {
  const { db, securityLog } = deps;
  const queries = createAdminCustomerQueries(db);

  return {
    async list(
      query: AdminCustomerListQuery,
      role: StaffRole | null,
    ): Promise<AdminCustomerListResponse> {
      const { rows, total } = await queries.list(query, customerFieldsFor(role));
      return {
        customers: rows.map((row) => toRow(row, role)),
        total,
        page: query.page,
        per_page: ADMIN_CUSTOMERS_PER_PAGE,
        total_pages: Math.ceil(total / ADMIN_CUSTOMERS_PER_PAGE),
      };
    },

    async detail(rawId: string, viewer: CustomerViewer): Promise<AdminCustomerDetail> {
      const id = parsePathId(rawId);
      if (id === undefined) throw notFound();
      const row = await queries.customer(id);
      if (!row) throw notFound();
      const [orderRows, addressRows, privacyRows, returnRows, messageRows, consents] =
        await Promise.all([
          queries.ordersOf(id),
          queries.addressesOf(id),
          queries.privacyRequestsOf(id),
          queries.returnsOf(id),
          queries.messagesFrom(row.email),
          currentConsents(db, id),
        ]);
      // The log names who and whom by id only: no CPF, no e-mail, nothing to leak from it.
      await securityLog.record({
        type: 'customer_viewed',
        severity: 'info',
        userId: viewer.id,
        ip: viewer.ip,
        userAgent: viewer.userAgent ?? null,
        message: `Página do cliente #${id} consultada`,
        metadata: { customer_id: id, viewer_id: viewer.id, staff_role: viewer.staffRole },
      });
      return {
        customer: {
          ...toRow(row, viewer.staffRole),
          email_verified: row.email_verified_at !== null,
          google: row.google_sub !== null,
        },
        orders: orderRows.map((order) => ({
          id: order.id,
          order_number: order.orderNumber,
          created_at: order.createdAt.toISOString(),
          status: order.status,
          total: centsToReais(order.totalCents),
          payment_method: order.paymentMethod,
        })),
        addresses: addressRows.map((address) => ({
          id: address.id,
          name: address.name,
          street: address.street,
          number: address.number,
          complement: address.complement,
          neighborhood: address.neighborhood,
          city: address.city,
          state: address.state,
          zip_code: address.zipCode,
          is_default: address.isDefault,
        })),
        requests: {
          privacy: privacyRows.map((request) => ({
            id: request.id,
            type: request.type,
            status: request.status,
            requested_at: request.requestedAt.toISOString(),
          })),
          returns: returnRows.map((request) => ({
            id: request.id,
            protocol: request.protocol,
            type: request.type,
            status: request.status,
            order_number: request.orderNumber,
            created_at: request.createdAt.toISOString(),
          })),
          messages: messageRows.map((message) => ({
            id: message.id,
            status: message.status,
            summary: contactSubject(message.message),
            created_at: message.createdAt.toISOString(),
          })),
        },
        consents,
      };
    },
  };
}

export type AdminCustomerService = ReturnType<typeof createAdminCustomerService>;
