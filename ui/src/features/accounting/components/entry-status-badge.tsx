import { Badge } from '@mantine/core';

const COLORS: Record<string, string> = { draft: 'gray', posted: 'teal', reversed: 'orange' };
const LABELS: Record<string, string> = { draft: 'Draft', posted: 'Posted', reversed: 'Reversed' };

export function EntryStatusBadge({ status }: { status: string }) {
  return (
    <Badge color={COLORS[status] ?? 'gray'} variant="light" size="sm" radius="sm">
      {LABELS[status] ?? status}
    </Badge>
  );
}
