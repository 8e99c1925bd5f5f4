import { useCurrentUser } from '@/lib/auth';
import { checkPermission, effectivePlan, roleInWorkspace } from '@/lib/permissions';
import { useOrganizationPlan } from '@/lib/subscription';

import { useWorkspaceId } from '@/lib/active-workspace';

/**
 * What the user may do to the books of the active workspace (DESIGN.md §7 action table):
 * a Viewer reads, an Editor drafts entries, an Admin posts, reverses and edits the chart.
 * The server enforces the same table; hiding controls only spares a refused request.
 * Decided by the one permission module, for the workspace this screen shows (see
 * `useWorkspaceId`: the stored id may not be written yet on a first visit).
 */
export function useBooksPermissions() {
  const { data: user } = useCurrentUser();
  const { plan: planRef, settled } = useOrganizationPlan();
  const workspaceId = useWorkspaceId();
  const ready = user !== undefined && settled;
  const role = user ? roleInWorkspace(user.memberships, workspaceId) : null;
  const plan = effectivePlan(planRef).id;
  const allowed = (action: string) => ready && checkPermission({ action }, { role, plan }).allowed;
  return {
    ready,
    canEditChart: allowed('edit_chart_of_accounts'),
    canWriteDrafts: allowed('write_draft_entries'),
    canPost: allowed('post_entries'),
    canImport: allowed('import_entries'),
    canReadLedger: allowed('read_general_ledger'),
    canEditSettings: allowed('edit_workspace_settings'),
    canGenerateReports: allowed('generate_reports'),
  };
}
