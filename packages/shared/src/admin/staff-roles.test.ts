import { describe, expect, it } from 'vitest';
import {
  PERMISSIONS,
  ROLE_PERMISSIONS,
  STAFF_ROLES,
  can,
  customerFieldsFor,
  maskCpf,
} from './staff-roles.ts';

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

describe('customer fields by role', () => {
  it('shows the CPF to the owner only and the phone to owner and manager', () => {
    expect(customerFieldsFor('owner')).toEqual({ cpf: true, phone: true });
    expect(customerFieldsFor('manager')).toEqual({ cpf: false, phone: true });
    expect(customerFieldsFor('operator')).toEqual({ cpf: false, phone: false });
    expect(customerFieldsFor('catalogue')).toEqual({ cpf: false, phone: false });
    expect(customerFieldsFor(null)).toEqual({ cpf: false, phone: false });
  });

  it('masks a CPF in either form and refuses anything else', () => {
    expect(maskCpf('123.456.789-09')).toBe('***.456.789-**');
    expect(maskCpf('12345678909')).toBe('***.456.789-**');
    expect(maskCpf('123')).toBeNull();
    expect(maskCpf(null)).toBeNull();
  });
});
