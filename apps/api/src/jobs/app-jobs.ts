import type { Db } from '../db/database.ts';
import { purgeAnonymousCartsJob } from '../modules/carts/purge-anonymous-carts.ts';
import { purgeStockAlertsJob } from '../modules/stock-alerts/purge-job.ts';
import { expirePaymentsJob } from '../modules/payments/expire-payments-job.ts';
import { reconcilePaymentsJob } from '../modules/payments/reconcile-payments-job.ts';
import type { PaymentService } from '../modules/payments/service.ts';
import { mailOutboxJob } from '../modules/mail/outbox-job.ts';
import type { MailOutbox } from '../modules/mail/outbox.ts';
import type { Erp } from '../modules/erp/erp.ts';
import type { InvoiceService } from '../modules/fulfilment/invoice-service.ts';
import type { PrivacyRequests } from '../modules/privacy/service.ts';
import type { SecurityMonitoring } from '../modules/security/monitoring.ts';
import { nightlyBackupJob } from '../modules/backup/backup-job.ts';
import type { BackupService } from '../modules/backup/service.ts';
import type { LabelModule } from '../modules/fulfilment/label-module.ts';
import { reminderScanJob } from '../modules/reminders/scan-job.ts';
import type { ReminderService } from '../modules/reminders/service.ts';
import { whatsappOutboxJob } from '../modules/whatsapp/outbox-job.ts';
import type { WhatsAppOutbox } from '../modules/whatsapp/outbox.ts';
import type { ReviewService } from '../modules/reviews/service.ts';
import type { JobDefinition } from './job-runner.ts';

export interface AppJobDeps {
  db: Db;
  now: () => Date;
  payments: Pick<PaymentService, 'expireOverdue' | 'reconcileOpen'>;
  outbox: Pick<MailOutbox, 'deliverDue'>;
  erp: Pick<Erp, 'jobs'>;
  monitoring: Pick<SecurityMonitoring, 'jobs'>;
  privacy: Pick<PrivacyRequests, 'jobs'>;
  backups: Pick<BackupService, 'takeBackup'>;
  /** Melhor Envio's tracking poll and the retry of labels an outage stopped halfway. */
  labels?: Pick<LabelModule, 'jobs'>;
  /** The NF-e poll and automatic issue (absent: none, as in tests that do not need them). */
  invoices?: Pick<InvoiceService, 'jobs'>;
  /** The order updates by WhatsApp (absent: none, as in tests that do not need them). */
  whatsapp?: Pick<WhatsAppOutbox, 'deliverDue'>;
  /** The e-mail asking for reviews a week after delivery (absent: none, as in some tests). */
  reviews?: Pick<ReviewService, 'jobs'>;
  /** PIX_RECONCILE_SECONDS (default 60). */
  reconcileIntervalSeconds?: number;
  /** The cart and expired-PIX reminders' scan (absent: none, as in tests that do not need it). */
  reminders?: Pick<ReminderService, 'scan'>;
  /** REMINDER_SCAN_SECONDS (default 300). */
  reminderScanSeconds?: number;
}

/** Every background job of the API, declared by the module it belongs to. */
export function appJobs(deps: AppJobDeps): JobDefinition[] {
  return [
    purgeAnonymousCartsJob(deps),
    purgeStockAlertsJob(deps),
    expirePaymentsJob(deps.payments),
    reconcilePaymentsJob(deps.payments, deps.reconcileIntervalSeconds),
    mailOutboxJob(deps.outbox),
    ...(deps.whatsapp ? [whatsappOutboxJob(deps.whatsapp)] : []),
    ...deps.erp.jobs(),
    ...deps.monitoring.jobs(),
    ...deps.privacy.jobs(),
    nightlyBackupJob(deps.backups),
    ...(deps.labels?.jobs() ?? []),
    ...(deps.invoices?.jobs() ?? []),
    ...(deps.reminders ? [reminderScanJob(deps.reminders, deps.reminderScanSeconds)] : []),
    ...(deps.reviews?.jobs() ?? []),
  ];
}
