import { useDocumentTitle } from '@mantine/hooks';
import { useNavigate } from 'react-router-dom';
import { mutate } from 'swr';

import { paths } from '@/config/paths';
import { CreateWorkspaceForm } from '@/features/workspaces/components/create-workspace-form';
import { useCurrentUser } from '@/lib/auth';
import { storage } from '@/lib/storage';
import {
  MY_WORKSPACES_PATH,
  getMyWorkspaces,
  recordWorkspaceSwitch,
  rememberWorkspace,
  targetOrganization,
  useMyWorkspaces,
} from '@/lib/workspaces';

/** `/workspace`: workspace creation in the bare layout; the new workspace becomes active. */
export default function CreateWorkspaceRoute() {
  useDocumentTitle('Create workspace · Ledgerline');
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const organizationId = targetOrganization(storage.getActiveOrgId(), user);
  const { data: workspaces = [] } = useMyWorkspaces();
  const inOrganization = workspaces.filter((ws) => ws.organization_id === organizationId).length;

  return (
    <CreateWorkspaceForm
      organizationId={organizationId}
      workspaceCount={inOrganization}
      onCreated={async (created) => {
        const list = await mutate(MY_WORKSPACES_PATH, getMyWorkspaces()).catch(() => undefined);
        const fresh = list?.find((ws) => ws.id === created.id);
        if (fresh) rememberWorkspace(fresh);
        else {
          storage.setWorkspaceId(created.id);
          storage.setActiveOrgId(created.organization_id);
        }
        await recordWorkspaceSwitch(created.id).catch(() => undefined);
        void navigate(paths.dashboard);
      }}
    />
  );
}
