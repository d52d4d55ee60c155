import {
  ORDERS_EXPORT_FORMAT_LABELS,
  ORDERS_EXPORT_LIMIT,
  ORDERS_EXPORT_MAX_ROWS,
  ORDERS_EXPORT_MESSAGES,
  ordersExportFileName,
  type OrdersExportQuery,
} from '@lumina/shared/admin/orders-export';
import { customerFieldsFor, type StaffRole } from '@lumina/shared/admin/staff-roles';
import { formatDate } from '@lumina/shared/format/dates';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/app-error.ts';
import type { SecurityLog } from '../../security/security-log.ts';
import type { Throttle } from '../../security/throttle.ts';
import type { AdminActor } from '../orders/service.ts';
import { toOrdersCsv } from './csv.ts';
import { ordersForExport } from './queries.ts';
import { EXPORT_HEADERS, exportLines } from './sheet.ts';
import { toOrdersXlsx, XLSX_CONTENT_TYPE } from './xlsx.ts';

export interface OrdersExportFile {
  fileName: string;
  contentType: string;
  body: string | Uint8Array;
}

/** The accountant's export: counted per person, read, written as a file and logged. */
export function createOrdersExport({
  db,
  throttle,
  securityLog,
}: {
  db: Db;
  throttle: Throttle;
  securityLog: SecurityLog;
}) {
  return {
    async export(
      query: OrdersExportQuery,
      actor: AdminActor & { role: StaffRole | null },
    ): Promise<OrdersExportFile> {
      await throttle.consume(
        [{ key: `orders-export:user:${actor.id}`, ...ORDERS_EXPORT_LIMIT }],
        ORDERS_EXPORT_MESSAGES.throttled,
      );
      const { orders, items } = await ordersForExport(db, query, ORDERS_EXPORT_MAX_ROWS);
      if (items.length > ORDERS_EXPORT_MAX_ROWS || orders.length > ORDERS_EXPORT_MAX_ROWS) {
        throw new AppError('invalid_data', ORDERS_EXPORT_MESSAGES.tooManyRows, {
          code: 'too_many_rows',
          fields: { to: [ORDERS_EXPORT_MESSAGES.tooManyRows] },
        });
      }
      const lines = exportLines(orders, items, actor.role);
      const cpf = customerFieldsFor(actor.role).cpf ? 'full' : 'masked';
      const day = (value: string) => formatDate(value);
      // Who took the customers' data out of the shop, which days and in what: LGPD art. 37.
      await securityLog.record({
        type: 'orders_exported',
        severity: 'info',
        userId: actor.id,
        ip: actor.ip,
        userAgent: actor.userAgent ?? null,
        message: `Pedidos exportados (${ORDERS_EXPORT_FORMAT_LABELS[query.format]}) de ${day(query.from)} a ${day(query.to)}: ${orders.length === 1 ? '1 pedido' : `${orders.length} pedidos`}`,
        metadata: {
          from: query.from,
          to: query.to,
          format: query.format,
          orders: orders.length,
          lines: lines.length,
          cpf,
        },
      });
      const fileName = ordersExportFileName(query);
      if (query.format === 'csv') {
        return {
          fileName,
          contentType: 'text/csv; charset=utf-8',
          body: toOrdersCsv(EXPORT_HEADERS, lines),
        };
      }
      return {
        fileName,
        contentType: XLSX_CONTENT_TYPE,
        body: toOrdersXlsx('Pedidos', EXPORT_HEADERS, lines),
      };
    },
  };
}

export type OrdersExport = ReturnType<typeof createOrdersExport>;
