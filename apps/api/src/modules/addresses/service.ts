import type { AddressJson } from '@lumina/shared/addresses/address-json';
import type { Address } from '@lumina/shared/addresses/address-schema';
import { formatAddressLine } from '@lumina/shared/addresses/address-line';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { type AddressRow, addresses } from '../../db/schema/addresses.ts';
import { AppError } from '../../http/app-error.ts';
import { parsePathId } from '../../http/path-id.ts';
import { AUTH_MESSAGES } from '../auth/authenticate.ts';
import { type AddressValues, createAddressRepository } from './repository.ts';

/** Not in the spec: a bound on one account's address book, generous for any shopper. */
export const MAX_ADDRESSES_PER_USER = 20;

export const ADDRESS_ERRORS = {
  notFound: 'Endereço não encontrado',
  tooMany: `Você pode cadastrar no máximo ${MAX_ADDRESSES_PER_USER} endereços.`,
} as const;

export function toAddressJson(row: AddressRow): AddressJson {
  const json = {
    id: row.id,
    name: row.name,
    street: row.street,
    number: row.number,
    complement: row.complement,
    neighborhood: row.neighborhood,
    city: row.city,
    state: row.state,
    zip_code: row.zipCode,
    is_default: row.isDefault,
  };
  return {
    ...json,
    full_address: formatAddressLine(json),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function notFound(): AppError {
  return new AppError('not_found', ADDRESS_ERRORS.notFound, { code: 'address_not_found' });
}

/**
 * An id from the path: digits within the column's range. Anything else names no address, so it
 * gets the same 404 as another customer's address instead of reaching the database.
 */
export function parseAddressId(raw: string): number {
  const id = parsePathId(raw);
  if (id === undefined) throw notFound();
  return id;
}

function toValues(input: Address): AddressValues {
  return {
    name: input.name,
    street: input.street,
    number: input.number,
    complement: input.complement ?? null,
    neighborhood: input.neighborhood,
    city: input.city,
    state: input.state,
    zipCode: input.zip_code,
  };
}

/**
 * The address book (spec 001 §5). Every change runs in a transaction holding the user's row, so
 * the book always has exactly one default when it has any address (the partial unique index
 * addresses_one_default_per_user_idx refuses a second one regardless).
 */
export function createAddressService({ db, now }: { db: Db; now: () => Date }) {
  const read = createAddressRepository(db);

  async function inUserTransaction<T>(
    userId: number,
    work: (repo: ReturnType<typeof createAddressRepository>) => Promise<T>,
  ): Promise<T> {
    return db.transaction(async (tx) => {
      const repo = createAddressRepository(tx);
      if (!(await repo.lockUser(userId))) {
        throw new AppError('unauthorized', AUTH_MESSAGES.notAuthenticated, {
          code: 'not_authenticated',
        });
      }
      return work(repo);
    });
  }

  return {
    async list(userId: number): Promise<AddressJson[]> {
      return (await read.listByUser(userId)).map(toAddressJson);
    },

    async get(userId: number, id: number): Promise<AddressJson> {
      const row = await read.findOwned(userId, id);
      if (!row) throw notFound();
      return toAddressJson(row);
    },

    /** The first address is the default whatever the body says; `is_default` moves it. */
    async create(userId: number, input: Address): Promise<AddressJson> {
      return inUserTransaction(userId, async (repo) => {
        const existing = await repo.countByUser(userId);
        if (existing >= MAX_ADDRESSES_PER_USER) {
          throw new AppError('invalid_data', ADDRESS_ERRORS.tooMany, {
            code: 'too_many_addresses',
          });
        }
        const at = now();
        const row = await repo.insert(userId, toValues(input), false, at);
        if (existing > 0 && !input.is_default) return toAddressJson(row);
        return toAddressJson((await repo.makeDefault(userId, row.id, at)) ?? row);
      });
    },

    /**
     * `is_default: true` makes this the default; false never leaves the book without one (the
     * form sends false for "not changed"), so the default moves only by choosing another.
     */
    async update(userId: number, id: number, input: Address): Promise<AddressJson> {
      return inUserTransaction(userId, async (repo) => {
        const at = now();
        const row = await repo.update(userId, id, toValues(input), at);
        if (!row) throw notFound();
        if (!input.is_default || row.isDefault) return toAddressJson(row);
        return toAddressJson((await repo.makeDefault(userId, id, at)) ?? row);
      });
    },

    /** Deleting the default hands the flag to the oldest remaining address. */
    async remove(userId: number, id: number): Promise<void> {
      await inUserTransaction(userId, async (repo) => {
        const deleted = await repo.delete(userId, id);
        if (!deleted) throw notFound();
        if (!deleted.isDefault) return;
        const next = await repo.oldest(userId);
        if (next) await repo.makeDefault(userId, next.id, now());
      });
    },

    async setDefault(userId: number, id: number): Promise<AddressJson> {
      return inUserTransaction(userId, async (repo) => {
        const row = await repo.makeDefault(userId, id, now());
        if (!row) throw notFound();
        return toAddressJson(row);
      });
    },
  };
}

export type AddressService = ReturnType<typeof createAddressService>;

/**
 * Keeps an order's delivery address in its buyer's address book (spec 001 flow step 2) unless
 * the same one is there or the book is full; the first address becomes the default. Orders call
 * it inside their own transaction: the address book is this module's table.
 */
export async function rememberDeliveryAddress(
  tx: Db,
  userId: number,
  address: Omit<AddressValues, 'name'>,
  at: Date,
): Promise<void> {
  await tx.execute(sql`
    insert into ${addresses} (user_id, name, street, number, complement, neighborhood, city, state, zip_code, is_default, created_at, updated_at)
    select ${userId}::integer, 'Endereço Principal', ${address.street}::text, ${address.number}::text,
      ${address.complement}::text, ${address.neighborhood}::text, ${address.city}::text, ${address.state}::text,
      ${address.zipCode}::text,
      not exists (select 1 from ${addresses} where user_id = ${userId}::integer),
      ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz
    where not exists (
      select 1 from ${addresses}
      where user_id = ${userId}::integer and zip_code = ${address.zipCode}::text
        and lower(street) = lower(${address.street}::text) and lower(number) = lower(${address.number}::text)
        and coalesce(lower(complement), '') = coalesce(lower(${address.complement}::text), '')
    )
    and (select count(*) from ${addresses} where user_id = ${userId}::integer) < ${MAX_ADDRESSES_PER_USER}::integer
    on conflict do nothing
  `);
}
