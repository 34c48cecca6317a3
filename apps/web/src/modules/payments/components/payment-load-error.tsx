import { Button } from '@mantine/core';
import { PAYMENT_MESSAGES } from '@sales-assist/contract';
import { IconReceiptOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { isApiError } from '../../../app/api/api-error';
import { EmptyState } from '../../../ui/empty-state';
import { LoadFailed } from '../../../ui/load-failed';

/** Where a payment that cannot go on starts again. */
export const BackToPricing = ({ label = 'Back to pricing' }: { label?: string }) => (
  <Button component={Link} to="/pricing" variant="light" mt="xs">
    {label}
  </Button>
);

/**
 * A payment page whose session did not load. A 404 (not the caller's, or gone) will not change on a
 * retry, so it sends them back to pricing; any other failure may pass, so it offers to try again.
 */
export const PaymentLoadError = ({
  error,
  notFoundHint,
  what,
  onRetry,
}: {
  error: unknown;
  notFoundHint: string;
  what: string;
  onRetry: () => void;
}) =>
  isApiError(error) && error.status === 404 ? (
    <EmptyState
      icon={IconReceiptOff}
      title={PAYMENT_MESSAGES.sessionNotFound}
      hint={notFoundHint}
      action={<BackToPricing />}
    />
  ) : (
    <LoadFailed what={what} onRetry={onRetry} />
  );
