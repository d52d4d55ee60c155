import { describe, expect, it } from 'vitest';
import { createUser } from '../../../lib/auth/testing/create-user.ts';
import {
  ADMIN_SECTIONS,
  sectionHref,
  sectionOwns,
  sectionsFor,
  splitForBar,
  staffRoleLabel,
} from './admin-sections.ts';

const admin = createUser({ role: 'admin' });
const staff = (staff_role: string, permissions: string[]) =>
  Object.assign(createUser({ role: 'admin' }), { staff_role, permissions }) as Parameters<
    typeof sectionsFor
  >[0];

describe('the panel sections', () => {
  it('opens every section to a user JSON without permissions (before the staff roles)', () => {
    expect(sectionsFor(admin).map((section) => section.label)).toEqual([
      'Início',
      'Pedidos',
      'Mensagens',
      'Devoluções',
      'Produtos',
      'Avaliações',
      'Clientes',
      'Cupons',
      'Segurança',
      'Privacidade',
      'Loja',
      'Equipe',
    ]);
  });

  it('keeps only the sections whose permission the role has, in the panel order', () => {
    expect(
      sectionsFor(staff('operator', ['panel', 'orders'])).map((section) => section.path),
    ).toEqual(['', 'pedidos', 'devolucoes']);
    expect(
      sectionsFor(
        staff('manager', ['panel', 'orders', 'catalogue', 'customers', 'promotions', 'reports']),
      ).map((section) => section.path),
    ).toEqual([
      '',
      'pedidos',
      'mensagens',
      'devolucoes',
      'produtos',
      'avaliacoes',
      'clientes',
      'cupons',
    ]);
    expect(sectionsFor(staff('catalogue', ['panel', 'catalogue'])).map((s) => s.path)).toEqual([
      '',
      'produtos',
      'avaliacoes',
    ]);
    // A session stored before the home's permission opens the sections it names, no home.
    expect(sectionsFor(staff('catalogue', ['catalogue'])).map((s) => s.path)).toEqual([
      'produtos',
      'avaliacoes',
    ]);
    expect(sectionsFor(staff('operator', []))).toEqual([]);
  });

  it('names each section’s permission after the staff contract', () => {
    expect(
      Object.fromEntries(ADMIN_SECTIONS.map((section) => [section.path, section.permission])),
    ).toEqual({
      '': 'panel',
      pedidos: 'orders',
      devolucoes: 'orders',
      mensagens: 'customers',
      produtos: 'catalogue',
      avaliacoes: 'catalogue',
      clientes: 'customers',
      cupons: 'promotions',
      seguranca: 'security',
      privacidade: 'privacy',
      loja: 'settings',
      equipe: 'staff',
    });
  });

  it('opens the home at /admin alone, and each section at its address and below', () => {
    const [home, orders] = ADMIN_SECTIONS;
    if (!home || !orders) throw new Error('the panel has sections');
    expect(sectionHref(home)).toBe('/admin');
    expect(sectionHref(orders)).toBe('/admin/pedidos');
    expect(sectionOwns(home, '/admin')).toBe(true);
    expect(sectionOwns(home, '/admin/pedidos')).toBe(false);
    expect(sectionOwns(orders, '/admin/pedidos/41')).toBe(true);
    expect(sectionOwns(orders, '/admin/pedidosx')).toBe(false);
  });

  it('puts the home and the next three primary sections on the phone’s bar, the rest under Mais', () => {
    const { bar, more } = splitForBar(sectionsFor(admin));
    expect(bar.map((section) => section.label)).toEqual([
      'Início',
      'Pedidos',
      'Mensagens',
      'Devoluções',
    ]);
    expect(more.map((section) => section.label)).toEqual([
      'Produtos',
      'Avaliações',
      'Clientes',
      'Cupons',
      'Segurança',
      'Privacidade',
      'Loja',
      'Equipe',
    ]);
    const catalogue = splitForBar(sectionsFor(staff('catalogue', ['panel', 'catalogue'])));
    expect(catalogue.bar.map((section) => section.label)).toEqual([
      'Início',
      'Produtos',
      'Avaliações',
    ]);
    expect(catalogue.more).toEqual([]);
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
