import { Badge } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';

/** A statement's own check (DESIGN.md §11), shown, failing loudly. */
export function StatementCheck({
  ok,
  passed,
  failed,
}: {
  ok: boolean;
  passed: string;
  failed: string;
}) {
  return (
    <Badge
      color={ok ? 'teal' : 'red'}
      variant={ok ? 'light' : 'filled'}
      size="lg"
      radius="sm"
      tt="none"
      leftSection={ok ? <IconCircleCheck size={16} /> : <IconAlertTriangle size={16} />}
      data-testid="statement-check"
    >
      {ok ? passed : failed}
    </Badge>
  );
}
