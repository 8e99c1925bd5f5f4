import { ActionIcon, Box, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';

import { AccountMenu } from './account-menu';
import { useHeaderBell } from './header-slot';
import { NotificationBell } from './notification-bell';

type PageHeaderProps = {
  title: string;
  caption?: ReactNode;
  /** Show a back button that goes back one page. */
  back?: boolean;
  /** Page-specific actions, left of the bell. */
  actions?: ReactNode;
};

/** Spec §2: title, optional caption, optional back button; account menu and bell on the right. */
export function PageHeader({ title, caption, back = false, actions }: PageHeaderProps) {
  const navigate = useNavigate();
  const bell = useHeaderBell();
  return (
    <Box
      component="header"
      px={32}
      py={18}
      style={{
        borderBottom: '1px solid var(--ll-border)',
        background: 'rgba(255,255,255,0.92)',
        backdropFilter: 'blur(6px)',
        position: 'sticky',
        top: 0,
        zIndex: 10,
      }}
    >
      <Group justify="space-between" wrap="nowrap" gap="lg">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          {back && (
            <Tooltip label="Back">
              <ActionIcon
                variant="default"
                size={32}
                radius="md"
                aria-label="Back"
                onClick={() => void navigate(-1)}
              >
                <IconArrowLeft size={16} />
              </ActionIcon>
            </Tooltip>
          )}
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={1} fz={20} fw={600} lh={1.3} style={{ letterSpacing: '-0.01em' }}>
              {title}
            </Title>
            {caption && (
              <Text size="sm" c="dimmed" truncate>
                {caption}
              </Text>
            )}
          </Stack>
        </Group>
        <Group gap="xs" wrap="nowrap">
          {actions}
          {bell ?? <NotificationBell />}
          <AccountMenu />
        </Group>
      </Group>
    </Box>
  );
}
