// A database of the release with a single admin role (migrations up to 0027), brought up to date:
// every administrator becomes an owner (they could do everything before), customers get no staff
// role, and from then on the database refuses a customer with one or an admin without one.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openOlderReleaseDatabase } from '../test/older-release-database.ts';
import { rowsOf } from './raw-rows.ts';

const LAST_WITH_ONE_ADMIN_ROLE = 27;

describe('migrating administrators to staff roles', () => {
  it('makes every admin an owner and holds role and staff role together', async () => {
    const database = await openOlderReleaseDatabase(LAST_WITH_ONE_ADMIN_ROLE);
    const { db } = database;
    try {
      await db.execute(sql`
        insert into users (email, name, role) values
          ('dona@example.com', 'Dona', 'admin'),
          ('socia@example.com', 'Sócia', 'admin'),
          ('ana@example.com', 'Ana', 'customer')
      `);

      await database.migrateToLatest();

      const rows = rowsOf<{ email: string; role: string; staff_role: string | null }>(
        await db.execute(sql`select email, role, staff_role from users order by email`),
      );
      expect(rows).toEqual([
        { email: 'ana@example.com', role: 'customer', staff_role: null },
        { email: 'dona@example.com', role: 'admin', staff_role: 'owner' },
        { email: 'socia@example.com', role: 'admin', staff_role: 'owner' },
      ]);
      await expect(
        db.execute(sql`update users set staff_role = 'manager' where email = 'ana@example.com'`),
      ).rejects.toThrow();
      await expect(
        db.execute(sql`update users set staff_role = null where email = 'dona@example.com'`),
      ).rejects.toThrow();
      await expect(
        db.execute(sql`update users set staff_role = 'boss' where email = 'dona@example.com'`),
      ).rejects.toThrow();
    } finally {
      await database.close();
    }
  });
});
