import { useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';

import { SignedInHeader } from '@/app/signed-in-header';
import { MainLayout } from '@/components/layouts/main-layout';
import { WelcomeDialog } from '@/components/welcome/welcome-dialog';
import { WorkspaceScope } from '@/components/workspace-error/workspace-error-boundary';
import { paths } from '@/config/paths';
import { setupDefaultAccounts } from '@/features/accounting/api/setup-default-accounts';
import {
  useCollaboratorUsage,
  useRefreshCollaboratorUsage,
} from '@/features/invitations/api/get-collaborator-usage';
import { InviteCollaboratorsModal } from '@/features/invitations/components/invite-collaborators-modal';
import { ProfileDrawer } from '@/features/profile/components/profile-drawer';
import { useOrganization } from '@/features/workspaces/api/get-organization';
import { localeForLocation, setDisplayLocale } from '@/lib/locale';
import { setDisplayTimeZone } from '@/lib/time-zone';
import { usePermission } from '@/hooks/use-permission';
import { useCurrentUser } from '@/lib/auth';
import { notify } from '@/lib/notify';
import {
  WORKSPACE_NAME_FALLBACK,
  switchService,
  switchWorkspace,
  targetOrganization,
  useActiveWorkspace,
} from '@/lib/workspaces';

/** The main (accounting) area: layout, active workspace, default accounts per workspace. */
export default function MainRoot() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { workspaces, active, loaded } = useActiveWorkspace();
  const { data: user } = useCurrentUser();
  const activeId = active?.id ?? null;
  const organizationId = active?.organization_id ?? null;
  const { data: organization } = useOrganization(organizationId);
  // Dates on every screen follow the organization's country; set while rendering (an
  // idempotent assignment) so the pages below format with it in this same render.
  setDisplayLocale(localeForLocation(organization?.location));
  // Moments on every screen read on the active workspace's clock, set the same way.
  setDisplayTimeZone(active?.time_zone);
  const { checkPermission, ready } = usePermission();
  // Only someone who may invite reads the usage: the invitations list is theirs alone.
  const mayInvite = ready && checkPermission({ action: 'invite_collaborators' }).allowed;
  const collaborators = useCollaboratorUsage(mayInvite ? organizationId : null);
  const refreshCollaborators = useRefreshCollaboratorUsage(organizationId);
  // Creating a workspace is decided in the organization it goes to, which a user without
  // any workspace yet also has (spec §6 workspace:write).
  const targetOrgId = targetOrganization(organizationId, user);
  const organizationPermission = usePermission({ organizationId: targetOrgId });
  const [inviteOpened, setInviteOpened] = useState(false);
  const [profileOpened, setProfileOpened] = useState(false);
  const inOrganization = workspaces.filter((ws) => ws.organization_id === organizationId);

  useEffect(() => {
    if (!activeId) return;
    // Fire and forget: failures are already reported by the API client.
    setupDefaultAccounts(activeId).catch(() => undefined);
  }, [activeId]);

  // Spec §6: creating a workspace needs workspace:write within the workspaces limit (+1);
  // a failed check shows the dialog.
  const createWorkspace = () => {
    if (!organizationPermission.ready) return;
    const result = organizationPermission.checkPermission({
      action: 'create_workspace',
      variant: 'dialog',
      resource: 'workspaces',
      currentUsage: inOrganization.length,
      increment: 1,
    });
    if (result.allowed) void navigate(paths.workspace.root);
  };

  // Spec §6: inviting needs actions:invite_collaborators within the collaborators limit
  // (+1). The limit's dialog opens instead of the form, so the usage is waited for when
  // it is not known yet rather than left to a refusal after the form was sent.
  const invitePeople = async () => {
    if (!ready) return;
    const currentUsage = await collaborators.current();
    const result = checkPermission({
      action: 'invite_collaborators',
      variant: 'dialog',
      resource: 'collaborators',
      currentUsage,
      increment: 1,
    });
    if (result.allowed) setInviteOpened(true);
  };

  return (
    <SignedInHeader>
      <MainLayout
        workspaces={workspaces}
        active={active}
        organizationName={organization?.name || undefined}
        onSelectWorkspace={(ws) => void switchWorkspace(ws)}
        onCreateWorkspace={createWorkspace}
        workspacesLoaded={loaded}
        onInvitePeople={() => void invitePeople()}
        onOpenProfile={() => setProfileOpened(true)}
        onSwitchService={() => {
          switchService('accounting');
          notify.info('Switch Service', 'Switching to Audit…');
        }}
      >
        <WorkspaceScope
          pathname={pathname}
          workspaces={workspaces}
          activeId={activeId}
          onSwitch={(ws) => void switchWorkspace(ws)}
        >
          <Outlet />
        </WorkspaceScope>
        <WelcomeDialog />
      </MainLayout>
      <ProfileDrawer opened={profileOpened} onClose={() => setProfileOpened(false)} />
      {inviteOpened && (
        <InviteCollaboratorsModal
          opened
          onClose={() => setInviteOpened(false)}
          organizationId={organizationId}
          workspaceId={activeId}
          workspaces={inOrganization.map((ws) => ({
            id: ws.id,
            name: ws.name || WORKSPACE_NAME_FALLBACK,
          }))}
          collaboratorUsage={collaborators.usage}
          onInvitationsChanged={refreshCollaborators}
        />
      )}
    </SignedInHeader>
  );
}
