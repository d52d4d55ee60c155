import { describe, expect, it } from 'vitest';
import { PERMISSIONS, ROLE_PERMISSIONS, STAFF_ROLES, can } from './staff-roles.ts';

describe('staff roles', () => {
  it('gives the owner every permission', () => {
    for (const permission of PERMISSIONS) expect(can('owner', permission)).toBe(true);
  });

  it.each([
    ['manager', ['panel', 'orders', 'catalogue', 'customers', 'promotions', 'reports']],
    ['operator', ['panel', 'orders']],
    ['catalogue', ['panel', 'catalogue']],
  ] as const)('gives %s exactly %j', (role, allowed) => {
    expect(PERMISSIONS.filter((permission) => can(role, permission))).toEqual(allowed);
  });

  it('gives no role at all nothing', () => {
    for (const permission of PERMISSIONS) {
      expect(can(null, permission)).toBe(false);
      expect(can(undefined, permission)).toBe(false);
    }
  });

  it('keeps only known permissions in each role', () => {
    for (const role of STAFF_ROLES) {
      for (const permission of ROLE_PERMISSIONS[role]) expect(PERMISSIONS).toContain(permission);
    }
  });
});
