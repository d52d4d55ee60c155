import type { StorePayments } from '@lumina/shared/payments/card-instalments';
import {
  type AdminSettingsAnswer,
  adminSettingsJson,
  missingSettings,
  POLICY_KEYS,
  PRIVACY_POLICY_FIELDS,
  type PublicStoreJson,
  publicStoreJson,
  type PolicyKey,
  type StoreSettings,
} from '@lumina/shared/settings/store-settings';
import { type PolicyAnswer, POLICY_PAGES } from '@lumina/shared/settings/policy-pages';
import type { FastifyBaseLogger } from 'fastify';
import type { CardPaymentSettings } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { AdminActor } from '../admin/orders/service.ts';
import { createSecurityLog } from '../security/security-log.ts';
import { announceSettingsChange } from './changes.ts';
import { type DefaultsConfig, defaultStoreSettings } from './defaults.ts';
import { createSettingsRepository } from './repository.ts';
import { sanitizePolicy } from './sanitize-policy.ts';

/** The settings this process holds, with the version they are. */
export interface LoadedSettings {
  settings: StoreSettings;
  /** 0: not read from the database yet (the defaults stand in). */
  version: number;
  updatedAt: Date | null;
  /** When a setting the privacy policy shows last changed; null: never since the first start. */
  privacyChangedAt: Date | null;
}

/** Dotted names of the leaves that differ ('address.city', 'policies.terms'). */
export function changedFields(before: object, after: object, prefix = ''): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  const changed: string[] = [];
  for (const key of keys) {
    const a = (before as Record<string, unknown>)[key];
    const b = (after as Record<string, unknown>)[key];
    const name = `${prefix}${key}`;
    if (a && b && typeof a === 'object' && typeof b === 'object') {
      changed.push(...changedFields(a, b, `${name}.`));
    } else if (a !== b) {
      changed.push(name);
    }
  }
  return changed;
}

/** A document written by an older version of the code lacks newer fields: the defaults fill them. */
function withDefaults(stored: StoreSettings, defaults: StoreSettings): StoreSettings {
  return {
    ...defaults,
    ...stored,
    address: { ...defaults.address, ...stored.address },
    installments: { ...defaults.installments, ...stored.installments },
    social: { ...defaults.social, ...stored.social },
    policies: { ...defaults.policies, ...stored.policies },
  };
}

/**
 * What GET /api/store says of CARD_PAYMENTS: MercadoPago's public key and SDK for the card form
 * (both public by design), and boleto, which MercadoPago issues with the same configuration.
 */
export function storePaymentsOf(cards: CardPaymentSettings | undefined): StorePayments {
  return cards
    ? {
        card: { provider: cards.provider, public_key: cards.publicKey, sdk_url: cards.sdkUrl },
        boleto: true,
      }
    : { card: null, boleto: false };
}

/**
 * The store settings (DESIGN.md: the settings module owns them). Every process keeps the current
 * settings in memory, so `storeSettings()` answers at once for any module that needs a name, a
 * price rule or a contact; a save in any process is announced (changes.ts) and each process
 * reads the new version (`reload`). Each save keeps a version row and a security log entry.
 */
