import { storage } from '@/lib/storage';
import { pickActiveWorkspace, useMyWorkspaces } from '@/lib/workspaces';

/**
 * The active workspace as the layout will choose it. Stored `wsId` alone is not enough on
 * a first visit: the layout writes it in an effect after this screen's first render, and
 * storage changes re-render nothing. Deriving it from the (cached) workspace list makes
 * the screen ask for its data as soon as the list arrives.
 */
function useActiveWorkspaceRecord() {
  const { data } = useMyWorkspaces();
  return pickActiveWorkspace(data ?? [], storage.getWorkspaceId());
}

export function useWorkspaceId(): string | null {
  return useActiveWorkspaceRecord()?.id ?? storage.getWorkspaceId();
}

export function useOrganizationId(): string | null {
  return useActiveWorkspaceRecord()?.organization_id ?? storage.getActiveOrgId();
}
