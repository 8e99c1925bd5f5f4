import { Badge, Box, Group, NavLink, Stack, Text, Tooltip } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router-dom';

import { Logo } from '@/components/ui/logo';
import { initialOf } from '@/lib/auth';

import classes from './layout.module.css';
import { bottomNavItems, isActivePath, mainNavItems, type NavItem } from './nav-items';

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
  organizationName?: string;
  workspaceName?: string;
  /** The user's role in the active workspace, as the server names it. */
  roleName?: string;
};

/** Spec §2 side navigation: main items, Accounting with its 8 sub-items, License Plan and Settings at the bottom. */
export function SideNav({ organizationName, workspaceName, roleName }: SideNavProps) {
  const { pathname } = useLocation();
  return (
    <nav className={classes.sidebar} aria-label="Main navigation">
      <Box className={classes.sidebarTop}>
        <Logo />
        {workspaceName !== undefined && (
          <Group className={classes.workspaceCard} gap={10} wrap="nowrap" mt={18}>
            <Box className={classes.workspaceMark} aria-hidden="true">
              {initialOf(workspaceName)}
            </Box>
            <Box style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} c="gray.9" truncate data-testid="active-workspace-name">
                {workspaceName}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {[organizationName, roleName].filter(Boolean).join(' · ') || 'Workspace'}
              </Text>
            </Box>
          </Group>
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
      </Box>
    </nav>
  );
}