export function createSettingsService(deps: {
  db: Db;
  config: DefaultsConfig;
  now: () => Date;
  logger?: Pick<FastifyBaseLogger, 'error'>;
  /** Called after this process takes in new settings (its own save or another's). */
  onChange?: () => void;
  /** The ways to pay beside PIX, from the configuration (GET /api/store's `payments`). */
  payments?: StorePayments;
}) {
  const { db, now } = deps;
  const repository = createSettingsRepository(db);
  const defaults = defaultStoreSettings(deps.config);
  let loaded: LoadedSettings = {
    settings: defaults,
    version: 0,
    updatedAt: null,
    privacyChangedAt: null,
  };
  // Set by a notice from another process: the next `current()` reads the database first.
  let stale = true;
  let reading: Promise<LoadedSettings> | null = null;
  // When each policy last changed, by settings version: a page view reads no history.
  const policyDates = new Map<string, Date | null>();

  function take(next: LoadedSettings): LoadedSettings {
    // An older read finishing late must not undo a newer one.
    if (next.version >= loaded.version) {
      const changed = next.version !== loaded.version;
      loaded = next;
      if (changed) deps.onChange?.();
    }
    return loaded;
  }

  async function privacyChangedAt(on: Db): Promise<Date | null> {
    return (await repository.fieldsChangedAt(PRIVACY_POLICY_FIELDS, on)) ?? null;
  }

  async function read(): Promise<LoadedSettings> {
    let row = await repository.current();
    if (!row) {
      await db.transaction((tx) => repository.createFirst(tx, defaults, now()));
      row = await repository.current();
    }
    if (!row) throw new Error('store settings missing after their creation');
    return {
      settings: withDefaults(row.settings, defaults),
      version: row.version,
      updatedAt: row.updatedAt,
      privacyChangedAt: await privacyChangedAt(db),
    };
  }

  /** Reads the settings again (once at a time; a notice meanwhile asks for another read). */
  function reload(): Promise<LoadedSettings> {
    stale = false;
    reading ??= read()
      .then(take)
      .finally(() => {
        reading = null;
      });
    return reading;
  }

  function answer(current: LoadedSettings): AdminSettingsAnswer {
    return {
      settings: adminSettingsJson(current.settings),
      missing: missingSettings(current.settings),
      version: current.version,
      updated_at: current.updatedAt?.toISOString() ?? null,
    };
  }

  return {
    /**
     * The settings now, without waiting: what this process last read (the first start's
     * defaults until the database has been read). For every module that needs them.
     */
    storeSettings(): StoreSettings {
      return loaded.settings;
    },

    /** GET /api/store's `store`, from what this process holds, without waiting. */
    publicStore(): PublicStoreJson {
      return publicStoreJson(loaded.settings, loaded.privacyChangedAt, deps.payments);
    },

    /** The settings as the database has them, read again only after a change was announced. */
    async current(): Promise<LoadedSettings> {
      if (stale || loaded.version === 0) return reload();
      return loaded;
    },

    /** First read (creating the first start's settings when there are none); at ready. */
    load: reload,

    /** Another process saved: drop what this one holds and read the new version. */
    announced(): void {
      stale = true;
      reload().catch((error: unknown) => {
        stale = true;
        deps.logger?.error({ err: error }, 'store settings could not be read again');
      });
    },

    async adminView(): Promise<AdminSettingsAnswer> {
      return answer(await this.current());
    },

    /**
     * Replaces the settings with `parsed` (the body's `settings` as the route's schema parsed
     * it) and answers them as saved; policies are cleaned by the allow-list first.
     */
    async update(parsed: StoreSettings, actor: AdminActor): Promise<AdminSettingsAnswer> {
      const cleaned: StoreSettings = {
        ...parsed,
        policies: Object.fromEntries(
          POLICY_KEYS.map((key) => [key, sanitizePolicy(parsed.policies[key])]),
        ) as StoreSettings['policies'],
      };
      const at = now();
      const saved = await db.transaction(async (tx) => {
        let row = await repository.lock(tx);
        if (!row) {
          await repository.createFirst(tx, defaults, at);
          row = await repository.lock(tx);
        }
        if (!row) throw new Error('store settings missing after their creation');
        const before = withDefaults(row.settings, defaults);
        // A body without the switch (a panel that predates it) leaves it as it is.
        const settings = { ...cleaned, auto_invoice: cleaned.auto_invoice ?? before.auto_invoice };
        const fields = changedFields(before, settings);
        if (fields.length === 0) {
          return {
            settings: before,
            version: row.version,
            updatedAt: row.updatedAt,
            privacyChangedAt: await privacyChangedAt(tx),
          };
        }
        const version = row.version + 1;
        const updated = await repository.save(
          tx,
          { settings, version, changedFields: fields },
          actor.id,
          at,
        );
        // Written with the change, so no version exists without its log entry.
        await createSecurityLog(tx, now).record({
          type: 'admin_settings_change',
          // Who the shop's e-mails claim to come from is what a phisher would change first.
          severity: fields.some((field) => field === 'mail_from' || field === 'reply_to')
            ? 'warning'
            : 'info',
          userId: actor.id,
          ip: actor.ip,
          userAgent: actor.userAgent,
          message: `Configurações da loja alteradas (versão ${version}): ${fields.join(', ')}`,
          metadata: { version, changed_fields: fields },
        });
        await announceSettingsChange(tx);
        return {
          settings: updated.settings,
          version,
          updatedAt: updated.updatedAt,
          privacyChangedAt: await privacyChangedAt(tx),
        };
      });
      return answer(take(saved));
    },

    /**
     * A policy's page (GET /api/store/policies/{key}): its text and when it last changed;
     * undefined while the owner has not written it.
     */
    async policy(key: PolicyKey): Promise<PolicyAnswer['policy'] | undefined> {
      const current = await this.current();
      const html = current.settings.policies[key];
      if (!html) return undefined;
      const cacheKey = `${current.version}:${key}`;
      let changedAt = policyDates.get(cacheKey);
      if (!changedAt) {
        changedAt = (await repository.fieldsChangedAt([`policies.${key}`])) ?? current.updatedAt;
        if (policyDates.size > 20) policyDates.clear();
        policyDates.set(cacheKey, changedAt);
      }
      return {
        key,
        title: POLICY_PAGES[key].title,
        html,
        updated_at: changedAt?.toISOString() ?? null,
      };
    },

    versions: (limit = 50) => repository.versions(limit),
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
