import { Badge, Box, Button, Group } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import type { ReactNode } from 'react';

import { Logo } from '@/components/ui/logo';

/** The audit area: a slim top bar (brand, service, switch) above the page. */
export function AuditLayout({
  children,
  onSwitchService,
}: {
  children: ReactNode;
  onSwitchService: () => void;
}) {
  return (
    <Box mih="100vh" bg="white">
      <Group
        justify="space-between"
        px={32}
        h={56}
        style={{ borderBottom: '1px solid var(--ll-border)', background: 'var(--ll-sidebar-bg)' }}
      >
        <Group gap="sm">
          <Logo />
          <Badge variant="light" radius="sm">
            Audit
          </Badge>
        </Group>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconArrowsExchange size={14} />}
          onClick={onSwitchService}
        >
          Switch to Accounting
        </Button>
      </Group>
      <main>{children}</main>
    </Box>
  );
}
