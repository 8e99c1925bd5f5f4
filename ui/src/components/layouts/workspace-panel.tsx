import { Avatar, Badge, Box, Collapse, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import {
  IconBuildingSkyscraper,
  IconCalculator,
  IconCheck,
  IconChevronDown,
  IconSettings,
  IconShieldCheck,
  IconUserPlus,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';
import type { Service } from '@/lib/storage';
import { WORKSPACE_NAME_FALLBACK, type Workspace } from '@/lib/workspaces';

import classes from './layout.module.css';

/** Spec §2: the Access Level badge — Viewer for role 0, Editor for 1, otherwise Super Admin. */
export function accessLevelLabel(role: number): string {
  if (role === 0) return 'Viewer';
  if (role === 1) return 'Editor';
  return 'Super Admin';
}

const ACCESS_LEVEL_COLOR: Record<string, string> = {
  Viewer: 'gray',
  Editor: 'blue',
  'Super Admin': 'accent',
};

type WorkspacePanelProps = {
  workspace: Workspace;
  organizationName?: string;
  service: Service;
  onSwitchService: () => void;
  onInvite: () => void;
};

const SERVICES: { service: Service; label: string; icon: typeof IconCalculator }[] = [
  { service: 'accounting', label: 'Accounting Services', icon: IconCalculator },
  { service: 'audit', label: 'Auditing Services', icon: IconShieldCheck },
];

/**
 * Spec §2 "Workspace rail and panel": organization name, workspace name (fallback
 * Workspace), image (fallback placeholder); expanding lists the two services with the
 * current one marked, Workspace profile, Invite people to workspace and, for accounting,
 * the Access Level badge.
 */
export function WorkspacePanel({
  workspace,
  organizationName,
  service,
  onSwitchService,
  onInvite,
}: WorkspacePanelProps) {
  const [opened, setOpened] = useState(false);
  const name = workspace.name || WORKSPACE_NAME_FALLBACK;
  const imageUrl = workspace.image?.absolute_url ?? null;
  const access = accessLevelLabel(workspace.role);

  return (
    <Box className={classes.workspaceCard} mt={18} data-testid="workspace-panel">
      <UnstyledButton
        className={classes.workspaceToggle}
        onClick={() => setOpened((o) => !o)}
        aria-expanded={opened}
        aria-controls="workspace-panel-body"
        aria-label={`Workspace panel: ${name}`}
      >
        <Group gap={10} wrap="nowrap">
          <Avatar
            src={imageUrl}
            alt={imageUrl ? name : undefined}
            radius={8}
            size={32}
            color="accent"
            variant="light"
            data-testid="workspace-image"
          >
            <IconBuildingSkyscraper size={16} stroke={1.7} />
          </Avatar>
          <Box style={{ minWidth: 0, flex: 1 }}>
            <Text size="sm" fw={600} c="gray.9" truncate data-testid="active-workspace-name">
              {name}
            </Text>
            <Text size="xs" c="dimmed" truncate data-testid="organization-name">
              {organizationName || 'Organization'}
            </Text>
          </Box>
          <IconChevronDown
            size={16}
            className={classes.workspaceChevron}
            data-open={opened || undefined}
            aria-hidden="true"
          />
        </Group>
      </UnstyledButton>
      <Collapse in={opened} id="workspace-panel-body">
        <Stack gap={2} pt={10} mt={10} className={classes.workspacePanelBody}>
          {service === 'accounting' && (
            <Group justify="space-between" px={8} pb={6} wrap="nowrap">
              <Text size="xs" c="dimmed">
                Access Level
              </Text>
              <Badge
                size="sm"
                radius="sm"
                variant="light"
                tt="none"
                color={ACCESS_LEVEL_COLOR[access]}
                data-testid="access-level"
              >
                {access}
              </Badge>
            </Group>
          )}
          {SERVICES.map((item) => {
            const current = item.service === service;
            const ItemIcon = item.icon;
            return (
              <UnstyledButton
                key={item.service}
                className={classes.panelItem}
                data-current={current || undefined}
                aria-current={current ? 'true' : undefined}
                onClick={() => {
                  if (!current) onSwitchService();
                }}
              >
                <Group gap={8} wrap="nowrap">
                  <ItemIcon size={16} stroke={1.7} />
                  <Text fz={13} style={{ flex: 1 }}>
                    {item.label}
                  </Text>
                  {current && <IconCheck size={14} aria-label="Current service" />}
                </Group>
              </UnstyledButton>
            );
          })}
          <UnstyledButton
            component={Link}
            to={paths.settings.workspaceProfile(workspace.id)}
            className={classes.panelItem}
          >
            <Group gap={8} wrap="nowrap">
              <IconSettings size={16} stroke={1.7} />
              <Text fz={13}>Workspace profile</Text>
            </Group>
          </UnstyledButton>
          <UnstyledButton className={classes.panelItem} onClick={onInvite}>
            <Group gap={8} wrap="nowrap">
              <IconUserPlus size={16} stroke={1.7} />
              <Text fz={13}>Invite people to workspace</Text>
            </Group>
          </UnstyledButton>
        </Stack>
      </Collapse>
    </Box>
  );
}
