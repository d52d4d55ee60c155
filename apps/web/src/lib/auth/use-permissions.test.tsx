import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { AuthContext } from './auth-context.ts';
import type { AuthContextValue, AuthStatus, AuthUser } from './auth-types.ts';
import { createUser } from './testing/create-user.ts';
import { useCan, usePermissions } from './use-permissions.ts';

const unused = () => Promise.reject(new Error('not in this test'));

function wrapperFor(status: AuthStatus, user: AuthUser | null) {
  const value: AuthContextValue = {
    status,
    user,
    hint: null,
    login: unused,
    register: unused,
    logout: unused,
    exchangeGoogleLogin: unused,
    setUser: () => undefined,
    refreshProfile: unused,
  };
  return ({ children }: { children: ReactNode }) => (
    <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
  );
}

describe('usePermissions / useCan', () => {
  it("follow the signed-in staff member's permissions", () => {
    const operator = createUser({ role: 'admin', staff_role: 'operator' });
    const wrapper = wrapperFor('authenticated', operator);
    expect(renderHook(() => usePermissions(), { wrapper }).result.current).toEqual([
      'panel',
      'orders',
    ]);
    expect(renderHook(() => useCan('orders'), { wrapper }).result.current).toBe(true);
    expect(renderHook(() => useCan('settings'), { wrapper }).result.current).toBe(false);
  });

  it('give a customer and a signed-out visitor nothing', () => {
    for (const wrapper of [
      wrapperFor('authenticated', createUser()),
      wrapperFor('anonymous', null),
    ]) {
      expect(renderHook(() => usePermissions(), { wrapper }).result.current).toEqual([]);
      expect(renderHook(() => useCan('orders'), { wrapper }).result.current).toBe(false);
    }
  });
});
