import { Tabs } from '@mantine/core';
import {
  IconBuilding,
  IconLayoutGrid,
  IconMailOpened,
  IconShieldLock,
  IconUser,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';

import { ContentLayout } from '@/components/layouts/content-layout';
import { paths } from '@/config/paths';
import { ReceivedInvitations } from '@/features/invitations';
import { OrganizationSettings } from '@/features/organizations';
import { MyAccount } from '@/features/profile/components/my-account';
import { SecuritySettings } from '@/features/security';
import { WorkspaceProfile } from '@/features/workspaces';

type SettingsTab = {
  value: string;
  label: string;
  icon: ReactNode;
};

/** The tabs of /settings/{tabValue}; /settings is My account. */
export const SETTINGS_TABS: SettingsTab[] = [
  {
    value: 'account',
    label: 'My account',
    icon: <IconUser size={16} />,
  },
  {
    value: 'workspaces',
    label: 'Workspaces',
    icon: <IconLayoutGrid size={16} />,
  },
  {
    value: 'organization',
    label: 'Organization',
    icon: <IconBuilding size={16} />,
  },
  {
    value: 'invitations',
    label: 'Invitations',
    icon: <IconMailOpened size={16} />,
  },
  {
    value: 'security',
    label: 'Security',
    icon: <IconShieldLock size={16} />,
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
    <ContentLayout
      title="Settings"
      caption="Your account, workspaces, organization, invitations and security"
    >
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
              <WorkspaceProfile workspaceId={workspaceId} />
            ) : tab.value === 'organization' ? (
              <OrganizationSettings />
            ) : tab.value === 'invitations' ? (
              <ReceivedInvitations />
            ) : (
              <SecuritySettings />
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    </ContentLayout>
  );
}
