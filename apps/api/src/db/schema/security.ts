import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const SECURITY_SEVERITIES = ['info', 'warning', 'critical'] as const;
export type SecuritySeverity = (typeof SECURITY_SEVERITIES)[number];

/** Security events (logins, lockouts, password and role changes) read by the admin dashboard. */
export const securityLogs = pgTable(
  'security_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    type: text('type').notNull(),
    severity: text('severity', { enum: SECURITY_SEVERITIES }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    message: text('message').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('security_logs_created_at_idx').on(t.createdAt),
    index('security_logs_type_created_at_idx').on(t.type, t.createdAt),
    check('security_logs_severity_check', sql`${t.severity} IN ('info', 'warning', 'critical')`),
  ],
);

export type SecurityLogRow = typeof securityLogs.$inferSelect;

/**
 * One row per counted attempt (a login, a failed login, a register, a reset request), keyed
 * by what is throttled ('login:ip:1.2.3.4', 'login-failed:user:42'...). Living in the database,
 * the limits hold across every API process; rows older than the longest window are pruned.
 */
export const throttleEvents = pgTable(
  'throttle_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('throttle_events_key_created_at_idx').on(t.key, t.createdAt),
    index('throttle_events_created_at_idx').on(t.createdAt),
  ],
);

/**
 * Login captchas served by GET /api/auth/captcha (ALTCHA proof of work, modules/auth/captcha.ts):
 * one row per challenge, spent by its first correct solution. `answer_hash` holds the sha256 of
 * the challenge's signature, binding the row to it.
 */
export const captchaChallenges = pgTable(
  'captcha_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    answerHash: text('answer_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('captcha_challenges_expires_at_idx').on(t.expiresAt)],
);

/**
 * Alerts the monitoring rules raised (modules/security/monitoring.ts): one row per incident. A
 * rule that still sees the same subject (an account, an IP) within its window updates the open
 * incident instead of raising a second alert; the administrators are e-mailed once per row.
 */
export const securityAlerts = pgTable(
  'security_alerts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    rule: text('rule').notNull(),
    /** What the incident is about: an e-mail, an IP, a user id. */
    subject: text('subject').notNull(),
    severity: text('severity', { enum: SECURITY_SEVERITIES }).notNull(),
    message: text('message').notNull(),
    /** Matching log entries seen in this incident so far. */
    occurrences: integer('occurrences').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('security_alerts_rule_subject_idx').on(t.rule, t.subject, t.lastSeenAt),
    index('security_alerts_created_at_idx').on(t.createdAt),
  ],
);
