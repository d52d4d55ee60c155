import type { ReturnStatus } from '@lumina/shared/returns/return-schemas';
import type { BadgeVariant } from '../../../components/ui/badge.tsx';

export const RETURN_STATUS_BADGES: Record<ReturnStatus, BadgeVariant> = {
  requested: 'gold',
  instructions_sent: 'gold',
  received: 'ink',
  refunded: 'success',
  exchanged: 'success',
  rejected: 'muted',
};
