import {
  Badge,
  Divider,
  Drawer,
  Group,
  List,
  Skeleton,
  Stack,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';

import { formatDateText, formatDateTime } from '@/lib/format-date-time';
import { readableServerText } from '@/lib/server-text';
import { useWorkspaceCurrency } from '@/lib/workspace-currency';

import { useAccountLabels } from '../api/account-labels';
import { useEntryWithHistory } from '../api/entry-history';
import type { AuditResult, EntryScore } from '../api/schemas';
import { bandColor, scoreReasons, shortHash } from './audit-format';

export function EntryHistory({ workspaceId, entryId }: { workspaceId: string; entryId: string }) {
  const currency = useWorkspaceCurrency();
  const { data, error } = useEntryWithHistory(workspaceId, entryId);
  if (error) {
    return (
      <Text size="sm" c="red">
        The entry's history could not be loaded.
      </Text>
    );
  }
  if (!data) return <Skeleton h={120} />;
  return (
    <Stack gap="sm">
      <Text size="sm">
        Dated <b>{formatDateText(data.entry.date)}</b>
        {data.entry.memo ? ` · ${data.entry.memo}` : ''}
      </Text>
      <Timeline bulletSize={10} lineWidth={1} data-testid="audit-entry-history">
        {data.events.map((event) => (
          <Timeline.Item
            key={`${event.chain_seq ?? ''}-${event.recorded_at}`}
            title={event.event_type}
          >
            <Text size="xs" c="dimmed">
              {formatDateTime(event.recorded_at)}
              {event.actor_name ? ` · ${event.actor_name}` : ''}
            </Text>
            {event.summary && (
              <Text size="xs">{readableServerText(event.summary, { currency })}</Text>
            )}
            {event.hash && (
              <Text size="xs" ff="monospace" c="dimmed">
                #{event.chain_seq} {shortHash(event.hash)}
              </Text>
            )}
          </Timeline.Item>
        ))}
      </Timeline>
    </Stack>
  );
}

type ScoreBreakdownDrawerProps = {
  score: EntryScore | null;
  findings: AuditResult['findings'];
  /** Without it (the public view) the entry's history is not asked for. */
  workspaceId?: string | null;
  onClose: () => void;
  /** The entry's notes and conclusions, when the page has them. */
  children?: ReactNode;
};

/** Why an entry scored what it did: each control point's weight and its findings' reasons. */
export function ScoreBreakdownDrawer({
  score,
  findings,
  workspaceId,
  onClose,
  children,
}: ScoreBreakdownDrawerProps) {
  const currency = useWorkspaceCurrency();
  // Reasons name accounts by id; the signed-in page turns them into code and name.
  const labels = useAccountLabels(workspaceId);
  return (
    <Drawer
      opened={score !== null}
      onClose={onClose}
      position="right"
      size="md"
      title={score ? `Entry ${score.number}` : ''}
    >
      {score && (
        <Stack gap="md" data-testid="audit-breakdown">
          <Group gap="xs">
            <Text size="xl" fw={600}>
              {score.score.toFixed(1)}
            </Text>
            <Badge variant="light" color={bandColor(score.band)} radius="sm">
              {score.band}
            </Badge>
          </Group>
          <Stack gap="sm">
            {scoreReasons(score.breakdown, findings).map((part) => (
              <div key={part.test}>
                <Group justify="space-between">
                  <Text size="sm" fw={600}>
                    {part.label}
                  </Text>
                  <Text size="xs" c="dimmed">
                    weight {part.weight}
                  </Text>
                </Group>
                <List size="xs" c="dimmed" spacing={2}>
                  {part.reasons.map((reason) => (
                    <List.Item key={reason}>
                      {readableServerText(reason, {
                        currency,
                        accountLabel: (id) => labels?.get(id),
                      })}
                    </List.Item>
                  ))}
                </List>
              </div>
            ))}
          </Stack>
          {children && (
            <>
              <Divider />
              <Title order={4} fz={14}>
                Notes and conclusions
              </Title>
              {children}
            </>
          )}
          {workspaceId && (
            <>
              <Divider />
              <Title order={4} fz={14}>
                Event history
              </Title>
              <EntryHistory workspaceId={workspaceId} entryId={score.entry_id} />
            </>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
