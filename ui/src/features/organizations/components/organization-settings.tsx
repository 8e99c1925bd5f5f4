import { Loader, Stack, Text } from '@mantine/core';

import { WorkspaceTransfers } from '@/features/transfers';
import { usePermission } from '@/hooks/use-permission';
import { useOrganizationId } from '@/lib/active-workspace';
import { useCurrentUser } from '@/lib/auth';

import { useOrganizationProfile } from '../api/organization-profile';
import { OrganizationInvitations } from './organization-invitations';
import { OrganizationMembers } from './organization-members';
import { OrganizationProfileCard } from './organization-profile-card';
import { SetupProgressCard } from './setup-progress-card';

/**
 * Settings → Organization for the active workspace's organization: its profile, the
 * workspace transfers it gives or receives (near the top: a transfer notification leads
 * here), set-up progress, members across its workspaces and the invitations it sent. What each part allows follows the one permission
 * module, decided by the user's role in this organization.
 */
export function OrganizationSettings() {
  const organizationId = useOrganizationId();
  const { data: user } = useCurrentUser();
  const { data: profile, error } = useOrganizationProfile(organizationId);
  const { checkPermission, ready } = usePermission({ organizationId });
  const may = (action: string) => ready && checkPermission({ action }).allowed;

  if (error) {
    return (
      <Text size="sm" c="red">
        The organization could not be loaded.
      </Text>
    );
  }
  if (!organizationId || !profile)
    return <Loader size="sm" aria-label="Loading the organization" />;

  return (
    <Stack gap="xl">
      <OrganizationProfileCard profile={profile} canEdit={may('edit_workspace_settings')} />
      <WorkspaceTransfers organizationId={organizationId} canAnswer={may('delete_workspace')} />
      <SetupProgressCard canEdit={may('edit_workspace_settings')} />
      <OrganizationMembers
        organizationId={organizationId}
        selfEmail={user?.email ?? null}
        canChangeRoles={may('change_member_roles')}
        canRemove={may('remove_members')}
      />
      {may('invite_collaborators') && <OrganizationInvitations organizationId={organizationId} />}
    </Stack>
  );
}
