import { Alert, Button } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/**
 * Spec §8: a listing that fails is only logged, never toasted; the screen says so in
 * place and offers to try again.
 */
export function LoadError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={`Could not load ${what}`}
    >
      The server did not answer as expected.{' '}
      <Button variant="subtle" size="compact-sm" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
