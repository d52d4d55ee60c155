import { FULFILMENT_MESSAGES } from '@lumina/shared/fulfilment/fulfilment-texts';
import { AppError } from '../../http/app-error.ts';
import { ProviderError } from './ports.ts';

/** What one failed call to Melhor Envio means for the label and for the person who asked. */
export interface LabelFailure {
  /** pt-BR, kept as the label's last_error and answered as is. */
  message: string;
  error: AppError;
  /** The call may have done its work without the shop hearing of it: look before doing it again. */
  unanswered: boolean;
}

function failure(
  kind: 'unavailable' | 'conflict' | 'invalid_data',
  code: string,
  message: string,
  cause: unknown,
  unanswered = false,
): LabelFailure {
  return { message, error: new AppError(kind, message, { code, cause }), unanswered };
}

/**
 * Melhor Envio's failures as the owner reads them. A 503 only for an outage (worth trying again
 * in a few minutes); what the shop itself must fix is a 4xx: reconnect, top up the wallet, or
 * correct what Melhor Envio refused. Anything that is not a ProviderError (an adapter that let a
 * network error through) counts as an outage whose call may have gone through.
 */
export function labelFailureOf(error: unknown): LabelFailure {
  if (!(error instanceof ProviderError)) {
    return failure(
      'unavailable',
      'melhor_envio_unavailable',
      FULFILMENT_MESSAGES.melhorEnvioDown,
      error,
      true,
    );
  }
  switch (error.kind) {
    case 'unavailable':
      return failure(
        'unavailable',
        'melhor_envio_unavailable',
        FULFILMENT_MESSAGES.melhorEnvioDown,
        error,
        !error.answered,
      );
    case 'shape':
      // An answer the shop cannot read may still be a label in the cart: look before adding.
      return failure(
        'unavailable',
        'melhor_envio_unavailable',
        FULFILMENT_MESSAGES.melhorEnvioDown,
        error,
        true,
      );
    case 'auth':
      return failure('conflict', 'melhor_envio_auth', FULFILMENT_MESSAGES.melhorEnvioAuth, error);
    case 'insufficient_balance':
      return failure(
        'conflict',
        'insufficient_balance',
        FULFILMENT_MESSAGES.insufficientBalance,
        error,
      );
    case 'refused':
      return failure(
        'invalid_data',
        'melhor_envio_refused',
        FULFILMENT_MESSAGES.melhorEnvioRefused(error.message),
        error,
      );
  }
}

/** The labels the retry job takes up again: the last failure was an outage, nothing to fix. */
export const RETRYABLE_ERROR = FULFILMENT_MESSAGES.melhorEnvioDown;
