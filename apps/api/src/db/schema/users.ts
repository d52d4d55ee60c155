import { STAFF_ROLES } from '@lumina/shared/admin/staff-roles';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const USER_ROLES = ['customer', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** The consents a user gives or withdraws; each change is kept in user_consents. */
export const CONSENT_TYPES = [
  'privacy_policy',
  'terms_of_service',
  /** E-mail marketing (register's marketing_consent; the personal-data page's marketingComm). */
  'marketing',
  'data_processing',
  /** The cookie categories of the personal-data page (spec 001 §3 cookie preferences). */
  'performance_cookies',
  'functional_cookies',
  'marketing_cookies',
] as const;
export type ConsentType = (typeof CONSENT_TYPES)[number];

/** Spec 000 section 3 (User) and spec 001 section 3 (User profile), plus what the server needs. */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    /** argon2id (PHC string); null for accounts that only ever signed in with Google. */
    passwordHash: text('password_hash'),
    /** 11 digits without the mask. */
    cpf: text('cpf'),
    /** 10 or 11 digits without the mask. */
    phone: text('phone'),
    gender: text('gender', { enum: ['M', 'F', 'O'] }),
    birthDate: date('birth_date', { mode: 'string' }),
    country: text('country').notNull().default('Brasil'),
    role: text('role', { enum: USER_ROLES }).notNull().default('customer'),
    /**
     * Which kind of staff member an admin is (its permissions: shared admin/staff-roles.ts); set
     * exactly when role is 'admin', so a customer can never carry staff rights.
     */
    staffRole: text('staff_role', { enum: STAFF_ROLES }),
    /** OpenID Connect subject of the linked Google account. */
    googleSub: text('google_sub').unique(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /**
     * An address the owner asked to change to, not proven yet: the account keeps `email` until the
     * link sent to this one is followed.
     */
    pendingEmail: text('pending_email'),
    /**
     * Set when the account was erased at its owner's request (LGPD art. 18, VI): the row stays,
     * anonymised, because the orders kept for the fiscal period still point at it.
     */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    // Current state of the four consents; their history (who, when, from where) is user_consents.
    privacyPolicyAccepted: boolean('privacy_policy_accepted').notNull().default(false),
    termsOfServiceAccepted: boolean('terms_of_service_accepted').notNull().default(false),
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    dataProcessingConsent: boolean('data_processing_consent').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Case-insensitive uniqueness whatever case a row was written in.
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    check('users_role_check', sql`${t.role} IN ('customer', 'admin')`),
    check(
      'users_staff_role_check',
      sql`${t.staffRole} IS NULL OR ${t.staffRole} IN ('owner', 'manager', 'operator', 'catalogue')`,
    ),
    check(
      'users_staff_role_admin_check',
      sql`(${t.role} = 'admin') = (${t.staffRole} IS NOT NULL)`,
    ),
    check('users_gender_check', sql`${t.gender} IS NULL OR ${t.gender} IN ('M', 'F', 'O')`),
    check('users_cpf_check', sql`${t.cpf} IS NULL OR ${t.cpf} ~ '^[0-9]{11}$'`),
    check('users_phone_check', sql`${t.phone} IS NULL OR ${t.phone} ~ '^[0-9]{10,11}$'`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/** Every consent given or withdrawn: which, when, from which IP, under which policy version. */
export const userConsents = pgTable(
  'user_consents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    consent: text('consent', { enum: CONSENT_TYPES }).notNull(),
    accepted: boolean('accepted').notNull(),
    policyVersion: text('policy_version').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_consents_user_id_idx').on(t.userId, t.createdAt),
    check(
      'user_consents_consent_check',
      sql`${t.consent} IN ('privacy_policy', 'terms_of_service', 'marketing', 'data_processing', 'performance_cookies', 'functional_cookies', 'marketing_cookies')`,
    ),
  ],
);

export type UserConsentRow = typeof userConsents.$inferSelect;
