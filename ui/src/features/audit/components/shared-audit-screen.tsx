import { Alert, Box, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';

import { EmptyState } from '@/components/ui/empty-state';
import { Logo } from '@/components/ui/logo';
import { formatDateTime } from '@/lib/format-date-time';

import { currentConclusions } from '../api/findings';
import { useSharedAudit } from '../api/shares';
import { ResultSections } from './result-sections';
import { SessionSummary } from './session-summary';
import { SignOffPanel } from './sign-off-panel';
import { EvidencePanel } from './evidence-panel';

function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <Box mih="100vh" bg="gray.0">
      <Group
        justify="space-between"
        px={24}
        h={56}
        bg="white"
        style={{ borderBottom: '1px solid var(--ll-border)' }}
      >
        <Logo />
        <Group gap={6}>
          <IconEye size={14} />
          <Text size="xs" c="dimmed">
            Read-only shared audit
          </Text>
        </Group>
      </Group>
      <Stack maw={1180} mx="auto" px={24} py={28} gap="md">
        {children}
      </Stack>
    </Box>
  );
}

/**
 * `/audit-shared/:token`: the public, read-only result behind a share link; no sign-in.
 * The server answers 404 alike for revoked, expired and unknown links, and so does this.
 */
export function SharedAuditScreen({ token }: { token: string }) {
  const { data, error, isLoading } = useSharedAudit(token);
  useDocumentTitle(data ? `${data.session.name} · Shared audit` : 'Shared audit · Ledgerline');

  if (isLoading) {
    return (
      <PublicFrame>
        <Skeleton h={120} radius="md" />
        <Skeleton h={320} radius="md" />
      </PublicFrame>
    );
  }
  if (error) {
    return (
      <PublicFrame>
        <Alert color="red" variant="light" title="The shared audit could not be loaded">
          Please try again later.
        </Alert>
      </PublicFrame>
    );
  }
  if (!data) {
    return (
      <PublicFrame>
        <EmptyState
          icon={<IconEyeOff size={24} stroke={1.6} />}
          title="This shared audit is not available"
          description="The link may have been revoked or may have expired. Ask the auditor who shared it for a new one."
        />
      </PublicFrame>
    );
  }
  return (
    <PublicFrame>
      <Paper withBorder radius="md" p="md">
        <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
          {data.entity}
        </Text>
        <Title order={1} fz={22} fw={600} data-testid="shared-audit-title">
          {data.session.name}
        </Title>
        <Text size="xs" c="dimmed" mt={4}>
          Link valid until {formatDateTime(data.expires_at)}
        </Text>
      </Paper>
      <SessionSummary session={data.session} population={data.result.population} />
      <ResultSections result={data.result} conclusions={currentConclusions(data.notes)} />
      <EvidencePanel flagged={data.result.flagged} evidence={data.evidence} />
      <SignOffPanel session={data.session} />
    </PublicFrame>
  );
}
