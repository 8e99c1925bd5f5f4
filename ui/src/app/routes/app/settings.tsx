import { Tabs } from '@mantine/core';
import { IconBuilding, IconLayoutGrid, IconShieldLock, IconUser } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';

import { ContentLayout } from '@/components/layouts/content-layout';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import { MyAccount } from '@/features/profile/components/my-account';
import { SecuritySettings } from '@/features/security';
import { WorkspaceMembers } from '@/features/workspaces/components/workspace-members';

type SettingsTab = {
  value: string;
  label: string;
  icon: ReactNode;
  emptyTitle: string;
  emptyText: string;
};

/** The tabs of /settings/{tabValue}; /settings is My account. */
export const SETTINGS_TABS: SettingsTab[] = [
  {
    value: 'account',
    label: 'My account',
    icon: <IconUser size={16} />,
    emptyTitle: 'Your profile will appear here',
    emptyText: 'Your name, phone number, address, location and avatar, with a form to change them.',
  },
  {
    value: 'workspaces',
    label: 'Workspaces',
    icon: <IconLayoutGrid size={16} />,
    emptyTitle: 'Workspace profile will appear here',
    emptyText:
      "The selected workspace's name, image and members, and transfers between organizations.",
  },
  {
    value: 'organization',
    label: 'Organization',
    icon: <IconBuilding size={16} />,
    emptyTitle: 'Organization details will appear here',
    emptyText: "Your organization's name, location and contact e-mail, and its setup progress.",
  },
  {
    value: 'security',
    label: 'Security',
    icon: <IconShieldLock size={16} />,
    emptyTitle: 'Security',
    emptyText: 'Password, two-factor authentication, sessions and recent sign-ins.',
  },
];

const DEFAULT_TAB = 'account';

export default function SettingsRoute() {
  const { tabValue } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const current = tabValue ?? DEFAULT_TAB;
  const workspaceId = search.get('wsId');

  if (!SETTINGS_TABS.some((tab) => tab.value === current)) {
    return <Navigate to={paths.settings.root} replace />;
  }

  return (
    <ContentLayout title="Settings" caption="Your account, workspaces, organization and security">
      <Tabs
        value={current}
        onChange={(value) => {
          if (value)
            void navigate(value === DEFAULT_TAB ? paths.settings.root : paths.settings.tab(value));
        }}
        keepMounted={false}
      >
        <Tabs.List mb="xl">
          {SETTINGS_TABS.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value} leftSection={tab.icon}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {SETTINGS_TABS.map((tab) => (
          <Tabs.Panel key={tab.value} value={tab.value}>
            {tab.value === DEFAULT_TAB ? (
              <MyAccount />
            ) : tab.value === 'workspaces' ? (
              <WorkspaceMembers workspaceId={workspaceId} />
            ) : tab.value === 'security' ? (
              <SecuritySettings />
            ) : (
              <EmptyState icon={tab.icon} title={tab.emptyTitle} description={tab.emptyText} />
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    </ContentLayout>
  );
}
