import { CarrierError, type ShippingQuoter } from './quoter.ts';

/** The part of a pino logger the fallback needs, so tests can pass a recorder. */
export interface ShippingLogger {
  warn(details: Record<string, unknown>, message: string): void;
}

/**
 * A carrier API with the offline table behind it: when the carrier is down, slow or answers
 * something unreadable, the customer still gets a price (the table's) and the log one warning.
 * A carrier that says the destination is not served (ShippingUnavailableError) is believed.
 */
export function withTableFallback(
  provider: string,
  carrier: ShippingQuoter,
  table: ShippingQuoter,
  logger: ShippingLogger,
): ShippingQuoter {
  return {
    async quote(request) {
      try {
        return await carrier.quote(request);
      } catch (error) {
        if (!(error instanceof CarrierError)) throw error;
        logger.warn(
          { provider, method: request.method, reason: error.message },
          'shipping carrier failed; quoting from the offline table',
        );
        return table.quote(request);
      }
    },
  };
}
