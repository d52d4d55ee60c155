import type { AuthUser } from '../auth-types.ts';

export function createUser(overrides: Partial<AuthUser> = {}): AuthUser {
  return {
    id: 7,
    name: 'Ana Souza',
    email: 'ana@example.com',
    cpf: '52998224725',
    phone: '11987654321',
    gender: 'F',
    birth_date: '1995-04-20',
    country: 'Brasil',
    role: 'customer',
    has_password: true,
    ...overrides,
  };
}
