import { Code, Loader, Text, Timeline, Tooltip } from '@mantine/core';

import { formatDateTime } from '@/lib/format-date-time';
import { readableServerText } from '@/lib/server-text';
import { useWorkspaceCurrency } from '@/lib/workspace-currency';

import { useEntryHistory } from '../api/entry-history';

/**
 * The entry's history from the immutable log: every event with who and when, and its
 * place in the workspace's hash chain — what an auditor replays.
 */
export function EntryHistory({ entryId }: { entryId: string }) {
  const currency = useWorkspaceCurrency();
  const { data, error, isLoading } = useEntryHistory(entryId);
  if (isLoading) return <Loader size="xs" aria-label="Loading the history" />;
  if (error || !data) {
    return (
      <Text size="sm" c="dimmed">
        The history could not be loaded.
      </Text>
    );
  }
  return (
    <Timeline bulletSize={14} lineWidth={2} active={data.events.length} data-testid="entry-history">
      {data.events.map((event) => (
        <Timeline.Item key={event.position} title={readableServerText(event.summary, { currency })}>
          <Text size="xs" c="dimmed">
            {event.actor_name ?? 'System'} · {formatDateTime(event.recorded_at)} ·{' '}
            <Tooltip
              label={`Event ${event.chain_seq} of the workspace's hash chain; hash ${event.hash}`}
              multiline
              w={320}
            >
              <Code fz={11}>
                #{event.chain_seq} {event.hash.slice(0, 10)}
              </Code>
            </Tooltip>
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
