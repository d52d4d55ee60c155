import { createContext } from 'react';
import type { AuthContextValue } from './auth-types.ts';

/** Filled by AuthProvider; null means a component was rendered outside it. */
export const AuthContext = createContext<AuthContextValue | null>(null);
