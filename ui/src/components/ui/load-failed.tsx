import { Alert, Button } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** A read that failed: said on the screen (listings never toast, spec §8), with a retry. */
export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={`The ${what} could not be loaded`}
    >
      <Button size="xs" variant="light" color="red" mt="xs" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
