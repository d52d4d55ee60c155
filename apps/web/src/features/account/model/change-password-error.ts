import { CHANGE_PASSWORD_ERRORS } from '@lumina/shared/users/change-password-schema';
import { ApiError } from '../../../lib/api-client.ts';
import { serverErrorList, serverMessage } from './server-errors.ts';

const E = CHANGE_PASSWORD_ERRORS;

/** What the password change form says for a failed call (spec 001 §8, Password change). */
export function changePasswordErrorMessage(error: unknown): string {
  // fetch rejects without an answer when the network is down; a timeout has no answer either.
  if (!(error instanceof ApiError) || error.status === 0) return E.connection;
  switch (error.status) {
    case 401:
      return E.wrongCurrent;
    case 422: {
      const errors = serverErrorList(error);
      return errors.length > 0 ? errors.join(', ') : E.validation;
    }
    case 400:
      return E.tokenRequired;
    case 500:
      return E.server;
    case 429:
      // Ours: the throttle's own text says how long to wait, which 'Erro ao alterar senha' hides.
      return serverMessage(error) ?? E.other;
    default:
      return E.other;
  }
}
