import { Badge } from '@mantine/core';

import type { SessionStatus } from '../api/schemas';
import { STATUS_LABELS } from './audit-format';

export function SessionStatusBadge({ status }: { status: SessionStatus }) {
  const { label, color } = STATUS_LABELS[status];
  return (
    <Badge variant="light" color={color} radius="sm">
      {label}
    </Badge>
  );
}
