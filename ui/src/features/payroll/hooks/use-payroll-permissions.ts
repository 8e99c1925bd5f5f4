import { useCallback } from 'react';

import { usePermission } from '@/hooks/use-permission';
import { useWorkspaceId } from '@/lib/active-workspace';
import { useCurrentUser } from '@/lib/auth';
import { checkPermission, effectivePlan, roleInWorkspace } from '@/lib/permissions';
import { useOrganizationPlan } from '@/lib/subscription';

/**
 * What the user may do with payroll in the active workspace (DESIGN.md §7): Editors and
 * Admins read it (`payroll:read`), only Admins run it (`payroll:write`); Viewers are
 * refused. The server enforces the same table; this only spares refused requests.
 * `requireWrite` is for buttons shown to readers: it opens the Role Restriction modal.
 */
export function usePayrollPermissions() {
  const { data: user } = useCurrentUser();
  const { plan: planRef, settled } = useOrganizationPlan();
  const workspaceId = useWorkspaceId();
  const { checkPermission: checkWithDialog } = usePermission();
  const ready = user !== undefined && settled;
  const role = user ? roleInWorkspace(user.memberships, workspaceId) : null;
  const plan = effectivePlan(planRef).id;
  const allowed = (action: string) => ready && checkPermission({ action }, { role, plan }).allowed;
  const requireWrite = useCallback(
    () => checkWithDialog({ action: 'run_payroll', variant: 'dialog' }).allowed,
    [checkWithDialog],
  );
  return {
    ready,
    canRead: allowed('read_payroll'),
    canWrite: allowed('run_payroll'),
    requireWrite,
  };
}
