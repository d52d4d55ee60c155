import { describe, expect, it } from 'vitest';
import { createUser } from '../../../lib/auth/testing/create-user.ts';
import { ADMIN_SECTIONS, sectionsFor, staffRoleLabel } from './admin-sections.ts';

const admin = createUser({ role: 'admin' });
const staff = (staff_role: string, permissions: string[]) =>
  Object.assign(createUser({ role: 'admin' }), { staff_role, permissions }) as Parameters<
    typeof sectionsFor
  >[0];

describe('the panel sections', () => {
  it('opens every section to a user JSON without permissions (before the staff roles)', () => {
    expect(sectionsFor(admin).map((section) => section.label)).toEqual([
      'Pedidos',
      'Mensagens',
      'Devoluções',
      'Produtos',
      'Cupons',
      'Segurança',
      'Privacidade',
      'Loja',
      'Equipe',
    ]);
  });

  it('keeps only the sections whose permission the role has, in the panel order', () => {
    expect(sectionsFor(staff('operator', ['orders'])).map((section) => section.path)).toEqual([
      'pedidos',
      'devolucoes',
    ]);
    expect(
      sectionsFor(
        staff('manager', ['orders', 'catalogue', 'customers', 'promotions', 'reports']),
      ).map((section) => section.path),
    ).toEqual(['pedidos', 'mensagens', 'devolucoes', 'produtos', 'cupons']);
    expect(sectionsFor(staff('catalogue', ['catalogue'])).map((s) => s.path)).toEqual(['produtos']);
    expect(sectionsFor(staff('operator', []))).toEqual([]);
  });

  it('names each section’s permission after the staff contract', () => {
    expect(
      Object.fromEntries(ADMIN_SECTIONS.map((section) => [section.path, section.permission])),
    ).toEqual({
      pedidos: 'orders',
      devolucoes: 'orders',
      mensagens: 'customers',
      produtos: 'catalogue',
      cupons: 'promotions',
      seguranca: 'security',
      privacidade: 'privacy',
      loja: 'settings',
      equipe: 'staff',
    });
  });

  it('labels the role, and an administrator without one as such', () => {
    expect(staffRoleLabel(staff('owner', []))).toBe('Proprietário');
    expect(staffRoleLabel(staff('manager', []))).toBe('Gerente');
    expect(staffRoleLabel(staff('operator', []))).toBe('Operador');
    expect(staffRoleLabel(staff('catalogue', []))).toBe('Catálogo');
    // A session stored before the roles carries neither field.
    expect(staffRoleLabel({ name: admin.name, email: admin.email })).toBe('Administrador');
  });
});
