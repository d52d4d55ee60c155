import type { UserJson } from '@lumina/shared/users/user-json';

/** A signed-in user as the API answers it (login, register, profile): the shared contract. */
export type AuthUser = UserJson;

export type AuthStatus = 'loading' | 'authenticated' | 'anonymous';

/**
 * What the browser keeps of a session (lumina.session-hint): enough to greet the person while
 * the session is restored, nothing secret or personal.
 */
export interface SessionHint {
  id: number;
  /** The first name only. */
  name: string;
  role: AuthUser['role'];
}

export interface LoginInput {
  email: string;
  password: string;
  /** The ALTCHA widget's solved payload, once the server asked for a captcha. */
  captcha_token?: string;
}

/** What `login()` resolves with; failures throw ApiError (see login-error.ts). */
export interface LoginResult {
  user: AuthUser;
  cart_migrated: boolean;
  cart_items_count: number;
  /** Google sign-in: what the person must read once signed in (LoginAnswer.notice). */
  notice?: string;
}

export interface RegisterUserPayload {
  email: string;
  name: string;
  password: string;
  password_confirmation: string;
  cpf?: string;
  phone?: string;
  gender?: 'M' | 'F' | 'O';
  birth_date?: string;
  privacy_policy_accepted: boolean;
  terms_of_service_accepted: boolean;
  marketing_consent: boolean;
  data_processing_consent: boolean;
}

export interface RegisterAddressPayload {
  name: string;
  street: string;
  number: string;
  complement?: string;
  neighborhood: string;
  city: string;
  state: string;
  zip_code: string;
}

/** POST /api/users/register body (spec 000 §7). */
export interface RegisterPayload {
  user: RegisterUserPayload;
  address?: RegisterAddressPayload;
}

export interface AuthContextValue {
  status: AuthStatus;
  /** The whole user (CPF, phone...), in memory only; null until the session is restored. */
  user: AuthUser | null;
  /** Who is probably logged in while the status is 'loading' (and who is, once it is not). */
  hint: SessionHint | null;
  /** Throws ApiError on failure (its body may carry `captcha_required`). */
  login: (input: LoginInput) => Promise<LoginResult>;
  /** Throws ApiError on failure (its body carries the `errors` array). Success logs in. */
  register: (payload: RegisterPayload) => Promise<void>;
  /** Ends the session on the server (best effort), here and in the other tabs. */
  logout: () => Promise<void>;
  /** Google sign-in return (/?login=success): trades the one-time cookie for a session. */
  exchangeGoogleLogin: () => Promise<LoginResult>;
  /** After a profile edit: replaces the user. */
  setUser: (user: AuthUser) => void;
  /** Reloads the user from GET /api/users/profile. */
  refreshProfile: () => Promise<void>;
}
