import { useDocumentTitle } from '@mantine/hooks';
import { useNavigate } from 'react-router-dom';
import { mutate } from 'swr';

import { paths } from '@/config/paths';
import { CreateWorkspaceForm } from '@/features/workspaces/components/create-workspace-form';
import { storage } from '@/lib/storage';
import { MY_WORKSPACES_PATH, useMyWorkspaces } from '@/lib/workspaces';

/** `/workspace`: workspace creation in the bare layout. */
export default function CreateWorkspaceRoute() {
  useDocumentTitle('Create workspace · Ledgerline');
  const navigate = useNavigate();
  const organizationId = storage.getActiveOrgId();
  const { data: workspaces = [] } = useMyWorkspaces();
  const inOrganization = workspaces.filter((ws) => ws.organization_id === organizationId).length;

  return (
    <CreateWorkspaceForm
      organizationId={organizationId}
      workspaceCount={inOrganization}
      onCreated={() => {
        void mutate(MY_WORKSPACES_PATH);
        void navigate(paths.dashboard);
      }}
    />
  );
}
