import { Badge, Code, Drawer, Group, Loader, Stack, Table, Text } from '@mantine/core';
import useSWR from 'swr';

import { formatDateTime } from '@/lib/format-date-time';
import { readableServerText } from '@/lib/server-text';
import { useWorkspaceCurrency } from '@/lib/workspace-currency';

import { getActivity, type Activity } from '../api/activity-log';
import { activityLabel, detailFields } from './activity-labels';

type Props = {
  workspaceId: string | null;
  activity: Activity | null;
  onClose: () => void;
};

/**
 * The event behind one row of the log: what happened, who, when, and the event's own
 * fields (payloads never hold secrets; the server keeps credentials out of the log).
 */
export function ActivityDetailDrawer({ workspaceId, activity, onClose }: Props) {
  const currency = useWorkspaceCurrency();
  const key = activity && workspaceId ? ['activity', workspaceId, activity.id] : null;
  const { data, error, isLoading } = useSWR(key, () =>
    getActivity(workspaceId ?? '', activity?.id ?? ''),
  );
  const fields = detailFields(data?.details);

  return (
    <Drawer
      opened={activity !== null}
      onClose={onClose}
      position="right"
      size={440}
      title={<Text fw={600}>{activity ? activityLabel(activity.activity_type) : ''}</Text>}
    >
      {activity && (
        <Stack gap="md" data-testid="activity-detail">
          <Text size="sm">{readableServerText(activity.description, { currency })}</Text>
          <Table withRowBorders={false} verticalSpacing={4} fz="sm">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={120}>When</Table.Th>
                <Table.Td>{formatDateTime(activity.created_datetime)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Who</Table.Th>
                <Table.Td>{activity.user_name || 'System'}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Event</Table.Th>
                <Table.Td>
                  <Group gap={6}>
                    <Badge variant="light" radius="sm">
                      {activity.event_type}
                    </Badge>
                    <Text size="xs" c="dimmed">
                      #{activity.id}
                    </Text>
                  </Group>
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Record</Table.Th>
                <Table.Td>
                  <Code>
                    {activity.aggregate_type} {activity.aggregate_id.slice(0, 8)}
                  </Code>
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Text size="xs" fw={600} c="dimmed" tt="uppercase">
            Recorded fields
          </Text>
          {isLoading && <Loader size="sm" aria-label="Loading the event" />}
          {error && (
            <Text size="sm" c="red">
              The event could not be loaded.
            </Text>
          )}
          {data && (
            <Table striped verticalSpacing={4} fz="sm" data-testid="activity-fields">
              <Table.Tbody>
                {fields.map((field) => (
                  <Table.Tr key={field.label}>
                    <Table.Th w={160}>{field.label}</Table.Th>
                    <Table.Td style={{ wordBreak: 'break-word' }}>{field.value}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
