import { Badge, Box, Button, Group, NavLink, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconChevronRight, IconPlus } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router-dom';

import { Logo } from '@/components/ui/logo';
import type { Service } from '@/lib/storage';
import type { Workspace } from '@/lib/workspaces';

import classes from './layout.module.css';
import { bottomNavItems, isActivePath, mainNavItems, type NavItem } from './nav-items';
import { UserMenu } from './user-menu';
import { WorkspacePanel } from './workspace-panel';

function NavEntry({ item, pathname }: { item: NavItem; pathname: string }) {
  const active = isActivePath(pathname, item.to);
  const ItemIcon = item.icon;
  const children = item.children ?? [];
  const hasChildren = children.length > 0;

  return (
    <>
      <Tooltip label={item.description} position="right" offset={12}>
        <NavLink
          component={Link}
          to={item.to}
          label={item.label}
          active={active}
          className={classes.navLink}
          leftSection={<ItemIcon size={18} stroke={1.7} className={classes.navIcon} />}
          rightSection={
            hasChildren ? (
              <Group gap={6} wrap="nowrap">
                <Badge
                  size="sm"
                  variant="light"
                  color="gray"
                  radius="sm"
                  aria-label={`${children.length} sub-items`}
                >
                  {children.length}
                </Badge>
                <IconChevronRight
                  size={14}
                  style={{
                    transform: active ? 'rotate(90deg)' : 'none',
                    transition: 'transform 150ms ease',
                    color: 'var(--mantine-color-gray-5)',
                  }}
                />
              </Group>
            ) : undefined
          }
          variant="subtle"
          data-testid={`nav-${item.to}`}
          aria-expanded={hasChildren ? active : undefined}
        />
      </Tooltip>
      {hasChildren && active && (
        <Stack gap={1} pl={28} pb={6} pt={2} data-testid="accounting-subnav">
          {children.map((child) => (
            <Tooltip key={child.to} label={child.description} position="right" offset={12}>
              <NavLink
                component={Link}
                to={child.to}
                label={child.label}
                active={isActivePath(pathname, child.to)}
                className={classes.subNavLink}
                variant="subtle"
                data-testid={`nav-${child.to}`}
              />
            </Tooltip>
          ))}
        </Stack>
      )}
    </>
  );
}

type SideNavProps = {
  /** The active workspace; without one the panel is not shown. */
  workspace?: Workspace | null;
  organizationName?: string;
  service?: Service;
  onSwitchService?: () => void;
  onInvite?: () => void;
  onOpenProfile?: () => void;
  /**
   * Set once the user's workspaces are known and there are none (e.g. right after
   * sign-up): the panel's place offers creating the first one instead.
   */
  onCreateFirstWorkspace?: () => void;
};

/** Spec §2 side navigation: main items, Accounting with its sub-items, License Plan and Settings at the bottom. */
export function SideNav({
  workspace,
  organizationName,
  service = 'accounting',
  onSwitchService = () => undefined,
  onInvite = () => undefined,
  onOpenProfile = () => undefined,
  onCreateFirstWorkspace,
}: SideNavProps) {
  const { pathname } = useLocation();
  return (
    <nav className={classes.sidebar} aria-label="Main navigation">
      <Box className={classes.sidebarTop}>
        <Logo />
        {workspace && (
          <WorkspacePanel
            workspace={workspace}
            organizationName={organizationName}
            service={service}
            onSwitchService={onSwitchService}
            onInvite={onInvite}
          />
        )}
        {!workspace && onCreateFirstWorkspace && (
          <Paper withBorder radius="md" p="sm" data-testid="no-workspace">
            <Text size="sm" fw={600}>
              No workspace yet
            </Text>
            <Text size="xs" c="dimmed" mt={2} mb="xs">
              A workspace holds one set of books. Create one to start.
            </Text>
            <Button
              size="xs"
              fullWidth
              leftSection={<IconPlus size={14} />}
              onClick={onCreateFirstWorkspace}
            >
              Create workspace
            </Button>
          </Paper>
        )}
      </Box>
      <Box className={classes.sidebarNav}>
        {mainNavItems.map((item) => (
          <NavEntry key={item.to} item={item} pathname={pathname} />
        ))}
      </Box>
      <Box className={classes.sidebarBottom}>
        {bottomNavItems.map((item) => (
          <NavEntry key={item.to} item={item} pathname={pathname} />
        ))}
        <UserMenu onOpenProfile={onOpenProfile} />
      </Box>
    </nav>
  );
}
