import { Badge, Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconEye } from '@tabler/icons-react';
import { useParams } from 'react-router-dom';

import { EmptyState } from '@/components/ui/empty-state';
import { Logo } from '@/components/ui/logo';

/** `/audit-shared/{session_id}`: a public, read-only audit result (no sign-in needed). */
export default function AuditSharedRoute() {
  const { sessionId = '' } = useParams();
  useDocumentTitle('Shared audit · Ledgerline');
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
        <Badge variant="light" color="gray" leftSection={<IconEye size={12} />}>
          Read-only
        </Badge>
      </Group>
      <Stack maw={960} mx="auto" px={24} py={32} gap="lg">
        <Paper withBorder radius="lg" p="lg">
          <Title order={1} fz={20} fw={600}>
            Shared audit
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            Audit session{' '}
            <Text span ff="monospace" size="sm" c="gray.8">
              {sessionId}
            </Text>
          </Text>
        </Paper>
        <EmptyState
          icon={<IconEye size={24} stroke={1.6} />}
          title="The shared audit result will appear here"
          description="Its findings, the tests that were run and the state of the books they refer to, exactly as the auditor shared them."
        />
      </Stack>
    </Box>
  );
}
