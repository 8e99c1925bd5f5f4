import { Alert, Box, Button, Group, Paper, Skeleton, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus, IconShieldCheck } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';

import { ContentLayout } from '@/components/layouts/content-layout';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import { useWorkspaceId } from '@/lib/active-workspace';
import { formatDateText, formatDateTime } from '@/lib/format-date-time';

import type { AuditSession } from '../api/schemas';
import { useSessions } from '../api/sessions';
import { ContinuousMonitoringPanel } from './continuous-monitoring-panel';
import { CreateSessionModal } from './create-session-modal';
import { CutoffLabel } from './cutoff-label';
import { SessionStatusBadge } from './session-status-badge';

function SessionRows({ sessions }: { sessions: AuditSession[] }) {
  const navigate = useNavigate();
  return (
    <Table highlightOnHover verticalSpacing="xs" fz="sm" data-testid="audit-sessions">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Session</Table.Th>
          <Table.Th>Period</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Cut-off</Table.Th>
          <Table.Th>Opened</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {sessions.map((session) => (
          <Table.Tr
            key={session.id}
            style={{ cursor: 'pointer' }}
            onClick={() => navigate(paths.auditSession(session.id))}
          >
            <Table.Td fw={500}>{session.name}</Table.Td>
            <Table.Td>
              {formatDateText(session.period_start)} – {formatDateText(session.period_end)}
            </Table.Td>
            <Table.Td>
              <SessionStatusBadge status={session.status} />
            </Table.Td>
            <Table.Td>
              <CutoffLabel cutoff={session.cutoff} />
            </Table.Td>
            <Table.Td c="dimmed">{formatDateTime(session.opened_at)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** `/audit`: the workspace's audit sessions and the way to open a new one. */
export function SessionsScreen() {
  const workspaceId = useWorkspaceId();
  const { data, error, isLoading } = useSessions(workspaceId);
  const [creating, { open, close }] = useDisclosure(false);
  const navigate = useNavigate();

  const newButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={open} disabled={!workspaceId}>
      New audit session
    </Button>
  );

  return (
    <ContentLayout
      title="Audit"
      caption="Audit sessions for the active workspace"
      actions={newButton}
    >
      {error ? (
        <Alert color="red" variant="light" title="The sessions could not be loaded">
          {error instanceof Error ? error.message : String(error)}
        </Alert>
      ) : isLoading || !data ? (
        <Skeleton h={160} radius="md" />
      ) : data.length === 0 ? (
        <EmptyState
          icon={<IconShieldCheck size={24} stroke={1.6} />}
          title="No audit sessions yet"
          description="An audit session pins the workspace's history at this moment, runs the journal-entry tests over it and records findings you can sign off and share through a read-only link."
        />
      ) : (
        <Paper withBorder radius="md">
          <SessionRows sessions={data} />
          <Group px="md" py={6} style={{ borderTop: '1px solid var(--ll-border)' }}>
            <Text size="xs" c="dimmed">
              {data.length} {data.length === 1 ? 'session' : 'sessions'}
            </Text>
          </Group>
        </Paper>
      )}
      {workspaceId && (
        <Box mt="lg">
          <ContinuousMonitoringPanel workspaceId={workspaceId} />
        </Box>
      )}
      {workspaceId && (
        <CreateSessionModal
          workspaceId={workspaceId}
          opened={creating}
          onClose={close}
          onCreated={(id) => {
            close();
            navigate(paths.auditSession(id));
          }}
        />
      )}
    </ContentLayout>
  );
}
